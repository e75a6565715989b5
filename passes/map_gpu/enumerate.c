/* Legal GPU parallelism mappings of a map nesting tree (see enumerate.h).
 *
 * The rules, with "lvl(e) = e / 10" and "dim(e) = e % 10", "chains" the
 * root-to-leaf paths of the tree and "uses(chain)" the set of (lvl, dim)
 * that its maps take (LIFT, CC'22, Sec. 4.3-4.5):
 *
 *   fusion  Fused only if the map is perfectly nested in its parent
 *   1       a concrete map that uses private memory has lvl 0
 *   2       a concrete map that accesses a workgroup buffer has lvl < 2,
 *           and every Wrg(w) used on a chain through it is taken by a map
 *           around it
 *   3       a concrete parallel map and a map nested in it differ
 *   4, 5    on every chain, the Lcl dims equal the Wrg dims
 *   6       no Wrg(d) nested in a concrete Lcl(d)
 *   7       all chains have the same uses (the kernel's "signature")
 *   8       a perfectly nested map and its parent are not both Seq
 *
 * The strengthened rules replace rule 2 by 2' and add
 * G1-G3. A Fused map takes its parent's encoding ("effective" encoding,
 * G2): the pair counts as one map in rules 3 and 6, and rules 1, 2' and
 * G3 look at effective encodings.
 *
 *   2'  (i) the maps from a buffer's scope S(b) (exclusive) down to its
 *       accesses (inclusive) have lvl < 2; (ii) every Wrg(w) of the
 *       signature is taken by S(b) or a map around it; (iii) no Glb in a
 *       kernel with workgroup buffers
 *   G1  no Glb together with Lcl or Wrg
 *   G3  no Wrg nested in an Lcl or a Glb, whatever the dims
 *
 * MDH extensions, under both rule sets: a scan map is Seq (not even
 * Fused: its carry must restart with each outer iteration), or Lcl or Glb
 * when parallel scans are allowed (the block scan); a reduction
 * map has an effective lvl 0 unless parallel reductions are allowed; rule
 * 8 exempts scan maps, which cannot be fused.
 *
 * The "literal" reading follows the paper's formulas, which constrain only
 * the maps flagged as accessing local memory; an independent brute force
 * flagged only the writer of the buffer, so a test that reproduces its
 * counts lists only that map as an access.
 *
 * Search: backtracking over the maps in preorder, so that every map is
 * checked against its ancestors as soon as it is assigned, and every chain
 * as soon as its leaf is. The first leaf in preorder ends the first chain,
 * whose uses fix the signature (rule 7); from then on a map whose path
 * uses anything outside the signature, or lacks more of it than the maps
 * below it could supply, is pruned ("structural
 * shortcut"). mdh_map_is_legal runs the same checks on one candidate.
 */

#include "passes/map_gpu/enumerate.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define LCL_BITS 0x7u
#define WRG_BITS 0x38u
#define GLB_BITS 0x1c0u

const int mdh_map_enc_values[MDH_MAP_N_ENC] = {0,  1,  10, 11, 12, 20,
                                               21, 22, 30, 31, 32};

/* Internal data structure for one search or one legality check.
 *
 * "order" lists the maps in preorder, "first_leaf" is the position of
 * the first leaf in it. "first_child" / "next_sibling" give the children
 * in index order. "min_below" counts the maps below a map on its
 * shortest path to a leaf. "local" is a buffer a map accesses (or -1),
 * "scoped" a buffer whose scope path (rule 2'(i)) holds the map (or -1),
 * "scope" the S(b) of each buffer. "enc", "eff" (effective encoding),
 * "grp" (the map a Fused map is collapsed into) and "path" (the uses of
 * the maps from the root down to the map, as bits) hold the assignment.
 * "sig" is the signature once the first leaf is assigned.
 * "msg" of "size" bytes, if not NULL, receives the first violation.
 */
struct mdh_map_ctx {
  const struct mdh_map_tree *tree;
  enum mdh_map_rules rules;
  unsigned flags;
  int n;
  int *order;
  int *first_child;
  int *next_sibling;
  int *min_below;
  int *local;
  int *scoped;
  int *scope;
  int *enc;
  int *eff;
  int *grp;
  unsigned *path;
  int first_leaf;
  unsigned sig;
  int (*fn)(const int *enc, void *user);
  void *user;
  long count;
  int stop;
  char *msg;
  size_t size;
  char names[2][24];
  char encs[2][16];
};

static int lvl(int e) { return e / 10; }

static int dim(int e) { return e % 10; }

static unsigned use_bit(int e) {
  if (lvl(e) < 1)
    return 0;
  return 1u << (3 * (lvl(e) - 1) + dim(e));
}

static int lowest_bit(unsigned bits) {
  int k = 0;

  while (!(bits & (1u << k)))
    ++k;
  return k;
}

static int popcount(unsigned bits) {
  int k = 0;

  for (; bits; bits &= bits - 1)
    ++k;
  return k;
}

/* Returns the encoding whose use bit is "bit". */
static int bit_enc(int bit) { return 10 * (bit / 3 + 1) + bit % 3; }

int mdh_map_enc_str(int enc, char *buf, size_t size) {
  static const char *const levels[] = {"Lcl", "Wrg", "Glb"};

  if (enc == MDH_MAP_SEQ || enc == MDH_MAP_FUSED) {
    snprintf(buf, size, "%s", enc == MDH_MAP_SEQ ? "Seq" : "Fused");
    return 0;
  }
  if (lvl(enc) < 1 || lvl(enc) > 3 || enc < 0 || dim(enc) > 2) {
    snprintf(buf, size, "invalid encoding %d", enc);
    return -1;
  }
  snprintf(buf, size, "%s(%d)", levels[lvl(enc) - 1], dim(enc));
  return 0;
}

/* Writes the message "fmt" into "msg" (of "size" bytes) if "msg" is set.
 * Returns 0, the verdict of a failed check. */
static int vreport(char *msg, size_t size, const char *fmt, va_list ap) {
  if (msg)
    vsnprintf(msg, size, fmt, ap);
  return 0;
}

static int report(char *msg, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int report(char *msg, size_t size, const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  vreport(msg, size, fmt, ap);
  va_end(ap);
  return 0;
}

/* Each rule's message ends with what it means in plain words, after the
 * LIFT terms (issue 13, item 6). */
#define PLAIN "in plain words:"

static int fail(struct mdh_map_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fail(struct mdh_map_ctx *ctx, const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  vreport(ctx->msg, ctx->size, fmt, ap);
  va_end(ap);
  return 0;
}

/* Returns the name of map "m" for a message, in name slot "slot". */
static const char *name(struct mdh_map_ctx *ctx, int slot, int m) {
  if (ctx->tree->nodes[m].name)
    return ctx->tree->nodes[m].name;
  if (ctx->msg)
    snprintf(ctx->names[slot], sizeof(ctx->names[slot]), "%d", m);
  return ctx->names[slot];
}

/* Returns the name of encoding "e" for a message, in slot "slot". */
static const char *enc_name(struct mdh_map_ctx *ctx, int slot, int e) {
  if (ctx->msg)
    mdh_map_enc_str(e, ctx->encs[slot], sizeof(ctx->encs[slot]));
  return ctx->encs[slot];
}

static int is_strong(struct mdh_map_ctx *ctx) {
  return ctx->rules == MDH_MAP_RULES_STRENGTHENED;
}

/* Returns the number of maps above "m" in "tree" (valid trees only). */
static int depth(const struct mdh_map_tree *tree, int m) {
  int d = 0;

  while ((m = tree->nodes[m].parent) >= 0)
    ++d;
  return d;
}

/* Returns 1 if "a" is a strict ancestor of "m" in "tree", -1 included. */
static int encloses(const struct mdh_map_tree *tree, int a, int m) {
  while ((m = tree->nodes[m].parent) >= 0)
    if (m == a)
      return 1;
  return a == -1;
}

/* Returns the innermost common ancestor-or-self of "a" and "b", or -1. */
static int common_ancestor(const struct mdh_map_tree *tree, int a, int b) {
  int da = depth(tree, a), db = depth(tree, b);

  for (; da > db; --da)
    a = tree->nodes[a].parent;
  for (; db > da; --db)
    b = tree->nodes[b].parent;
  while (a != b) {
    a = tree->nodes[a].parent;
    b = tree->nodes[b].parent;
  }
  return a;
}

/* Checks the "parent" links of "tree": in range, and free of cycles. */
static int validate_parents(const struct mdh_map_tree *tree, char *msg,
                            size_t size) {
  int m, p, steps;

  for (m = 0; m < tree->n; ++m) {
    p = tree->nodes[m].parent;
    if (p < -1 || p >= tree->n)
      return report(msg, size, "map %d has parent %d, not in -1..%d", m, p,
                    tree->n - 1);
    for (steps = 0; p >= 0 && steps < tree->n; ++steps)
      p = tree->nodes[p].parent;
    if (p >= 0)
      return report(msg, size, "map %d lies on a cycle of parent links", m);
  }
  return 1;
}

/* Checks the flags of each map of "tree". */
static int validate_nodes(const struct mdh_map_tree *tree, char *msg,
                          size_t size) {
  int m;

  for (m = 0; m < tree->n; ++m) {
    const struct mdh_map_node *node = &tree->nodes[m];

    if (node->parent < 0 && node->perfectly_nested)
      return report(msg, size, "map %d is a root but marked perfectly nested",
                    m);
    if (node->reduction && node->scan)
      return report(msg, size, "map %d iterates both a reduction and a scan",
                    m);
  }
  return 1;
}

/* Checks workgroup buffer "b" of "tree". */
static int validate_buffer(const struct mdh_map_tree *tree, int b, char *msg,
                           size_t size) {
  const struct mdh_map_buffer *buf = &tree->buffers[b];
  int k, x;

  if (buf->n_access < 1 || !buf->access)
    return report(msg, size, "workgroup buffer %d has no accesses", b);
  if (buf->scope < MDH_MAP_SCOPE_INNERMOST || buf->scope >= tree->n)
    return report(msg, size, "workgroup buffer %d has scope %d, not in -2..%d",
                  b, buf->scope, tree->n - 1);
  for (k = 0; k < buf->n_access; ++k) {
    x = buf->access[k];
    if (x < 0 || x >= tree->n)
      return report(msg, size,
                    "workgroup buffer %d is accessed by map %d, not in 0..%d",
                    b, x, tree->n - 1);
    if (buf->scope != MDH_MAP_SCOPE_INNERMOST && !encloses(tree, buf->scope, x))
      return report(msg, size,
                    "the scope of workgroup buffer %d, map %d, does not "
                    "enclose its access in map %d",
                    b, buf->scope, x);
  }
  return 1;
}

/* Checks the sizes of "tree". */
static int validate_sizes(const struct mdh_map_tree *tree, char *msg,
                          size_t size) {
  if (!tree || !tree->nodes || tree->n < 1)
    return report(msg, size, "map tree has no maps");
  if (tree->n > MDH_MAP_MAX_MAPS)
    return report(msg, size, "map tree has %d maps, more than %d", tree->n,
                  MDH_MAP_MAX_MAPS);
  if (tree->n_buffer < 0 || (tree->n_buffer > 0 && !tree->buffers))
    return report(msg, size, "map tree has %d workgroup buffers",
                  tree->n_buffer);
  return 1;
}

int mdh_map_tree_validate(const struct mdh_map_tree *tree, char *msg,
                          size_t size) {
  int b;

  if (!validate_sizes(tree, msg, size) || !validate_parents(tree, msg, size) ||
      !validate_nodes(tree, msg, size))
    return -1;
  for (b = 0; b < tree->n_buffer; ++b)
    if (!validate_buffer(tree, b, msg, size))
      return -1;
  return 0;
}

/* Links the children of each map and the roots, in index order, and
 * returns the first root. */
static int link_children(struct mdh_map_ctx *ctx) {
  int m, p, root = -1;

  for (m = ctx->n - 1; m >= 0; --m) {
    p = ctx->tree->nodes[m].parent;
    if (p >= 0) {
      ctx->next_sibling[m] = ctx->first_child[p];
      ctx->first_child[p] = m;
    } else {
      ctx->next_sibling[m] = root;
      root = m;
    }
  }
  return root;
}

/* Appends the subtree of "m" to "order" from position "pos" in preorder;
 * returns the next free position. */
static int fill_preorder(struct mdh_map_ctx *ctx, int m, int pos) {
  int c;

  ctx->order[pos++] = m;
  for (c = ctx->first_child[m]; c >= 0; c = ctx->next_sibling[c])
    pos = fill_preorder(ctx, c, pos);
  return pos;
}

/* Sets "order", "first_leaf" and "min_below" (children before parents in
 * reverse preorder). */
static void compute_order(struct mdh_map_ctx *ctx) {
  int m, c, pos, root = link_children(ctx);

  for (pos = 0; root >= 0; root = ctx->next_sibling[root])
    pos = fill_preorder(ctx, root, pos);
  ctx->first_leaf = 0;
  while (ctx->first_child[ctx->order[ctx->first_leaf]] >= 0)
    ++ctx->first_leaf;
  for (pos = ctx->n - 1; pos >= 0; --pos) {
    m = ctx->order[pos];
    ctx->min_below[m] = ctx->first_child[m] < 0 ? 0 : ctx->n;
    for (c = ctx->first_child[m]; c >= 0; c = ctx->next_sibling[c])
      if (1 + ctx->min_below[c] < ctx->min_below[m])
        ctx->min_below[m] = 1 + ctx->min_below[c];
  }
}

/* Returns S(b) for buffer "b": its given scope, or the innermost map
 * strictly enclosing every access (-1: the kernel). */
static int buffer_scope(const struct mdh_map_tree *tree, int b) {
  const struct mdh_map_buffer *buf = &tree->buffers[b];
  int k, s = buf->access[0];

  if (buf->scope != MDH_MAP_SCOPE_INNERMOST)
    return buf->scope;
  for (k = 1; k < buf->n_access && s >= 0; ++k)
    s = common_ancestor(tree, s, buf->access[k]);
  for (k = 0; k < buf->n_access && s >= 0; ++k)
    if (buf->access[k] == s)
      return tree->nodes[s].parent;
  return s;
}

/* Sets "scope", "local" and "scoped" of each buffer and map. */
static void compute_buffers(struct mdh_map_ctx *ctx) {
  const struct mdh_map_tree *tree = ctx->tree;
  int b, k, m;

  for (m = 0; m < ctx->n; ++m)
    ctx->local[m] = ctx->scoped[m] = -1;
  for (b = 0; b < tree->n_buffer; ++b) {
    ctx->scope[b] = buffer_scope(tree, b);
    for (k = 0; k < tree->buffers[b].n_access; ++k) {
      m = tree->buffers[b].access[k];
      if (ctx->local[m] < 0)
        ctx->local[m] = b;
      for (; m >= 0 && m != ctx->scope[b]; m = tree->nodes[m].parent)
        if (ctx->scoped[m] < 0)
          ctx->scoped[m] = b;
    }
  }
}

/* Frees "ctx" and returns NULL. */
static struct mdh_map_ctx *ctx_free(struct mdh_map_ctx *ctx) {
  if (!ctx)
    return NULL;
  free(ctx->order);
  free(ctx->path);
  free(ctx);
  return NULL;
}

/* Returns a context for "tree" under "rules" and "flags", or NULL if
 * memory runs out. "tree" must be valid. */
static struct mdh_map_ctx *ctx_alloc(const struct mdh_map_tree *tree,
                                     enum mdh_map_rules rules, unsigned flags) {
  struct mdh_map_ctx *ctx = calloc(1, sizeof(*ctx));
  int m, n = tree->n;

  if (!ctx)
    return NULL;
  ctx->order = calloc((size_t)(9 * n + tree->n_buffer), sizeof(int));
  ctx->path = calloc((size_t)n, sizeof(unsigned));
  if (!ctx->order || !ctx->path)
    return ctx_free(ctx);
  ctx->tree = tree;
  ctx->rules = rules;
  ctx->flags = flags;
  ctx->n = n;
  ctx->first_child = ctx->order + n;
  ctx->next_sibling = ctx->order + 2 * n;
  ctx->min_below = ctx->order + 3 * n;
  ctx->local = ctx->order + 4 * n;
  ctx->scoped = ctx->order + 5 * n;
  ctx->enc = ctx->order + 6 * n;
  ctx->eff = ctx->order + 7 * n;
  ctx->grp = ctx->order + 8 * n;
  ctx->scope = ctx->order + 9 * n;
  for (m = 0; m < n; ++m)
    ctx->first_child[m] = -1;
  compute_order(ctx);
  compute_buffers(ctx);
  return ctx;
}

/* Assigns encoding "e" to map "m", whose ancestors are assigned. */
static void assign(struct mdh_map_ctx *ctx, int m, int e) {
  int p = ctx->tree->nodes[m].parent;
  int fused = e == MDH_MAP_FUSED && p >= 0;

  ctx->enc[m] = e;
  ctx->eff[m] = fused ? ctx->eff[p] : e;
  ctx->grp[m] = fused ? ctx->grp[p] : m;
  ctx->path[m] = (p >= 0 ? ctx->path[p] : 0) | use_bit(e);
}

/* Checks that map "m" is Fused only into a parent it is perfectly nested
 * in (G2; implied by the paper's Sec. 4.1), and not at all under
 * MDH_MAP_WITHOUT_FUSED. */
static int check_fusion(struct mdh_map_ctx *ctx, int m) {
  if (ctx->enc[m] != MDH_MAP_FUSED)
    return 1;
  if (ctx->flags & MDH_MAP_WITHOUT_FUSED)
    return fail(ctx, "fusion: map %s is Fused, which the caller excludes",
                name(ctx, 0, m));
  if (ctx->tree->nodes[m].perfectly_nested)
    return 1;
  return fail(ctx,
              "fusion: map %s is not perfectly nested in its parent and "
              "cannot be Fused",
              name(ctx, 0, m));
}

/* Checks the MDH rules of scan and reduction maps at "m". */
static int check_mdh_dims(struct mdh_map_ctx *ctx, int m) {
  const struct mdh_map_node *node = &ctx->tree->nodes[m];

  if (node->scan && ctx->enc[m] != MDH_MAP_SEQ &&
      !((ctx->flags & MDH_MAP_PARALLEL_SCANS) &&
        (lvl(ctx->enc[m]) == 1 || lvl(ctx->enc[m]) == 3)))
    return fail(ctx,
                "scan: map %s iterates a scan dimension and must be Seq%s, "
                "not %s",
                name(ctx, 0, m),
                ctx->flags & MDH_MAP_PARALLEL_SCANS ? ", Lcl or Glb" : "",
                enc_name(ctx, 0, ctx->enc[m]));
  if (!node->reduction || (ctx->flags & MDH_MAP_PARALLEL_REDUCTIONS) ||
      lvl(ctx->eff[m]) < 1)
    return 1;
  return fail(ctx,
              "reduction: map %s iterates a reduction dimension and must "
              "be sequential, not %s%s",
              name(ctx, 0, m), enc_name(ctx, 0, ctx->eff[m]),
              ctx->enc[m] == MDH_MAP_FUSED ? " (Fused into a parallel map)"
                                           : "");
}

/* Checks rule 1 at "m"; strengthened, on the effective encoding (G2). */
static int check_private(struct mdh_map_ctx *ctx, int m) {
  const struct mdh_map_node *node = &ctx->tree->nodes[m];
  int e = is_strong(ctx) ? ctx->eff[m] : ctx->enc[m];

  if (!node->concrete || !node->uses_private || lvl(e) < 1)
    return 1;
  return fail(ctx,
              "rule 1 (private memory): map %s uses private memory and "
              "cannot be %s%s; %s a loop that keeps values in registers "
              "must stay inside one thread",
              name(ctx, 0, m), enc_name(ctx, 0, e),
              ctx->enc[m] == MDH_MAP_FUSED ? " (Fused into a parallel map)"
                                           : "",
              PLAIN);
}

/* Checks the per-map parts of rule 2 (first conjunct) or of rule 2'
 * ((i) and (iii)) at "m". */
static int check_local(struct mdh_map_ctx *ctx, int m) {
  int e = ctx->enc[m];

  if (!is_strong(ctx)) {
    if (ctx->local[m] < 0 || !ctx->tree->nodes[m].concrete || lvl(e) < 2)
      return 1;
    return fail(ctx,
                "rule 2 (local memory): map %s accesses workgroup buffer "
                "%d and cannot be %s; %s a loop that touches shared memory "
                "must stay inside one block",
                name(ctx, 0, m), ctx->local[m], enc_name(ctx, 0, e), PLAIN);
  }
  if (ctx->tree->n_buffer > 0 && lvl(e) == 3)
    return fail(ctx,
                "rule 2' (local scope): map %s is %s in a kernel with "
                "workgroup buffers; %s with shared memory every loop must "
                "say which block or thread runs it, not use the global "
                "index",
                name(ctx, 0, m), enc_name(ctx, 0, e), PLAIN);
  if (ctx->scoped[m] < 0 || lvl(ctx->eff[m]) < 2)
    return 1;
  return fail(ctx,
              "rule 2' (local scope): map %s lies between workgroup buffer "
              "%d's scope and its accesses and cannot be %s; %s a loop "
              "between a shared-memory buffer and its uses must stay inside "
              "one block",
              name(ctx, 0, m), ctx->scoped[m], enc_name(ctx, 0, ctx->eff[m]),
              PLAIN);
}

/* Checks rules 3 and 6 and G3 between map "m" and its ancestor "a". */
static int check_pair(struct mdh_map_ctx *ctx, int a, int m) {
  int strong = is_strong(ctx);
  int ea = strong ? ctx->eff[a] : ctx->enc[a];
  int em = strong ? ctx->eff[m] : ctx->enc[m];
  int concrete = ctx->tree->nodes[a].concrete;

  if (strong && ctx->grp[a] == ctx->grp[m])
    return 1;
  if (concrete && lvl(ea) >= 1 && ea == em)
    return fail(ctx,
                "rule 3 (duplicate scheduling): map %s and map %s both "
                "use %s; %s each GPU index (Lcl: thread, Wrg: block, Glb: "
                "global; dimension 0, 1, 2: x, y, z) numbers one loop only",
                name(ctx, 0, m), name(ctx, 1, a), enc_name(ctx, 0, em), PLAIN);
  if (concrete && lvl(ea) == 1 && lvl(em) == 2 && dim(ea) == dim(em))
    return fail(ctx,
                "rule 6 (local hierarchy): map %s is %s inside map %s, "
                "which is %s; %s a loop over blocks cannot sit inside a "
                "loop over threads of the same dimension",
                name(ctx, 0, m), enc_name(ctx, 0, em), name(ctx, 1, a),
                enc_name(ctx, 1, ea), PLAIN);
  if (!strong || (ctx->flags & MDH_MAP_WITHOUT_G3) || lvl(em) != 2 ||
      (lvl(ea) != 1 && lvl(ea) != 3))
    return 1;
  return fail(ctx,
              "G3 (blocks above threads): map %s is %s inside map %s, "
              "which is %s; %s loops over blocks go outside loops over "
              "threads and over the global index",
              name(ctx, 0, m), enc_name(ctx, 0, em), name(ctx, 1, a),
              enc_name(ctx, 1, ea), PLAIN);
}

/* Checks the pair rules between map "m" and each of its ancestors. */
static int check_ancestors(struct mdh_map_ctx *ctx, int m) {
  int a;

  for (a = ctx->tree->nodes[m].parent; a >= 0; a = ctx->tree->nodes[a].parent)
    if (!check_pair(ctx, a, m))
      return 0;
  return 1;
}

/* Checks rule 8 between map "m" and its parent; a scan map cannot be
 * Fused, so it is exempt. */
static int check_rule8(struct mdh_map_ctx *ctx, int m) {
  const struct mdh_map_node *node = &ctx->tree->nodes[m];

  if ((ctx->flags & MDH_MAP_WITHOUT_RULE8) || !node->perfectly_nested ||
      node->scan || ctx->enc[m] != MDH_MAP_SEQ ||
      ctx->enc[node->parent] != MDH_MAP_SEQ)
    return 1;
  return fail(ctx,
              "rule 8 (sequential fusion): map %s is perfectly nested in "
              "map %s and both are Seq; %s two sequential loops right "
              "inside each other are one loop: map them as one",
              name(ctx, 0, m), name(ctx, 1, node->parent), PLAIN);
}

/* Checks G1 on the path to "m"; by rule 7 every chain carries the whole
 * signature, so a mix shows on each chain of a kernel that mixes. */
static int check_g1(struct mdh_map_ctx *ctx, int m) {
  unsigned u = ctx->path[m];

  if (!is_strong(ctx) || !(u & GLB_BITS) || !(u & (LCL_BITS | WRG_BITS)))
    return 1;
  return fail(ctx,
              "G1 (no domain mixing): the maps down to map %s use both %s "
              "and %s; %s a kernel numbers its loops either by the global "
              "index or by block and thread, not both",
              name(ctx, 0, m), enc_name(ctx, 0, bit_enc(lowest_bit(u))),
              enc_name(ctx, 1, bit_enc(lowest_bit(u & GLB_BITS))), PLAIN);
}

/* Checks map "m" against its ancestors, after assign(). */
static int check_node(struct mdh_map_ctx *ctx, int m) {
  return check_fusion(ctx, m) && check_mdh_dims(ctx, m) &&
         check_private(ctx, m) && check_local(ctx, m) &&
         check_ancestors(ctx, m) && check_rule8(ctx, m) && check_g1(ctx, m);
}

/* Checks rules 4 and 5 on the chain ending at "leaf". */
static int check_lcl_wrg(struct mdh_map_ctx *ctx, int leaf) {
  unsigned u = ctx->path[leaf];
  unsigned lcl = u & LCL_BITS, wrg = (u & WRG_BITS) >> 3;
  int d;

  if (lcl & ~wrg) {
    d = lowest_bit(lcl & ~wrg);
    return fail(ctx,
                "rule 4 (local dimensionality): the chain ending at map %s "
                "uses Lcl(%d) but not Wrg(%d); %s a loop over threads along "
                "a dimension needs a loop over blocks along it around it",
                name(ctx, 0, leaf), d, d, PLAIN);
  }
  if (wrg & ~lcl) {
    d = lowest_bit(wrg & ~lcl);
    return fail(ctx,
                "rule 5 (local dimensionality): the chain ending at map %s "
                "uses Wrg(%d) but not Lcl(%d); %s a loop over blocks along "
                "a dimension needs a loop over threads along it inside it",
                name(ctx, 0, leaf), d, d, PLAIN);
  }
  return 1;
}

/* Checks rule 7 on the chain ending at "leaf", at position "pos": the
 * first chain sets the signature, the others must match it. */
static int check_signature(struct mdh_map_ctx *ctx, int leaf, int pos) {
  int first = ctx->order[ctx->first_leaf], bit, in_leaf;
  unsigned u = ctx->path[leaf];

  if (pos == ctx->first_leaf)
    ctx->sig = u;
  if (u == ctx->sig)
    return 1;
  bit = lowest_bit(u ^ ctx->sig);
  in_leaf = (u >> bit) & 1;
  return fail(ctx,
              "rule 7 (exhaustive dimensionality): %s is used on the chain "
              "ending at map %s but not on the one ending at map %s; %s "
              "every innermost loop must be reached through the same GPU "
              "indices",
              enc_name(ctx, 0, bit_enc(bit)),
              name(ctx, 0, in_leaf ? leaf : first),
              name(ctx, 1, in_leaf ? first : leaf), PLAIN);
}

/* Checks the second conjunct of rule 2 on the chain ending at "leaf":
 * each Wrg of the chain is taken above every local-memory map on it. */
static int check_local_chain(struct mdh_map_ctx *ctx, int leaf) {
  const struct mdh_map_node *nodes = ctx->tree->nodes;
  unsigned wrg = ctx->path[leaf] & WRG_BITS, outer;
  int m;

  if (is_strong(ctx))
    return 1;
  for (m = leaf; m >= 0; m = nodes[m].parent) {
    if (ctx->local[m] < 0 || !nodes[m].concrete)
      continue;
    outer = nodes[m].parent >= 0 ? ctx->path[nodes[m].parent] : 0;
    if (!(wrg & ~outer))
      continue;
    return fail(ctx,
                "rule 2 (local memory): map %s accesses workgroup buffer %d "
                "but its chain's %s is not taken by a map around it",
                name(ctx, 0, m), ctx->local[m],
                enc_name(ctx, 0, bit_enc(lowest_bit(wrg & ~outer))));
  }
  return 1;
}

/* Checks the chain ending at "leaf", the map at position "pos". */
static int check_chain(struct mdh_map_ctx *ctx, int leaf, int pos) {
  return check_lcl_wrg(ctx, leaf) && check_signature(ctx, leaf, pos) &&
         check_local_chain(ctx, leaf);
}

/* Returns 1 if S(b) of buffer "b" or a map around it takes Wrg(d). */
static int scope_has_wrg(struct mdh_map_ctx *ctx, int b, int d) {
  int a;

  for (a = ctx->scope[b]; a >= 0; a = ctx->tree->nodes[a].parent)
    if (ctx->eff[a] == MDH_MAP_WRG + d)
      return 1;
  return 0;
}

/* Checks rule 2'(ii) once every map is assigned. */
static int check_kernel(struct mdh_map_ctx *ctx) {
  unsigned wrg = (ctx->sig & WRG_BITS) >> 3;
  int b, d;

  if (!is_strong(ctx))
    return 1;
  for (b = 0; b < ctx->tree->n_buffer; ++b)
    for (d = 0; d < 3; ++d)
      if (((wrg >> d) & 1) && !scope_has_wrg(ctx, b, d))
        return fail(ctx,
                    "rule 2' (local scope): the kernel uses Wrg(%d) but "
                    "neither the scope of workgroup buffer %d nor a map "
                    "around it is Wrg(%d)",
                    d, b, d);
  return 1;
}

/* Returns 1 if the path to "m", at position "pos", can still extend to
 * chains with the signature: it uses nothing else, and the maps below it
 * can supply what it lacks. */
static int may_complete(struct mdh_map_ctx *ctx, int m, int pos) {
  unsigned u = ctx->path[m];

  if (pos <= ctx->first_leaf)
    return 1;
  return !(u & ~ctx->sig) && popcount(ctx->sig & ~u) <= ctx->min_below[m];
}

/* Assigns "e" to the map at position "pos" and returns 1 if no rule
 * that can be checked yet fails. */
static int admit(struct mdh_map_ctx *ctx, int pos, int e) {
  int m = ctx->order[pos];

  assign(ctx, m, e);
  if (!check_node(ctx, m))
    return 0;
  if (ctx->first_child[m] < 0 && !check_chain(ctx, m, pos))
    return 0;
  return 1;
}

/* Tries every encoding on the map at position "pos" and recurses on the
 * next position; a full assignment that passes rule 2'(ii) is counted
 * and handed to "fn", which may stop the search. */
static void search(struct mdh_map_ctx *ctx, int pos) {
  int k;

  if (pos == ctx->n) {
    if (!check_kernel(ctx))
      return;
    ++ctx->count;
    if (ctx->fn && ctx->fn(ctx->enc, ctx->user))
      ctx->stop = 1;
    return;
  }
  for (k = 0; k < MDH_MAP_N_ENC && !ctx->stop; ++k)
    if (admit(ctx, pos, mdh_map_enc_values[k]) &&
        may_complete(ctx, ctx->order[pos], pos))
      search(ctx, pos + 1);
}

long mdh_map_enumerate(const struct mdh_map_tree *tree,
                       enum mdh_map_rules rules, unsigned flags,
                       int (*fn)(const int *enc, void *user), void *user) {
  struct mdh_map_ctx *ctx;
  long count;

  if (mdh_map_tree_validate(tree, NULL, 0) < 0)
    return -1;
  ctx = ctx_alloc(tree, rules, flags);
  if (!ctx)
    return -1;
  ctx->fn = fn;
  ctx->user = user;
  search(ctx, 0);
  count = ctx->count;
  ctx_free(ctx);
  return count;
}

/* Checks that each entry of "enc" is an encoding. */
static int validate_enc(const struct mdh_map_tree *tree, const int *enc,
                        char *msg, size_t size) {
  char buf[32];
  int m;

  if (!enc)
    return report(msg, size, "no encodings given");
  for (m = 0; m < tree->n; ++m)
    if (mdh_map_enc_str(enc[m], buf, sizeof(buf)) < 0)
      return report(msg, size,
                    "map %d has encoding %d, which is not in "
                    "Table 2",
                    m, enc[m]);
  return 1;
}

/* Runs every check on "enc", in the enumerator's order. */
static int check_all(struct mdh_map_ctx *ctx, const int *enc) {
  int pos, m;

  for (pos = 0; pos < ctx->n; ++pos) {
    m = ctx->order[pos];
    if (!admit(ctx, pos, enc[m]))
      return 0;
  }
  return check_kernel(ctx);
}

int mdh_map_is_legal(const struct mdh_map_tree *tree, enum mdh_map_rules rules,
                     unsigned flags, const int *enc, char *msg, size_t size) {
  struct mdh_map_ctx *ctx;
  int legal;

  if (mdh_map_tree_validate(tree, msg, size) < 0 ||
      !validate_enc(tree, enc, msg, size))
    return -1;
  ctx = ctx_alloc(tree, rules, flags);
  if (!ctx) {
    report(msg, size, "out of memory");
    return -1;
  }
  ctx->msg = msg;
  ctx->size = size;
  legal = check_all(ctx, enc);
  ctx_free(ctx);
  if (legal && msg && size)
    msg[0] = '\0';
  return legal;
}
