/* mdh-baselines: the reference timings the mdh GPU kernels of bench/kernels/
 * are measured against (bench/README.md, section GPU).
 *
 * One executable, so that a device bundle needs no compiler: the measured
 * copy bandwidth (cudaMemcpy device to device and a plain copy kernel),
 * cuBLAS SGEMV (matvec), CUB DeviceReduce::Sum (reduce), CUB
 * DeviceScan::InclusiveSum (scan), CUB DeviceHistogram::HistogramEven
 * (histogram), CUB DeviceSegmentedReduce::Sum and cuBLAS SGEMV with a vector of ones
 * (row_reduce), a plain CUDA Jacobi3D kernel (jacobi3d), cuBLAS SGEMM
 * (matmul, matmul4097) and its strided batched SGEMM (bmatmul), at the
 * sizes of the .mlir files in bench/kernels.
 *
 * Each measurement runs "warmup" times, then "repeat" times between a pair
 * of CUDA events each; the median is reported, one line per measurement:
 *
 *   baseline name=sgemm m=4096 n=4096 k=4096 ms=... gflops=... gbps=...
 * check=ok
 *
 * "gbps" counts the bytes a kernel must move at least (each input read
 * once, each output written once; read + write for the copies), "gflops"
 * the arithmetic of the computation (2 per multiply-add). "check" compares
 * sampled results with a double-precision evaluation on the host, so a
 * fast but wrong baseline cannot set the bar. Exit status 1 without a
 * usable device, on a CUDA/cuBLAS error or on a failed check.
 *
 * This is CUDA C++ only because cuBLAS's C API needs a CUDA compiler to be
 * useful here and CUB is a C++ template library; the code keeps to C style.
 */
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MDH_CUDA(call) mdh_cuda_check((call), #call)
#define MDH_CUBLAS(call) mdh_cublas_check((call), #call)

static const float mdh_j3d_c = 0.142857f;

/* Command-line settings: warm-up and timed repetitions per measurement. */
struct mdh_opts {
  int warmup;
  int repeat;
};

/* Results and resources shared by every measurement. */
struct mdh_ctx {
  struct mdh_opts opts;
  cublasHandle_t blas;
  int failed;
};

static void mdh_cuda_check(cudaError_t err, const char *call) {
  if (err == cudaSuccess)
    return;
  fprintf(stderr, "mdh-baselines: '%s' failed with '%s'\n", call,
          cudaGetErrorString(err));
  exit(1);
}

static void mdh_cublas_check(cublasStatus_t st, const char *call) {
  if (st == CUBLAS_STATUS_SUCCESS)
    return;
  fprintf(stderr, "mdh-baselines: '%s' failed with '%s'\n", call,
          cublasGetStatusString(st));
  exit(1);
}

static void *mdh_host_alloc(size_t bytes) {
  void *p = malloc(bytes);

  if (!p) {
    fprintf(stderr, "mdh-baselines: out of host memory (%zu bytes)\n", bytes);
    exit(1);
  }
  return p;
}

static float *mdh_dev_alloc(size_t n) {
  float *p = NULL;

  MDH_CUDA(cudaMalloc((void **)&p, n * sizeof(float)));
  return p;
}

/* Fill "h" with multiples of 1/256 in [-1, 1) from a 64-bit LCG seeded by
 * "seed" (the value set of mdh-run's --seed, not its sequence), and copy it
 * to the device buffer "d". */
static void mdh_fill(float *h, float *d, size_t n, uint64_t seed) {
  uint64_t s = seed * 6364136223846793005ull + 1442695040888963407ull;

  for (size_t i = 0; i < n; i++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    h[i] = (float)((int)(s >> 55) - 256) / 256.0f;
  }
  MDH_CUDA(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
}

static int mdh_cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;

  return (x > y) - (x < y);
}

/* Run "op" (which enqueues its work on the default stream) "warmup" times,
 * then time it "repeat" times between two events each; return the median
 * in ms. A failed launch is reported by the check after the warm-up. */
static double mdh_median_ms(const struct mdh_ctx *ctx, void (*op)(void *),
                            void *arg) {
  int n = ctx->opts.repeat;
  float *ms = (float *)mdh_host_alloc(n * sizeof(float));
  cudaEvent_t start, stop;
  double med;

  MDH_CUDA(cudaEventCreate(&start));
  MDH_CUDA(cudaEventCreate(&stop));
  for (int i = 0; i < ctx->opts.warmup; i++)
    op(arg);
  MDH_CUDA(cudaGetLastError());
  MDH_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) {
    MDH_CUDA(cudaEventRecord(start, 0));
    op(arg);
    MDH_CUDA(cudaEventRecord(stop, 0));
    MDH_CUDA(cudaEventSynchronize(stop));
    MDH_CUDA(cudaEventElapsedTime(&ms[i], start, stop));
  }
  MDH_CUDA(cudaGetLastError());
  qsort(ms, n, sizeof(float), mdh_cmp_float);
  med = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
  MDH_CUDA(cudaEventDestroy(start));
  MDH_CUDA(cudaEventDestroy(stop));
  free(ms);
  return med;
}

/* Print one measurement line; "shape" holds its size fields. */
static void mdh_report(struct mdh_ctx *ctx, const char *name, const char *shape,
                       double ms, double flops, double bytes, int ok) {
  printf("baseline name=%s %s ms=%.4f", name, shape, ms);
  if (flops > 0)
    printf(" gflops=%.1f", flops / ms * 1e-6);
  printf(" gbps=%.1f check=%s\n", bytes / ms * 1e-6, ok ? "ok" : "FAIL");
  fflush(stdout);
  if (!ok)
    ctx->failed = 1;
}

/* Whether "got" is within float accumulation error of "ref"; "scale" is
 * the sum of the magnitudes of the terms that made "ref". */
static int mdh_close(double got, double ref, double scale) {
  return fabs(got - ref) <= 1e-5 + 1e-4 * scale;
}

static void mdh_print_device(void) {
  struct cudaDeviceProp p;
  int dev, clock_khz = 0, bus_bits = 0, drv = 0, rt = 0;

  MDH_CUDA(cudaGetDevice(&dev));
  MDH_CUDA(cudaGetDeviceProperties(&p, dev));
  MDH_CUDA(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, dev));
  MDH_CUDA(
      cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev));
  MDH_CUDA(cudaDriverGetVersion(&drv));
  MDH_CUDA(cudaRuntimeGetVersion(&rt));
  printf("device cc=%d.%d sms=%d mem_gib=%.1f l2_mib=%.1f "
         "peak_gbps=%.1f driver=%d runtime=%d name=\"%s\"\n",
         p.major, p.minor, p.multiProcessorCount,
         p.totalGlobalMem / 1073741824.0, p.l2CacheSize / 1048576.0,
         2.0 * clock_khz * 1e3 * (bus_bits / 8) * 1e-9, drv, rt, p.name);
  fflush(stdout);
}

/* ---- copy bandwidth ---------------------------------------------------- */

struct mdh_copy {
  float *src, *dst;
  size_t n;
};

__global__ void mdh_copy_kernel(const float4 *__restrict__ src,
                                float4 *__restrict__ dst, size_t n4) {
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;

  if (t < n4)
    dst[t] = src[t];
}

static void mdh_op_memcpy(void *arg) {
  struct mdh_copy *c = (struct mdh_copy *)arg;

  MDH_CUDA(cudaMemcpyAsync(c->dst, c->src, c->n * sizeof(float),
                           cudaMemcpyDeviceToDevice, 0));
}

static void mdh_op_copy_kernel(void *arg) {
  struct mdh_copy *c = (struct mdh_copy *)arg;
  size_t n4 = c->n / 4;

  mdh_copy_kernel<<<(unsigned)((n4 + 255) / 256), 256>>>((const float4 *)c->src,
                                                         (float4 *)c->dst, n4);
}

/* Whether "n" floats of "d" hold what "h" holds at 4096 sampled places. */
static int mdh_same_sampled(const float *d, const float *h, size_t n) {
  for (size_t i = 0; i < n; i += n / 4096) {
    float v;

    MDH_CUDA(cudaMemcpy(&v, d + i, sizeof(float), cudaMemcpyDeviceToHost));
    if (v != h[i])
      return 0;
  }
  return 1;
}

/* 1 GiB from one buffer to another; bytes read plus bytes written. */
static void mdh_bench_copy(struct mdh_ctx *ctx) {
  struct mdh_copy c;
  char shape[64];
  float *h;
  double ms;
  int ok;

  c.n = (size_t)1 << 28;
  c.src = mdh_dev_alloc(c.n);
  c.dst = mdh_dev_alloc(c.n);
  h = (float *)mdh_host_alloc(c.n * sizeof(float));
  mdh_fill(h, c.src, c.n, 1);
  snprintf(shape, sizeof(shape), "bytes=%zu", c.n * sizeof(float));

  MDH_CUDA(cudaMemset(c.dst, 0, c.n * sizeof(float)));
  ms = mdh_median_ms(ctx, mdh_op_memcpy, &c);
  ok = mdh_same_sampled(c.dst, h, c.n);
  mdh_report(ctx, "memcpy_d2d", shape, ms, 0, 2.0 * c.n * sizeof(float), ok);

  MDH_CUDA(cudaMemset(c.dst, 0, c.n * sizeof(float)));
  ms = mdh_median_ms(ctx, mdh_op_copy_kernel, &c);
  ok = mdh_same_sampled(c.dst, h, c.n);
  mdh_report(ctx, "copy_kernel", shape, ms, 0, 2.0 * c.n * sizeof(float), ok);

  free(h);
  MDH_CUDA(cudaFree(c.src));
  MDH_CUDA(cudaFree(c.dst));
}

/* ---- matvec and row_reduce through SGEMV ------------------------------- */

struct mdh_gemv {
  cublasHandle_t blas;
  const float *M, *v;
  float *w;
  int rows, cols;
};

/* w = M v for a row-major "rows" x "cols" M: cuBLAS is column-major, so
 * the buffer is M^T with leading dimension "cols", used transposed. */
static void mdh_op_gemv(void *arg) {
  struct mdh_gemv *g = (struct mdh_gemv *)arg;
  const float one = 1.0f, zero = 0.0f;

  MDH_CUBLAS(cublasSgemv(g->blas, CUBLAS_OP_T, g->cols, g->rows, &one, g->M,
                         g->cols, g->v, 1, &zero, g->w, 1));
}

/* Whether 64 sampled rows of the device result "w" match M v on the host. */
static int mdh_check_rows(const float *w, const float *M, const float *v,
                          int rows, int cols) {
  for (int s = 0; s < 64; s++) {
    int i = (int)(((int64_t)s * 7919) % rows);
    double ref = 0, scale = 0;
    float got;

    for (int k = 0; k < cols; k++) {
      double t = (double)M[(size_t)i * cols + k] * v[k];

      ref += t;
      scale += fabs(t);
    }
    MDH_CUDA(cudaMemcpy(&got, w + i, sizeof(float), cudaMemcpyDeviceToHost));
    if (!mdh_close(got, ref, scale))
      return 0;
  }
  return 1;
}

static void mdh_bench_gemv(struct mdh_ctx *ctx, const char *name, int rows,
                           int cols, int ones) {
  size_t mn = (size_t)rows * cols;
  float *hM = (float *)mdh_host_alloc(mn * sizeof(float));
  float *hv = (float *)mdh_host_alloc(cols * sizeof(float));
  struct mdh_gemv g;
  char shape[64];
  double ms, bytes;
  int ok;

  g.blas = ctx->blas;
  g.rows = rows;
  g.cols = cols;
  g.M = mdh_dev_alloc(mn);
  g.v = mdh_dev_alloc(cols);
  g.w = mdh_dev_alloc(rows);
  mdh_fill(hM, (float *)g.M, mn, 2);
  if (ones) {
    for (int k = 0; k < cols; k++)
      hv[k] = 1.0f;
    MDH_CUDA(cudaMemcpy((float *)g.v, hv, cols * sizeof(float),
                        cudaMemcpyHostToDevice));
  } else {
    mdh_fill(hv, (float *)g.v, cols, 3);
  }
  ms = mdh_median_ms(ctx, mdh_op_gemv, &g);
  ok = mdh_check_rows(g.w, hM, hv, rows, cols);
  bytes = ((double)mn + (ones ? 0 : cols) + rows) * sizeof(float);
  snprintf(shape, sizeof(shape), "m=%d n=%d", rows, cols);
  mdh_report(ctx, name, shape, ms, ones ? (double)mn : 2.0 * mn, bytes, ok);
  free(hM);
  free(hv);
  MDH_CUDA(cudaFree((void *)g.M));
  MDH_CUDA(cudaFree((void *)g.v));
  MDH_CUDA(cudaFree(g.w));
}

/* ---- reduce: CUB DeviceReduce::Sum ------------------------------------- */

struct mdh_reduce {
  void *tmp;
  size_t tmp_bytes;
  const float *x;
  float *s;
  int n;
};

static void mdh_op_reduce(void *arg) {
  struct mdh_reduce *r = (struct mdh_reduce *)arg;

  MDH_CUDA(cub::DeviceReduce::Sum(r->tmp, r->tmp_bytes, r->x, r->s, r->n));
}

static int mdh_check_sum(const float *d, const float *h, size_t n) {
  double ref = 0, scale = 0;
  float got;

  for (size_t i = 0; i < n; i++) {
    ref += h[i];
    scale += fabs(h[i]);
  }
  MDH_CUDA(cudaMemcpy(&got, d, sizeof(float), cudaMemcpyDeviceToHost));
  return mdh_close(got, ref, scale);
}

static void mdh_bench_reduce(struct mdh_ctx *ctx, int n) {
  float *h = (float *)mdh_host_alloc((size_t)n * sizeof(float));
  struct mdh_reduce r;
  char shape[64];
  double ms;
  int ok;

  r.x = mdh_dev_alloc(n);
  r.s = mdh_dev_alloc(1);
  r.n = n;
  r.tmp = NULL;
  mdh_fill(h, (float *)r.x, n, 4);
  MDH_CUDA(cub::DeviceReduce::Sum(NULL, r.tmp_bytes, r.x, r.s, n));
  MDH_CUDA(cudaMalloc(&r.tmp, r.tmp_bytes));
  ms = mdh_median_ms(ctx, mdh_op_reduce, &r);
  ok = mdh_check_sum(r.s, h, n);
  snprintf(shape, sizeof(shape), "n=%d", n);
  mdh_report(ctx, "cub_reduce", shape, ms, n, ((double)n + 1) * sizeof(float),
             ok);
  free(h);
  MDH_CUDA(cudaFree(r.tmp));
  MDH_CUDA(cudaFree((void *)r.x));
  MDH_CUDA(cudaFree(r.s));
}

/* ---- scan: CUB DeviceScan::InclusiveSum ------------------------------- */

struct mdh_scan {
  void *tmp;
  size_t tmp_bytes;
  const float *x;
  float *y;
  int n;
};

static void mdh_op_scan(void *arg) {
  struct mdh_scan *s = (struct mdh_scan *)arg;

  MDH_CUDA(cub::DeviceScan::InclusiveSum(s->tmp, s->tmp_bytes, s->x, s->y,
                                         s->n));
}

/* Checks every 4099th prefix (and the last) against a double-precision
 * running sum. */
static int mdh_check_scan(const float *d, const float *h, size_t n) {
  float *y = (float *)mdh_host_alloc(n * sizeof(float));
  double ref = 0, scale = 0;
  int ok = 1;

  MDH_CUDA(cudaMemcpy(y, d, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i++) {
    ref += h[i];
    scale += fabs(h[i]);
    if ((i % 4099 == 0 || i == n - 1) && !mdh_close(y[i], ref, scale))
      ok = 0;
  }
  free(y);
  return ok;
}

static void mdh_bench_scan(struct mdh_ctx *ctx, int n) {
  float *h = (float *)mdh_host_alloc((size_t)n * sizeof(float));
  struct mdh_scan s;
  char shape[64];
  double ms;
  int ok;

  s.x = mdh_dev_alloc(n);
  s.y = mdh_dev_alloc(n);
  s.n = n;
  s.tmp = NULL;
  mdh_fill(h, (float *)s.x, n, 5);
  MDH_CUDA(cub::DeviceScan::InclusiveSum(NULL, s.tmp_bytes, s.x, s.y, n));
  MDH_CUDA(cudaMalloc(&s.tmp, s.tmp_bytes));
  ms = mdh_median_ms(ctx, mdh_op_scan, &s);
  ok = mdh_check_scan(s.y, h, n);
  snprintf(shape, sizeof(shape), "n=%d", n);
  mdh_report(ctx, "cub_scan", shape, ms, n, 2.0 * n * sizeof(float), ok);
  free(h);
  MDH_CUDA(cudaFree(s.tmp));
  MDH_CUDA(cudaFree((void *)s.x));
  MDH_CUDA(cudaFree(s.y));
}

/* ---- histogram: CUB DeviceHistogram::HistogramEven --------------------- */

struct mdh_histogram {
  void *tmp;
  size_t tmp_bytes;
  const float *x;
  int *h;
  int n;
};

/* 256 even bins over [-1, 1), as bench/kernels/histogram.mlir. */
#define MDH_HISTOGRAM_BINS 256

static void mdh_op_histogram(void *arg) {
  struct mdh_histogram *s = (struct mdh_histogram *)arg;

  MDH_CUDA(cub::DeviceHistogram::HistogramEven(
      s->tmp, s->tmp_bytes, s->x, s->h, MDH_HISTOGRAM_BINS + 1, -1.0f, 1.0f,
      s->n));
}

/* Checks the bins against a count on the host of floor((x + 1) * 128). */
static int mdh_check_histogram(const int *d, const float *x, size_t n) {
  int got[MDH_HISTOGRAM_BINS], ref[MDH_HISTOGRAM_BINS] = {0}, b;

  for (size_t i = 0; i < n; i++) {
    b = (int)((x[i] + 1.0f) * (MDH_HISTOGRAM_BINS / 2));
    if (b >= 0 && b < MDH_HISTOGRAM_BINS)
      ref[b]++;
  }
  MDH_CUDA(cudaMemcpy(got, d, sizeof(got), cudaMemcpyDeviceToHost));
  return memcmp(got, ref, sizeof(got)) == 0;
}

static void mdh_bench_histogram(struct mdh_ctx *ctx, int n) {
  float *h = (float *)mdh_host_alloc((size_t)n * sizeof(float));
  struct mdh_histogram s;
  char shape[64];
  double ms;
  int ok;

  s.x = mdh_dev_alloc(n);
  MDH_CUDA(cudaMalloc(&s.h, MDH_HISTOGRAM_BINS * sizeof(int)));
  s.n = n;
  s.tmp = NULL;
  mdh_fill(h, (float *)s.x, n, 6);
  MDH_CUDA(cub::DeviceHistogram::HistogramEven(
      NULL, s.tmp_bytes, s.x, s.h, MDH_HISTOGRAM_BINS + 1, -1.0f, 1.0f, n));
  MDH_CUDA(cudaMalloc(&s.tmp, s.tmp_bytes));
  ms = mdh_median_ms(ctx, mdh_op_histogram, &s);
  ok = mdh_check_histogram(s.h, h, n);
  snprintf(shape, sizeof(shape), "n=%d bins=%d", n, MDH_HISTOGRAM_BINS);
  mdh_report(ctx, "cub_histogram", shape, ms, n,
             (double)n * sizeof(float) + MDH_HISTOGRAM_BINS * sizeof(int), ok);
  free(h);
  MDH_CUDA(cudaFree(s.tmp));
  MDH_CUDA(cudaFree((void *)s.x));
  MDH_CUDA(cudaFree(s.h));
}

/* ---- row_reduce: CUB DeviceSegmentedReduce::Sum ------------------------ */

struct mdh_segreduce {
  void *tmp;
  size_t tmp_bytes;
  const float *x;
  float *r;
  const int *offsets;
  int rows;
};

static void mdh_op_segreduce(void *arg) {
  struct mdh_segreduce *s = (struct mdh_segreduce *)arg;

  MDH_CUDA(cub::DeviceSegmentedReduce::Sum(
      s->tmp, s->tmp_bytes, s->x, s->r, s->rows, s->offsets, s->offsets + 1));
}

/* Row i of the row-major "rows" x "cols" input is segment [i*cols,
 * (i+1)*cols). */
static int *mdh_row_offsets(int rows, int cols) {
  int *h = (int *)mdh_host_alloc((rows + 1) * sizeof(int));
  int *d = NULL;

  for (int i = 0; i <= rows; i++)
    h[i] = i * cols;
  MDH_CUDA(cudaMalloc((void **)&d, (rows + 1) * sizeof(int)));
  MDH_CUDA(cudaMemcpy(d, h, (rows + 1) * sizeof(int), cudaMemcpyHostToDevice));
  free(h);
  return d;
}

static void mdh_bench_segreduce(struct mdh_ctx *ctx, int rows, int cols) {
  size_t mn = (size_t)rows * cols;
  float *hx = (float *)mdh_host_alloc(mn * sizeof(float));
  float *ones = (float *)mdh_host_alloc(cols * sizeof(float));
  struct mdh_segreduce s;
  char shape[64];
  double ms;
  int ok;

  s.x = mdh_dev_alloc(mn);
  s.r = mdh_dev_alloc(rows);
  s.rows = rows;
  s.offsets = mdh_row_offsets(rows, cols);
  s.tmp = NULL;
  mdh_fill(hx, (float *)s.x, mn, 5);
  for (int k = 0; k < cols; k++)
    ones[k] = 1.0f;
  MDH_CUDA(cub::DeviceSegmentedReduce::Sum(NULL, s.tmp_bytes, s.x, s.r, rows,
                                           s.offsets, s.offsets + 1));
  MDH_CUDA(cudaMalloc(&s.tmp, s.tmp_bytes));
  ms = mdh_median_ms(ctx, mdh_op_segreduce, &s);
  ok = mdh_check_rows(s.r, hx, ones, rows, cols);
  snprintf(shape, sizeof(shape), "m=%d n=%d", rows, cols);
  mdh_report(ctx, "cub_segreduce", shape, ms, (double)mn,
             ((double)mn + rows) * sizeof(float), ok);
  free(hx);
  free(ones);
  MDH_CUDA(cudaFree(s.tmp));
  MDH_CUDA(cudaFree((void *)s.x));
  MDH_CUDA(cudaFree(s.r));
  MDH_CUDA(cudaFree((void *)s.offsets));
}

/* ---- jacobi3d: one thread per output point ----------------------------- */

struct mdh_jacobi {
  const float *x;
  float *y;
  int n;
};

/* The stencil of bench/kernels/jacobi3d.mlir, summed in its order, on an
 * "n"^3 interior of an (n+2)^3 input; k is the contiguous dimension. */
__global__ void mdh_jacobi3d_kernel(const float *__restrict__ x,
                                    float *__restrict__ y, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int i = blockIdx.z * blockDim.z + threadIdx.z;
  size_t h = n + 2, hh = h * h;
  const float *c;
  float s;

  if (i >= n || j >= n || k >= n)
    return;
  c = x + (size_t)(i + 1) * hh + (size_t)(j + 1) * h + (k + 1);
  s = c[-1] + c[1];
  s = s + c[-(ptrdiff_t)h];
  s = s + c[h];
  s = s + c[-(ptrdiff_t)hh];
  s = s + c[hh];
  s = s + c[0];
  y[((size_t)i * n + j) * n + k] = mdh_j3d_c * s;
}

static void mdh_op_jacobi(void *arg) {
  struct mdh_jacobi *J = (struct mdh_jacobi *)arg;
  dim3 block(128, 4, 1);
  dim3 grid((J->n + 127) / 128, (J->n + 3) / 4, J->n);

  mdh_jacobi3d_kernel<<<grid, block>>>(J->x, J->y, J->n);
}

static float mdh_jacobi_at(const float *x, int n, int i, int j, int k) {
  size_t h = n + 2;
  const float *c = x + ((size_t)(i + 1) * h + (j + 1)) * h + (k + 1);
  float s = c[-1] + c[1];

  s = s + c[-(ptrdiff_t)h];
  s = s + c[h];
  s = s + c[-(ptrdiff_t)(h * h)];
  s = s + c[h * h];
  s = s + c[0];
  return mdh_j3d_c * s;
}

static int mdh_check_jacobi(const float *y, const float *x, int n) {
  for (int s = 0; s < 1024; s++) {
    int i = (s * 131) % n, j = (s * 37 + 1) % n, k = (s * 7919) % n;
    float got, ref = mdh_jacobi_at(x, n, i, j, k);

    MDH_CUDA(cudaMemcpy(&got, y + ((size_t)i * n + j) * n + k, sizeof(float),
                        cudaMemcpyDeviceToHost));
    if (!mdh_close(got, ref, 7.0 * mdh_j3d_c))
      return 0;
  }
  return 1;
}

static void mdh_bench_jacobi(struct mdh_ctx *ctx, int n) {
  size_t nx = (size_t)(n + 2) * (n + 2) * (n + 2);
  size_t ny = (size_t)n * n * n;
  float *hx = (float *)mdh_host_alloc(nx * sizeof(float));
  struct mdh_jacobi J;
  char shape[64];
  double ms;
  int ok;

  J.x = mdh_dev_alloc(nx);
  J.y = mdh_dev_alloc(ny);
  J.n = n;
  mdh_fill(hx, (float *)J.x, nx, 6);
  ms = mdh_median_ms(ctx, mdh_op_jacobi, &J);
  ok = mdh_check_jacobi(J.y, hx, n);
  snprintf(shape, sizeof(shape), "n=%d", n);
  mdh_report(ctx, "jacobi3d_cuda", shape, ms, 7.0 * ny,
             ((double)nx + ny) * sizeof(float), ok);
  free(hx);
  MDH_CUDA(cudaFree((void *)J.x));
  MDH_CUDA(cudaFree(J.y));
}

/* ---- ew3: the fused element-wise chain in one pass --------------------- */

struct mdh_ew3 {
  const float *x;
  float *y;
  size_t n;
};

/* y = (2 x + 1)^2, one grid-stride pass: x read and y written once (what
 * bench/kernels/ew3.mlir computes through two intermediates). */
__global__ void mdh_ew3_kernel(const float *__restrict__ x,
                               float *__restrict__ y, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    float t = 2.0f * x[i] + 1.0f;
    y[i] = t * t;
  }
}

static void mdh_op_ew3(void *arg) {
  struct mdh_ew3 *e = (struct mdh_ew3 *)arg;

  mdh_ew3_kernel<<<4096, 256>>>(e->x, e->y, e->n);
}

static int mdh_check_ew3(const float *y, const float *x, size_t n) {
  for (int s = 0; s < 1024; s++) {
    size_t i = ((size_t)s * 7919 * 131) % n;
    float got, t = 2.0f * x[i] + 1.0f;

    MDH_CUDA(cudaMemcpy(&got, y + i, sizeof(float), cudaMemcpyDeviceToHost));
    if (!mdh_close(got, t * t, t * t))
      return 0;
  }
  return 1;
}

static void mdh_bench_ew3(struct mdh_ctx *ctx, int n) {
  size_t nn = (size_t)n * n;
  float *hx = (float *)mdh_host_alloc(nn * sizeof(float));
  struct mdh_ew3 e;
  char shape[64];
  double ms;
  int ok;

  e.x = mdh_dev_alloc(nn);
  e.y = mdh_dev_alloc(nn);
  e.n = nn;
  mdh_fill(hx, (float *)e.x, nn, 7);
  ms = mdh_median_ms(ctx, mdh_op_ew3, &e);
  ok = mdh_check_ew3(e.y, hx, nn);
  snprintf(shape, sizeof(shape), "m=%d n=%d", n, n);
  mdh_report(ctx, "ew3_cuda", shape, ms, 3.0 * nn, 2.0 * nn * sizeof(float),
             ok);
  free(hx);
  MDH_CUDA(cudaFree((void *)e.x));
  MDH_CUDA(cudaFree(e.y));
}

/* ---- matmul: cuBLAS SGEMM ---------------------------------------------- */

/* "batch" products of n x n matrices, each stored after the other. */
struct mdh_gemm {
  cublasHandle_t blas;
  const float *A, *B;
  float *C;
  int n;
  int batch;
};

/* Row-major C = A B is column-major C^T = B^T A^T: the same buffers with
 * the operands swapped. A batch is cuBLAS's strided batched SGEMM. */
static void mdh_op_gemm(void *arg) {
  struct mdh_gemm *g = (struct mdh_gemm *)arg;
  const float one = 1.0f, zero = 0.0f;
  long long nn = (long long)g->n * g->n;
  int n = g->n;

  if (g->batch == 1)
    MDH_CUBLAS(cublasSgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one,
                           g->B, n, g->A, n, &zero, g->C, n));
  else
    MDH_CUBLAS(cublasSgemmStridedBatched(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, n,
                                         n, n, &one, g->B, n, nn, g->A, n, nn,
                                         &zero, g->C, n, nn, g->batch));
}

/* Checks 64 entries of the products, spread over the batch. */
static int mdh_check_gemm(const float *C, const float *A, const float *B,
                          int n, int batch) {
  for (int s = 0; s < 64; s++) {
    size_t b = (size_t)(s % batch) * n * n;
    int i = (s * 131) % n, j = (s * 7919 + 3) % n;
    double ref = 0, scale = 0;
    float got;

    for (int k = 0; k < n; k++) {
      double t = (double)A[b + (size_t)i * n + k] * B[b + (size_t)k * n + j];

      ref += t;
      scale += fabs(t);
    }
    MDH_CUDA(cudaMemcpy(&got, C + b + (size_t)i * n + j, sizeof(float),
                        cudaMemcpyDeviceToHost));
    if (!mdh_close(got, ref, scale))
      return 0;
  }
  return 1;
}

static void mdh_bench_gemm(struct mdh_ctx *ctx, const char *name, int n,
                           int batch) {
  size_t nn = (size_t)n * n * batch;
  float *hA = (float *)mdh_host_alloc(nn * sizeof(float));
  float *hB = (float *)mdh_host_alloc(nn * sizeof(float));
  struct mdh_gemm g;
  char shape[64];
  double ms;
  int ok;

  g.blas = ctx->blas;
  g.n = n;
  g.batch = batch;
  g.A = mdh_dev_alloc(nn);
  g.B = mdh_dev_alloc(nn);
  g.C = mdh_dev_alloc(nn);
  mdh_fill(hA, (float *)g.A, nn, 7);
  mdh_fill(hB, (float *)g.B, nn, 8);
  ms = mdh_median_ms(ctx, mdh_op_gemm, &g);
  ok = mdh_check_gemm(g.C, hA, hB, n, batch);
  if (batch == 1)
    snprintf(shape, sizeof(shape), "m=%d n=%d k=%d", n, n, n);
  else
    snprintf(shape, sizeof(shape), "batch=%d m=%d n=%d k=%d", batch, n, n, n);
  mdh_report(ctx, name, shape, ms, 2.0 * nn * n, 3.0 * nn * sizeof(float),
             ok);
  free(hA);
  free(hB);
  MDH_CUDA(cudaFree((void *)g.A));
  MDH_CUDA(cudaFree((void *)g.B));
  MDH_CUDA(cudaFree(g.C));
}

/* ---- driver ------------------------------------------------------------ */

static void mdh_usage(FILE *f) {
  fprintf(f, "usage: mdh-baselines [--warmup=N] [--repeat=N]\n"
             "Times the GPU baselines of bench/kernels (median of N "
             "repetitions after the warm-up;\ndefaults 5 and 21) and "
             "prints one 'baseline name=... ms=...' line each.\n");
}

/* Parse "--NAME=N" into "out" (1..100000); 0 on success, -1 otherwise. */
static int mdh_parse_count(const char *arg, const char *name, int *out) {
  size_t len = strlen(name);
  char *end;
  long v;

  if (strncmp(arg, name, len) != 0)
    return -1;
  v = strtol(arg + len, &end, 10);
  if (arg[len] == '\0' || *end != '\0' || v < 1 || v > 100000)
    return -1;
  *out = (int)v;
  return 0;
}

static int mdh_parse_args(int argc, char **argv, struct mdh_opts *o) {
  o->warmup = 5;
  o->repeat = 21;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help")) {
      mdh_usage(stdout);
      exit(0);
    }
    if (mdh_parse_count(argv[i], "--warmup=", &o->warmup) &&
        mdh_parse_count(argv[i], "--repeat=", &o->repeat)) {
      fprintf(stderr,
              "mdh-baselines: bad argument '%s' (counts "
              "are 1..100000)\n",
              argv[i]);
      mdh_usage(stderr);
      return -1;
    }
  }
  return 0;
}

/* Without a driver or a device the CUDA runtime fails its first call;
 * say so plainly rather than with the first benchmark's error. */
static int mdh_have_device(void) {
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);

  if (err != cudaSuccess) {
    fprintf(stderr,
            "mdh-baselines: no usable CUDA device: cudaGetDeviceCount failed "
            "with '%s' (%s)%s\n",
            cudaGetErrorString(err), cudaGetErrorName(err),
            err == cudaErrorInsufficientDriver
                ? ": no NVIDIA driver (libcuda.so.1), or one older than this "
                  "CUDA runtime"
                : "");
    return 0;
  }
  if (count == 0) {
    fprintf(stderr, "mdh-baselines: no CUDA device found\n");
    return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  struct mdh_ctx ctx;

  memset(&ctx, 0, sizeof(ctx));
  if (mdh_parse_args(argc, argv, &ctx.opts) < 0 || !mdh_have_device())
    return 1;
  mdh_print_device();
  MDH_CUBLAS(cublasCreate(&ctx.blas));
  MDH_CUBLAS(cublasSetMathMode(ctx.blas, CUBLAS_DEFAULT_MATH));
  mdh_bench_copy(&ctx);
  mdh_bench_gemv(&ctx, "sgemv", 8192, 8192, 0);
  mdh_bench_reduce(&ctx, 1 << 26);
  mdh_bench_scan(&ctx, 1 << 26);
  mdh_bench_histogram(&ctx, 1 << 24);
  mdh_bench_segreduce(&ctx, 8192, 8192);
  mdh_bench_gemv(&ctx, "sgemv_ones", 8192, 8192, 1);
  mdh_bench_jacobi(&ctx, 512);
  mdh_bench_gemm(&ctx, "sgemm", 4096, 1);
  mdh_bench_gemm(&ctx, "sgemm_4097", 4097, 1);
  mdh_bench_gemm(&ctx, "sgemm_batched", 512, 16);
  mdh_bench_ew3(&ctx, 8192);
  MDH_CUBLAS(cublasDestroy(ctx.blas));
  if (ctx.failed)
    fprintf(stderr, "mdh-baselines: a result check failed\n");
  return ctx.failed ? 1 : 0;
}
