/* test_device.c - the device helpers on a simulated thread block
 *
 * The helper sources are compiled for the host against sim.c, where every
 * GPU thread is a pthread, and compared with a sequential reference written
 * independently here. The inputs make every result exact whatever the
 * combination order (integers whose partial sums fit the significand,
 * products of +-1 and a few powers of two), so floats are compared bit for
 * bit, the sign of zero included; a NaN must stay a NaN.
 *
 * Each combination runs three cases: 0 random data, 1 special data (a NaN
 * for float min/max, all negative integers), 2 signed zeros for floats
 * (all -0.0 for add) and small integers. Every thread calls the helpers for
 * all combinations and cases in a row, so the block tests also check that
 * consecutive calls (of different types) do not disturb each other.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdh_device.h"
#include "sim.h"

#define NCASES 3
#define ATOMIC_THREADS 64
#define ATOMIC_UPDATES 128

enum op { OP_add, OP_mul, OP_min, OP_max, OP_and, OP_or, OP_xor };
enum ty { TY_f16, TY_bf16, TY_f32, TY_f64, TY_i32, TY_i64 };

union value {
  mdh_f16 f16;
  mdh_bf16 bf16;
  mdh_f32 f32;
  mdh_f64 f64;
  mdh_i32 i32;
  mdh_i64 i64;
};

/* One (op, type) pair and its helpers behind type-erased wrappers. */
struct combo {
  const char *name;
  enum op op;
  enum ty ty;
  union value (*warp)(union value v);
  union value (*block)(union value v);
  void (*atomic)(void *p, union value v);
  union value (*identity)(void);
};

#define WRAP(op, ty)                                                           \
  static union value warp_##op##_##ty(union value v) {                         \
    v.ty = mdh_warp_reduce_##op##_##ty(v.ty);                                  \
    return v;                                                                  \
  }                                                                            \
  static union value block_##op##_##ty(union value v) {                        \
    v.ty = mdh_block_reduce_##op##_##ty(v.ty);                                 \
    return v;                                                                  \
  }                                                                            \
  static void atomic_##op##_##ty(void *p, union value v) {                     \
    mdh_atomic_##op##_##ty(p, v.ty);                                           \
  }                                                                            \
  static union value identity_##op##_##ty(void) {                              \
    union value v;                                                             \
    v.ty = mdh_identity_##op##_##ty();                                         \
    return v;                                                                  \
  }
MDH_DEVICE_FOREACH(WRAP)

#define ROW(op, ty)                                                            \
  {#op "_" #ty,         OP_##op,           TY_##ty,                            \
   warp_##op##_##ty,    block_##op##_##ty, atomic_##op##_##ty,                 \
   identity_##op##_##ty},
#define ONE(op, ty) +1
#define NCOMBOS (0u MDH_DEVICE_FOREACH(ONE))
static const struct combo combos[NCOMBOS] = {MDH_DEVICE_FOREACH(ROW)};

static const unsigned type_size[] = {2, 2, 4, 8, 4, 8};
static const int significand_bits[] = {11, 8, 24, 53};

static int is_float(enum ty ty) { return ty <= TY_f64; }

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15u;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

static uint64_t random_of(const struct combo *c, int kase, uint64_t i) {
  return mix(mix(mix((uint64_t)(c - combos)) ^ (uint64_t)kase) ^ i);
}

static uint16_t bits16_of_float(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return (uint16_t)(u >> 16);
}

static union value from_double(enum ty ty, double d) {
  union value v;
  uint16_t h;

  memset(&v, 0, sizeof v);
  if (ty == TY_f16)
    v.f16 = (mdh_f16)d;
  else if (ty == TY_bf16) {
    h = bits16_of_float((float)d);
    memcpy(&v.bf16, &h, sizeof h);
  } else if (ty == TY_f32)
    v.f32 = (float)d;
  else
    v.f64 = d;
  return v;
}

static double to_double(enum ty ty, union value v) {
  uint16_t h;
  uint32_t u;
  float f;

  if (ty == TY_f16)
    return (double)(float)v.f16;
  if (ty == TY_f32)
    return v.f32;
  if (ty == TY_f64)
    return v.f64;
  memcpy(&h, &v.bf16, sizeof h);
  u = (uint32_t)h << 16;
  memcpy(&f, &u, sizeof f);
  return f;
}

static union value from_int(enum ty ty, int64_t i) {
  union value v;

  memset(&v, 0, sizeof v);
  if (ty == TY_i32)
    v.i32 = (int32_t)(uint32_t)(uint64_t)i;
  else
    v.i64 = i;
  return v;
}

static int64_t to_int(enum ty ty, union value v) {
  return ty == TY_i32 ? v.i32 : v.i64;
}

/* Integers of random sign whose sum of magnitudes stays within 2^p, so
 * every partial sum in any order is exact; sparse +-1 when "n" is large. */
static double add_input(enum ty ty, uint64_t r, unsigned i, unsigned n) {
  int p = significand_bits[ty] < 40 ? significand_bits[ty] : 40;
  uint64_t exact = (uint64_t)1 << p;
  double sign = r & 1 ? -1.0 : 1.0;

  if (exact >= n)
    return sign * (double)((r >> 1) % (exact / n + 1));
  return i % ((n + exact - 1) / exact) == 0 ? sign : 0.0;
}

/* +-1, with at most seven 2s and seven 0.5s: exact in f16 in any order. */
static double mul_input(uint64_t r, unsigned i) {
  double sign = r & 1 ? -1.0 : 1.0;

  if (i % 9 == 4 && i / 9 < 7)
    return 2.0 * sign;
  if (i % 9 == 7 && i / 9 < 7)
    return 0.5 * sign;
  return sign;
}

static double float_input(const struct combo *c, int kase, unsigned i,
                          unsigned n) {
  uint64_t r = random_of(c, kase, i);
  int minmax = c->op == OP_min || c->op == OP_max;

  if (kase == 2)
    return c->op == OP_add || r & 1 ? -0.0 : 0.0;
  if (kase == 1 && minmax && i % n == random_of(c, kase, n) % n)
    return NAN;
  if (minmax)
    return (double)((int64_t)(r % 2001) - 1000) * 0.25;
  if (c->op == OP_mul)
    return mul_input(r, i);
  return add_input(c->ty, r, i, n);
}

static int64_t int_input(const struct combo *c, int kase, unsigned i) {
  uint64_t r = random_of(c, kase, i);
  int64_t x = (int64_t)r;

  if (kase == 1)
    x = -(int64_t)(r % ((uint64_t)1 << 30)) - 1;
  else if (kase == 2)
    x = (int64_t)(r % 17) - 8;
  return c->op == OP_mul ? x | 1 : x;
}

/* Element "i" of "n" of case "kase" of combination "c". */
static union value input(const struct combo *c, int kase, unsigned i,
                         unsigned n) {
  if (is_float(c->ty))
    return from_double(c->ty, float_input(c, kase, i, n));
  return from_int(c->ty, int_input(c, kase, i));
}

static double ref_float(enum op op, double a, double b) {
  if (op == OP_add)
    return a + b;
  if (op == OP_mul)
    return a * b;
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == b)
    return (signbit(a) != 0) == (op == OP_min) ? a : b;
  return (a < b) == (op == OP_min) ? a : b;
}

static int64_t ref_int(enum op op, int64_t a, int64_t b) {
  switch (op) {
  case OP_add:
    return (int64_t)((uint64_t)a + (uint64_t)b);
  case OP_mul:
    return (int64_t)((uint64_t)a * (uint64_t)b);
  case OP_min:
    return a < b ? a : b;
  case OP_max:
    return a > b ? a : b;
  case OP_and:
    return a & b;
  case OP_or:
    return a | b;
  default:
    return a ^ b;
  }
}

/* The reference combination of two values of the combination's type. */
static union value ref_combine(const struct combo *c, union value a,
                               union value b) {
  if (is_float(c->ty))
    return from_double(
        c->ty, ref_float(c->op, to_double(c->ty, a), to_double(c->ty, b)));
  return from_int(c->ty, ref_int(c->op, to_int(c->ty, a), to_int(c->ty, b)));
}

static int same(enum ty ty, union value a, union value b) {
  double x, y;

  if (!is_float(ty))
    return to_int(ty, a) == to_int(ty, b);
  x = to_double(ty, a);
  y = to_double(ty, b);
  if (isnan(x) || isnan(y))
    return isnan(x) && isnan(y);
  return x == y && signbit(x) == signbit(y);
}

static void print_value(enum ty ty, union value v) {
  if (is_float(ty))
    fprintf(stderr, "%a", to_double(ty, v));
  else
    fprintf(stderr, "%lld", (long long)to_int(ty, v));
}

static int fail(const char *what, const struct combo *c, int kase,
                unsigned thread, union value got, union value want) {
  fprintf(stderr, "FAIL %s %s case %d thread %u: got ", what, c->name, kase,
          thread);
  print_value(c->ty, got);
  fprintf(stderr, ", expected ");
  print_value(c->ty, want);
  fprintf(stderr, "\n");
  return -1;
}

/* How much of the matrix a block shape runs: every simulated barrier wakes
 * every thread, so large blocks run a part of it to keep the test fast. */
enum coverage { ALL, ONE_CASE, ONE_PER_TYPE };

/* ONE_CASE rotates the cases over the pairs; ONE_PER_TYPE takes for each
 * type one op (op index = type index mod 4) and one case. */
static int picked(enum coverage cov, unsigned c, int kase) {
  const struct combo *cb = &combos[c];

  if (cov == ALL)
    return 1;
  if (cov == ONE_CASE)
    return kase == (int)(c % NCASES);
  return cb->op == (enum op)(cb->ty % 4) && kase == (int)(cb->ty % NCASES);
}

/* Internal data structure for one reduction run over a simulated block:
 * "group" threads reduce together (32 for warps, the block otherwise). */
struct reduce_run {
  unsigned n;
  unsigned group;
  int block;
  enum coverage cov;
  union value *out;
};

/* Thread "id" reduces element "id": groups get different data. */
static void reduce_body(void *user) {
  struct reduce_run *run = user;
  unsigned id = mdh_sim_thread_id();

  for (unsigned c = 0; c < NCOMBOS; ++c)
    for (int k = 0; k < NCASES; ++k) {
      const struct combo *cb = &combos[c];
      union value v = input(cb, k, id, run->group);

      if (!picked(run->cov, c, k))
        continue;
      v = run->block ? cb->block(v) : cb->warp(v);
      run->out[(c * NCASES + k) * run->n + id] = v;
    }
}

/* The sequential fold of elements "base" to "base" + "n" - 1. */
static union value reference(const struct combo *c, int kase, unsigned base,
                             unsigned n) {
  union value r = input(c, kase, base, n);

  for (unsigned i = base + 1; i < base + n; ++i)
    r = ref_combine(c, r, input(c, kase, i, n));
  return r;
}

static int check_reduce(const struct reduce_run *run, const char *what) {
  for (unsigned c = 0; c < NCOMBOS; ++c)
    for (int k = 0; k < NCASES; ++k) {
      const union value *got = run->out + (c * NCASES + k) * run->n;

      if (!picked(run->cov, c, k))
        continue;
      for (unsigned base = 0; base < run->n; base += run->group) {
        union value want = reference(&combos[c], k, base, run->group);

        for (unsigned t = base; t < base + run->group; ++t)
          if (!same(combos[c].ty, got[t], want))
            return fail(what, &combos[c], k, t, got[t], want);
      }
    }
  return 0;
}

static int run_reduce(unsigned bx, unsigned by, unsigned bz, int block,
                      enum coverage cov) {
  struct reduce_run run = {bx * by * bz, block ? bx * by * bz : 32, block, cov,
                           NULL};
  char what[64];
  int r;

  run.out = calloc((size_t)NCOMBOS * NCASES * run.n, sizeof *run.out);
  if (!run.out) {
    fprintf(stderr, "out of memory\n");
    return -1;
  }
  snprintf(what, sizeof what, "%s (%u,%u,%u)",
           block ? "block_reduce" : "warp_reduce", bx, by, bz);
  r = mdh_sim_run_block(bx, by, bz, reduce_body, &run);
  if (r == 0)
    r = check_reduce(&run, what);
  free(run.out);
  return r;
}

/* Two warps, one per y: each must reduce its own lanes only. */
static int test_warp_reduce(void) { return run_reduce(32, 2, 1, 0, ALL); }

/* Block sizes with a partial last warp (96 has none, 257 a single lane),
 * a 3-D shape and the maximum. */
static int test_block_reduce(void) {
  static const struct {
    unsigned dim[3];
    enum coverage cov;
  } shapes[] = {{{32, 1, 1}, ALL},
                {{96, 1, 1}, ALL},
                {{5, 7, 3}, ALL},
                {{257, 1, 1}, ONE_CASE},
                {{1024, 1, 1}, ONE_PER_TYPE}};

  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
    if (run_reduce(shapes[s].dim[0], shapes[s].dim[1], shapes[s].dim[2], 1,
                   shapes[s].cov) != 0)
      return -1;
  return 0;
}

/* The neutral elements of arith's reductions (add's is +0.0). */
static union value expected_identity(const struct combo *c) {
  static const double fl[] = {0.0, 1.0, INFINITY, -INFINITY};
  static const int64_t i32[] = {0, 1, INT32_MAX, INT32_MIN, -1, 0, 0};
  static const int64_t i64[] = {0, 1, INT64_MAX, INT64_MIN, -1, 0, 0};

  if (is_float(c->ty))
    return from_double(c->ty, fl[c->op]);
  return from_int(c->ty, c->ty == TY_i32 ? i32[c->op] : i64[c->op]);
}

static int test_identity(void) {
  for (unsigned c = 0; c < NCOMBOS; ++c) {
    union value got = combos[c].identity();
    union value want = expected_identity(&combos[c]);

    if (!same(combos[c].ty, got, want))
      return fail("identity", &combos[c], 0, 0, got, want);
  }
  return 0;
}

/* Two adjacent targets per (pair, case), so a 16-bit update that clobbers
 * its neighbour in the same 32-bit word shows. */
struct atomic_targets {
  _Alignas(8) unsigned char at[NCOMBOS][NCASES][16];
};

#define ATOMIC_N (ATOMIC_THREADS * ATOMIC_UPDATES)

/* All threads start each (pair, case) together, then interleave. */
static void atomic_body(void *user) {
  struct atomic_targets *t = user;
  unsigned id = mdh_sim_thread_id();

  for (unsigned c = 0; c < NCOMBOS; ++c)
    for (int k = 0; k < NCASES; ++k) {
      const struct combo *cb = &combos[c];
      unsigned size = type_size[cb->ty];

      mdh_sim_barrier();
      for (unsigned u = 0; u < ATOMIC_UPDATES; ++u) {
        unsigned i = u * ATOMIC_THREADS + id;

        cb->atomic(t->at[c][k] + i % 2 * size, input(cb, k, i, ATOMIC_N));
      }
    }
}

static union value atomic_reference(const struct combo *c, int kase,
                                    unsigned j) {
  union value r = expected_identity(c);

  for (unsigned i = j; i < ATOMIC_N; i += 2)
    r = ref_combine(c, r, input(c, kase, i, ATOMIC_N));
  return r;
}

static int check_atomic(const struct atomic_targets *t, unsigned c, int kase) {
  unsigned size = type_size[combos[c].ty];

  for (unsigned j = 0; j < 2; ++j) {
    union value got, want = atomic_reference(&combos[c], kase, j);

    memset(&got, 0, sizeof got);
    memcpy(&got, t->at[c][kase] + j * size, size);
    if (!same(combos[c].ty, got, want))
      return fail("atomic", &combos[c], kase, j, got, want);
  }
  return 0;
}

/* Many threads combine into the same two addresses, which start at the
 * library's identity. */
static int test_atomic(void) {
  static struct atomic_targets t;

  for (unsigned c = 0; c < NCOMBOS; ++c)
    for (int k = 0; k < NCASES; ++k) {
      union value id = combos[c].identity();
      unsigned size = type_size[combos[c].ty];

      memcpy(t.at[c][k], &id, size);
      memcpy(t.at[c][k] + size, &id, size);
    }
  if (mdh_sim_run_block(ATOMIC_THREADS, 1, 1, atomic_body, &t) != 0)
    return -1;
  for (unsigned c = 0; c < NCOMBOS; ++c)
    for (int k = 0; k < NCASES; ++k)
      if (check_atomic(&t, c, k) != 0)
        return -1;
  return 0;
}

/* The look-back of single-pass scans: tiles scanned one after another get
 * the sums before them and leave their inclusive prefixes; a tile behind
 * aggregates only (tiles still scanning) folds them back to the first
 * prefix; a scan that starts at tile 2 does not look past it. */
static uint32_t lookback_bits(float f) {
  uint32_t b;

  memcpy(&b, &f, sizeof b);
  return b;
}

static float lookback_value(uint64_t w) {
  uint32_t b = (uint32_t)w;
  float f;

  memcpy(&f, &b, sizeof f);
  return f;
}

static int test_lookback(void) {
  static const float aggregates[] = {1, 2, 3, 4, 5};
  uint64_t flags[8] = {0};
  float prefix;
  int32_t m;
  int64_t u;

  for (u = 0; u < 5; ++u) {
    prefix = mdh_scan_lookback_add_f32(flags, u, 0, aggregates[u]);
    if (u > 0 && prefix != (float)(u * (u + 1) / 2)) {
      fprintf(stderr, "lookback: tile %ld got prefix %g\n", (long)u, prefix);
      return -1;
    }
    if (flags[u] >> 32 != 2 ||
        lookback_value(flags[u]) != (float)((u + 1) * (u + 2) / 2)) {
      fprintf(stderr, "lookback: tile %ld left status %#llx\n", (long)u,
              (unsigned long long)flags[u]);
      return -1;
    }
  }
  flags[1] = 1ull << 32 | lookback_bits(2);
  flags[2] = 1ull << 32 | lookback_bits(3);
  prefix = mdh_scan_lookback_add_f32(flags, 3, 0, 4);
  m = mdh_scan_lookback_max_i32(flags + 5, 1, 1, -7);
  if (prefix != 6 || m != -7 || flags[5 + 1] >> 32 != 2) {
    fprintf(stderr, "lookback: got %g and %d\n", prefix, (int)m);
    return -1;
  }
  return 0;
}

static const struct {
  const char *name;
  int (*fn)(void);
} tests[] = {
    {"identity", test_identity},         {"warp_reduce", test_warp_reduce},
    {"block_reduce", test_block_reduce}, {"atomic", test_atomic},
    {"lookback", test_lookback},
};

int main(void) {
  for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
    printf("%s\n", tests[t].name);
    fflush(stdout);
    if (tests[t].fn() != 0)
      return 1;
  }
  printf("all %u (op, type) pairs passed\n", NCOMBOS);
  return 0;
}
