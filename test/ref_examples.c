/* Independent C references of the 19 examples in examples/ (NAME.mlir).
 *
 * Usage: ref_examples NAME DIR
 *
 * DIR holds the files that `mdh-run examples/NAME.mlir --entry=NAME
 * --write-outputs=DIR` wrote: DIR/argK.bin is memref argument K after the
 * call (raw little-endian, row-major). Inputs are unchanged by the call, so
 * this program reads the input arguments, recomputes the outputs with plain
 * hand-written C loops (one small function per example, written from the
 * formula in the example's header comment, not from its IR), reads the output
 * arguments and compares them: integers exactly, floats with
 * |got - want| <= 1e-4 + 1e-4 * |want|.
 *
 * Prints `NAME: ok (N values checked, max_abs_err=E)` and exits 0, or prints
 * the first mismatches and exits 1. Missing or wrongly sized files are errors
 * (exit 1).
 *
 * Only libc and libm. Float sums are accumulated in double.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Buffers: every loaded or computed buffer is freed at exit.                */

enum { MAX_BUFS = 16, MAX_SHOWN = 10 };

static void *bufs[MAX_BUFS];
static int nbufs;

static void *track(void *p) {
  if (p && nbufs < MAX_BUFS)
    bufs[nbufs++] = p;
  else if (p) {
    fprintf(stderr, "ref_examples: too many buffers\n");
    free(p);
    return NULL;
  }
  return p;
}

static void free_all(void) {
  while (nbufs > 0)
    free(bufs[--nbufs]);
}

/* Reads DIR/argK.bin, which must hold exactly n elements of elem bytes. */
static void *load(const char *dir, int k, size_t n, size_t elem) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/arg%d.bin", dir, k);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "ref_examples: cannot open '%s'\n", path);
    return NULL;
  }
  void *p = track(calloc(n + 1, elem));
  if (!p) {
    fclose(f);
    return NULL;
  }
  size_t got = fread(p, elem, n + 1, f);
  fclose(f);
  if (got != n) {
    fprintf(stderr,
            "ref_examples: '%s' holds %zu%s elements of %zu bytes, "
            "expected %zu\n",
            path, got, got > n ? " or more" : "", elem, n);
    return NULL;
  }
  return p;
}

static float *load_f32(const char *dir, int k, size_t n) {
  return load(dir, k, n, sizeof(float));
}

static int32_t *load_i32(const char *dir, int k, size_t n) {
  return load(dir, k, n, sizeof(int32_t));
}

static float *new_f32(size_t n) { return track(calloc(n, sizeof(float))); }

static int32_t *new_i32(size_t n) { return track(calloc(n, sizeof(int32_t))); }

/* ------------------------------------------------------------------------ */
/* Comparison of an output argument with the reference.                     */

static long n_checked;
static long n_bad;
static double max_abs_err;

/* Compares output argument k (n floats) with want; -1 if it cannot be read. */
static int check_f32(const char *dir, int k, const float *want, size_t n) {
  const float *got = load_f32(dir, k, n);
  if (!got)
    return -1;
  for (size_t i = 0; i < n; ++i) {
    double d = fabs((double)got[i] - (double)want[i]);
    ++n_checked;
    if (d > max_abs_err || d != d)
      max_abs_err = d;
    if (d <= 1e-4 + 1e-4 * fabs((double)want[i]))
      continue;
    if (n_bad++ < MAX_SHOWN)
      printf("  mismatch arg%d[%zu]: got %.9g, want %.9g\n", k, i,
             (double)got[i], (double)want[i]);
  }
  return 0;
}

/* Compares output argument k (n 32-bit integers) with want, exactly. */
static int check_i32(const char *dir, int k, const int32_t *want, size_t n) {
  const int32_t *got = load_i32(dir, k, n);
  if (!got)
    return -1;
  for (size_t i = 0; i < n; ++i) {
    ++n_checked;
    if (got[i] == want[i])
      continue;
    if (n_bad++ < MAX_SHOWN)
      printf("  mismatch arg%d[%zu]: got %d, want %d\n", k, i, (int)got[i],
             (int)want[i]);
  }
  return 0;
}

/* ------------------------------------------------------------------------ */
/* The examples. Sizes are those of the example files; arrays are viewed    */
/* through pointers to fixed-size arrays so that indexing reads like math.  */

/* dot: w = sum_k x[k] * y[k];  x, y: 13 */
static int ex_dot(const char *dir) {
  enum { K = 13 };
  const float *x = load_f32(dir, 0, K), *y = load_f32(dir, 1, K);
  float *w = new_f32(1);
  if (!x || !y || !w)
    return -1;
  double acc = 0;
  for (int k = 0; k < K; ++k)
    acc += (double)x[k] * y[k];
  w[0] = (float)acc;
  return check_f32(dir, 2, w, 1);
}

/* matvec: w[i] = sum_k M[i,k] * v[k];  M: 37x23 */
static int ex_matvec(const char *dir) {
  enum { I = 37, K = 23 };
  float(*M)[K] = (void *)load_f32(dir, 0, I * K);
  const float *v = load_f32(dir, 1, K);
  float *w = new_f32(I);
  if (!M || !v || !w)
    return -1;
  for (int i = 0; i < I; ++i) {
    double acc = 0;
    for (int k = 0; k < K; ++k)
      acc += (double)M[i][k] * v[k];
    w[i] = (float)acc;
  }
  return check_f32(dir, 2, w, I);
}

/* matmul: C[i,j] = sum_k A[i,k] * B[k,j];  A: 13x11, B: 11x7, C: 13x7 */
static int ex_matmul(const char *dir) {
  enum { I = 13, J = 7, K = 11 };
  float(*A)[K] = (void *)load_f32(dir, 0, I * K);
  float(*B)[J] = (void *)load_f32(dir, 1, K * J);
  float(*C)[J] = (void *)new_f32(I * J);
  if (!A || !B || !C)
    return -1;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      double acc = 0;
      for (int k = 0; k < K; ++k)
        acc += (double)A[i][k] * B[k][j];
      C[i][j] = (float)acc;
    }
  return check_f32(dir, 2, &C[0][0], I * J);
}

/* matmul_t: C[j,i] = sum_k A[k,i] * B[j,k];  A: 11x13, B: 7x11, C: 7x13 */
static int ex_matmul_t(const char *dir) {
  enum { I = 13, J = 7, K = 11 };
  float(*A)[I] = (void *)load_f32(dir, 0, K * I);
  float(*B)[K] = (void *)load_f32(dir, 1, J * K);
  float(*C)[I] = (void *)new_f32(J * I);
  if (!A || !B || !C)
    return -1;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      double acc = 0;
      for (int k = 0; k < K; ++k)
        acc += (double)A[k][i] * B[j][k];
      C[j][i] = (float)acc;
    }
  return check_f32(dir, 2, &C[0][0], J * I);
}

/* bmatmul: C[b,i,j] = sum_k A[b,i,k] * B[b,k,j];  A: 3x13x11, B: 3x11x7 */
static int ex_bmatmul(const char *dir) {
  enum { NB = 3, I = 13, J = 7, K = 11 };
  float(*A)[I][K] = (void *)load_f32(dir, 0, NB * I * K);
  float(*B)[K][J] = (void *)load_f32(dir, 1, NB * K * J);
  float(*C)[I][J] = (void *)new_f32(NB * I * J);
  if (!A || !B || !C)
    return -1;
  for (int b = 0; b < NB; ++b)
    for (int i = 0; i < I; ++i)
      for (int j = 0; j < J; ++j) {
        double acc = 0;
        for (int k = 0; k < K; ++k)
          acc += (double)A[b][i][k] * B[b][k][j];
        C[b][i][j] = (float)acc;
      }
  return check_f32(dir, 2, &C[0][0][0], NB * I * J);
}

/* ccsdt: C[a,b,c,d,e,f] = sum_g A[g,d,a,b] * B[e,f,g,c]
 *        A: 5x3x3x4 (g,d,a,b), B: 2x4x5x2 (e,f,g,c), C: 3x4x2x3x2x4 */
static int ex_ccsdt(const char *dir) {
  enum { NA = 3, NB = 4, NC = 2, ND = 3, NE = 2, NF = 4, NG = 5 };
  float(*A)[ND][NA][NB] = (void *)load_f32(dir, 0, NG * ND * NA * NB);
  float(*B)[NF][NG][NC] = (void *)load_f32(dir, 1, NE * NF * NG * NC);
  float(*C)[NB][NC][ND][NE][NF] = (void *)new_f32(NA * NB * NC * ND * NE * NF);
  if (!A || !B || !C)
    return -1;
  for (int a = 0; a < NA; ++a)
    for (int b = 0; b < NB; ++b)
      for (int c = 0; c < NC; ++c)
        for (int d = 0; d < ND; ++d)
          for (int e = 0; e < NE; ++e)
            for (int f = 0; f < NF; ++f) {
              double acc = 0;
              for (int g = 0; g < NG; ++g)
                acc += (double)A[g][d][a][b] * B[e][f][g][c];
              C[a][b][c][d][e][f] = (float)acc;
            }
  return check_f32(dir, 2, &C[0][0][0][0][0][0], NA * NB * NC * ND * NE * NF);
}

/* conv2d: O[p,q] = sum_{r,s} I[p+r, q+s] * F[r,s];  I: 15x13, F: 3x5, O: 13x9
 */
static int ex_conv2d(const char *dir) {
  enum { P = 13, Q = 9, R = 3, S = 5, H = P + R - 1, W = Q + S - 1 };
  float(*In)[W] = (void *)load_f32(dir, 0, H * W);
  float(*F)[S] = (void *)load_f32(dir, 1, R * S);
  float(*O)[Q] = (void *)new_f32(P * Q);
  if (!In || !F || !O)
    return -1;
  for (int p = 0; p < P; ++p)
    for (int q = 0; q < Q; ++q) {
      double acc = 0;
      for (int r = 0; r < R; ++r)
        for (int s = 0; s < S; ++s)
          acc += (double)In[p + r][q + s] * F[r][s];
      O[p][q] = (float)acc;
    }
  return check_f32(dir, 2, &O[0][0], P * Q);
}

/* mcc: O[n,p,q,k] = sum_{r,s,c} I[n, 2p+r, 2q+s, c] * F[k,r,s,c]
 *      I: 2x11x6x5 (NHWC), F: 7x3x2x5 (KRSC), O: 2x5x3x7 (NPQK) */
static int ex_mcc(const char *dir) {
  enum { N = 2, P = 5, Q = 3, K = 7, R = 3, S = 2, C = 5 };
  enum { H = 2 * (P - 1) + R, W = 2 * (Q - 1) + S };
  float(*In)[H][W][C] = (void *)load_f32(dir, 0, N * H * W * C);
  float(*F)[R][S][C] = (void *)load_f32(dir, 1, K * R * S * C);
  float(*O)[P][Q][K] = (void *)new_f32(N * P * Q * K);
  if (!In || !F || !O)
    return -1;
  for (int n = 0; n < N; ++n)
    for (int p = 0; p < P; ++p)
      for (int q = 0; q < Q; ++q)
        for (int k = 0; k < K; ++k) {
          double acc = 0;
          for (int r = 0; r < R; ++r)
            for (int s = 0; s < S; ++s)
              for (int c = 0; c < C; ++c)
                acc += (double)In[n][2 * p + r][2 * q + s][c] * F[k][r][s][c];
          O[n][p][q][k] = (float)acc;
        }
  return check_f32(dir, 2, &O[0][0][0][0], N * P * Q * K);
}

/* mcc_capsule: O[n,p,q,k,mi,mj] =
 *     sum_{r,s,c,mk} I[n, 2p+r, 2q+s, c, mi, mk] * F[k, r, s, c, mk, mj]
 * I: 2x7x4x3x3x2, F: 5x3x2x3x2x4, O: 2x3x2x5x3x4 */
static int ex_mcc_capsule(const char *dir) {
  enum { N = 2, P = 3, Q = 2, K = 5, R = 3, S = 2, C = 3 };
  enum { MI = 3, MJ = 4, MK = 2, H = 2 * (P - 1) + R, W = 2 * (Q - 1) + S };
  float(*In)[H][W][C][MI][MK] =
      (void *)load_f32(dir, 0, N * H * W * C * MI * MK);
  float(*F)[R][S][C][MK][MJ] =
      (void *)load_f32(dir, 1, K * R * S * C * MK * MJ);
  float(*O)[P][Q][K][MI][MJ] = (void *)new_f32(N * P * Q * K * MI * MJ);
  if (!In || !F || !O)
    return -1;
  for (int n = 0; n < N; ++n)
    for (int p = 0; p < P; ++p)
      for (int q = 0; q < Q; ++q)
        for (int k = 0; k < K; ++k)
          for (int mi = 0; mi < MI; ++mi)
            for (int mj = 0; mj < MJ; ++mj) {
              double acc = 0;
              for (int r = 0; r < R; ++r)
                for (int s = 0; s < S; ++s)
                  for (int c = 0; c < C; ++c)
                    for (int mk = 0; mk < MK; ++mk)
                      acc += (double)In[n][2 * p + r][2 * q + s][c][mi][mk] *
                             F[k][r][s][c][mk][mj];
              O[n][p][q][k][mi][mj] = (float)acc;
            }
  return check_f32(dir, 2, &O[0][0][0][0][0][0], N * P * Q * K * MI * MJ);
}

/* jacobi1d: y[i] = c * ((x[i] + x[i+1]) + x[i+2]), c = 0.333333;  x: 31, y: 29
 */
static int ex_jacobi1d(const char *dir) {
  enum { N = 29 };
  const float c = 0.333333f;
  const float *x = load_f32(dir, 0, N + 2);
  float *y = new_f32(N);
  if (!x || !y)
    return -1;
  for (int i = 0; i < N; ++i)
    y[i] = c * (x[i] + x[i + 1] + x[i + 2]);
  return check_f32(dir, 1, y, N);
}

/* jacobi3d: y[i,j,k] = c * (x[i+1,j+1,k] + x[i+1,j+1,k+2] + x[i+1,j,k+1]
 *                          + x[i+1,j+2,k+1] + x[i,j+1,k+1] + x[i+2,j+1,k+1]
 *                          + x[i+1,j+1,k+1]),   c = 0.142857
 *           x: 9x7x13, y: 7x5x11 (sum in this order, left to right) */
static int ex_jacobi3d(const char *dir) {
  enum { I = 7, J = 5, K = 11 };
  const float c = 0.142857f;
  float(*x)[J + 2][K + 2] =
      (void *)load_f32(dir, 0, (I + 2) * (J + 2) * (K + 2));
  float(*y)[J][K] = (void *)new_f32(I * J * K);
  if (!x || !y)
    return -1;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      for (int k = 0; k < K; ++k)
        y[i][j][k] = c * (x[i + 1][j + 1][k] + x[i + 1][j + 1][k + 2] +
                          x[i + 1][j][k + 1] + x[i + 1][j + 2][k + 1] +
                          x[i][j + 1][k + 1] + x[i + 2][j + 1][k + 1] +
                          x[i + 1][j + 1][k + 1]);
  return check_f32(dir, 1, &y[0][0][0], I * J * K);
}

/* map: y[i] = x[i] * x[i] + 1;  x, y: 53 */
static int ex_map(const char *dir) {
  enum { N = 53 };
  const float *x = load_f32(dir, 0, N);
  float *y = new_f32(N);
  if (!x || !y)
    return -1;
  for (int i = 0; i < N; ++i)
    y[i] = x[i] * x[i] + 1.0f;
  return check_f32(dir, 1, y, N);
}

/* reduce: s = sum_i x[i];  x: 61 */
static int ex_reduce(const char *dir) {
  enum { N = 61 };
  const float *x = load_f32(dir, 0, N);
  float *s = new_f32(1);
  if (!x || !s)
    return -1;
  double acc = 0;
  for (int i = 0; i < N; ++i)
    acc += x[i];
  s[0] = (float)acc;
  return check_f32(dir, 1, s, 1);
}

/* double_reduce: s1 = sum_i x[i], s2 = max_i x[i];  x: 47 */
static int ex_double_reduce(const char *dir) {
  enum { N = 47 };
  const float *x = load_f32(dir, 0, N);
  float *s1 = new_f32(1), *s2 = new_f32(1);
  if (!x || !s1 || !s2)
    return -1;
  double sum = 0;
  float max = x[0];
  for (int i = 0; i < N; ++i) {
    sum += x[i];
    if (x[i] > max)
      max = x[i];
  }
  s1[0] = (float)sum;
  s2[0] = max;
  if (check_f32(dir, 1, s1, 1) < 0)
    return -1;
  return check_f32(dir, 2, s2, 1);
}

/* scan: y[i] = sum_{i' <= i} x[i'] (inclusive);  x, y: 43 */
static int ex_scan(const char *dir) {
  enum { N = 43 };
  const float *x = load_f32(dir, 0, N);
  float *y = new_f32(N);
  if (!x || !y)
    return -1;
  double acc = 0;
  for (int i = 0; i < N; ++i) {
    acc += x[i];
    y[i] = (float)acc;
  }
  return check_f32(dir, 1, y, N);
}

/* mbbs: O[i] = sum_{i' <= i} sum_j A[i', j];  A: 13x7, O: 13 */
static int ex_mbbs(const char *dir) {
  enum { I = 13, J = 7 };
  float(*A)[J] = (void *)load_f32(dir, 0, I * J);
  float *O = new_f32(I);
  if (!A || !O)
    return -1;
  double acc = 0;
  for (int i = 0; i < I; ++i) {
    for (int j = 0; j < J; ++j)
      acc += A[i][j];
    O[i] = (float)acc;
  }
  return check_f32(dir, 1, O, I);
}

/* histo: H[b] = #{ e : E[e] == b };  E: 41 x i32, H: 7 x i32 */
static int ex_histo(const char *dir) {
  enum { B = 7, E = 41 };
  const int32_t *in = load_i32(dir, 0, E);
  int32_t *H = new_i32(B);
  if (!in || !H)
    return -1;
  for (int b = 0; b < B; ++b) {
    H[b] = 0;
    for (int e = 0; e < E; ++e)
      if (in[e] == b)
        H[b] += 1;
  }
  return check_i32(dir, 1, H, B);
}

/* f32 product that is never fused into an FMA with a following add. */
static float mulf(float a, float b) {
  volatile float p = a * b;
  return p;
}

/* mandelbrot: O[i,j] = number n < 32 of steps z <- z*z + c from z = 0 while
 * |z|^2 <= 4, c = (-2.0 + j * 0.09375) + (-1.125 + i * 0.125) * I; all in f32,
 * in the example's operation order, no contraction.  O: 19x29 x i32 */
static int32_t mandel(int i, int j) {
  float cr = -2.0f + mulf((float)j, 0.09375f);
  float ci = -1.125f + mulf((float)i, 0.125f);
  float zr = 0.0f, zi = 0.0f;
  int32_t n = 0;
  while (mulf(zr, zr) + mulf(zi, zi) <= 4.0f && n < 32) {
    float nzr = (mulf(zr, zr) - mulf(zi, zi)) + cr;
    float nzi = mulf(2.0f, mulf(zr, zi)) + ci;
    zr = nzr;
    zi = nzi;
    n = n + 1;
  }
  return n;
}

static int ex_mandelbrot(const char *dir) {
  enum { H = 19, W = 29 };
  int32_t(*O)[W] = (void *)new_i32(H * W);
  if (!O)
    return -1;
  for (int i = 0; i < H; ++i)
    for (int j = 0; j < W; ++j)
      O[i][j] = mandel(i, j);
  return check_i32(dir, 0, &O[0][0], H * W);
}

/* prl: match weight of new record n against database record d (fields:
 * 0 surname code, 1 birth year, 2 postcode), as in the example:
 *   field 0: equal -> +4.0, else -2.0
 *   field 1: equal -> +3.0, |difference| = 1 -> +1.0, else -1.5
 *   field 2: equal -> +2.5, else -1.0
 * summed as (w0 + w1) + w2. */
static float prl_weight(const int32_t n[3], const int32_t d[3]) {
  float w0 = n[0] == d[0] ? 4.0f : -2.0f;
  float w1;
  if (n[1] == d[1])
    w1 = 3.0f;
  else if (abs(n[1] - d[1]) == 1)
    w1 = 1.0f;
  else
    w1 = -1.5f;
  float w2 = n[2] == d[2] ? 2.5f : -1.0f;
  return w0 + w1 + w2;
}

/* prl: for every new record i, (R_w[i], R_id[i]) = the (weight, ids[j]) over
 * database records j with the largest weight, ties broken by the smaller id
 * (lexicographic max on (weight, -id)).
 * N: 7x3 i32, D: 37x3 i32, ids: 37 i32, R_w: 7 f32, R_id: 7 i32 */
static int ex_prl(const char *dir) {
  enum { I = 7, J = 37 };
  int32_t(*N)[3] = (void *)load_i32(dir, 0, I * 3);
  int32_t(*D)[3] = (void *)load_i32(dir, 1, J * 3);
  const int32_t *ids = load_i32(dir, 2, J);
  float *R_w = new_f32(I);
  int32_t *R_id = new_i32(I);
  if (!N || !D || !ids || !R_w || !R_id)
    return -1;
  for (int i = 0; i < I; ++i) {
    float best_w = prl_weight(N[i], D[0]);
    int32_t best_id = ids[0];
    for (int j = 1; j < J; ++j) {
      float w = prl_weight(N[i], D[j]);
      if (w > best_w || (w == best_w && ids[j] < best_id)) {
        best_w = w;
        best_id = ids[j];
      }
    }
    R_w[i] = best_w;
    R_id[i] = best_id;
  }
  if (check_f32(dir, 3, R_w, I) < 0)
    return -1;
  return check_i32(dir, 4, R_id, I);
}

/* ------------------------------------------------------------------------ */

static const struct {
  const char *name;
  int (*check)(const char *dir);
} examples[] = {
    {"bmatmul", ex_bmatmul},
    {"ccsdt", ex_ccsdt},
    {"conv2d", ex_conv2d},
    {"dot", ex_dot},
    {"double_reduce", ex_double_reduce},
    {"histo", ex_histo},
    {"jacobi1d", ex_jacobi1d},
    {"jacobi3d", ex_jacobi3d},
    {"mandelbrot", ex_mandelbrot},
    {"map", ex_map},
    {"matmul", ex_matmul},
    {"matmul_t", ex_matmul_t},
    {"matvec", ex_matvec},
    {"mbbs", ex_mbbs},
    {"mcc", ex_mcc},
    {"mcc_capsule", ex_mcc_capsule},
    {"prl", ex_prl},
    {"reduce", ex_reduce},
    {"scan", ex_scan},
};

static void usage(FILE *out) {
  fprintf(out, "usage: ref_examples NAME DIR\n"
               "checks DIR/argK.bin, written by mdh-run --write-outputs=DIR, "
               "against a C reference of example NAME, one of:\n");
  for (size_t e = 0; e < sizeof(examples) / sizeof(examples[0]); ++e)
    fprintf(out, "  %s\n", examples[e].name);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    usage(stderr);
    return 1;
  }
  const char *name = argv[1], *dir = argv[2];
  for (size_t e = 0; e < sizeof(examples) / sizeof(examples[0]); ++e) {
    if (strcmp(examples[e].name, name) != 0)
      continue;
    int rc = examples[e].check(dir);
    free_all();
    if (rc < 0) {
      printf("%s: error (missing or wrongly sized file in '%s')\n", name, dir);
      return 1;
    }
    if (n_bad > 0) {
      printf("%s: FAIL (%ld of %ld values differ, max_abs_err=%g)\n", name,
             n_bad, n_checked, max_abs_err);
      return 1;
    }
    printf("%s: ok (%ld values checked, max_abs_err=%g)\n", name, n_checked,
           max_abs_err);
    return 0;
  }
  fprintf(stderr, "ref_examples: unknown example '%s'\n", name);
  usage(stderr);
  return 1;
}
