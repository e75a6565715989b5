/* The library side of bench/cpu/kernels.sh: each kernel through OpenBLAS,
 * oneDNN or a plain C loop, on the inputs mdh-run wrote, checked against
 * mdh's output, timed like mdh-run (warm-up calls dropped, the median of
 * the rest); and the machine's limits (a copy's bandwidth, the FMA peak).
 *
 *   libs KERNEL DIR THREADS WARMUP REPS
 *
 * DIR holds argK.bin as `mdh-run --write-outputs` leaves them: the inputs
 * and mdh's output. Prints `median_ms=T max_abs_err=E check=ok|FAIL`
 * (limits: `median_ms=T gbs=B` or `gflops=F`). Kernels (f32, row-major):
 *   sgemm M N K          C = A B (cblas_sgemm)
 *   sgemm_batched B M N K  B products, one cblas_sgemm each (OpenBLAS has
 *                        no batched SGEMM: the loop users write)
 *   sgemv M N            w = M v (cblas_sgemv)
 *   conv N C H W K R S   NCHW convolution of the padded H x W input with K x
 *                        C x R x S weights (oneDNN, its own layouts: the
 *                        reorders are outside the timing)
 *   jacobi3d N           the 7-point stencil of bench/kernels, plain loops
 *                        (OpenMP over the outer one)
 *   reduce N             the sum of N floats, plain loop (OpenMP reduction);
 *                        mdh's sum and the loop's are checked against the
 *                        sum in double precision
 *   copy N               a copy of N floats (the machine's memory bandwidth)
 *   fma                  the FMA peak: 24 independent 16-lane chains
 *                        (AVX-512), else 12 of 8 lanes (AVX2)
 * Threads: OpenBLAS's and OpenMP's counts set to THREADS. */

#define _GNU_SOURCE
#include "bench.h"

#include <cblas.h>
#include <immintrin.h>
#include <math.h>
#include <omp.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void openblas_set_num_threads(int);

/* Reads "n" floats of DIR/argK.bin into a new aligned buffer. */
static float *read_arg(const char *dir, int k, size_t n) {
  float *p = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);

  bench_read_floats("libs", dir, k, n, p);
  return p;
}

/* Compares "n" floats "got" with mdh's "want" (mdh-run's f32 tolerance,
 * |d| <= 1e-4 + 1e-4 |want|) and prints the result line. */
static int report(double ms, const float *got, const float *want, size_t n) {
  double err = 0;
  int ok = bench_compare(got, want, n, 1e-4, &err);

  printf("median_ms=%.4f max_abs_err=%g check=%s\n", ms, err,
         ok ? "ok" : "FAIL");
  return !ok;
}

/* Times "fn" on "data": "warmup" untimed calls, then the median of
 * "reps". */
static double time_median(void (*fn)(void *), void *data, int warmup,
                          int reps) {
  double *t = malloc(reps * sizeof(*t)), m;
  int i;

  for (i = 0; i < warmup; ++i)
    fn(data);
  for (i = 0; i < reps; ++i) {
    t[i] = bench_now_ms();
    fn(data);
    t[i] = bench_now_ms() - t[i];
  }
  m = bench_median(t, reps);
  free(t);
  return m;
}

struct gemm {
  int batch, m, n, k;
  float *a, *b, *c;
};

static void run_sgemm(void *user) {
  struct gemm *g = user;
  size_t sa = (size_t)g->m * g->k, sb = (size_t)g->k * g->n;
  size_t sc = (size_t)g->m * g->n;
  int i;

  for (i = 0; i < g->batch; ++i)
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, g->m, g->n, g->k,
                1.0f, g->a + i * sa, g->k, g->b + i * sb, g->n, 0.0f,
                g->c + i * sc, g->n);
}

static void run_sgemv(void *user) {
  struct gemm *g = user;

  cblas_sgemv(CblasRowMajor, CblasNoTrans, g->m, g->n, 1.0f, g->a, g->n, g->b,
              1, 0.0f, g->c, 1);
}

static int gemm_main(const char *dir, int batch, int m, int n, int k,
                     int vector, int warmup, int reps) {
  struct gemm g = {batch, m, n, k, NULL, NULL, NULL};
  size_t sc = (size_t)batch * m * (vector ? 1 : n);
  float *want;

  g.a = read_arg(dir, 0, (size_t)batch * m * (vector ? n : k));
  g.b = read_arg(dir, 1, (size_t)batch * (vector ? (size_t)n : (size_t)k * n));
  want = read_arg(dir, 2, sc);
  g.c = calloc(sc, sizeof(float));
  return report(time_median(vector ? run_sgemv : run_sgemm, &g, warmup, reps),
                g.c, want, sc);
}

/* oneDNN's convolution: the primitive, its stream and arguments. */
struct conv {
  dnnl_primitive_t prim;
  dnnl_stream_t stream;
  int nargs;
  dnnl_exec_arg_t args[3];
};

static void run_conv(void *user) {
  struct conv *c = user;

  dnnl_primitive_execute(c->prim, c->stream, c->nargs, c->args);
  dnnl_stream_wait(c->stream);
}

#define CHECK_DNNL(x)                                                          \
  do {                                                                         \
    if ((x) != dnnl_success) {                                                 \
      fprintf(stderr, "libs: oneDNN failed: %s\n", #x);                        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* Returns a memory of descriptor "md" holding the "user" buffer (plain
 * layout "plain") reordered into it, or the user memory itself. */
static dnnl_memory_t to_layout(dnnl_engine_t eng, dnnl_stream_t s,
                               dnnl_memory_t user,
                               const dnnl_memory_desc_t *plain,
                               const dnnl_memory_desc_t *md) {
  dnnl_primitive_desc_t rpd;
  dnnl_primitive_t r;
  dnnl_memory_t mem;
  dnnl_exec_arg_t args[2];

  if (dnnl_memory_desc_equal(plain, md))
    return user;
  CHECK_DNNL(dnnl_memory_create(&mem, md, eng, DNNL_MEMORY_ALLOCATE));
  CHECK_DNNL(
      dnnl_reorder_primitive_desc_create(&rpd, plain, eng, md, eng, NULL));
  CHECK_DNNL(dnnl_primitive_create(&r, rpd));
  args[0] = (dnnl_exec_arg_t){DNNL_ARG_FROM, user};
  args[1] = (dnnl_exec_arg_t){DNNL_ARG_TO, mem};
  CHECK_DNNL(dnnl_primitive_execute(r, s, 2, args));
  dnnl_stream_wait(s);
  dnnl_primitive_destroy(r);
  dnnl_primitive_desc_destroy(rpd);
  return mem;
}

static int conv_main(const char *dir, const int *p, int warmup, int reps) {
  int n = p[0], ch = p[1], h = p[2], w = p[3], k = p[4], r = p[5], s = p[6];
  int oh = h - r + 1, ow = w - s + 1;
  dnnl_dims_t src_d = {n, ch, h, w}, wei_d = {k, ch, r, s},
              dst_d = {n, k, oh, ow}, strides = {1, 1}, pad = {0, 0};
  dnnl_memory_desc_t src_p, wei_p, dst_p, src_a, wei_a, dst_a;
  const dnnl_memory_desc_t *src_m, *wei_m, *dst_m;
  dnnl_convolution_desc_t cd;
  dnnl_primitive_desc_t pd;
  dnnl_engine_t eng;
  struct conv c;
  dnnl_memory_t src_u, wei_u, dst_u, src, wei, dst;
  size_t out_n = (size_t)n * k * oh * ow;
  float *x = read_arg(dir, 0, (size_t)n * ch * h * w);
  float *wt = read_arg(dir, 1, (size_t)k * ch * r * s);
  float *want = read_arg(dir, 2, out_n), *got = calloc(out_n, sizeof(float));
  dnnl_primitive_desc_t rpd;
  dnnl_primitive_t rp;
  dnnl_exec_arg_t rargs[2];
  double ms;

  CHECK_DNNL(dnnl_engine_create(&eng, dnnl_cpu, 0));
  CHECK_DNNL(dnnl_stream_create(&c.stream, eng, dnnl_stream_default_flags));
  CHECK_DNNL(
      dnnl_memory_desc_init_by_tag(&src_p, 4, src_d, dnnl_f32, dnnl_nchw));
  CHECK_DNNL(
      dnnl_memory_desc_init_by_tag(&wei_p, 4, wei_d, dnnl_f32, dnnl_oihw));
  CHECK_DNNL(
      dnnl_memory_desc_init_by_tag(&dst_p, 4, dst_d, dnnl_f32, dnnl_nchw));
  CHECK_DNNL(dnnl_memory_desc_init_by_tag(&src_a, 4, src_d, dnnl_f32,
                                          dnnl_format_tag_any));
  CHECK_DNNL(dnnl_memory_desc_init_by_tag(&wei_a, 4, wei_d, dnnl_f32,
                                          dnnl_format_tag_any));
  CHECK_DNNL(dnnl_memory_desc_init_by_tag(&dst_a, 4, dst_d, dnnl_f32,
                                          dnnl_format_tag_any));
  CHECK_DNNL(dnnl_convolution_forward_desc_init(
      &cd, dnnl_forward_inference, dnnl_convolution_direct, &src_a, &wei_a,
      NULL, &dst_a, strides, pad, pad));
  CHECK_DNNL(dnnl_primitive_desc_create(&pd, &cd, NULL, eng, NULL));
  src_m = dnnl_primitive_desc_query_md(pd, dnnl_query_src_md, 0);
  wei_m = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
  dst_m = dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0);
  CHECK_DNNL(dnnl_memory_create(&src_u, &src_p, eng, x));
  CHECK_DNNL(dnnl_memory_create(&wei_u, &wei_p, eng, wt));
  CHECK_DNNL(dnnl_memory_create(&dst_u, &dst_p, eng, got));
  src = to_layout(eng, c.stream, src_u, &src_p, src_m);
  wei = to_layout(eng, c.stream, wei_u, &wei_p, wei_m);
  if (dnnl_memory_desc_equal(&dst_p, dst_m))
    dst = dst_u;
  else
    CHECK_DNNL(dnnl_memory_create(&dst, dst_m, eng, DNNL_MEMORY_ALLOCATE));
  CHECK_DNNL(dnnl_primitive_create(&c.prim, pd));
  c.nargs = 3;
  c.args[0] = (dnnl_exec_arg_t){DNNL_ARG_SRC, src};
  c.args[1] = (dnnl_exec_arg_t){DNNL_ARG_WEIGHTS, wei};
  c.args[2] = (dnnl_exec_arg_t){DNNL_ARG_DST, dst};
  ms = time_median(run_conv, &c, warmup, reps);
  if (dst != dst_u) {
    CHECK_DNNL(dnnl_reorder_primitive_desc_create(&rpd, dst_m, eng, &dst_p, eng,
                                                  NULL));
    CHECK_DNNL(dnnl_primitive_create(&rp, rpd));
    rargs[0] = (dnnl_exec_arg_t){DNNL_ARG_FROM, dst};
    rargs[1] = (dnnl_exec_arg_t){DNNL_ARG_TO, dst_u};
    CHECK_DNNL(dnnl_primitive_execute(rp, c.stream, 2, rargs));
    dnnl_stream_wait(c.stream);
  }
  {
    const char *impl = NULL;

    dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
    printf("impl=%s\n", impl ? impl : "?");
  }
  return report(ms, got, want, out_n);
}

struct loops {
  int n;
  float *in, *out;
  double sum;
};

/* The 7-point stencil of bench/kernels/jacobi3d.mlir on an (n+2)^3 input,
 * the same sum in the same order. */
static void run_jacobi3d(void *user) {
  struct loops *l = user;
  long m = l->n + 2;
  int i;

#pragma omp parallel for
  for (i = 0; i < l->n; ++i)
    for (int j = 0; j < l->n; ++j)
      for (int k = 0; k < l->n; ++k) {
        const float *c = l->in + ((i + 1) * m + j + 1) * m + k + 1;
        l->out[((long)i * l->n + j) * l->n + k] =
            0.142857f *
            ((((((c[-1] + c[1]) + c[-m]) + c[m]) + c[-m * m]) + c[m * m]) +
             c[0]);
      }
}

static void run_reduce(void *user) {
  struct loops *l = user;
  float s = 0;
  long i;

#pragma omp parallel for reduction(+ : s)
  for (i = 0; i < l->n; ++i)
    s += l->in[i];
  l->sum = s;
}

static void run_copy(void *user) {
  struct loops *l = user;
  long chunk = (l->n + 63) / 64 * 64 / omp_get_max_threads();

#pragma omp parallel
  {
    long lo = omp_get_thread_num() * chunk, hi = lo + chunk;
    if (hi > l->n)
      hi = l->n;
    if (lo < hi)
      memcpy(l->out + lo, l->in + lo, (hi - lo) * sizeof(float));
  }
}

/* Independent chains of vector FMAs per thread, 10^7 steps each, in named
 * variables so that they stay in registers: 24 of 16 lanes with AVX-512
 * (32 registers), 12 of 8 lanes with AVX2 (16 registers), enough to
 * cover the latency of two FMA pipes either way. */
#ifdef __AVX512F__
#define FMA_LANES 16
#define FMA_CHAINS(X)                                                          \
  X(0)                                                                         \
  X(1)                                                                         \
  X(2)                                                                         \
  X(3)                                                                         \
  X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16)      \
      X(17) X(18) X(19) X(20) X(21) X(22) X(23)
#define FMA_N_CHAINS 24
typedef __m512 fma_vec;
#define fma_set1 _mm512_set1_ps
#define fma_zero _mm512_setzero_ps
#define fma_fmadd _mm512_fmadd_ps
#define fma_add _mm512_add_ps
#define fma_store _mm512_storeu_ps
#else
#define FMA_LANES 8
#define FMA_CHAINS(X)                                                          \
  X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
#define FMA_N_CHAINS 12
typedef __m256 fma_vec;
#define fma_set1 _mm256_set1_ps
#define fma_zero _mm256_setzero_ps
#define fma_fmadd _mm256_fmadd_ps
#define fma_add _mm256_add_ps
#define fma_store _mm256_storeu_ps
#endif
#define FMA_DECLARE(j) fma_vec a##j = fma_set1((float)j);
#define FMA_STEP(j) a##j = fma_fmadd(a##j, x, y);
#define FMA_SUM(j) s = fma_add(s, a##j);

static void run_fma(void *user) {
  struct loops *l = user;
  double total = 0;

#pragma omp parallel reduction(+ : total)
  {
    fma_vec x = fma_set1(0.999999f), y = fma_set1(1e-7f);
    fma_vec s = fma_zero();
    float out[FMA_LANES];
    int i;

    FMA_CHAINS(FMA_DECLARE)
    for (i = 0; i < 10000000; ++i) {
      FMA_CHAINS(FMA_STEP)
      __asm__ volatile("" ::: "memory");
    }
    FMA_CHAINS(FMA_SUM)
    fma_store(out, s);
    total += out[0];
  }
  l->sum = total;
}

int main(int argc, char **argv) {
  const char *kernel, *dir;
  int threads, warmup, reps, p[8] = {0}, i;
  struct loops l = {0};
  double ms;
  long m;

  if (argc < 6) {
    fprintf(stderr, "usage: libs KERNEL DIR THREADS WARMUP REPS [SIZES]\n");
    return 1;
  }
  kernel = argv[1];
  dir = argv[2];
  threads = atoi(argv[3]);
  warmup = atoi(argv[4]);
  reps = atoi(argv[5]);
  for (i = 6; i < argc && i < 14; ++i)
    p[i - 6] = atoi(argv[i]);
  openblas_set_num_threads(threads);
  omp_set_num_threads(threads);
  if (!strcmp(kernel, "sgemm"))
    return gemm_main(dir, 1, p[0], p[1], p[2], 0, warmup, reps);
  if (!strcmp(kernel, "sgemm_batched"))
    return gemm_main(dir, p[0], p[1], p[2], p[3], 0, warmup, reps);
  if (!strcmp(kernel, "sgemv"))
    return gemm_main(dir, 1, p[0], p[1], 0, 1, warmup, reps);
  if (!strcmp(kernel, "conv"))
    return conv_main(dir, p, warmup, reps);
  l.n = p[0];
  if (!strcmp(kernel, "jacobi3d")) {
    m = l.n + 2;
    l.in = read_arg(dir, 0, (size_t)m * m * m);
    l.out = calloc((size_t)l.n * l.n * l.n, sizeof(float));
    ms = time_median(run_jacobi3d, &l, warmup, reps);
    return report(ms, l.out, read_arg(dir, 1, (size_t)l.n * l.n * l.n),
                  (size_t)l.n * l.n * l.n);
  }
  if (!strcmp(kernel, "reduce")) {
    double exact = 0, magnitude = 0, err;
    float *want;

    l.in = read_arg(dir, 0, (size_t)l.n);
    ms = time_median(run_reduce, &l, warmup, reps);
    want = read_arg(dir, 1, 1);
    for (m = 0; m < l.n; ++m) {
      exact += l.in[m];
      magnitude += fabs(l.in[m]);
    }
    /* A float sum of 2^26 terms is far from exact in any order (mdh's
     * lanes, the reference's sequence, OpenMP's halves): mdh's is checked
     * against the double-precision sum, within 1e-6 of the terms'
     * magnitudes; the loop's error is shown. */
    err = fabs(*want - exact);
    i = err <= 1e-6 * magnitude;
    printf("median_ms=%.4f max_abs_err=%g library_abs_err=%g check=%s\n", ms,
           err, fabs(l.sum - exact), i ? "ok" : "FAIL");
    return !i;
  }
  if (!strcmp(kernel, "copy")) {
    l.in = aligned_alloc(64, (size_t)l.n * 4);
    l.out = aligned_alloc(64, (size_t)l.n * 4);
    for (m = 0; m < l.n; ++m)
      l.in[m] = l.out[m] = 1.0f;
    ms = time_median(run_copy, &l, warmup, reps);
    printf("median_ms=%.4f gbs=%.1f\n", ms, 2.0 * 4 * l.n / ms / 1e6);
    return 0;
  }
  if (!strcmp(kernel, "fma")) {
    ms = time_median(run_fma, &l, warmup, reps);
    printf("median_ms=%.4f gflops=%.1f\n", ms,
           2.0 * FMA_LANES * FMA_N_CHAINS * 1e7 * threads / ms / 1e6);
    return 0;
  }
  fprintf(stderr, "libs: unknown kernel '%s'\n", kernel);
  return 1;
}
