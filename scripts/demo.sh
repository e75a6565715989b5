#!/bin/sh
# make demo: runs the main job on examples/matvec.mlir and shows each stage.
set -eu
BUILD=${1:-build}
EX=examples/matvec.mlir

echo "== 1. the input: MatVec as MDH ($EX)"
grep -v '^//' "$EX"
echo
echo "== 2. mdh-verify through mdh-opt (every semantic rule of DESIGN.md 3)"
"$BUILD/bin/mdh-opt" --mdh-verify "$EX" > /dev/null
echo "verified: $EX"
echo
echo "== 3. the same through stock mlir-opt with the plugin"
/usr/lib/llvm-22/bin/mlir-opt --irdl-file="$BUILD/share/mdh/mdh.irdl.mlir" \
	--load-pass-plugin="$BUILD/lib/mdh-plugin.so" \
	--pass-pipeline='builtin.module(mdh-verify)' "$EX"
echo
echo "== 4. a violated rule is reported at the offending op"
sed 's/memref<23xf32>/memref<22xf32>/g' "$EX" > "${TMPDIR:-/tmp}/matvec-bad.mlir"
if "$BUILD/bin/mdh-opt" --mdh-verify "${TMPDIR:-/tmp}/matvec-bad.mlir" > /dev/null; then
	echo "error: the broken MatVec verified" >&2
	exit 1
fi
rm -f "${TMPDIR:-/tmp}/matvec-bad.mlir"
