/* What the library sides of bench/cpu share (libs.c, polybench/loops.c):
 * the clock, the median of the timed calls, the inputs and outputs that
 * mdh-run wrote, and the comparison with mdh's outputs. */

#ifndef MDH_BENCH_CPU_BENCH_H
#define MDH_BENCH_CPU_BENCH_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double bench_now_ms(void) {
  struct timespec t;

  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

/* Returns the median of the "n" times "t" (sorting them). */
static double bench_median(double *t, int n) {
  qsort(t, n, sizeof(*t), bench_cmp_double);
  return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* Reads "n" floats of DIR/argK.bin (as `mdh-run --write-outputs` wrote
 * them) into "p"; exits after a message naming "who" if it cannot. */
static void bench_read_floats(const char *who, const char *dir, int k, size_t n,
                              float *p) {
  char path[4096];
  FILE *f;

  snprintf(path, sizeof(path), "%s/arg%d.bin", dir, k);
  f = fopen(path, "rb");
  if (!p || !f || fread(p, sizeof(float), n, f) != n) {
    fprintf(stderr, "%s: cannot read %zu floats of %s\n", who, n, path);
    exit(1);
  }
  fclose(f);
}

/* Compares the "n" floats "got" with mdh's "want": tells whether every
 * |got - want| <= tol + tol |want|, and raises "*err" to the largest
 * difference. */
static int bench_compare(const float *got, const float *want, size_t n,
                         double tol, double *err) {
  double d;
  int ok = 1;
  size_t i;

  for (i = 0; i < n; ++i) {
    d = fabs((double)got[i] - want[i]);
    *err = d > *err ? d : *err;
    ok &= d <= tol + tol * fabs(want[i]);
  }
  return ok;
}

#endif
