/* The structure-aware mutator of mdh-fuzz-opt: libFuzzer's byte-level
 * mutations rarely keep MLIR text parseable, so most of the time this one
 * edits the text the way a user's mistake or an unusual program would:
 *
 *   - an integer literal (sizes, map constants, components) becomes an edge
 *     value: 0, 1, -1, 2^31, 2^62, ...;
 *   - a word of a family becomes another of the same family: element types,
 *     combine operators (cc, pw, ps), their builtin operators, arith ops,
 *     floordiv/mod/ceildiv;
 *   - an affine map result gets a floordiv, a mod, a negative coefficient or
 *     another dimension;
 *   - a line is duplicated, dropped, or swapped with the next;
 *   - the pipeline selector (the first byte) changes;
 *
 * and otherwise hands the input to libFuzzer's own mutations (with the token
 * dictionary, mlir.dict). */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed);

/* Internal data structure for one mutation: the input "data" of "size"
 * bytes in a buffer of "max" bytes, and the random state "rng". */
struct text {
  uint8_t *data;
  size_t size, max;
  uint64_t rng;
};

static uint64_t next_random(struct text *t) {
  uint64_t z = (t->rng += 0x9e3779b97f4a7c15ull);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static size_t pick(struct text *t, size_t n) {
  return (size_t)(next_random(t) % n);
}

/* Replaces the "len" bytes at "pos" with the "n" bytes of "s"; returns 0, or
 * -1 (changing nothing) if the result would not fit. */
static int replace(struct text *t, size_t pos, size_t len, const char *s,
                   size_t n) {
  if (t->size - len + n > t->max)
    return -1;
  memmove(t->data + pos + n, t->data + pos + len, t->size - pos - len);
  memcpy(t->data + pos, s, n);
  t->size = t->size - len + n;
  return 0;
}

static int replace_str(struct text *t, size_t pos, size_t len, const char *s) {
  return replace(t, pos, len, s, strlen(s));
}

static int is_word(uint8_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '.';
}

static int is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

/* Tells whether an integer literal starts at "i": a digit that does not
 * continue a name (d0, i64, %arg1, @f2), except shape separators (4x8). */
static int literal_starts(const struct text *t, size_t i) {
  uint8_t p = i > 1 ? t->data[i - 1] : ' ';

  if (!is_digit(t->data[i]) || is_digit(p) || p == '%' || p == '#' ||
      p == '@' || p == '^')
    return 0;
  if (p == 'x')
    return i > 2 && is_digit(t->data[i - 2]);
  return !is_word(p);
}

/* An integer literal becomes an edge value. */
static int edge_integer(struct text *t) {
  static const char *const edges[] = {"0",
                                      "1",
                                      "-1",
                                      "2",
                                      "3",
                                      "1024",
                                      "2147483647",
                                      "2147483648",
                                      "-2147483648",
                                      "4294967296",
                                      "4611686018427387904",
                                      "9223372036854775807",
                                      "-9223372036854775808"};
  size_t i, end, n = 0, chosen;

  for (i = 1; i < t->size; ++i)
    n += literal_starts(t, i);
  if (!n)
    return -1;
  chosen = pick(t, n);
  for (i = 1; !literal_starts(t, i) || chosen--; ++i)
    ;
  for (end = i; end < t->size && is_digit(t->data[end]); ++end)
    ;
  if (i > 1 && t->data[i - 1] == '-')
    --i;
  return replace_str(t, i, end - i,
                     edges[pick(t, sizeof(edges) / sizeof(edges[0]))]);
}

/* Words that may stand for each other, a family per line; a family's members
 * are matched whole (not inside a longer name). */
static const char *const families[][12] = {
    {"f16", "bf16", "f32", "f64", "i1", "i8", "i16", "i32", "i64", "index"},
    {"#mdh.cc", "#mdh.pw<\"add\">", "#mdh.pw<\"max\">", "#mdh.ps<\"add\">",
     "#mdh.ps<\"mul\">", "#mdh.pw<@add>", "#mdh.pw<[\"add\", \"max\"]>"},
    {"#mdh.pw", "#mdh.ps"},
    {"\"add\"", "\"mul\"", "\"min\"", "\"max\"", "\"and\"", "\"or\"", "\"xor\"",
     "\"sub\""},
    {"arith.addf", "arith.mulf", "arith.subf", "arith.maximumf", "arith.divf",
     "arith.addi", "arith.muli", "arith.maxsi", "arith.andi"},
    {"floordiv", "mod", "ceildiv", "*"},
    {"mdh.inp_view", "mdh.out_view", "mdh.md_hom"},
    {"memref.alloc", "memref.alloca"},
    {"scalar_function", "combine_ops", "accesses", "components", "mdh.sizes",
     "mdh.index_aware", "mdh.assume_homomorphic", "mdh.mapping",
     "mdh.mapping_index", "mdh.influence", "mdh.schedule", "mdh.isl_budget"},
};
#define N_FAMILIES (sizeof(families) / sizeof(families[0]))

/* Returns the length of the member of family "f" at "i", or 0. */
static size_t member_at(const struct text *t, size_t f, size_t i) {
  size_t m, n;

  if (i > 1 && is_word(t->data[i - 1]) && is_word(t->data[i]))
    return 0;
  for (m = 0; m < 12 && families[f][m]; ++m) {
    n = strlen(families[f][m]);
    if (i + n <= t->size && !memcmp(t->data + i, families[f][m], n) &&
        (i + n == t->size || !is_word(t->data[i + n]) ||
         !is_word(t->data[i + n - 1])))
      return n;
  }
  return 0;
}

/* A member of a random family becomes another member of it. */
static int swap_word(struct text *t) {
  size_t f = pick(t, N_FAMILIES), i, n = 0, chosen, len, members;

  for (i = 1; i < t->size; ++i)
    n += member_at(t, f, i) > 0;
  if (!n)
    return -1;
  chosen = pick(t, n);
  for (i = 1; !member_at(t, f, i) || chosen--; ++i)
    ;
  len = member_at(t, f, i);
  for (members = 0; members < 12 && families[f][members]; ++members)
    ;
  return replace_str(t, i, len, families[f][pick(t, members)]);
}

/* Returns the position of the n-th occurrence of "s" after the selector,
 * or 0. */
static size_t find_nth(const struct text *t, const char *s, size_t nth) {
  size_t n = strlen(s), i;

  for (i = 1; i + n <= t->size; ++i)
    if (!memcmp(t->data + i, s, n) && !nth--)
      return i;
  return 0;
}

static size_t count(const struct text *t, const char *s) {
  size_t n = 0;

  while (find_nth(t, s, n))
    ++n;
  return n;
}

/* An affine map result gets a floordiv, a mod, a negative coefficient, a
 * constant or the map's first dimension, after one of its expressions. */
static int change_affine(struct text *t) {
  static const char *const tails[] = {
      " floordiv 2", " mod 3",     " * -1",  " * -2",        " * 2", " + 1",
      " - 1",        " ceildiv 4", " mod 1", " floordiv -1", " * 0"};
  size_t maps = count(t, "affine_map<("), start, dims, arrow, i, ends[16];
  size_t n = 0, dim_len;
  char with_dim[64];

  if (!maps)
    return -1;
  start = find_nth(t, "affine_map<(", pick(t, maps)) + 12;
  for (dims = start; dims < t->size && is_word(t->data[dims]); ++dims)
    ;
  dim_len = dims - start;
  for (arrow = start; arrow + 1 < t->size && t->data[arrow] != '>'; ++arrow)
    ;
  for (i = arrow + 1; i < t->size && t->data[i] != '>' && n < 16; ++i)
    if (t->data[i] == ',' || t->data[i] == ')')
      ends[n++] = i;
  if (!n)
    return -1;
  i = ends[pick(t, n)];
  if (dim_len && dim_len < 32 && pick(t, 3) == 0) {
    memcpy(with_dim, pick(t, 2) ? " - " : " + ", 3);
    memcpy(with_dim + 3, t->data + start, dim_len);
    with_dim[3 + dim_len] = '\0';
    return replace_str(t, i, 0, with_dim);
  }
  return replace_str(t, i, 0, tails[pick(t, sizeof(tails) / sizeof(tails[0]))]);
}

/* The start of line "line" (counted from 0 after the selector), and the
 * number of lines. */
static size_t line_start(const struct text *t, size_t line) {
  size_t i;

  for (i = 1; i < t->size && line; ++i)
    if (t->data[i] == '\n')
      --line;
  return i;
}

static size_t line_count(const struct text *t) {
  size_t i, n = 1;

  for (i = 1; i < t->size; ++i)
    n += t->data[i] == '\n';
  return n;
}

/* A line is duplicated, dropped, or swapped with the next one. */
static int edit_lines(struct text *t) {
  size_t lines = line_count(t), l = pick(t, lines), a, b, c;
  uint8_t tmp[4096];

  a = line_start(t, l);
  b = line_start(t, l + 1);
  c = line_start(t, l + 2);
  if (b <= a)
    return -1;
  switch (pick(t, 3)) {
  case 0:
    if (b - a > sizeof(tmp))
      return -1;
    memcpy(tmp, t->data + a, b - a);
    return replace(t, b, 0, (const char *)tmp, b - a);
  case 1:
    return replace(t, a, b - a, "", 0);
  default:
    if (c <= b || c - a > sizeof(tmp) || t->data[c - 1] != '\n' ||
        t->data[b - 1] != '\n')
      return -1;
    memcpy(tmp, t->data + b, c - b);
    memcpy(tmp + (c - b), t->data + a, b - a);
    memcpy(t->data + a, tmp, c - a);
    return 0;
  }
}

static int change_selector(struct text *t) {
  t->data[0] = (uint8_t)('0' + pick(t, 10));
  return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed) {
  static int (*const mutations[])(struct text *) = {
      edge_integer, swap_word,  swap_word,      change_affine,
      edit_lines,   edit_lines, change_selector};
  struct text t = {data, size, max_size, seed};
  size_t n = sizeof(mutations) / sizeof(mutations[0]), k = pick(&t, n + 3);

  if (size < 2 || k >= n || mutations[k](&t) < 0)
    return LLVMFuzzerMutate(data, size, max_size);
  return t.size;
}
