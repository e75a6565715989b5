/* PolyBench 4.2's loops of the kernels in this folder, written from its
 * definitions (LARGE sizes, f32), for bench/cpu/polybench.sh: compiled by
 * clang -O3, by clang with Polly and with Polly's OpenMP parallelization,
 * run on the inputs mdh-run wrote, checked against mdh's outputs.
 *
 *   loops KERNEL DIR WARMUP REPS
 *
 * DIR holds argK.bin as `mdh-run --seed=1 --write-outputs` leaves them (the
 * inputs, and mdh's outputs in place of the outputs). Every timed call
 * starts from the inputs (inout arrays restored, untimed), as mdh-run's
 * do.
 * Prints `median_ms=T max_abs_err=E check=ok|FAIL`. */

#include "../bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ALPHA 1.5f
#define BETA 1.2f

/* The arrays of one kernel: "n" arguments of "sizes" floats; "out" marks
 * those the kernel writes, "inout" those it also reads. Where "lower" is
 * not 0, the kernel updates the lower triangle of its "lower" x "lower"
 * outputs (the mdh program all of them): only that triangle is compared. */
struct kernel {
  const char *name;
  int n;
  long sizes[6];
  int out[6];
  int inout[6];
  void (*run)(float **a);
  int lower;
};

/* PolyBench's sizes (LARGE). */
enum {
  GEMM_NI = 1000,
  GEMM_NJ = 1100,
  GEMM_NK = 1200,
  MM2_NI = 800,
  MM2_NJ = 900,
  MM2_NK = 1100,
  MM2_NL = 1200,
  ATAX_M = 1900,
  ATAX_N = 2100,
  MVT_N = 2000,
  GESUMMV_N = 1300,
  DOITGEN_NQ = 140,
  DOITGEN_NR = 150,
  DOITGEN_NP = 160,
  COV_M = 1200,
  COV_N = 1400,
  SYRK_M = 1000,
  SYRK_N = 1200,
  JACOBI_STEPS = 500,
  JACOBI_N = 1300
};

static void gemm(float **a) {
  float(*A)[GEMM_NK] = (void *)a[0];
  float(*B)[GEMM_NJ] = (void *)a[1];
  float(*C)[GEMM_NJ] = (void *)a[2];
  int i, j, k;

  for (i = 0; i < GEMM_NI; i++) {
    for (j = 0; j < GEMM_NJ; j++)
      C[i][j] *= BETA;
    for (k = 0; k < GEMM_NK; k++)
      for (j = 0; j < GEMM_NJ; j++)
        C[i][j] += ALPHA * A[i][k] * B[k][j];
  }
}

static float mm2_tmp[MM2_NI][MM2_NJ];

static void mm2(float **a) {
  float(*A)[MM2_NK] = (void *)a[0];
  float(*B)[MM2_NJ] = (void *)a[1];
  float(*C)[MM2_NL] = (void *)a[2];
  float(*D)[MM2_NL] = (void *)a[3];
  int i, j, k;

  for (i = 0; i < MM2_NI; i++)
    for (j = 0; j < MM2_NJ; j++) {
      mm2_tmp[i][j] = 0.0f;
      for (k = 0; k < MM2_NK; ++k)
        mm2_tmp[i][j] += ALPHA * A[i][k] * B[k][j];
    }
  for (i = 0; i < MM2_NI; i++)
    for (j = 0; j < MM2_NL; j++) {
      D[i][j] *= BETA;
      for (k = 0; k < MM2_NJ; ++k)
        D[i][j] += mm2_tmp[i][k] * C[k][j];
    }
}

static float atax_tmp[ATAX_M];

static void atax(float **a) {
  float(*A)[ATAX_N] = (void *)a[0];
  float *x = a[1], *y = a[2];
  int i, j;

  for (i = 0; i < ATAX_N; i++)
    y[i] = 0;
  for (i = 0; i < ATAX_M; i++) {
    atax_tmp[i] = 0.0f;
    for (j = 0; j < ATAX_N; j++)
      atax_tmp[i] = atax_tmp[i] + A[i][j] * x[j];
    for (j = 0; j < ATAX_N; j++)
      y[j] = y[j] + A[i][j] * atax_tmp[i];
  }
}

/* bicg's A is N x M (N = 2100 rows, M = 1900 columns). */
static void bicg(float **a) {
  float(*A)[ATAX_M] = (void *)a[0];
  float *r = a[1], *p = a[2], *s = a[3], *q = a[4];
  int i, j;

  for (i = 0; i < ATAX_M; i++)
    s[i] = 0;
  for (i = 0; i < ATAX_N; i++) {
    q[i] = 0.0f;
    for (j = 0; j < ATAX_M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

static void mvt(float **a) {
  float(*A)[MVT_N] = (void *)a[0];
  float *y1 = a[1], *y2 = a[2], *x1 = a[3], *x2 = a[4];
  int i, j;

  for (i = 0; i < MVT_N; i++)
    for (j = 0; j < MVT_N; j++)
      x1[i] = x1[i] + A[i][j] * y1[j];
  for (i = 0; i < MVT_N; i++)
    for (j = 0; j < MVT_N; j++)
      x2[i] = x2[i] + A[j][i] * y2[j];
}

static float gesummv_tmp[GESUMMV_N];

static void gesummv(float **a) {
  float(*A)[GESUMMV_N] = (void *)a[0];
  float(*B)[GESUMMV_N] = (void *)a[1];
  float *x = a[2], *y = a[3];
  int i, j;

  for (i = 0; i < GESUMMV_N; i++) {
    gesummv_tmp[i] = 0.0f;
    y[i] = 0.0f;
    for (j = 0; j < GESUMMV_N; j++) {
      gesummv_tmp[i] = A[i][j] * x[j] + gesummv_tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = ALPHA * gesummv_tmp[i] + BETA * y[i];
  }
}

static float doitgen_sum[DOITGEN_NP];

static void doitgen(float **a) {
  float(*A)[DOITGEN_NQ][DOITGEN_NP] = (void *)a[0];
  float(*C4)[DOITGEN_NP] = (void *)a[1];
  int r, q, p, s;

  for (r = 0; r < DOITGEN_NR; r++)
    for (q = 0; q < DOITGEN_NQ; q++) {
      for (p = 0; p < DOITGEN_NP; p++) {
        doitgen_sum[p] = 0.0f;
        for (s = 0; s < DOITGEN_NP; s++)
          doitgen_sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < DOITGEN_NP; p++)
        A[r][q][p] = doitgen_sum[p];
    }
}

/* data is N x M (N points of M attributes); PolyBench computes cov's upper
 * triangle and mirrors it. */
static void covariance(float **a) {
  float(*data)[COV_M] = (void *)a[0];
  float(*cov)[COV_M] = (void *)a[1];
  float *mean = a[2];
  int i, j, k;

  for (j = 0; j < COV_M; j++) {
    mean[j] = 0.0f;
    for (i = 0; i < COV_N; i++)
      mean[j] += data[i][j];
    mean[j] /= (float)COV_N;
  }
  for (i = 0; i < COV_N; i++)
    for (j = 0; j < COV_M; j++)
      data[i][j] -= mean[j];
  for (i = 0; i < COV_M; i++)
    for (j = i; j < COV_M; j++) {
      cov[i][j] = 0.0f;
      for (k = 0; k < COV_N; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float)COV_N - 1.0f;
      cov[j][i] = cov[i][j];
    }
}

static void syrk(float **a) {
  float(*C)[SYRK_N] = (void *)a[0];
  float(*A)[SYRK_M] = (void *)a[1];
  int i, j, k;

  for (i = 0; i < SYRK_N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= BETA;
    for (k = 0; k < SYRK_M; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += ALPHA * A[i][k] * A[j][k];
  }
}

static void jacobi_2d(float **a) {
  float(*A)[JACOBI_N] = (void *)a[0];
  float(*B)[JACOBI_N] = (void *)a[1];
  int t, i, j;

  for (t = 0; t < JACOBI_STEPS; t++) {
    for (i = 1; i < JACOBI_N - 1; i++)
      for (j = 1; j < JACOBI_N - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                          A[i - 1][j]);
    for (i = 1; i < JACOBI_N - 1; i++)
      for (j = 1; j < JACOBI_N - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] +
                          B[i - 1][j]);
  }
}

static const struct kernel kernels[] = {
    {"gemm",
     3,
     {(long)GEMM_NI * GEMM_NK, (long)GEMM_NK *GEMM_NJ, (long)GEMM_NI *GEMM_NJ},
     {0, 0, 1},
     {0, 0, 1},
     gemm},
    {"2mm",
     4,
     {(long)MM2_NI * MM2_NK, (long)MM2_NK *MM2_NJ, (long)MM2_NJ *MM2_NL,
      (long)MM2_NI *MM2_NL},
     {0, 0, 0, 1},
     {0, 0, 0, 1},
     mm2},
    {"atax", 3, {(long)ATAX_M * ATAX_N, ATAX_N, ATAX_N}, {0, 0, 1}, {0}, atax},
    {"bicg",
     5,
     {(long)ATAX_N * ATAX_M, ATAX_N, ATAX_M, ATAX_M, ATAX_N},
     {0, 0, 0, 1, 1},
     {0},
     bicg},
    {"mvt",
     5,
     {(long)MVT_N * MVT_N, MVT_N, MVT_N, MVT_N, MVT_N},
     {0, 0, 0, 1, 1},
     {0, 0, 0, 1, 1},
     mvt},
    {"gesummv",
     4,
     {(long)GESUMMV_N * GESUMMV_N, (long)GESUMMV_N *GESUMMV_N, GESUMMV_N,
      GESUMMV_N},
     {0, 0, 0, 1},
     {0},
     gesummv},
    {"doitgen",
     2,
     {(long)DOITGEN_NR * DOITGEN_NQ * DOITGEN_NP, (long)DOITGEN_NP *DOITGEN_NP},
     {1, 0},
     {1, 0},
     doitgen},
    {"covariance",
     3,
     {(long)COV_N * COV_M, (long)COV_M *COV_M, COV_M},
     {1, 1, 1},
     {1, 0, 0},
     covariance},
    {"syrk",
     2,
     {(long)SYRK_N * SYRK_N, (long)SYRK_N *SYRK_M},
     {1, 0},
     {1, 0},
     syrk,
     SYRK_N},
    {"jacobi-2d",
     2,
     {(long)JACOBI_N * JACOBI_N, (long)JACOBI_N *JACOBI_N},
     {1, 1},
     {1, 1},
     jacobi_2d},
};

/* Compares the lower triangle of the n x n arrays "got" and "want" as
 * bench_compare does. */
static int compare_lower(const float *got, const float *want, long n,
                         double tol, double *err) {
  int ok = 1;
  long i;

  for (i = 0; i < n; ++i)
    ok &= bench_compare(got + i * n, want + i * n, (size_t)i + 1, tol, err);
  return ok;
}

/* mdh-run's fill of argument "k" (tools/common/args.c): splitmix64 from
 * seed * 0x100000001b3 + k, each float a multiple of 1/256 in [-1, 1). */
static void fill(float *p, long n, unsigned long long seed, int k) {
  unsigned long long state = seed * 0x100000001b3ull + (unsigned long long)k;
  unsigned long long z;
  long i;

  for (i = 0; i < n; ++i) {
    z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    p[i] = (float)(((double)(z % 512) - 256.0) / 256.0);
  }
}

int main(int argc, char **argv) {
  const struct kernel *k = NULL;
  float *a[6], *init[6], *want[6];
  double *t, err = 0, ms;
  int warmup, reps, i, j, ok = 1;

  if (argc != 5) {
    fprintf(stderr, "usage: loops KERNEL DIR WARMUP REPS\n");
    return 1;
  }
  for (i = 0; i < (int)(sizeof(kernels) / sizeof(kernels[0])); ++i)
    if (!strcmp(kernels[i].name, argv[1]))
      k = &kernels[i];
  if (!k) {
    fprintf(stderr, "loops: unknown kernel '%s'\n", argv[1]);
    return 1;
  }
  warmup = atoi(argv[3]);
  reps = atoi(argv[4]);
  for (i = 0; i < k->n; ++i) {
    a[i] = malloc(k->sizes[i] * sizeof(float));
    init[i] = malloc(k->sizes[i] * sizeof(float));
    want[i] = malloc(k->sizes[i] * sizeof(float));
    bench_read_floats("loops", argv[2], i, k->sizes[i], want[i]);
    memcpy(a[i], want[i], k->sizes[i] * sizeof(float));
  }
  /* DIR holds mdh's outputs in place of the inputs of inout arrays: those
   * are filled again, as mdh-run --seed=1 fills them. */
  for (i = 0; i < k->n; ++i)
    if (k->inout[i])
      fill(a[i], k->sizes[i], 1, i);
  for (i = 0; i < k->n; ++i)
    memcpy(init[i], a[i], k->sizes[i] * sizeof(float));
  t = malloc(reps * sizeof(*t));
  for (j = 0; j < warmup + reps; ++j) {
    for (i = 0; i < k->n; ++i)
      if (k->inout[i])
        memcpy(a[i], init[i], k->sizes[i] * sizeof(float));
    ms = bench_now_ms();
    k->run(a);
    ms = bench_now_ms() - ms;
    if (j >= warmup)
      t[j - warmup] = ms;
  }
  ms = bench_median(t, reps);
  /* Sums of up to 2100 products, in other orders on the two sides. */
  for (i = 0; i < k->n; ++i)
    if (k->out[i] && k->lower)
      ok &= compare_lower(a[i], want[i], k->lower, 1e-3, &err);
    else if (k->out[i])
      ok &= bench_compare(a[i], want[i], k->sizes[i], 1e-3, &err);
  printf("median_ms=%.4f max_abs_err=%g check=%s\n", ms, err,
         ok ? "ok" : "FAIL");
  return !ok;
}
