/* Input that crashes MLIR 22's own parser, or fails it without a
 * diagnostic (the first found by fuzzing, test/fuzz): the mdh tools look for it
 * in their input text before they parse it and report it as an error. Stock
 * mlir-opt parses before any plugin runs, so it still crashes on it. */

#ifndef MDH_TOOLS_GUARD_H
#define MDH_TOOLS_GUARD_H

#include "mlir-c/IR.h"

#include <stddef.h>

/* Looks for a construct that crashes MLIR 22's parser in the "len" bytes of
 * "text" (whose first line is line "first_line" of "filename"). If there is
 * one, emits an error located at it and fails. Known: a dense array of
 * index elements, `array<index: 1, 2>` (also through a type alias of index;
 * mlir::detail::Parser::parseDenseArrayAttr asks index for a bit width);
 * an mdh op written in custom form, on which the parser fails without a
 * message. */
MlirLogicalResult mdh_source_check(MlirContext ctx, const char *filename,
                                   const char *text, size_t len,
                                   int first_line);

#endif
