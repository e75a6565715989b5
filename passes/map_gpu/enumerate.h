/* Legal GPU parallelism mappings of a map nesting tree, after LIFT's
 * constraint rules ("Mapping Parallelism in a Functional IR through Constraint
 * Satisfaction", Mogers et al., CC'22, Sec. 4).
 *
 * Each map (a loop that may run in parallel) gets one encoding of Table 2:
 *
 *   0        Seq     sequential loop
 *   1        Fused   collapsed into its parent, whose schedule it takes
 *   10 + d   Lcl(d)  threads of a block (CUDA threadIdx.d)
 *   20 + d   Wrg(d)  blocks (CUDA blockIdx.d)
 *   30 + d   Glb(d)  flat global thread index
 *
 * with d in 0..2 meaning x, y, z. "enc" arrays hold one encoding per map,
 * indexed like the tree's nodes. The rules (1-8 of the paper, 2' and G1-G3
 * (our strengthening of them), and the MDH reduction and scan rules) are
 * documented in enumerate.c. G4 (global dependences between sibling parallel
 * maps) is not checked here: it needs index functions, so the caller applies it
 * to each candidate it receives.
 *
 * Nothing here depends on MLIR or isl.
 */

#ifndef MDH_PASSES_MAP_GPU_ENUMERATE_H
#define MDH_PASSES_MAP_GPU_ENUMERATE_H

#include <stddef.h>

enum mdh_map_enc {
  MDH_MAP_SEQ = 0,
  MDH_MAP_FUSED = 1,
  MDH_MAP_LCL = 10,
  MDH_MAP_WRG = 20,
  MDH_MAP_GLB = 30
};

/* The number of encodings and the largest tree accepted. */
#define MDH_MAP_N_ENC 11
#define MDH_MAP_MAX_MAPS 256

/* Values of mdh_map_buffer's "scope": the innermost map around every
 * access (computed), or the kernel (no map: the buffer spans all blocks). */
#define MDH_MAP_SCOPE_INNERMOST (-2)
#define MDH_MAP_SCOPE_KERNEL (-1)

/* One map. "parent" is the index of the enclosing map, -1 for a root.
 * "name" is used in diagnostics only and may be NULL. "concrete": it writes
 * memory (the paper's ConcreteMaps; rules 1, 2, 3 and 6 constrain only
 * those). "perfectly_nested": its parent's body is this map alone, so it
 * may be Fused. "uses_private": it reads or writes private memory (rule 1).
 * "reduction" / "scan": it iterates an MDH reduction (pw) or scan (ps)
 * dimension.
 */
struct mdh_map_node {
  const char *name;
  int parent;
  int concrete;
  int perfectly_nested;
  int uses_private;
  int reduction;
  int scan;
};

/* A workgroup (CUDA shared) buffer: the "n_access" maps in "access" read
 * or write it (the producers and consumers). Under the literal rules each
 * of them "usesLocalMemory" (rule 2); under the strengthened rules the
 * buffer is allocated once per iteration of map "scope" (S(b) of rule 2'),
 * which must strictly enclose every access, or is one of the
 * MDH_MAP_SCOPE_* values.
 */
struct mdh_map_buffer {
  int n_access;
  const int *access;
  int scope;
};

/* The nesting tree of one kernel: "n" maps in "nodes", "n_buffer"
 * workgroup buffers in "buffers". Several roots are allowed; their chains
 * all belong to the same kernel. The tree is borrowed, never freed.
 */
struct mdh_map_tree {
  int n;
  const struct mdh_map_node *nodes;
  int n_buffer;
  const struct mdh_map_buffer *buffers;
};

/* MDH_MAP_RULES_LITERAL: the paper's rules 1-8 as written, plus "Fused
 * only if perfectly nested". MDH_MAP_RULES_STRENGTHENED: rules 1 and 3-8,
 * with 2' for rule 2 and G1, G2, G3 (our strengthening of the paper's rules).
 */
enum mdh_map_rules { MDH_MAP_RULES_LITERAL, MDH_MAP_RULES_STRENGTHENED };

/* MDH_MAP_WITHOUT_RULE8: drop the sequential fusion heuristic.
 * MDH_MAP_PARALLEL_REDUCTIONS: reduction maps may be Lcl, Wrg or Glb (MDH,
 * PANAMERA); without it they run sequentially, as LIFT's reduce does.
 * MDH_MAP_WITHOUT_G3: allow a Wrg below an Lcl or Glb of another dim.
 * MDH_MAP_PARALLEL_SCANS: scan maps may be Lcl or Glb (the threads of one
 * block scan chunks, then combine the chunks' totals; the caller keeps Glb
 * to one block); without it they are Seq.
 * MDH_MAP_WITHOUT_FUSED: no map is Fused (a caller without code for it: the
 * enumeration then never enters the subtrees of Fused maps).
 */
enum mdh_map_flag {
  MDH_MAP_WITHOUT_RULE8 = 1 << 0,
  MDH_MAP_PARALLEL_REDUCTIONS = 1 << 1,
  MDH_MAP_WITHOUT_G3 = 1 << 2,
  MDH_MAP_PARALLEL_SCANS = 1 << 3,
  MDH_MAP_WITHOUT_FUSED = 1 << 4
};

/* The encodings in the order the enumerator tries them. */
extern const int mdh_map_enc_values[MDH_MAP_N_ENC];

/* Writes the name of "enc" ("Seq", "Fused", "Lcl(0)", ...) into "buf" of
 * "size" bytes. Returns 0, or -1 if "enc" is no encoding (buf says so). */
int mdh_map_enc_str(int enc, char *buf, size_t size);

/* Returns 0 if "tree" is well formed, or -1 with the reason in "msg" (of
 * "size" bytes; may be NULL). */
int mdh_map_tree_validate(const struct mdh_map_tree *tree, char *msg,
                          size_t size);

/* Returns 1 if "enc" is a legal mapping of "tree" under "rules" and
 * "flags" (a mask of mdh_map_flag), 0 if not, with the first violated rule
 * in "msg" (e.g. "rule 3 (duplicate scheduling): map D and map C both use
 * Lcl(0)"), or -1 if "tree" or "enc" is malformed, with the reason in
 * "msg". "msg" may be NULL.
 */
int mdh_map_is_legal(const struct mdh_map_tree *tree, enum mdh_map_rules rules,
                     unsigned flags, const int *enc, char *msg, size_t size);

/* Calls "fn" on every legal mapping of "tree", in a fixed order: maps in
 * preorder, the first one varying slowest, each over mdh_map_enc_values.
 * "enc" is valid during the call only. "fn" returns nonzero to stop; it
 * may be NULL to count only. Returns the number of mappings passed to
 * "fn", or -1 if "tree" is malformed (mdh_map_tree_validate says why) or
 * memory runs out.
 */
long mdh_map_enumerate(const struct mdh_map_tree *tree,
                       enum mdh_map_rules rules, unsigned flags,
                       int (*fn)(const int *enc, void *user), void *user);

#endif
