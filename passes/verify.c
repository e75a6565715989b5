/* mdh-verify: checks every semantic rule of the mdh dialect (docs/dialect.md)
 * and changes nothing. The rules themselves live with the dialect
 * (dialect/verify.c) because every mdh pass checks them on entry. */

#include "mdh-c/Dialect.h"
#include "passes/pass.h"

MlirLogicalResult mdh_verify_run(MlirOperation module) {
  return mdhVerify(module);
}
