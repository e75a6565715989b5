#!/bin/sh
# make demo: runs the main job on examples/matvec.mlir and shows each stage.
set -eu
BUILD=${1:-build}
EX=examples/matvec.mlir

echo "== 1. the input: MatVec as MDH ($EX)"
grep -v '^//' "$EX"
echo
echo "== 2. mdh-verify through mdh-opt (every semantic rule of docs/dialect.md)"
"$BUILD/bin/mdh-opt" --mdh-verify "$EX" > /dev/null
echo "verified: $EX"
echo
echo "== 3. the same through stock mlir-opt with the plugin"
/usr/lib/llvm-22/bin/mlir-opt --irdl-file="$BUILD/share/mdh/mdh.irdl.mlir" \
	--load-pass-plugin="$BUILD/lib/mdh-plugin.so" \
	--pass-pipeline='builtin.module(mdh-verify)' "$EX"
echo
echo "== 4. the reference lowering (mdh-to-loops): MatVec as scf.for loops"
"$BUILD/bin/mdh-opt" --mdh-to-loops "$EX" | sed -n '/func.func @matvec/,$p'
echo
echo "== 5. run it on the CPU (mdh-run, JIT) and check it against plain C loops"
OUT="${TMPDIR:-/tmp}/mdh-demo-$$"
mkdir -p "$OUT"
"$BUILD/bin/mdh-run" "$EX" --entry=matvec --seed=1 --write-outputs="$OUT" --repeat=3
"$BUILD/test/ref_examples" matvec "$OUT"
rm -rf "$OUT"
echo
echo "== 6. the polyhedral path: schedule tree (mdh-schedule), then CPU code"
"$BUILD/bin/mdh-opt" --mdh-schedule --mdh-print-schedule "$EX" 2>&1 >/dev/null
"$BUILD/bin/mdh-opt" --mdh-schedule --mdh-codegen-cpu "$EX" | sed -n '/func.func @matvec/,$p'
"$BUILD/bin/mdh-run" "$EX" --entry=matvec --pipeline=cpu --compare=reference
echo
echo "== 7. a violated rule is reported at the offending op"
sed 's/memref<23xf32>/memref<22xf32>/g' "$EX" > "${TMPDIR:-/tmp}/matvec-bad.mlir"
if "$BUILD/bin/mdh-opt" --mdh-verify "${TMPDIR:-/tmp}/matvec-bad.mlir" > /dev/null; then
	echo "error: the broken MatVec verified" >&2
	exit 1
fi
rm -f "${TMPDIR:-/tmp}/matvec-bad.mlir"
echo
echo "== 8. the GPU path: mapping (mdh-map-gpu), then the kernel (mdh-codegen-gpu)"
"$BUILD/bin/mdh-opt" --mdh-schedule --mdh-map-gpu "$EX" | grep -o 'mdh.mapping = "[^"]*"'
"$BUILD/bin/mdh-opt" --mdh-schedule --mdh-map-gpu --mdh-codegen-gpu "$EX" |
	sed -n '/func.func @matvec/,$p'
echo "-- the kernels run on the CPU (mdh-emulate-gpu) against the reference:"
"$BUILD/bin/mdh-run" "$EX" --entry=matvec --pipeline=gpu-emulated --compare=reference
if [ -e /dev/nvidia0 ]; then
	echo "-- on the GPU:"
	"$BUILD/bin/mdh-run" "$EX" --entry=matvec --pipeline=gpu --compare=reference
elif [ -x "${CUDA_HOME:-/usr/local/cuda}/bin/ptxas" ]; then
	echo "-- no GPU here: ptxas' resource report of the sm_90 kernel instead"
	PTX="${TMPDIR:-/tmp}/mdh-demo-$$"
	"$BUILD/bin/mdh-opt" "$EX" \
		--pass-pipeline='builtin.module(mdh-gpu-pipeline{format=isa})' -o "$PTX.mlir"
	python3 scripts/extract-ptx.py "$PTX.mlir" > "$PTX.ptx"
	"${CUDA_HOME:-/usr/local/cuda}/bin/ptxas" -arch=sm_90 -v "$PTX.ptx" -o "$PTX.cubin"
	rm -f "$PTX.mlir" "$PTX.ptx" "$PTX.cubin"
else
	echo "-- no GPU and no ptxas here: the GPU binary is not built"
fi
