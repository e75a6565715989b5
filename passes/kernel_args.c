/* mdh-kernel-args: tells the NVPTX back end what the launches of a kernel
 * guarantee about its memref arguments, so that it reads them as a CUDA
 * expert's kernel does:
 *
 * - aligned: an argument that every launch passes a whole gpu.alloc
 *   buffer (the identity layout) is 16-byte aligned (cudaMalloc aligns to
 *   at least 256 bytes: CUDA C++ Programming Guide, Device Memory
 *   Accesses), which the kernel states by memref.assume_alignment; LLVM's
 *   load-store vectorizer can then merge a thread's loads of 4 neighbouring
 *   f32 into one ld.global.v4 (vec() in lib/mapping.h);
 * - invariant: an argument whose elements no thread writes during a launch
 *   is read through the non-coherent (read-only) data cache, ld.global.nc,
 *   as nvcc does for `const __restrict__` pointers.
 *
 * It also aligns a kernel's shared arrays (its workgroup attributions) to
 * 16 bytes, for the vector accesses of the staged tiles (align_workgroup).
 *
 * The back end emits ld.global.nc for loads through a kernel parameter
 * that is `noalias` and read-only (NVPTXTagInvariantLoads), but
 * convert-gpu-to-nvvm drops `llvm.noalias` from memref arguments: a memref
 * becomes two pointers (allocated and aligned) to the same memory. The pass
 * therefore runs twice in mdh-gpu-pipeline:
 *
 * - after gpu-kernel-outlining, on each gpu.func kernel: a memref argument
 *   whose elements the kernel only loads, and which no argument that the
 *   kernel writes may alias at any gpu.launch_func of it, gets
 *   `llvm.readonly` (which the conversion keeps), and the kernel records in
 *   `mdh.invariant_args` where the argument's aligned pointer will be among
 *   the converted kernel's parameters; the aligned arguments get their
 *   memref.assume_alignment;
 * - after convert-gpu-to-nvvm, on each llvm.func kernel with that record:
 *   those read-only pointers get `llvm.noalias`, and the record goes.
 *
 * `noalias` only promises that no other pointer accesses memory that is
 * modified during the call (LLVM Language Reference, noalias), which holds
 * when nothing writes the buffer during the launch. Two memrefs may alias
 * unless they are views of different allocations: distinct arguments of
 * the host function may be one buffer. What the pass cannot analyse (a
 * call taking the memref, an op other than a load) counts as a write; a
 * kernel without a launch in the module gets nothing.
 */

#include "dialect/attrs.h"
#include "lib/builder.h"
#include "passes/pass.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The alignment in bytes that a kernel may assume of a whole gpu.alloc
 * buffer: all that the widest vector load, ld.global.v4.b32, needs. */
#define DEVICE_BUFFER_ALIGNMENT 16

/* The alignment in bytes of the shared arrays of a kernel: all that the
 * widest shared access, ld.shared.v4.b32 or a 16-byte cp.async, needs
 * (PTX ISA, Memory Consistency: addresses aligned to the access size). */
#define SHARED_TILE_ALIGNMENT 16

/* Tells whether "user" only reads the elements of a memref it takes. An
 * asynchronous copy writes only its destination, which is shared memory,
 * never a kernel argument. */
static int reads(MlirOperation user) {
  return mdh_op_is(user, "memref.load") || mdh_op_is(user, "vector.load") ||
         mdh_op_is(user, "memref.dim") ||
         mdh_op_is(user, "nvgpu.device_async_copy");
}

/* Tells whether every use of the memref "value" in the kernel only reads
 * its elements: loads and memref.dim, directly or through views. */
static int only_read(MlirValue value) {
  return mlirOperationIsNull(mdh_value_find_use(value, &reads));
}

/* Tells whether the base of a memref (mdh_value_base) is an allocation. */
static int is_allocation(MlirValue base) {
  MlirOperation def;

  if (!mlirValueIsAOpResult(base))
    return 0;
  def = mlirOpResultGetOwner(base);
  return mdh_op_is(def, "gpu.alloc") || mdh_op_is(def, "memref.alloc") ||
         mdh_op_is(def, "memref.alloca");
}

/* Tells whether the memrefs "a" and "b" may share elements: views of one
 * base, or of two bases neither of which is an allocation (a fresh
 * allocation shares no element with any other buffer). */
static int may_alias(MlirValue a, MlirValue b) {
  MlirValue base_a = mdh_value_base(a), base_b = mdh_value_base(b);

  return mlirValueEqual(base_a, base_b) ||
         (!is_allocation(base_a) && !is_allocation(base_b));
}

/* The kernel being analysed: the gpu.func, its gpu.module's name, whether
 * each argument is written, whether each argument is invariant at every
 * launch seen so far, and how many launches were seen. */
struct kernel {
  MlirOperation func;
  MlirStringRef module;
  intptr_t n_args;
  int *written;
  int *invariant;
  int *aligned;
  int n_launches;
};

/* Tells whether the gpu.launch_func "op" launches "k". */
static int launches(MlirOperation op, const struct kernel *k) {
  MlirAttribute ref = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("kernel"));

  return !mlirAttributeIsNull(ref) && mlirAttributeIsASymbolRef(ref) &&
         mlirSymbolRefAttrGetNumNestedReferences(ref) == 1 &&
         mlirStringRefEqual(mlirSymbolRefAttrGetRootReference(ref),
                            k->module) &&
         mlirStringRefEqual(mlirFlatSymbolRefAttrGetValue(
                                mlirSymbolRefAttrGetNestedReference(ref, 0)),
                            mdh_func_name(k->func));
}

/* The position of the kernel operands among the operands of the
 * gpu.launch_func "op" (after the asynchronous dependencies, the grid,
 * block and cluster sizes and the dynamic shared memory size: segment 11
 * of 13), or -1 if "op" does not have that form. */
static intptr_t kernel_operands(MlirOperation op, intptr_t n_args) {
  MlirAttribute seg = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  intptr_t first = 0, i;

  if (mlirAttributeIsNull(seg) || !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 13 ||
      mlirDenseI32ArrayGetElement(seg, 11) != n_args)
    return -1;
  for (i = 0; i < 11; ++i)
    first += mlirDenseI32ArrayGetElement(seg, i);
  return first;
}

/* Tells whether "v" is a whole gpu.alloc buffer of the identity layout. */
static int is_device_buffer(MlirValue v) {
  return mlirValueIsAOpResult(v) &&
         mdh_op_is(mlirOpResultGetOwner(v), "gpu.alloc") &&
         mlirTypeIsAMemRef(mlirValueGetType(v)) &&
         mlirAffineMapIsIdentity(
             mlirMemRefTypeGetAffineMap(mlirValueGetType(v)));
}

/* Clears the arguments of "k" that are not invariant at the launch "op"
 * (gpu.launch_func): written, or possibly an alias of a written one; and
 * those that it does not pass a whole device buffer. */
static MlirWalkResult check_launch(MlirOperation op, void *user) {
  struct kernel *k = user;
  intptr_t first, i, j;
  MlirValue a, b;

  if (!mdh_op_is(op, "gpu.launch_func") || !launches(op, k))
    return MlirWalkResultAdvance;
  first = kernel_operands(op, k->n_args);
  ++k->n_launches;
  for (i = 0; i < k->n_args; ++i) {
    if (first < 0) {
      k->invariant[i] = k->aligned[i] = 0;
      continue;
    }
    a = mlirOperationGetOperand(op, first + i);
    k->aligned[i] &= is_device_buffer(a);
    for (j = 0; j < k->n_args; ++j) {
      b = mlirOperationGetOperand(op, first + j);
      if (k->written[j] && mlirTypeIsAMemRef(mlirValueGetType(b)) &&
          may_alias(a, b))
        k->invariant[i] = 0;
    }
  }
  return MlirWalkResultAdvance;
}

/* The number of parameters that an argument of type "type" becomes in
 * convert-gpu-to-nvvm's memref calling convention: a ranked memref its
 * descriptor (allocated and aligned pointer, offset, sizes, strides), an
 * unranked one its rank and descriptor pointer. */
static intptr_t n_params(MlirType type) {
  if (mlirTypeIsAMemRef(type))
    return 3 + 2 * mlirShapedTypeGetRank(type);
  return mlirTypeIsAUnrankedMemRef(type) ? 2 : 1;
}

/* Returns "attrs" (a dictionary or null) with the unit attribute "name". */
static MlirAttribute with_unit(MlirContext ctx, MlirAttribute attrs,
                               const char *name) {
  intptr_t n =
      mlirAttributeIsNull(attrs) ? 0 : mlirDictionaryAttrGetNumElements(attrs);
  MlirNamedAttribute *elems = malloc((n + 1) * sizeof(*elems));
  MlirAttribute result;
  intptr_t i;

  if (!elems)
    abort();
  for (i = 0; i < n; ++i) {
    elems[i] = mlirDictionaryAttrGetElement(attrs, i);
    if (mlirStringRefEqual(mlirIdentifierStr(elems[i].name),
                           mlirStringRefCreateFromCString(name))) {
      free(elems);
      return attrs;
    }
  }
  elems[n] = mdh_named_attr(ctx, name, mlirUnitAttrGet(ctx));
  result = mlirDictionaryAttrGet(ctx, n + 1, elems);
  free(elems);
  return result;
}

/* Returns the argument attributes "arg_attrs" of a function of "n"
 * arguments (an array of dictionaries, or null) with the unit attribute
 * "name" on the arguments "which" flags. */
static MlirAttribute mark_args(MlirContext ctx, MlirAttribute arg_attrs,
                               intptr_t n, const int *which, const char *name) {
  MlirAttribute *dicts = malloc((n + 1) * sizeof(*dicts)), result;
  intptr_t i;

  if (!dicts)
    abort();
  for (i = 0; i < n; ++i) {
    dicts[i] = !mlirAttributeIsNull(arg_attrs) &&
                       mlirAttributeIsAArray(arg_attrs) &&
                       mlirArrayAttrGetNumElements(arg_attrs) == n
                   ? mlirArrayAttrGetElement(arg_attrs, i)
                   : mlirDictionaryAttrGet(ctx, 0, NULL);
    if (which[i])
      dicts[i] = with_unit(ctx, dicts[i], name);
  }
  result = mlirArrayAttrGet(ctx, n, dicts);
  free(dicts);
  return result;
}

/* Makes the kernel use the memref argument "arg" through
 * memref.assume_alignment, built at "b". */
static void assume_aligned(struct mdh_builder *b, MlirValue arg) {
  MlirType type = mlirValueGetType(arg);
  MlirNamedAttribute attr =
      mdh_named_attr(b->ctx, "alignment",
                     mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 32),
                                        DEVICE_BUFFER_ALIGNMENT));
  MlirOperation assume =
      mdh_build_op(b, "memref.assume_alignment", 1, &arg, 1, &type, 1, &attr);
  MlirOpOperand use, next;

  for (use = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(use); use = next) {
    next = mlirOpOperandGetNextUse(use);
    if (!mlirOperationEqual(mlirOpOperandGetOwner(use), assume))
      mlirOperationSetOperand(mlirOpOperandGetOwner(use),
                              mlirOpOperandGetOperandNumber(use),
                              mlirOperationGetResult(assume, 0));
  }
}

/* Marks the invariant memref arguments of the gpu.func kernel "k" read-only
 * and records their aligned pointers' positions in the converted kernel;
 * states the alignment of its aligned arguments. */
static void mark_kernel(struct kernel *k, MlirOperation parent) {
  MlirContext ctx = mlirOperationGetContext(k->func);
  MlirStringRef arg_attrs = mlirStringRefCreateFromCString("arg_attrs");
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(k->func, 0));
  struct mdh_builder b = mdh_builder_before(mlirBlockGetFirstOperation(body));
  MlirType type;
  MlirValue arg;
  int64_t *params = malloc((k->n_args + 1) * sizeof(*params));
  intptr_t i, pos = 0, n = 0;

  if (!params)
    abort();
  for (i = 0; i < k->n_args; ++i) {
    arg = mlirBlockGetArgument(body, i);
    type = mlirValueGetType(arg);
    k->written[i] = !mlirTypeIsAMemRef(type) || !only_read(arg);
    k->invariant[i] = !k->written[i];
    k->aligned[i] = mlirTypeIsAMemRef(type);
  }
  k->n_launches = 0;
  mlirOperationWalk(parent, &check_launch, k, MlirWalkPreOrder);
  for (i = 0; i < k->n_args; ++i) {
    type = mlirValueGetType(mlirBlockGetArgument(body, i));
    /* Without a launch, nothing shows what the arguments may alias. */
    k->invariant[i] &= k->n_launches > 0;
    if (k->invariant[i])
      params[n++] = pos + 1;
    pos += n_params(type);
    if (k->aligned[i] && k->n_launches > 0)
      assume_aligned(&b, mlirBlockGetArgument(body, i));
  }
  if (n > 0) {
    mlirOperationSetAttributeByName(
        k->func, arg_attrs,
        mark_args(ctx, mlirOperationGetAttributeByName(k->func, arg_attrs),
                  k->n_args, k->invariant, "llvm.readonly"));
    mdh_attr_set_invariant_args(k->func, params, n);
  }
  free(params);
}

/* Aligns the workgroup attributions of the gpu.func kernel "func" to
 * SHARED_TILE_ALIGNMENT bytes (`llvm.align`, which convert-gpu-to-nvvm
 * gives the shared arrays) unless they carry attributes already: the tiles
 * of mdh-codegen-gpu's tiled strategy are read with ld.shared.v4 and
 * written with 16-byte cp.async, which need 16-byte addresses, and shared
 * arrays are otherwise aligned to their element type only. */
static void align_workgroup(MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirStringRef name = mlirStringRefCreateFromCString("workgroup_attrib_attrs");
  MlirAttribute n = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("workgroup_attributions"));
  MlirNamedAttribute align = mdh_named_attr(
      ctx, "llvm.align",
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), SHARED_TILE_ALIGNMENT));
  MlirAttribute *dicts;
  intptr_t i, count;

  if (mlirAttributeIsNull(n) ||
      !mlirAttributeIsNull(mlirOperationGetAttributeByName(func, name)))
    return;
  count = mlirIntegerAttrGetValueInt(n);
  if (count <= 0)
    return;
  dicts = malloc(count * sizeof(*dicts));
  if (!dicts)
    abort();
  for (i = 0; i < count; ++i)
    dicts[i] = mlirDictionaryAttrGet(ctx, 1, &align);
  mlirOperationSetAttributeByName(func, name,
                                  mlirArrayAttrGet(ctx, count, dicts));
  free(dicts);
}

/* Internal data structure for each_kernel: the module that holds the
 * launches. */
struct walk_data {
  MlirOperation module;
};

/* Marks the gpu.func kernels (before the conversion) and completes the
 * llvm.func ones that carry a record (after it). */
static MlirWalkResult each_kernel(MlirOperation op, void *user) {
  struct walk_data *data = user;
  MlirOperation parent = mlirOperationGetParentOperation(op);
  MlirStringRef arg_attrs = mlirStringRefCreateFromCString("arg_attrs");
  MlirAttribute record, attrs;
  struct kernel k;
  int *which;
  intptr_t n, i, p;

  if (mdh_op_is(op, "gpu.func") && !mlirOperationIsNull(parent) &&
      mdh_op_is(parent, "gpu.module") &&
      !mlirAttributeIsNull(mlirOperationGetAttributeByName(
          op, mlirStringRefCreateFromCString("gpu.kernel")))) {
    k.func = op;
    k.module = mdh_func_name(parent);
    /* The arguments, not the workgroup and private attributions that
     * follow them among the body's block arguments. */
    k.n_args = mlirFunctionTypeGetNumInputs(mdh_func_type(op));
    k.written = calloc(k.n_args + 1, sizeof(int));
    k.invariant = calloc(k.n_args + 1, sizeof(int));
    k.aligned = calloc(k.n_args + 1, sizeof(int));
    if (!k.written || !k.invariant || !k.aligned)
      abort();
    mark_kernel(&k, data->module);
    align_workgroup(op);
    free(k.written);
    free(k.invariant);
    free(k.aligned);
    return MlirWalkResultSkip;
  }
  if (!mdh_op_is(op, "llvm.func"))
    return MlirWalkResultAdvance;
  record = mdh_attr_get_invariant_args(op);
  if (mlirAttributeIsNull(record))
    return MlirWalkResultSkip;
  n = mlirBlockGetNumArguments(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
  which = calloc(n + 1, sizeof(int));
  if (!which)
    abort();
  attrs = mlirOperationGetAttributeByName(op, arg_attrs);
  for (i = 0; i < mlirDenseArrayGetNumElements(record); ++i) {
    p = mlirDenseI64ArrayGetElement(record, i);
    /* Only where the conversion put the read-only aligned pointer. */
    if (p >= 0 && p < n && mlirAttributeIsAArray(attrs) &&
        mlirArrayAttrGetNumElements(attrs) == n &&
        !mlirAttributeIsNull(mlirDictionaryAttrGetElementByName(
            mlirArrayAttrGetElement(attrs, p),
            mlirStringRefCreateFromCString("llvm.readonly"))))
      which[p] = 1;
  }
  mlirOperationSetAttributeByName(
      op, arg_attrs,
      mark_args(mlirOperationGetContext(op), attrs, n, which, "llvm.noalias"));
  mdh_attr_remove_invariant_args(op);
  free(which);
  return MlirWalkResultSkip;
}

MlirLogicalResult mdh_kernel_args_run(MlirOperation module) {
  struct walk_data data = {module};

  mlirOperationWalk(module, &each_kernel, &data, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
