/* Unit tests of the parallelism-mapping enumerator (passes/map_gpu/), in
 * isl_test.c's style: each test checks counts, exact solution sets or
 * verdicts against oracles derived from the LIFT mapping paper (sections 1, 4
 * and 5), and the enumerator against a brute force over all 11^n
 * candidates. Trees are built with their indices in preorder, so that the
 * brute force visits candidates in the enumerator's order. */

#include "passes/map_gpu/enumerate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIT MDH_MAP_RULES_LITERAL
#define STR MDH_MAP_RULES_STRENGTHENED
#define MAX_N 6

/* A tree with room for MAX_N maps and one workgroup buffer. */
struct tree {
  struct mdh_map_node nodes[MAX_N];
  int access[MAX_N];
  struct mdh_map_buffer buffer;
  struct mdh_map_tree t;
};

/* The mappings an enumeration produced, "n" encodings each. */
struct sols {
  int n;
  long count;
  long cap;
  int *encs;
};

/* Sets up "tree" with "n" concrete maps named "names" (one letter each)
 * under "parents", the maps in "pn" perfectly nested, and no buffer. */
static void tree_init(struct tree *tree, int n, const int *parents,
                      const char *pn) {
  static const char *const letters[] = {"A", "B", "C", "D", "E", "F"};
  int m;

  memset(tree, 0, sizeof(*tree));
  for (m = 0; m < n; ++m) {
    tree->nodes[m].name = letters[m];
    tree->nodes[m].parent = parents[m];
    tree->nodes[m].concrete = 1;
    tree->nodes[m].perfectly_nested = pn[m] == '1';
  }
  tree->t.n = n;
  tree->t.nodes = tree->nodes;
}

/* Gives "tree" one workgroup buffer accessed by the "n" maps "maps". */
static void tree_set_buffer(struct tree *tree, int n, const int *maps,
                            int scope) {
  memcpy(tree->access, maps, (size_t)n * sizeof(int));
  tree->buffer.n_access = n;
  tree->buffer.access = tree->access;
  tree->buffer.scope = scope;
  tree->t.n_buffer = 1;
  tree->t.buffers = &tree->buffer;
}

/* Listing 3: join o mapA(mapB(_+z) o join o mapC(mapD(_*y)) o split(s1))
 * o split(s0): A{B, C{D}}, D perfectly nested in C. */
static void listing3(struct tree *tree) {
  static const int parents[] = {-1, 0, 0, 2};

  tree_init(tree, 4, parents, "0001");
}

/* Listing 1 / Table 1: A{B{C}, D{E}}; C writes local_buf, E reads it. */
static void listing1(struct tree *tree) {
  static const int parents[] = {-1, 0, 1, 0, 3};
  static const int access[] = {2, 4};

  tree_init(tree, 5, parents, "00101");
  tree_set_buffer(tree, 2, access, MDH_MAP_SCOPE_INNERMOST);
}

static int collect_one(const int *enc, void *user) {
  struct sols *s = user;
  int *encs;

  if (s->count == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 64;
    encs = realloc(s->encs, (size_t)(s->cap * s->n) * sizeof(int));
    if (!encs)
      return 1;
    s->encs = encs;
  }
  memcpy(s->encs + s->count * s->n, enc, (size_t)s->n * sizeof(int));
  ++s->count;
  return 0;
}

/* Enumerates "tree" into "s"; returns the enumerator's count. */
static long collect(const struct tree *tree, enum mdh_map_rules rules,
                    unsigned flags, struct sols *s) {
  memset(s, 0, sizeof(*s));
  s->n = tree->t.n;
  return mdh_map_enumerate(&tree->t, rules, flags, &collect_one, s);
}

static int sols_has(const struct sols *s, const int *enc) {
  long k;

  for (k = 0; k < s->count; ++k)
    if (!memcmp(s->encs + k * s->n, enc, (size_t)s->n * sizeof(int)))
      return 1;
  return 0;
}

static void print_enc(FILE *f, int n, const int *enc) {
  int m;

  for (m = 0; m < n; ++m)
    fprintf(f, "%s%d", m ? "," : "(", enc[m]);
  fprintf(f, ")");
}

static int expect_count(const char *what, long got, long want) {
  if (got == want)
    return 0;
  fprintf(stderr, "%s: %ld legal mappings, expected %ld\n", what, got, want);
  return -1;
}

static long count(const struct tree *tree, enum mdh_map_rules rules,
                  unsigned flags) {
  return mdh_map_enumerate(&tree->t, rules, flags, NULL, NULL);
}

/* Checks that "enc" is legal ("want" 1) or not (0) in "tree", and that
 * the message contains "part" (if not NULL). */
static int expect_verdict(const char *what, const struct tree *tree,
                          enum mdh_map_rules rules, unsigned flags,
                          const int *enc, int want, const char *part) {
  char msg[256];
  int got = mdh_map_is_legal(&tree->t, rules, flags, enc, msg, sizeof(msg));

  if (got == want && (!part || strstr(msg, part)))
    return 0;
  fprintf(stderr, "%s: ", what);
  print_enc(stderr, tree->t.n, enc);
  fprintf(stderr, " is_legal gave %d (\"%s\"), expected %d%s%s%s\n", got, msg,
          want, part ? " with \"" : "", part ? part : "", part ? "\"" : "");
  return -1;
}

/* Checks that the enumeration of "tree" is exactly "want" ("n_want" rows),
 * in any order. */
static int expect_set(const char *what, const struct tree *tree,
                      enum mdh_map_rules rules, unsigned flags, int n_want,
                      const int (*want)[4]) {
  struct sols s;
  long got = collect(tree, rules, flags, &s);
  int k, r = expect_count(what, got, n_want);

  for (k = 0; k < n_want && r == 0; ++k)
    if (!sols_has(&s, want[k])) {
      fprintf(stderr, "%s: missing ", what);
      print_enc(stderr, 4, want[k]);
      fprintf(stderr, "\n");
      r = -1;
    }
  free(s.encs);
  return r;
}

/* Listing 3 of the LIFT mapping paper without memory flags, and with D private.
 * The strengthened counts are not in the paper; an independent brute
 * force gave the same (G2 removes the 12 with D Fused into a parallel C). */
static int test_listing3_counts(void) {
  struct tree tree;
  int r = 0;

  listing3(&tree);
  r |= expect_count("listing 3, literal", count(&tree, LIT, 0), 40);
  r |= expect_count("listing 3, literal without rule 8",
                    count(&tree, LIT, MDH_MAP_WITHOUT_RULE8), 44);
  r |= expect_count("listing 3, strengthened", count(&tree, STR, 0), 40);
  r |= expect_count("listing 3, strengthened without rule 8",
                    count(&tree, STR, MDH_MAP_WITHOUT_RULE8), 44);
  tree.nodes[3].uses_private = 1;
  r |= expect_count("listing 3, D private, literal", count(&tree, LIT, 0), 28);
  r |= expect_count("listing 3, D private, strengthened (G2)",
                    count(&tree, STR, 0), 16);
  return r;
}

/* Listing 3 with D writing local memory. The paper
 * flags only D (31 mappings, the paper's illegal example among them);
 * with the consumer B flagged too, as Table 3's "accesses" reads, the
 * literal rule 2 leaves 13. */
static int test_listing3_local_literal(void) {
  static const int d_only[] = {3}, d_and_b[] = {3, 1};
  static const int illegal[] = {31, 30, 30, 0}, glb0[] = {0, 30, 30, 0};
  struct tree tree;
  struct sols s;
  int r;

  listing3(&tree);
  tree_set_buffer(&tree, 1, d_only, MDH_MAP_SCOPE_INNERMOST);
  r = expect_count("listing 3, D local, literal", collect(&tree, LIT, 0, &s),
                   31);
  if (!sols_has(&s, illegal) || !sols_has(&s, glb0)) {
    fprintf(stderr, "listing 3, D local, literal: (31,30,30,0) or "
                    "(0,30,30,0) missing\n");
    r = -1;
  }
  free(s.encs);
  tree_set_buffer(&tree, 2, d_and_b, MDH_MAP_SCOPE_INNERMOST);
  r |= expect_count("listing 3, D and B local, literal", count(&tree, LIT, 0),
                    13);
  return r;
}

/* Digest section 5: exactly 10 mappings of Listing 3 under rule 2', with
 * D producing and B consuming a workgroup buffer scoped at A. */
static int test_listing3_local_strengthened(void) {
  static const int d_and_b[] = {3, 1};
  static const int want[10][4] = {
      {20, 10, 10, 0}, {20, 10, 10, 1}, {20, 10, 0, 10}, {21, 11, 11, 0},
      {21, 11, 11, 1}, {21, 11, 0, 11}, {22, 12, 12, 0}, {22, 12, 12, 1},
      {22, 12, 0, 12}, {0, 0, 0, 1}};
  struct tree tree;

  listing3(&tree);
  tree_set_buffer(&tree, 2, d_and_b, MDH_MAP_SCOPE_INNERMOST);
  return expect_set("listing 3, D local, rule 2'", &tree, STR, 0, 10, want);
}

/* Digest section 1, Table 1 (V, vectorization, is no encoding: Seq, so
 * M5 equals M4 and is left out). Rule 2'(iii) rejects the paper's valid
 * M1 under the strengthened rules: Glb threads of one block would share
 * the workgroup buffer. */
static int test_listing1_table1(void) {
  static const int m1[] = {30, 0, 0, 0, 0}, m1f[] = {30, 0, 1, 0, 1};
  static const int m2[] = {31, 30, 0, 30, 0}, m3[] = {0, 20, 10, 20, 10};
  static const int m4[] = {20, 10, 0, 10, 0}, m6[] = {20, 10, 0, 0, 10};
  struct tree tree;
  int r = 0;

  listing1(&tree);
  r |= expect_verdict("M1 literal", &tree, LIT, 0, m1, 0, "rule 8");
  r |= expect_verdict("M1 fused literal", &tree, LIT, 0, m1f, 1, NULL);
  r |= expect_verdict("M2 literal", &tree, LIT, 0, m2, 1, NULL);
  r |= expect_verdict("M3 literal", &tree, LIT, 0, m3, 1, NULL);
  r |= expect_verdict("M4 literal", &tree, LIT, 0, m4, 1, NULL);
  r |= expect_verdict("M6 literal", &tree, LIT, 0, m6, 1, NULL);
  r |= expect_verdict("M1 strengthened", &tree, STR, 0, m1, 0, "rule 2'");
  r |= expect_verdict("M1 fused strengthened", &tree, STR, 0, m1f, 0,
                      "rule 2' (local scope): map A is Glb(0)");
  r |= expect_verdict("M2 strengthened", &tree, STR, 0, m2, 0, "rule 2'");
  r |= expect_verdict("M3 strengthened", &tree, STR, 0, m3, 0, "rule 2'");
  r |= expect_verdict("M4 strengthened", &tree, STR, 0, m4, 1, NULL);
  r |= expect_verdict("M6 strengthened", &tree, STR, 0, m6, 1, NULL);
  r |= expect_count("listing 1, literal", count(&tree, LIT, 0), 88);
  r |= expect_count("listing 1, strengthened", count(&tree, STR, 0), 28);
  return r;
}

/* Digest section 4, rule 2: the paper's legal mapWrgA(0)(mapLclB(0) ..
 * mapLclC(0)(mapSeqD(toLocal))) and illegal mapGlbA(1)(mapGlbB(0) ..
 * mapGlbC(0)(mapSeqD(toLocal))). */
static int test_rule2_examples(void) {
  static const int d_only[] = {3}, d_and_b[] = {3, 1};
  static const int legal[] = {20, 10, 10, 0}, illegal[] = {31, 30, 30, 0};
  static const int chain[] = {-1, 0, 1, 2}, b_only[] = {1};
  static const int wrg_below[] = {20, 10, 21, 11};
  struct tree tree;
  int r = 0;

  listing3(&tree);
  tree_set_buffer(&tree, 1, d_only, MDH_MAP_SCOPE_INNERMOST);
  r |= expect_verdict("rule 2 legal, D", &tree, LIT, 0, legal, 1, NULL);
  r |= expect_verdict("rule 2 illegal, D", &tree, LIT, 0, illegal, 1, NULL);
  tree_set_buffer(&tree, 2, d_and_b, MDH_MAP_SCOPE_INNERMOST);
  r |= expect_verdict("rule 2 legal, D+B", &tree, LIT, 0, legal, 1, NULL);
  r |= expect_verdict("rule 2 illegal, D+B", &tree, LIT, 0, illegal, 0,
                      "rule 2 (local memory): map B");
  r |= expect_verdict("rule 2' legal", &tree, STR, 0, legal, 1, NULL);
  r |= expect_verdict("rule 2' illegal", &tree, STR, 0, illegal, 0,
                      "rule 2' (local scope): map A is Glb(1)");
  tree_init(&tree, 4, chain, "0111");
  tree_set_buffer(&tree, 1, b_only, MDH_MAP_SCOPE_INNERMOST);
  r |= expect_verdict("rule 2 Wrg below", &tree, LIT, 0, wrg_below, 0,
                      "rule 2 (local memory): map B accesses workgroup "
                      "buffer 0 but its chain's Wrg(1) is not taken");
  return r;
}

/* One message per rule, worded for diagnostics. */
static int test_messages(void) {
  static const int dup[] = {20, 10, 10, 10}, hier[] = {10, 20, 20, 0};
  static const int g1[] = {20, 10, 10, 31}, g2[] = {20, 10, 10, 1};
  static const int bad_fuse[] = {20, 1, 10, 0}, bad_enc[] = {20, 10, 13, 0};
  struct tree tree;
  int r = 0;

  listing3(&tree);
  r |= expect_verdict("rule 3", &tree, LIT, 0, dup, 0,
                      "rule 3 (duplicate scheduling): map D and map C both "
                      "use Lcl(0)");
  r |= expect_verdict("rule 6", &tree, LIT, 0, hier, 0,
                      "rule 6 (local hierarchy): map B is Wrg(0) inside map "
                      "A, which is Lcl(0)");
  r |= expect_verdict("G1", &tree, STR, 0, g1, 0, "G1 (no domain mixing)");
  r |= expect_verdict("G1 literal", &tree, LIT, 0, g1, 0, "rule 7");
  r |= expect_verdict("fusion", &tree, LIT, 0, bad_fuse, 0,
                      "fusion: map B is not perfectly nested");
  r |= expect_verdict("bad encoding", &tree, LIT, 0, bad_enc, -1,
                      "map 2 has encoding 13");
  tree.nodes[3].uses_private = 1;
  r |= expect_verdict("G2 literal", &tree, LIT, 0, g2, 1, NULL);
  r |= expect_verdict("G2", &tree, STR, 0, g2, 0,
                      "rule 1 (private memory): map D uses private memory "
                      "and cannot be Lcl(0) (Fused into a parallel map)");
  return r;
}

/* G3: a Wrg of another dim below an Lcl, in a chain A{B{C{D}}}. */
static int test_g3(void) {
  static const int parents[] = {-1, 0, 1, 2};
  static const int enc[] = {20, 10, 21, 11};
  struct tree tree;
  int r = 0;

  tree_init(&tree, 4, parents, "0111");
  r |= expect_verdict("G3 literal", &tree, LIT, 0, enc, 1, NULL);
  r |= expect_verdict("G3", &tree, STR, 0, enc, 0,
                      "G3 (blocks above threads): map C is Wrg(1) inside map "
                      "B, which is Lcl(0)");
  r |= expect_verdict("G3 off", &tree, STR, MDH_MAP_WITHOUT_G3, enc, 1, NULL);
  return r;
}

/* MDH extension: reduction maps are sequential unless parallel
 * reductions are allowed; scan maps are always Seq. Matvec i{k}, k a
 * reduction: 4 mappings (Glb(d) x Seq, Seq x Fused), 19 with parallel
 * reductions. */
static int test_reduction_scan(void) {
  static const int parents[] = {-1, 0};
  static const int glb_glb[] = {30, 31}, glb_fused[] = {30, 1};
  static const int seq_seq[] = {0, 0}, glb_seq[] = {30, 0};
  struct tree tree;
  unsigned par = MDH_MAP_PARALLEL_REDUCTIONS;
  int r = 0;

  tree_init(&tree, 2, parents, "01");
  tree.nodes[1].reduction = 1;
  r |= expect_count("matvec", count(&tree, LIT, 0), 4);
  r |= expect_count("matvec strengthened", count(&tree, STR, 0), 4);
  r |= expect_count("matvec parallel", count(&tree, LIT, par), 19);
  r |= expect_count("matvec parallel strengthened", count(&tree, STR, par), 19);
  r |= expect_verdict("reduction Glb", &tree, LIT, 0, glb_glb, 0,
                      "reduction: map B iterates a reduction dimension");
  r |= expect_verdict("reduction Glb allowed", &tree, LIT, par, glb_glb, 1,
                      NULL);
  r |= expect_verdict("reduction fused", &tree, STR, 0, glb_fused, 0,
                      "(Fused into a parallel map)");
  r |= expect_verdict("reduction seq", &tree, STR, 0, glb_seq, 1, NULL);
  tree.nodes[1].reduction = 0;
  tree.nodes[1].scan = 1;
  r |= expect_verdict("scan Glb", &tree, STR, par, glb_glb, 0,
                      "scan: map B iterates a scan dimension and must be "
                      "Seq, not Glb(1)");
  r |= expect_verdict("scan fused", &tree, LIT, par, glb_fused, 0, "scan");
  r |= expect_verdict("scan seq under seq", &tree, LIT, 0, seq_seq, 1, NULL);
  r |= expect_count("scan chain", count(&tree, LIT, par), 4);
  return r;
}

/* The MDH case: perfectly nested chains of 1..4 maps, the last one a
 * reduction or not. Counts per row: literal, strengthened, and both with
 * parallel reductions (cross-checked with an independent brute force). */
static const struct {
  int k;
  int reduction;
  long want[4];
} chain_counts[] = {
    {1, 0, {4, 4, 4, 4}},         {1, 1, {1, 1, 4, 4}},
    {2, 0, {19, 19, 19, 19}},     {2, 1, {4, 4, 19, 19}},
    {3, 0, {98, 71, 98, 71}},     {3, 1, {20, 20, 98, 71}},
    {4, 0, {531, 228, 531, 228}}, {4, 1, {102, 75, 531, 228}},
};

static int test_chain_counts(void) {
  static const int parents[] = {-1, 0, 1, 2};
  static const unsigned flags[] = {0, 0, MDH_MAP_PARALLEL_REDUCTIONS,
                                   MDH_MAP_PARALLEL_REDUCTIONS};
  struct tree tree;
  size_t row;
  int j, r = 0;
  long got[4];
  char what[64];

  for (row = 0; row < sizeof(chain_counts) / sizeof(chain_counts[0]); ++row) {
    tree_init(&tree, chain_counts[row].k, parents, "0111");
    tree.nodes[chain_counts[row].k - 1].reduction = chain_counts[row].reduction;
    for (j = 0; j < 4; ++j) {
      got[j] = count(&tree, j % 2 ? STR : LIT, flags[j]);
      snprintf(what, sizeof(what), "chain of %d, reduction %d, column %d",
               chain_counts[row].k, chain_counts[row].reduction, j);
      r |= expect_count(what, got[j], chain_counts[row].want[j]);
    }
    printf("  chain of %d%s: literal %ld, strengthened %ld; parallel "
           "reductions: literal %ld, strengthened %ld\n",
           chain_counts[row].k,
           chain_counts[row].reduction ? ", last a reduction" : "", got[0],
           got[1], got[2], got[3]);
  }
  return r;
}

/* MDH_MAP_WITHOUT_FUSED: the enumeration yields exactly the legal mappings
 * without a Fused map, in the same order, and a Fused one is illegal with
 * a message. */
static int test_without_fused(void) {
  static const int parents[] = {-1, 0, 1, 2, 3};
  struct tree tree;
  struct sols all, some;
  long k, j, n;
  int m, fused, r = 0;
  int enc[5] = {MDH_MAP_GLB, MDH_MAP_FUSED, MDH_MAP_SEQ, MDH_MAP_SEQ,
                MDH_MAP_SEQ};

  for (n = 1; n <= 5; ++n) {
    tree_init(&tree, (int)n, parents, "01111");
    collect(&tree, STR, MDH_MAP_PARALLEL_REDUCTIONS, &all);
    collect(&tree, STR, MDH_MAP_PARALLEL_REDUCTIONS | MDH_MAP_WITHOUT_FUSED,
            &some);
    for (j = 0, k = 0; k < all.count; ++k) {
      for (fused = 0, m = 0; m < n; ++m)
        fused |= all.encs[k * n + m] == MDH_MAP_FUSED;
      if (fused)
        continue;
      if (j >= some.count ||
          memcmp(all.encs + k * n, some.encs + j * n, n * sizeof(int))) {
        fprintf(stderr, "chain of %ld: mapping %ld without Fused missing\n", n,
                k);
        r = -1;
        break;
      }
      ++j;
    }
    r |= expect_count("without Fused", some.count, j);
    printf("  chain of %ld: %ld legal mappings, %ld without Fused\n", n,
           all.count, some.count);
    free(all.encs);
    free(some.encs);
  }
  tree_init(&tree, 3, parents, "011");
  r |= expect_verdict("Fused excluded", &tree, STR, MDH_MAP_WITHOUT_FUSED, enc,
                      0, "which the caller excludes");
  return r;
}

static int stop_after_three(const int *enc, void *user) {
  int *seen = user;

  (void)enc;
  return ++*seen == 3;
}

static int test_stop(void) {
  struct tree tree;
  int seen = 0;

  listing3(&tree);
  return expect_count(
      "stopped enumeration",
      mdh_map_enumerate(&tree.t, LIT, 0, &stop_after_three, &seen), 3);
}

/* Checks that mdh_map_is_legal rejects "tree" with "part" in its
 * message, and that the enumerator returns -1. */
static int expect_bad(const char *what, const struct tree *tree,
                      const char *part) {
  static const int zeros[MAX_N];
  char msg[256];
  int got = mdh_map_is_legal(&tree->t, LIT, 0, zeros, msg, sizeof(msg));

  if (got == -1 && strstr(msg, part) && count(tree, LIT, 0) == -1)
    return 0;
  fprintf(stderr, "%s: is_legal gave %d (\"%s\"), expected -1 with \"%s\"\n",
          what, got, msg, part);
  return -1;
}

static int test_bad_input(void) {
  static const int chain[] = {-1, 0, 1}, cycle[] = {2, 0, 1};
  static const int far[] = {-1, 7, 1}, access[] = {2}, outside[] = {9};
  struct tree tree;
  int r = 0;

  tree_init(&tree, 3, far, "000");
  r |= expect_bad("parent", &tree, "map 1 has parent 7");
  tree_init(&tree, 3, cycle, "000");
  r |= expect_bad("cycle", &tree, "cycle of parent links");
  tree_init(&tree, 3, chain, "100");
  r |= expect_bad("root nested", &tree, "map 0 is a root but marked");
  tree_init(&tree, 3, chain, "000");
  tree.nodes[1].scan = tree.nodes[1].reduction = 1;
  r |= expect_bad("scan and reduction", &tree, "both a reduction and a scan");
  tree_init(&tree, 3, chain, "000");
  tree_set_buffer(&tree, 1, outside, MDH_MAP_SCOPE_INNERMOST);
  r |= expect_bad("access", &tree, "accessed by map 9");
  tree_set_buffer(&tree, 1, access, 2);
  r |= expect_bad("scope", &tree, "does not enclose its access in map 2");
  tree.t.n = 0;
  r |= expect_bad("empty", &tree, "map tree has no maps");
  return r;
}

/* Checks the enumeration of "tree" against mdh_map_is_legal on all 11^n
 * candidates, in the same order; "tree" is in preorder. */
static int compare_brute_force(const char *what, const struct tree *tree,
                               enum mdh_map_rules rules, unsigned flags) {
  struct sols s;
  int idx[MAX_N] = {0}, enc[MAX_N], n = tree->t.n, m, legal, r = 0;
  long got = collect(tree, rules, flags, &s), k = 0;

  for (;;) {
    for (m = 0; m < n; ++m)
      enc[m] = mdh_map_enc_values[idx[m]];
    legal = mdh_map_is_legal(&tree->t, rules, flags, enc, NULL, 0);
    if (legal && (k >= s.count ||
                  memcmp(s.encs + k * n, enc, (size_t)n * sizeof(int)))) {
      fprintf(stderr, "%s: enumeration differs from brute force at #%ld ", what,
              k);
      print_enc(stderr, n, enc);
      fprintf(stderr, "\n");
      r = -1;
      break;
    }
    k += legal;
    for (m = n - 1; m >= 0 && ++idx[m] == MDH_MAP_N_ENC; --m)
      idx[m] = 0;
    if (m < 0)
      break;
  }
  if (r == 0)
    r = expect_count(what, got, k);
  free(s.encs);
  return r;
}

static unsigned next_random(unsigned *state) {
  *state = *state * 1103515245u + 12345u;
  return (*state >> 16) & 0x7fff;
}

/* Fills "tree" with a random preorder tree of "n" maps: each map hangs
 * below a map on the path to the previous one, or starts a new root. */
static void random_tree(struct tree *tree, int n, unsigned *state) {
  int parents[MAX_N], access[2], m, p;
  char pn[MAX_N + 1] = "000000";

  for (m = 0; m < n; ++m) {
    p = m - 1;
    while (p >= 0 && next_random(state) % 3 == 0)
      p = parents[p];
    parents[m] = p;
    pn[m] = p >= 0 && next_random(state) % 2 ? '1' : '0';
  }
  tree_init(tree, n, parents, pn);
  for (m = 0; m < n; ++m) {
    tree->nodes[m].concrete = next_random(state) % 5 != 0;
    tree->nodes[m].uses_private = next_random(state) % 7 == 0;
    tree->nodes[m].reduction = next_random(state) % 5 == 0;
    tree->nodes[m].scan =
        !tree->nodes[m].reduction && !(next_random(state) % 9);
  }
  access[0] = next_random(state) % n;
  access[1] = next_random(state) % n;
  if (next_random(state) % 2)
    tree_set_buffer(tree, 1 + next_random(state) % 2, access,
                    next_random(state) % 4 ? MDH_MAP_SCOPE_INNERMOST
                                           : MDH_MAP_SCOPE_KERNEL);
}

static int test_brute_force(void) {
  struct tree tree;
  unsigned state = 12345, flags;
  char what[64];
  int k, r = 0;

  listing3(&tree);
  r |= compare_brute_force("listing 3 literal", &tree, LIT, 0);
  r |= compare_brute_force("listing 3 strengthened", &tree, STR, 0);
  listing1(&tree);
  r |= compare_brute_force("listing 1 literal", &tree, LIT, 0);
  r |= compare_brute_force("listing 1 strengthened", &tree, STR, 0);
  for (k = 0; k < 80 && r == 0; ++k) {
    random_tree(&tree, 1 + k % 4, &state);
    flags = next_random(&state) % 8;
    snprintf(what, sizeof(what), "random tree %d", k);
    r |= compare_brute_force(what, &tree, k % 2 ? STR : LIT, flags);
  }
  return r;
}

static const struct {
  const char *name;
  int (*fn)(void);
} tests[] = {
    {"listing 3 counts", &test_listing3_counts},
    {"listing 3 local, literal", &test_listing3_local_literal},
    {"listing 3 local, rule 2'", &test_listing3_local_strengthened},
    {"listing 1 / table 1", &test_listing1_table1},
    {"rule 2 examples", &test_rule2_examples},
    {"messages", &test_messages},
    {"G3", &test_g3},
    {"reductions and scans", &test_reduction_scan},
    {"chain counts", &test_chain_counts},
    {"without Fused", &test_without_fused},
    {"stop", &test_stop},
    {"bad input", &test_bad_input},
    {"brute force", &test_brute_force},
};

int main(void) {
  size_t k;
  int failed = 0;

  for (k = 0; k < sizeof(tests) / sizeof(tests[0]); ++k) {
    printf("%s\n", tests[k].name);
    if (tests[k].fn() < 0) {
      fprintf(stderr, "FAILED: %s\n", tests[k].name);
      failed = 1;
    }
  }
  return failed;
}
