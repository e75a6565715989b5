/* The discardable attributes of the mdh passes (attrs.h): the only place
 * that spells their names. */

#include "dialect/attrs.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#define ATTR_SCHEDULE "mdh.schedule"
#define ATTR_STMT "mdh.stmt"
#define ATTR_INFLUENCE "mdh.influence"
#define ATTR_SCHEDULER "mdh.scheduler"
#define ATTR_MAPPING "mdh.mapping"
#define ATTR_MAPPINGS "mdh.mappings"
#define ATTR_KERNEL_MAPPINGS "mdh.kernel_mappings"
#define ATTR_INVARIANT_ARGS "mdh.invariant_args"
#define ATTR_DEVICE_RESIDENT "mdh.device_resident"
#define ATTR_MAPPING_INDEX "mdh.mapping_index"
#define ATTR_REDUCTION_MODE "mdh.reduction_mode"
#define ATTR_DOUBLE_BUFFER "mdh.double_buffer"
#define ATTR_ASYNC_COPY "mdh.async_copy"
#define ATTR_TUNED_REDUCTION_MODES "mdh.tuned_reduction_modes"
#define ATTR_KERNEL_ATOMICS "mdh.kernel_atomics"
#define ATTR_TUNED_DOUBLE_BUFFERS "mdh.tuned_double_buffers"
#define ATTR_KERNEL_STAGED "mdh.kernel_staged"
#define ATTR_ISL_BUDGET "mdh.isl_budget"
#define ATTR_SIZES "mdh.sizes"
#define ATTR_INDEX_AWARE "mdh.index_aware"
#define ATTR_ASSUME_HOMOMORPHIC "mdh.assume_homomorphic"
#define ATTR_ACCUMULATE "mdh.accumulate"
#define ATTR_REASSOCIATE "mdh.reassociate"
#define ATTR_FUSION "mdh.fusion"
#define ATTR_TILE_SIZES "mdh.tile_sizes"
#define ATTR_VECTOR_BITS "mdh.vector_bits"
#define ATTR_CACHE_BYTES "mdh.cache_bytes"
#define ATTR_CPU_TILES "mdh.cpu_tiles"
#define ATTR_PACK "mdh.pack"

const char mdh_mark_kinds[] = "mdh.kinds";
const char mdh_mark_kernel[] = "kernel";
const char mdh_mark_tile_buffers[] = "mdh.tile_buffers";
const char mdh_mark_register_tile[] = "mdh.register_tile";
const char mdh_mark_pack_panels[] = "mdh.pack_panels";

static MlirAttribute get(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

static void set(MlirOperation op, const char *name, MlirAttribute attr) {
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(name),
                                  attr);
}

static void remove_attr(MlirOperation op, const char *name) {
  mlirOperationRemoveAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/* Returns the string value of attribute "name" of "op", or a null ref. */
static MlirStringRef get_string(MlirOperation op, const char *name) {
  MlirAttribute attr = get(op, name);

  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr))
    return mlirStringRefCreate(NULL, 0);
  return mlirStringAttrGetValue(attr);
}

static void set_string(MlirOperation op, const char *name, MlirStringRef v) {
  set(op, name, mlirStringAttrGet(mlirOperationGetContext(op), v));
}

static void set_cstring(MlirOperation op, const char *name, const char *v) {
  set_string(op, name, mlirStringRefCreateFromCString(v));
}

static void set_i64(MlirOperation op, const char *name, int64_t v) {
  MlirContext ctx = mlirOperationGetContext(op);

  set(op, name, mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v));
}

static void set_i64_array(MlirOperation op, const char *name, intptr_t n,
                          const int64_t *v) {
  set(op, name, mlirDenseI64ArrayGet(mlirOperationGetContext(op), n, v));
}

/* Returns attribute "name" of "op" or of the nearest op around it that has
 * one, the carrier in "*owner"; null if none has it. */
static MlirAttribute find(MlirOperation op, const char *name,
                          MlirOperation *owner) {
  MlirAttribute attr;

  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op)) {
    attr = get(op, name);
    if (!mlirAttributeIsNull(attr)) {
      *owner = op;
      return attr;
    }
  }
  *owner = op;
  return mlirAttributeGetNull();
}

static void set_unit(MlirOperation op, const char *name, bool on) {
  if (on)
    set(op, name, mlirUnitAttrGet(mlirOperationGetContext(op)));
  else
    remove_attr(op, name);
}

MlirStringRef mdh_attr_get_schedule(MlirOperation func) {
  return get_string(func, ATTR_SCHEDULE);
}

void mdh_attr_set_schedule(MlirOperation func, const char *yaml) {
  set_cstring(func, ATTR_SCHEDULE, yaml);
}

MlirStringRef mdh_attr_get_stmt(MlirOperation hom) {
  return get_string(hom, ATTR_STMT);
}

void mdh_attr_set_stmt(MlirOperation hom, const char *name) {
  set_cstring(hom, ATTR_STMT, name);
}

MlirAttribute mdh_attr_get_influence(MlirOperation func) {
  return get(func, ATTR_INFLUENCE);
}

void mdh_attr_set_influence(MlirOperation func, const char *tree) {
  set_cstring(func, ATTR_INFLUENCE, tree);
}

MlirStringRef mdh_attr_get_scheduler(MlirOperation func) {
  return get_string(func, ATTR_SCHEDULER);
}

void mdh_attr_set_scheduler(MlirOperation func, const char *how) {
  set_cstring(func, ATTR_SCHEDULER, how);
}

bool mdh_attr_has_user_schedule(MlirOperation func) {
  return !mlirAttributeIsNull(get(func, ATTR_INFLUENCE)) ||
         !mlirAttributeIsNull(get(func, ATTR_SCHEDULE));
}

void mdh_attr_remove_scheduling(MlirOperation func) {
  remove_attr(func, ATTR_SCHEDULE);
  remove_attr(func, ATTR_SCHEDULER);
  remove_attr(func, ATTR_INFLUENCE);
}

MlirAttribute mdh_attr_get_mapping(MlirOperation op) {
  return get(op, ATTR_MAPPING);
}

void mdh_attr_set_mapping(MlirOperation op, const char *mapping) {
  set_cstring(op, ATTR_MAPPING, mapping);
}

int64_t mdh_attr_get_mapping_count(MlirOperation op) {
  MlirAttribute attr = get(op, ATTR_MAPPINGS);

  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr))
    return -1;
  return mlirIntegerAttrGetValueInt(attr);
}

void mdh_attr_set_mapping_count(MlirOperation op, int64_t count) {
  set_i64(op, ATTR_MAPPINGS, count);
}

MlirAttribute mdh_attr_get_kernel_mappings(MlirOperation func) {
  return get(func, ATTR_KERNEL_MAPPINGS);
}

void mdh_attr_set_kernel_mappings(MlirOperation func, const int64_t *counts,
                                  int n) {
  set_i64_array(func, ATTR_KERNEL_MAPPINGS, n, counts);
}

int mdh_attr_is_device_resident(MlirOperation func) {
  MlirOperation owner;
  MlirAttribute attr = find(func, ATTR_DEVICE_RESIDENT, &owner);

  return !mlirAttributeIsNull(attr) &&
         (mlirAttributeIsAUnit(attr) ||
          (mlirAttributeIsABool(attr) && mlirBoolAttrGetValue(attr)));
}

void mdh_attr_set_device_resident(MlirOperation op) {
  set_unit(op, ATTR_DEVICE_RESIDENT, true);
}

MlirAttribute mdh_attr_get_invariant_args(MlirOperation func) {
  MlirAttribute attr = get(func, ATTR_INVARIANT_ARGS);

  return !mlirAttributeIsNull(attr) && mlirAttributeIsADenseI64Array(attr)
             ? attr
             : mlirAttributeGetNull();
}

void mdh_attr_set_invariant_args(MlirOperation func, const int64_t *params,
                                 intptr_t n) {
  set_i64_array(func, ATTR_INVARIANT_ARGS, n, params);
}

void mdh_attr_remove_invariant_args(MlirOperation func) {
  remove_attr(func, ATTR_INVARIANT_ARGS);
}

MlirAttribute mdh_attr_find_mapping_index(MlirOperation op,
                                          MlirOperation *owner) {
  return find(op, ATTR_MAPPING_INDEX, owner);
}

void mdh_attr_set_mapping_index(MlirOperation op, int64_t index) {
  set_i64(op, ATTR_MAPPING_INDEX, index);
}

void mdh_attr_set_mapping_index_spec(MlirOperation op, MlirStringRef spec) {
  set_string(op, ATTR_MAPPING_INDEX, spec);
}

MlirAttribute mdh_attr_find_reduction_mode(MlirOperation op,
                                           MlirOperation *owner) {
  return find(op, ATTR_REDUCTION_MODE, owner);
}

void mdh_attr_set_reduction_mode(MlirOperation op, MlirStringRef mode) {
  set_string(op, ATTR_REDUCTION_MODE, mode);
}

MlirAttribute mdh_attr_find_double_buffer(MlirOperation op,
                                          MlirOperation *owner) {
  return find(op, ATTR_DOUBLE_BUFFER, owner);
}

MlirAttribute mdh_attr_find_async_copy(MlirOperation op, MlirOperation *owner) {
  return find(op, ATTR_ASYNC_COPY, owner);
}

void mdh_attr_set_async_copy(MlirOperation op, bool on) {
  set(op, ATTR_ASYNC_COPY, mlirBoolAttrGet(mlirOperationGetContext(op), on));
}

void mdh_attr_set_double_buffer(MlirOperation op, bool on) {
  set(op, ATTR_DOUBLE_BUFFER, mlirBoolAttrGet(mlirOperationGetContext(op), on));
}

/* Returns the i64 array "name" of "op", or null if it has none or another
 * attribute under that name. */
static MlirAttribute get_i64_array(MlirOperation op, const char *name) {
  MlirAttribute attr = get(op, name);

  return mlirAttributeIsNull(attr) || mlirAttributeIsADenseI64Array(attr)
             ? attr
             : mlirAttributeGetNull();
}

MlirAttribute mdh_attr_get_tuned_reduction_modes(MlirOperation func) {
  return get_i64_array(func, ATTR_TUNED_REDUCTION_MODES);
}

void mdh_attr_set_tuned_reduction_modes(MlirOperation func,
                                        const int64_t *modes, int n) {
  set_i64_array(func, ATTR_TUNED_REDUCTION_MODES, n, modes);
}

void mdh_attr_remove_tuned_reduction_modes(MlirOperation func) {
  remove_attr(func, ATTR_TUNED_REDUCTION_MODES);
}

MlirAttribute mdh_attr_get_tuned_double_buffers(MlirOperation func) {
  return get_i64_array(func, ATTR_TUNED_DOUBLE_BUFFERS);
}

void mdh_attr_set_tuned_double_buffers(MlirOperation func, const int64_t *flags,
                                       int n) {
  set_i64_array(func, ATTR_TUNED_DOUBLE_BUFFERS, n, flags);
}

void mdh_attr_remove_tuned_double_buffers(MlirOperation func) {
  remove_attr(func, ATTR_TUNED_DOUBLE_BUFFERS);
}

MlirAttribute mdh_attr_get_kernel_atomics(MlirOperation func) {
  return get(func, ATTR_KERNEL_ATOMICS);
}

void mdh_attr_set_kernel_atomics(MlirOperation func, const int64_t *flags,
                                 int n) {
  set_i64_array(func, ATTR_KERNEL_ATOMICS, n, flags);
}

MlirAttribute mdh_attr_get_kernel_staged(MlirOperation func) {
  return get(func, ATTR_KERNEL_STAGED);
}

void mdh_attr_set_kernel_staged(MlirOperation func, const int64_t *flags,
                                int n) {
  set_i64_array(func, ATTR_KERNEL_STAGED, n, flags);
}

MlirAttribute mdh_attr_find_isl_budget(MlirOperation op, MlirOperation *owner) {
  return find(op, ATTR_ISL_BUDGET, owner);
}

void mdh_attr_set_isl_budget(MlirOperation op, int64_t budget) {
  set_i64(op, ATTR_ISL_BUDGET, budget);
}

MlirAttribute mdh_attr_get_sizes(MlirOperation hom) {
  return get(hom, ATTR_SIZES);
}

void mdh_attr_set_sizes(MlirOperation hom, MlirAttribute sizes) {
  set(hom, ATTR_SIZES, sizes);
}

bool mdh_attr_get_index_aware(MlirOperation hom) {
  return !mlirAttributeIsNull(get(hom, ATTR_INDEX_AWARE));
}

void mdh_attr_set_index_aware(MlirOperation hom, bool on) {
  set_unit(hom, ATTR_INDEX_AWARE, on);
}

bool mdh_attr_get_assume_homomorphic(MlirOperation hom) {
  return !mlirAttributeIsNull(get(hom, ATTR_ASSUME_HOMOMORPHIC));
}

void mdh_attr_set_assume_homomorphic(MlirOperation hom, bool on) {
  set_unit(hom, ATTR_ASSUME_HOMOMORPHIC, on);
}

bool mdh_attr_get_accumulate(MlirOperation view) {
  return !mlirAttributeIsNull(get(view, ATTR_ACCUMULATE));
}

void mdh_attr_set_accumulate(MlirOperation view, bool on) {
  set_unit(view, ATTR_ACCUMULATE, on);
}

bool mdh_attr_find_reassociate(MlirOperation op) {
  MlirOperation owner;

  return !mlirAttributeIsNull(find(op, ATTR_REASSOCIATE, &owner));
}

void mdh_attr_set_reassociate(MlirOperation op, bool on) {
  set_unit(op, ATTR_REASSOCIATE, on);
}

MlirAttribute mdh_attr_find_fusion(MlirOperation op, MlirOperation *owner) {
  return find(op, ATTR_FUSION, owner);
}

void mdh_attr_set_fusion(MlirOperation op, const char *mode) {
  set_cstring(op, ATTR_FUSION, mode);
}

MlirAttribute mdh_attr_get_tile_sizes(MlirOperation hom) {
  return get(hom, ATTR_TILE_SIZES);
}

void mdh_attr_set_tile_sizes(MlirOperation hom, intptr_t n,
                             const int64_t *sizes) {
  set_i64_array(hom, ATTR_TILE_SIZES, n, sizes);
}

MlirAttribute mdh_attr_find_vector_bits(MlirOperation op,
                                        MlirOperation *owner) {
  return find(op, ATTR_VECTOR_BITS, owner);
}

void mdh_attr_set_vector_bits(MlirOperation op, int64_t bits) {
  set_i64(op, ATTR_VECTOR_BITS, bits);
}

MlirAttribute mdh_attr_find_cache_bytes(MlirOperation op,
                                        MlirOperation *owner) {
  return find(op, ATTR_CACHE_BYTES, owner);
}

bool mdh_attr_is_pack(MlirOperation hom) {
  return !mlirAttributeIsNull(get(hom, ATTR_PACK));
}

void mdh_attr_set_pack(MlirOperation hom) {
  set(hom, ATTR_PACK, mlirUnitAttrGet(mlirOperationGetContext(hom)));
}

void mdh_attr_set_cpu_tiles(MlirOperation func, intptr_t n,
                            const MlirAttribute *strings) {
  set(func, ATTR_CPU_TILES,
      mlirArrayAttrGet(mlirOperationGetContext(func), n, strings));
}
