/* The device copies of a chain's buffers (mdh-codegen-gpu, host side).
 *
 * Every buffer of the chain gets a dense device copy of its elements
 * (gpu.alloc + gpu.memcpy, through a host staging buffer for a strided
 * layout). Buffers that are different views of one base (a subview of a
 * buffer that the chain also uses whole, or two reshapes of one
 * allocation: issue 13, item 2) must stay one memory on the device too,
 * since a kernel writing one view changes the elements another reads: the
 * base gets one device copy, and each view is made again on it by the
 * same view ops. An intermediate (an allocation only the chain uses) is
 * never copied either way. In a device-resident function
 * (`mdh.device_resident`), the arguments are device memory already and get
 * no copy at all.
 */

#include "passes/codegen_gpu/device.h"
#include "dialect/dialect.h"

#include "support/diag.h"
#include "support/ir.h"

#include "mlir-c/BuiltinTypes.h"

#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdlib.h>
#include <string.h>

static void build_memcpy(struct mdh_builder *b, MlirValue dst, MlirValue src) {
  MlirValue operands[2] = {dst, src};

  mdh_build_op(b, "gpu.memcpy", 2, operands, 0, NULL, 0, NULL);
}

/* Returns the type of the device copy of the chain's buffer "buf": its
 * shape, element type and memory space with the identity layout. A buffer
 * with a strided layout (a subview, an argument of type
 * memref<4x4xf32, strided<[8, 1], offset: 18>>) thus gets a dense device
 * buffer of just its elements: gpu-to-llvm lowers gpu.alloc and gpu.memcpy
 * of identity layouts only (a strided one is left behind as an
 * unrealized_conversion_cast), and the kernels index it densely. */
static MlirType device_type(MlirValue buf) {
  MlirType type = mlirValueGetType(buf);
  intptr_t rank = mlirShapedTypeGetRank(type), d;
  int64_t shape[MDH_MODEL_MAX_RANK];

  for (d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(type, d);
  return mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), rank,
                                     shape, mlirMemRefTypeGetMemorySpace(type));
}

/* Tells whether the elements of buffer "buf" lie as those of its device
 * copy (device_type), so that one gpu.memcpy moves them. */
static int is_dense(MlirValue buf) {
  return mlirAffineMapIsIdentity(
      mlirMemRefTypeGetAffineMap(mlirValueGetType(buf)));
}

/* Copies the elements of the host buffer "from" into the host buffer "to"
 * of the same shape, whatever their layouts. */
static void build_host_copy(struct mdh_builder *b, MlirValue from,
                            MlirValue to) {
  MlirValue operands[2] = {from, to};

  mdh_build_op(b, "memref.copy", 2, operands, 0, NULL, 0, NULL);
}

/* Copies the chain's buffer "host" to its device copy "dev" (device_type)
 * if "to_device", else back. A strided "host" goes through a dense host
 * staging buffer: memref.copy gathers (or scatters) its elements, one
 * gpu.memcpy moves them, so only the elements of "host" are written.
 * Copying the span of the view's base instead (one memcpy, no staging)
 * would also move the elements between the view's and write them back:
 * wrong where another view of the same base, such as another argument
 * (arguments are taken not to alias element by element, not span by span:
 * the even and odd elements of one vector), is written too. */
static void copy_buffer(struct mdh_builder *b, MlirValue host, MlirValue dev,
                        int to_device) {
  MlirValue stage;

  if (is_dense(host)) {
    build_memcpy(b, to_device ? dev : host, to_device ? host : dev);
    return;
  }
  stage = mdh_build_alloc_like(b, "memref.alloc", mlirValueGetType(dev), host);
  if (to_device) {
    build_host_copy(b, host, stage);
    build_memcpy(b, dev, stage);
  } else {
    build_memcpy(b, stage, dev);
    build_host_copy(b, stage, host);
  }
  mdh_build_dealloc(b, stage);
}

/* Tells whether "op" is nested in one of the "n" ops "roots". */
static int nested_in(MlirOperation op, const MlirOperation *roots, int n) {
  int i;

  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    for (i = 0; i < n; ++i)
      if (mlirOperationEqual(op, roots[i]))
        return 1;
  return 0;
}

/* Makes the uses of "host" inside the kernels from "first" to the end of
 * the block use "dev" instead: the kernels were emitted on the chain's
 * buffers, which are host memory. */
static void use_device_copy(MlirValue host, MlirValue dev,
                            MlirOperation first) {
  MlirOperation *roots = NULL, op;
  MlirOpOperand use, next;
  int n = 0;

  for (op = first; !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!mdh_op_is(op, "gpu.launch"))
      continue;
    roots = realloc(roots, (n + 1) * sizeof(*roots));
    if (!roots)
      abort();
    roots[n++] = op;
  }
  for (use = mlirValueGetFirstUse(host); !mlirOpOperandIsNull(use);
       use = next) {
    next = mlirOpOperandGetNextUse(use);
    if (nested_in(mlirOpOperandGetOwner(use), roots, n))
      mlirOperationSetOperand(mlirOpOperandGetOwner(use),
                              mlirOpOperandGetOperandNumber(use), dev);
  }
  free(roots);
}

/* Returns "view", a view of "base" through view ops, made the same way on
 * "dev", a copy of "base" of the same type: the view ops are cloned at
 * "b". */
static MlirValue view_on_copy(struct mdh_builder *b, MlirValue view,
                              MlirValue base, MlirValue dev) {
  MlirOperation op, clone;

  if (mlirValueEqual(view, base))
    return dev;
  op = mlirOpResultGetOwner(view);
  dev = view_on_copy(b, mlirOperationGetOperand(op, 0), base, dev);
  clone = mlirOperationClone(op);
  mlirOperationSetOperand(clone, 0, dev);
  mdh_build_insert(b, clone);
  return mlirOperationGetResult(clone, mlirOpResultGetResultNumber(view));
}

/* Returns the elements of buffer "k" of "m", of static shape "type". */
static __isl_give isl_set *buffer_elements(struct mdh_model *m, int k,
                                           MlirType type) {
  isl_set *box = isl_set_universe(mdh_model_buffer_space(m, k));
  intptr_t d;

  for (d = 0; d < mlirShapedTypeGetRank(type); ++d) {
    box = isl_set_lower_bound_si(box, isl_dim_set, d, 0);
    box = isl_set_upper_bound_si(box, isl_dim_set, d,
                                 mlirShapedTypeGetDimSize(type, d) - 1);
  }
  return box;
}

/* Tells whether the chain "c" overwrites every element of buffer "k"
 * without reading it (a buffer of its own, of static shape, that no
 * md_hom reads, whose elements the out_views' writes cover): its old
 * contents then need not travel to the device. An isl error answers no. */
static int overwritten(struct mdh_device_copies *c, int k) {
  MlirType type = mlirValueGetType(c->m->bufs[k]);
  isl_union_set *written;
  isl_set *box, *w;
  isl_bool covered;

  if (c->read[k] || !c->written[k] || mdh_model_shares_memory(c->m, k) ||
      !mlirShapedTypeHasStaticShape(type))
    return 0;
  box = buffer_elements(c->m, k, type);
  written = isl_union_map_range(isl_union_map_copy(c->m->writes));
  w = isl_union_set_extract_set(written, isl_set_get_space(box));
  isl_union_set_free(written);
  covered = isl_set_is_subset(box, w);
  isl_set_free(box);
  isl_set_free(w);
  return covered == isl_bool_true;
}

/* Allocates at "b" the device copy of "host" in "c" for buffer "k", of
 * type "type", and copies "host" there unless the chain only writes it:
 * an intermediate, or a buffer it overwrites whole (issue 29: the copy of
 * an output took as long as that of an input). */
static void build_copy(struct mdh_device_copies *c, struct mdh_builder *b,
                       int k, MlirType type, MlirValue host) {
  c->host[k] = host;
  c->alloc[k] = mdh_build_alloc_like(b, "gpu.alloc", type, host);
  if (mlirOperationIsNull(c->first))
    c->first = mlirOpResultGetOwner(c->alloc[k]);
  if (!mdh_model_is_intermediate(c->m, host) && !overwritten(c, k))
    copy_buffer(b, host, c->alloc[k], 1);
}

/* Returns the index of the buffer of "m" that "value" is the same view as
 * (the model names equal view ops of one value as one buffer), or -1. */
static int buffer_of(struct mdh_model *m, MlirValue value) {
  int k;

  for (k = 0; k < m->n_buf; ++k)
    if (mdh_values_same_view(m->bufs[k], value))
      return k;
  return -1;
}

/* Calls "fn" on every view of every md_hom of "c" with the index of its
 * buffer in the model, and whether it is an out_view. */
static void foreach_view(struct mdh_device_copies *c,
                         void (*fn)(struct mdh_device_copies *c,
                                    MlirOperation view, int k, int out)) {
  struct mdh_op_list views;
  size_t n_inputs, v;
  int s, k;

  for (s = 0; s < c->m->n_stmt; ++s) {
    views = mdh_md_hom_views(c->m->stmts[s].hom, &n_inputs);
    for (v = 0; v < views.n; ++v) {
      k = buffer_of(c->m, mdhViewGetBuffer(views.ops[v]));
      if (k >= 0)
        fn(c, views.ops[v], k, v >= n_inputs);
    }
    free(views.ops);
  }
}

/* Marks buffer "k" as used, its device copy as written if "view" is an
 * out_view, and as read if it is an input view or an accumulating
 * out_view. */
static void note_written(struct mdh_device_copies *c, MlirOperation view, int k,
                         int out) {
  c->used[k] = 1;
  if (out)
    c->written[k] = 1;
  if (!out || mdhOutViewIsAccumulating(view))
    c->read[k] = 1;
}

int mdh_device_copies_build(struct mdh_device_copies *c, struct mdh_builder *b,
                            struct mdh_model *m, const char *tile_only,
                            int resident, const char *pass) {
  MlirValue buf, base;
  int k, j;

  memset(c, 0, sizeof(*c));
  c->m = m;
  c->dev = calloc(m->n_buf + 1, sizeof(*c->dev));
  c->alloc = calloc(m->n_buf + 1, sizeof(*c->alloc));
  c->host = calloc(m->n_buf + 1, sizeof(*c->host));
  c->written = calloc(m->n_buf + 1, 1);
  c->read = calloc(m->n_buf + 1, 1);
  c->used = calloc(m->n_buf + 1, 1);
  if (!c->dev || !c->alloc || !c->host || !c->written || !c->read || !c->used)
    abort();
  foreach_view(c, &note_written);
  for (k = 0; k < m->n_buf; ++k) {
    c->written[m->mem[k]] |= c->written[k];
    c->used[m->mem[k]] |= c->used[k];
  }
  for (k = 0; k < m->n_buf; ++k) {
    buf = m->bufs[k];
    j = m->mem[k];
    /* A part of a chain (lib/chain.h) copies the buffers of its md_homs
     * only (and the base of a view of theirs). */
    if (!c->used[k] || (tile_only && tile_only[k]))
      continue;
    /* A device-resident function's arguments are device memory: the
     * kernels use them, and their views, as they are. */
    if (resident && !mlirValueIsAOpResult(mdh_value_base(buf))) {
      c->dev[k] = buf;
      continue;
    }
    /* Views of one base of which none is written may each have a dense
     * copy of their own elements: nothing changes them. */
    if (!mdh_model_shares_memory(m, k) || !c->written[j]) {
      build_copy(c, b, k, device_type(buf), buf);
      c->dev[k] = c->alloc[k];
      continue;
    }
    base = mdh_value_base(buf);
    if (j == k) {
      if (!is_dense(base)) {
        mdh_emit_error(mlirValueIsAOpResult(buf) ? mlirOpResultGetOwner(buf)
                                                 : m->stmts[0].hom,
                       "%s: the chain uses different views of one buffer "
                       "and writes one of them; on the GPU the views are "
                       "made again on a device copy of the buffer, which "
                       "needs the identity layout, but the buffer has a "
                       "strided one",
                       pass);
        return -1;
      }
      build_copy(c, b, k, mlirValueGetType(base), base);
    }
    c->dev[k] = view_on_copy(b, buf, base, c->alloc[j]);
  }
  return 0;
}

/* Makes the kernels use the device copy of buffer "k" for the buffer of
 * "view", an equal view op of the value the model names buffer "k". */
static void use_for_view(struct mdh_device_copies *c, MlirOperation view, int k,
                         int out) {
  MlirValue buf = mdhViewGetBuffer(view);

  (void)out;
  if (!mlirValueEqual(buf, c->m->bufs[k]))
    use_device_copy(buf, c->dev[k], c->first);
}

void mdh_device_copies_use(struct mdh_device_copies *c) {
  int k;

  for (k = 0; k < c->m->n_buf; ++k)
    if (!mlirValueIsNull(c->dev[k]))
      use_device_copy(c->m->bufs[k], c->dev[k], c->first);
  foreach_view(c, &use_for_view);
}

void mdh_device_copies_finish(struct mdh_device_copies *c,
                              struct mdh_builder *b) {
  int k;

  for (k = 0; k < c->m->n_buf; ++k)
    if (!mlirValueIsNull(c->alloc[k]) && c->written[k] &&
        !mdh_model_is_intermediate(c->m, c->host[k]))
      copy_buffer(b, c->host[k], c->alloc[k], 0);
  for (k = 0; k < c->m->n_buf; ++k)
    if (!mlirValueIsNull(c->alloc[k]))
      mdh_build_op(b, "gpu.dealloc", 1, &c->alloc[k], 0, NULL, 0, NULL);
}

void mdh_device_copies_clear(struct mdh_device_copies *c) {
  free(c->dev);
  free(c->alloc);
  free(c->host);
  free(c->written);
  free(c->read);
  free(c->used);
}
