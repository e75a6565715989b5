/* Statement bodies shared by the lowerings of a md_hom: reading the scalar
 * function's arguments through the input views, and combining result
 * components with the md_hom's operator. */

#ifndef MDH_LIB_STMT_H
#define MDH_LIB_STMT_H

#include "lib/builder.h"

#include "mdh-c/Dialect.h"

/* Accesses of "buffer" that go to "copy" instead, at the index minus
 * "offset" (mdh-codegen-gpu's tiles staged in shared memory), or at index
 * 0 in every dimension without "offset" (a thread's register for the one
 * element of an intermediate it uses): the loads of a statement's
 * arguments, and the loads and stores of its result (lib/chain.h). */
struct mdh_redirect {
  MlirValue buffer;
  MlirValue copy;
  const MlirValue *offset;
};

/* Returns the memref that an access of element "idx" (rank "n") of
 * "buffer" goes to through the "n_redirects" "redirects": "buffer", or the
 * copy of a redirect, "idx" then rewritten for it. */
MlirValue mdh_redirect_access(struct mdh_builder *b, MlirValue buffer,
                              intptr_t n, MlirValue *idx,
                              const struct mdh_redirect *redirects,
                              int n_redirects);

/* Reads the arguments of the scalar function of "hom" at index-space point
 * "ivs": the indices when index-aware, then every access of every input view
 * in order, through the "n_redirects" "redirects". Returns their number.
 * "args" must have room for all of them. */
intptr_t mdh_build_read_arguments(struct mdh_builder *b, MlirOperation hom,
                                  const MlirValue *ivs,
                                  const struct mdh_redirect *redirects,
                                  int n_redirects, MlirValue *args);

/* Combines the "n" component values "lhs" (the earlier points) and "rhs"
 * with the operator "oper" of a pw/ps dimension (a builtin name, an array of
 * names or a combine function whose results are those of "fn_type"), into
 * "out". */
void mdh_build_combine(struct mdh_builder *b, MlirAttribute oper,
                       MlirType fn_type, intptr_t n, const MlirValue *lhs,
                       const MlirValue *rhs, MlirValue *out);

/* Returns the identity of builtin operator "op" on "type" as a constant (0
 * for an unknown operator). */
MlirValue mdh_build_identity(struct mdh_builder *b, const char *op,
                             MlirType type);

/* Returns the operator shared by the pw/ps dimensions of "hom" (null if it
 * has none); returns null with "*ok" = 0 if dimensions use different ones
 * (possible only under mdh.assume_homomorphic), after an error naming
 * "pass" unless it is NULL. */
MlirAttribute mdh_md_hom_operator(MlirOperation hom, const char *pass, int *ok);

/* Builds "every pw index of the point ivs is 0", the first point of its
 * reduction; returns a null value when no dimension is pw. */
MlirValue mdh_build_is_first_point(struct mdh_builder *b, int rank,
                                   const MdhCombineKind *kinds,
                                   const MlirValue *ivs);

/* Returns the result point of index-space point "ivs" in "out": index 0 in
 * every pw dimension (MDH Def. 9). */
void mdh_build_result_point(struct mdh_builder *b, int rank,
                            const MdhCombineKind *kinds, const MlirValue *ivs,
                            MlirValue *out);

/* Builds `mdh.inp_view(buffer) {accesses = [map]}` of MDA type "mda";
 * returns the view. */
MlirValue mdh_build_inp_view(struct mdh_builder *b, MlirValue buffer,
                             MlirAffineMap map, MlirType mda);

/* Builds `mdh.out_view(result, buffer) {accesses = [map], components =
 * [component]}`; returns it. */
MlirOperation mdh_build_out_view(struct mdh_builder *b, MlirValue result,
                                 MlirValue buffer, MlirAffineMap map,
                                 int64_t component);

/* Builds a md_hom of the "n" views "views" with scalar function "fn",
 * combine operators "combine" over "rank" dimensions of sizes "sizes"
 * (its result has size 1 in the pw ones), index-aware where
 * "index_aware"; returns its result. */
MlirValue mdh_build_md_hom(struct mdh_builder *b, int n, const MlirValue *views,
                           MlirOperation fn, int rank, const int64_t *sizes,
                           const MlirAttribute *combine, int index_aware);

/* Returns the function type of the scalar function of "hom" (verified). */
MlirType mdh_md_hom_function_type(MlirOperation hom);

/* Reads `mdh.tile_sizes` of "hom" into "sizes" (one per dimension, in index
 * order): returns 1, 0 where "hom" has none, or -1 where it is not an
 * array<i64> of mdhMdHomGetRank(hom) sizes >= 0, after an error of "pass"
 * at "hom" unless "pass" is NULL. */
int mdh_md_hom_tile_sizes(MlirOperation hom, const char *pass, int64_t *sizes);

#endif
