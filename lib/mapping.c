/* The textual mapping of a md_hom (see mapping.h). */

#include "lib/mapping.h"
#include "dialect/operators.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const level_names[] = {"seq", "thread", "block", "global"};
static const char hw_names[] = "xyz";

/* A cursor over the text being parsed. */
struct cursor {
  const char *p, *end;
};

static void skip_blanks(struct cursor *c) {
  while (c->p < c->end && isspace((unsigned char)*c->p))
    ++c->p;
}

/* Consumes "word" if the text continues with it. */
static int accept(struct cursor *c, const char *word) {
  size_t n = strlen(word);

  skip_blanks(c);
  if ((size_t)(c->end - c->p) < n || strncmp(c->p, word, n))
    return 0;
  c->p += n;
  return 1;
}

/* Parses a positive integer into "v". */
static int parse_size(struct cursor *c, int64_t *v) {
  int64_t x = 0;
  int digits = 0;

  skip_blanks(c);
  while (c->p < c->end && isdigit((unsigned char)*c->p)) {
    if (x > (INT64_MAX - 9) / 10)
      return -1;
    x = 10 * x + (*c->p++ - '0');
    ++digits;
  }
  if (!digits || x <= 0)
    return -1;
  *v = x;
  return 0;
}

/* Parses the optional "(T)", "(G)" or "(T,G)" after a level. */
static int parse_sizes(struct cursor *c, struct mdh_dim_map *dm) {
  if (!accept(c, "("))
    return 0;
  if (dm->level == MDH_LEVEL_BLOCK) {
    if (parse_size(c, &dm->blocks) < 0)
      return -1;
  } else if (parse_size(c, &dm->threads) < 0) {
    return -1;
  }
  if (dm->level == MDH_LEVEL_GLOBAL &&
      (!accept(c, ",") || parse_size(c, &dm->blocks) < 0))
    return -1;
  return accept(c, ")") ? 0 : -1;
}

/* Parses the optional " tile(N)" at the end of an entry. */
static int parse_tile(struct cursor *c, struct mdh_dim_map *dm) {
  if (!accept(c, "tile"))
    return 0;
  if (!accept(c, "(") || parse_size(c, &dm->tile) < 0)
    return -1;
  return accept(c, ")") ? 0 : -1;
}

/* Parses the optional " vec(V)" at the end of an entry. */
static int parse_vec(struct cursor *c, struct mdh_dim_map *dm) {
  if (!accept(c, "vec"))
    return 0;
  if (!accept(c, "(") || parse_size(c, &dm->vec) < 0)
    return -1;
  return accept(c, ")") ? 0 : -1;
}

/* Parses the optional suffixes of an entry. */
static int parse_suffixes(struct cursor *c, struct mdh_dim_map *dm) {
  if (parse_tile(c, dm) < 0)
    return -1;
  return parse_vec(c, dm);
}

/* Parses one dimension's entry. */
static int parse_dim(struct cursor *c, struct mdh_dim_map *dm) {
  int l;

  dm->hw = 0;
  dm->threads = 1;
  dm->blocks = 1;
  dm->tile = 1;
  dm->vec = 1;
  if (accept(c, "seq")) {
    dm->level = MDH_LEVEL_SEQ;
    return parse_suffixes(c, dm);
  }
  for (l = MDH_LEVEL_THREAD; l <= MDH_LEVEL_GLOBAL; ++l)
    if (accept(c, level_names[l]))
      break;
  if (l > MDH_LEVEL_GLOBAL || !accept(c, ".") || c->p == c->end || !*c->p ||
      !strchr(hw_names, *c->p))
    return -1;
  dm->level = l;
  dm->hw = strchr(hw_names, *c->p++) - hw_names;
  if (l != MDH_LEVEL_BLOCK)
    dm->threads = 0;
  if (l != MDH_LEVEL_THREAD)
    dm->blocks = 0;
  if (parse_sizes(c, dm) < 0)
    return -1;
  return parse_suffixes(c, dm);
}

int64_t mdh_pow2_at_least(int64_t n, int64_t cap) {
  int64_t p = 1;

  while (p < n && p < cap)
    p *= 2;
  return p;
}

int64_t mdh_gpu_grid_limit(int hw) {
  return hw == 0 ? MDH_GPU_MAX_GRID_X : MDH_GPU_MAX_GRID_YZ;
}

int mdh_mapping_parse(const char *text, size_t len, int rank,
                      struct mdh_mapping *map, char *err, size_t n) {
  struct cursor c = {text, text + len};
  int d;

  map->rank = rank;
  for (d = 0; d < rank; ++d) {
    if ((d > 0 && !accept(&c, ",")) || parse_dim(&c, &map->dims[d]) < 0) {
      snprintf(err, n,
               "expected 'seq', 'thread.D(T)', 'block.D(G)' or "
               "'global.D(T,G)' with D in x, y, z, optionally followed by "
               "'tile(N)' and 'vec(V)', for dimension %d",
               d);
      return -1;
    }
  }
  skip_blanks(&c);
  if (c.p != c.end) {
    snprintf(err, n, "expected %d comma-separated entries, one per dimension",
             rank);
    return -1;
  }
  return 0;
}

void mdh_mapping_print(const struct mdh_mapping *map, struct mdh_str *out) {
  const struct mdh_dim_map *dm;
  int d;

  for (d = 0; d < map->rank; ++d) {
    dm = &map->dims[d];
    if (d > 0)
      mdh_str_append(out, ", ", 2);
    if (dm->level == MDH_LEVEL_SEQ) {
      mdh_str_append(out, "seq", 3);
    } else {
      mdh_str_printf(out, "%s.%c(", level_names[dm->level], hw_names[dm->hw]);
      if (dm->level != MDH_LEVEL_BLOCK)
        mdh_str_printf(out, "%lld", (long long)dm->threads);
      if (dm->level == MDH_LEVEL_GLOBAL)
        mdh_str_append(out, ",", 1);
      if (dm->level != MDH_LEVEL_THREAD)
        mdh_str_printf(out, "%lld", (long long)dm->blocks);
      mdh_str_append(out, ")", 1);
    }
    if (dm->tile > 1)
      mdh_str_printf(out, " tile(%lld)", (long long)dm->tile);
    if (dm->vec > 1)
      mdh_str_printf(out, " vec(%lld)", (long long)dm->vec);
  }
}

int mdh_dim_map_has_threads(const struct mdh_dim_map *dm) {
  return dm->level == MDH_LEVEL_THREAD || dm->level == MDH_LEVEL_GLOBAL;
}

int mdh_dim_map_has_blocks(const struct mdh_dim_map *dm) {
  return dm->level == MDH_LEVEL_BLOCK || dm->level == MDH_LEVEL_GLOBAL;
}

int mdh_dim_map_spreads_threads(const struct mdh_dim_map *dm) {
  return mdh_dim_map_has_threads(dm) && dm->threads > 1;
}

int mdh_dim_map_spreads_blocks(const struct mdh_dim_map *dm) {
  return mdh_dim_map_has_blocks(dm) && dm->blocks > 1;
}

int mdh_mapping_combines_parts(const struct mdh_mapping *map,
                               const MdhCombineKind *kinds) {
  int d, cc_threads = 0, pw_threads = 0, pw_blocks = 0;

  for (d = 0; d < map->rank; ++d) {
    if (kinds[d] == MdhCombineCC) {
      cc_threads |= mdh_dim_map_spreads_threads(&map->dims[d]);
    } else if (kinds[d] != MdhCombinePS) {
      pw_threads |= mdh_dim_map_spreads_threads(&map->dims[d]);
      pw_blocks |= mdh_dim_map_spreads_blocks(&map->dims[d]);
    }
  }
  return pw_blocks || (pw_threads && cc_threads);
}

int mdh_mapping_stages_tiles(const struct mdh_mapping *map,
                             const MdhCombineKind *kinds) {
  int d;

  for (d = 0; d < map->rank; ++d)
    if (kinds[d] == MdhCombinePW && map->dims[d].level == MDH_LEVEL_SEQ &&
        map->dims[d].tile > 1)
      return 1;
  return 0;
}

void mdh_mapping_launch_sizes(const struct mdh_mapping *map, int64_t grid[3],
                              int64_t block[3]) {
  const struct mdh_dim_map *dm;
  int d, h;

  for (h = 0; h < 3; ++h)
    grid[h] = block[h] = 1;
  for (d = 0; d < map->rank; ++d) {
    dm = &map->dims[d];
    if (mdh_dim_map_has_threads(dm))
      block[dm->hw] = dm->threads;
    if (mdh_dim_map_has_blocks(dm))
      grid[dm->hw] = dm->blocks;
  }
}

/* Checks that dimensions sharing hardware dimension "h" at a level agree
 * on its size (the launch has one size per hardware dimension). */
static int check_shared(const struct mdh_mapping *map, char *err, size_t n) {
  int64_t grid[3] = {0, 0, 0}, block[3] = {0, 0, 0};
  const struct mdh_dim_map *dm;
  int d;

  for (d = 0; d < map->rank; ++d) {
    dm = &map->dims[d];
    if (mdh_dim_map_has_threads(dm)) {
      if (block[dm->hw] && block[dm->hw] != dm->threads)
        goto mismatch;
      block[dm->hw] = dm->threads;
    }
    if (mdh_dim_map_has_blocks(dm)) {
      if (grid[dm->hw] && grid[dm->hw] != dm->blocks)
        goto mismatch;
      grid[dm->hw] = dm->blocks;
    }
  }
  return 0;
mismatch:
  snprintf(err, n,
           "dimension %d gives hardware dimension %c another size than an "
           "earlier dimension mapped there",
           d, hw_names[map->dims[d].hw]);
  return -1;
}

int mdh_mapping_check_limits(const struct mdh_mapping *map, char *err,
                             size_t n) {
  int64_t grid[3], block[3];

  if (check_shared(map, err, n) < 0)
    return -1;
  mdh_mapping_launch_sizes(map, grid, block);
  return mdh_gpu_check_launch(grid, block, err, n);
}

int mdh_gpu_check_launch(const int64_t grid[3], const int64_t block[3],
                         char *err, size_t n) {
  int h;

  /* Each factor first, so that the product cannot overflow (found by
   * fuzzing: test/fuzz/regressions/opt/mapping-huge-threads). */
  for (h = 0; h < 3; ++h)
    if (block[h] > MDH_GPU_MAX_THREADS) {
      snprintf(err, n, "%lld threads along %c exceed the limit of %d",
               (long long)block[h], hw_names[h], MDH_GPU_MAX_THREADS);
      return -1;
    }
  if (block[0] * block[1] * block[2] > MDH_GPU_MAX_THREADS) {
    snprintf(err, n, "%lld threads per block exceed the limit of %d",
             (long long)(block[0] * block[1] * block[2]), MDH_GPU_MAX_THREADS);
    return -1;
  }
  if (block[2] > MDH_GPU_MAX_THREADS_Z) {
    snprintf(err, n, "%lld threads along z exceed the limit of %d",
             (long long)block[2], MDH_GPU_MAX_THREADS_Z);
    return -1;
  }
  if (grid[0] > MDH_GPU_MAX_GRID_X || grid[1] > MDH_GPU_MAX_GRID_YZ ||
      grid[2] > MDH_GPU_MAX_GRID_YZ) {
    snprintf(err, n,
             "the grid (%lld, %lld, %lld) exceeds the limits (%lld, %lld, "
             "%lld)",
             (long long)grid[0], (long long)grid[1], (long long)grid[2],
             MDH_GPU_MAX_GRID_X, MDH_GPU_MAX_GRID_YZ, MDH_GPU_MAX_GRID_YZ);
    return -1;
  }
  return 0;
}

int mdh_mapping_check_tiles(const struct mdh_mapping *map,
                            const struct mdh_stmt_info *info, char *err,
                            size_t n) {
  const struct mdh_dim_map *dm;
  int64_t regs = 1;
  int d, pw_tiles = 0, pw_parallel = 0;

  for (d = 0; d < map->rank; ++d) {
    dm = &map->dims[d];
    if (info->stmt->kinds[d] != MdhCombineCC)
      pw_parallel |= dm->level != MDH_LEVEL_SEQ;
    if (mdh_dim_map_has_threads(dm))
      regs = regs * dm->tile > MDH_GPU_MAX_REGISTER_TILE
                 ? MDH_GPU_MAX_REGISTER_TILE + 1
                 : regs * dm->tile;
    if (dm->tile == 1 || mdh_dim_map_has_threads(dm))
      continue;
    if (dm->level == MDH_LEVEL_BLOCK) {
      snprintf(err, n,
               "tile() on dimension %d needs threads (a block has one "
               "point of it)",
               d);
      return -1;
    }
    if (info->stmt->kinds[d] != MdhCombinePW) {
      snprintf(err, n,
               "tile() on sequential dimension %d needs a pw "
               "dimension (a reduction step)",
               d);
      return -1;
    }
    pw_tiles = 1;
  }
  if (regs > MDH_GPU_MAX_REGISTER_TILE) {
    snprintf(err, n, "the register tiles give a thread more than %d points",
             MDH_GPU_MAX_REGISTER_TILE);
    return -1;
  }
  if (pw_tiles && (pw_parallel || !mdh_mapping_can_reduce(info))) {
    snprintf(err, n,
             "tile() on a pw dimension needs every pw dimension "
             "sequential and builtin operators on runtime types");
    return -1;
  }
  return 0;
}

/* The builtin operator name of component "c", or NULL for a combine
 * function. */
const char *mdh_component_operator(const struct mdh_stmt_info *info,
                                   intptr_t c) {
  MlirAttribute oper = info->oper;
  const struct mdh_operator *op;

  if (mlirAttributeIsNull(oper) || mlirAttributeIsAFlatSymbolRef(oper))
    return NULL;
  if (mlirAttributeIsAArray(oper))
    oper = mlirArrayAttrGetElement(oper, c);
  op = mdh_operator_find(mlirStringAttrGetValue(oper));
  return op ? op->name : NULL;
}

/* The runtime's name of "type" (f16, bf16, f32, f64, i32, i64), or NULL. */
const char *mdh_runtime_type(MlirType type) {
  if (mlirTypeIsAF16(type))
    return "f16";
  if (mlirTypeIsABF16(type))
    return "bf16";
  if (mlirTypeIsAF32(type))
    return "f32";
  if (mlirTypeIsAF64(type))
    return "f64";
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 32)
    return "i32";
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 64)
    return "i64";
  return NULL;
}

/* Tells whether the reduce strategy can run "info": pw dimensions, no scan,
 * and a builtin operator on a type of the runtime for every component. */
int mdh_mapping_can_reduce(const struct mdh_stmt_info *info) {
  int d, has_pw = 0;
  intptr_t c;

  for (d = 0; d < info->stmt->rank; ++d) {
    if (info->stmt->kinds[d] == MdhCombinePS)
      return 0;
    has_pw |= info->stmt->kinds[d] == MdhCombinePW;
  }
  if (!has_pw)
    return 0;
  for (c = 0; c < info->n_results; ++c)
    if (!mdh_component_operator(info, c) ||
        !mdh_runtime_type(mlirFunctionTypeGetResult(info->fn_type, c)))
      return 0;
  return 1;
}

int mdh_mapping_check_vec(const struct mdh_mapping *map,
                          const struct mdh_stmt_info *info, char *err,
                          size_t n) {
  const struct mdh_dim_map *dm;
  int d, n_vec = 0;

  for (d = 0; d < map->rank; ++d) {
    dm = &map->dims[d];
    if (dm->vec <= 1)
      continue;
    if (n_vec++) {
      snprintf(err, n, "vec() on dimension %d: one dimension at most", d);
      return -1;
    }
    if (dm->vec > MDH_GPU_MAX_VEC || (dm->vec & (dm->vec - 1))) {
      snprintf(err, n, "vec(%lld) on dimension %d: V must be 2 or %d",
               (long long)dm->vec, d, MDH_GPU_MAX_VEC);
      return -1;
    }
    if (!info || info->stmt->kinds[d] != MdhCombinePW ||
        !mdh_dim_map_has_threads(dm) || dm->tile > 1 ||
        !mdh_mapping_can_reduce(info)) {
      snprintf(err, n,
               "vec() on dimension %d needs a pw dimension spread over "
               "threads, without tile(), of a md_hom with builtin operators "
               "on runtime types (the reduce strategy)",
               d);
      return -1;
    }
  }
  return 0;
}

int mdh_mapping_can_scan(const struct mdh_stmt_info *info) {
  int d, n_ps = 0;

  for (d = 0; d < info->stmt->rank; ++d) {
    if (info->stmt->kinds[d] == MdhCombinePW)
      return 0;
    n_ps += info->stmt->kinds[d] == MdhCombinePS;
  }
  return n_ps == 1;
}

int mdh_mapping_check_scan(const struct mdh_mapping *map,
                           const struct mdh_stmt_info *info, char *err,
                           size_t n) {
  const struct mdh_dim_map *dm;
  int d, parallel = -1, cc_threads = 0, tiles = 0;
  int64_t bytes;

  for (d = 0; d < map->rank; ++d) {
    dm = &map->dims[d];
    tiles |= dm->tile != 1;
    if (info->stmt->kinds[d] == MdhCombineCC)
      cc_threads |= mdh_dim_map_spreads_threads(dm);
    else if (info->stmt->kinds[d] == MdhCombinePS && dm->level != MDH_LEVEL_SEQ)
      parallel = d;
  }
  if (parallel < 0)
    return 0;
  dm = &map->dims[parallel];
  if (dm->level != MDH_LEVEL_THREAD && dm->level != MDH_LEVEL_GLOBAL) {
    snprintf(err, n,
             "scan dimension %d must be seq, thread.D(T) or global.D(T,G) "
             "(the threads of a block scan a segment of it)",
             parallel);
    return -1;
  }
  if (!mdh_mapping_can_scan(info) || cc_threads || tiles) {
    snprintf(err, n,
             "a parallel scan needs one ps dimension, no pw dimension, no "
             "cc dimension spread over threads and no tile()");
    return -1;
  }
  bytes = mdh_stmt_info_point_bytes(info);
  if (2 * dm->threads * bytes > MDH_GPU_MAX_SHARED_BYTES) {
    snprintf(err, n,
             "the block scan of %lld threads needs %lld bytes of shared "
             "memory at least (a total and a position per thread, %lld "
             "bytes each), more than a block's %d",
             (long long)dm->threads, (long long)(2 * dm->threads * bytes),
             (long long)bytes, MDH_GPU_MAX_SHARED_BYTES);
    return -1;
  }
  return 0;
}

/* Parses a non-negative integer of at most 9 digits into "v". */
static int parse_count(struct cursor *c, long *v) {
  long x = 0;
  int digits = 0;

  skip_blanks(c);
  while (c->p < c->end && isdigit((unsigned char)*c->p) && digits < 9) {
    x = 10 * x + (*c->p++ - '0');
    ++digits;
  }
  if (!digits || (c->p < c->end && isdigit((unsigned char)*c->p)))
    return -1;
  *v = x;
  return 0;
}

/* Parses "@NAME:" into "e->func" if the text continues with "@". */
static int parse_func(struct cursor *c, struct mdh_index_entry *e) {
  size_t n = 0;

  e->func[0] = '\0';
  if (!accept(c, "@"))
    return 0;
  while (c->p < c->end &&
         (isalnum((unsigned char)*c->p) || strchr("_$.-", *c->p) != NULL)) {
    if (n + 1 >= sizeof(e->func))
      return -1;
    e->func[n++] = *c->p++;
  }
  e->func[n] = '\0';
  return n > 0 && accept(c, ":") ? 0 : -1;
}

/* Parses one entry "[@FUNC:][KERNEL:]INDEX". */
static int parse_entry(struct cursor *c, struct mdh_index_entry *e) {
  long first;

  if (parse_func(c, e) < 0 || parse_count(c, &first) < 0)
    return -1;
  e->kernel = -1;
  e->index = first;
  if (!accept(c, ":"))
    return 0;
  e->kernel = first;
  return parse_count(c, &e->index);
}

int mdh_index_spec_parse(const char *text, size_t len,
                         struct mdh_index_entry *entries, int max, char *err,
                         size_t n) {
  struct cursor c = {text, text + len};
  int k = 0;

  do {
    if (k == max) {
      snprintf(err, n, "more than %d entries", max);
      return -1;
    }
    if (parse_entry(&c, &entries[k]) < 0) {
      snprintf(err, n,
               "entry %d is not [@FUNCTION:][KERNEL:]INDEX (non-negative "
               "integers)",
               k + 1);
      return -1;
    }
    ++k;
  } while (accept(&c, ";"));
  skip_blanks(&c);
  if (c.p != c.end) {
    snprintf(err, n, "unexpected '%.*s'", (int)(c.end - c.p), c.p);
    return -1;
  }
  return k;
}

/* The specificity of "e" for function "func" and kernel "kernel": 3 for
 * both named, 2 for the function, 1 for the kernel, 0 for neither; -1 if
 * it does not apply. */
static int specificity(const struct mdh_index_entry *e, MlirStringRef func,
                       long kernel) {
  int named = e->func[0] != '\0';

  if (named && (strlen(e->func) != func.length ||
                strncmp(e->func, func.data, func.length)))
    return -1;
  if (e->kernel >= 0 && e->kernel != kernel)
    return -1;
  return 2 * named + (e->kernel >= 0);
}

long mdh_index_spec_lookup(const struct mdh_index_entry *entries, int n,
                           MlirStringRef func, long kernel) {
  int k, best = -1, s;
  long index = -1;

  for (k = 0; k < n; ++k) {
    s = specificity(&entries[k], func, kernel);
    if (s > best) {
      best = s;
      index = entries[k].index;
    }
  }
  return index;
}
