#!/bin/bash
# The installed package as a user meets it (issue 14): installs the build
# into a fresh prefix and, with nothing of the build tree on any path,
#   - checks that no installed file names the build tree (RUNPATH, strings);
#   - builds test/consumer/embed.c through the CMake package
#     (find_package(MdhMlir CONFIG), MdhMlir::MdhCAPI) and through
#     pkg-config (mdh-mlir.pc), and runs both;
#   - runs the installed mdh-opt and mdh-run on an example, and stock
#     mlir-opt with the installed plugin and IRDL file through the GPU
#     pipeline (its device runtime found next to the plugin);
#   - builds and runs the same program with the source tree added by
#     add_subdirectory().
# Usage: run.sh BUILD_DIR SOURCE_DIR LLVM_TOOLS_DIR
set -eu -o pipefail
build=$(realpath "$1")
src=$(realpath "$2")
llvm=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
unset MDH_LIB_DIR MDH_RT_LIB MDH_GPU_RUNTIME
step() { echo "== $*"; }

step install
cmake --install "$build" --prefix "$prefix" > "$work/install.log"

step no build-tree path in the installed files
for f in "$prefix"/bin/* "$prefix"/lib/*.so*; do
	if readelf -d "$f" | grep -E 'RPATH|RUNPATH' | grep -qF "$build"; then
		echo "$f: RUNPATH names the build tree"
		exit 1
	fi
	if objcopy -O binary --only-section=.rodata "$f" /dev/stdout 2>/dev/null |
		strings | grep -qF "$build"; then
		echo "$f: a string names the build tree"
		exit 1
	fi
done
if grep -rqF "$build" "$prefix/lib/cmake" "$prefix/lib/pkgconfig"; then
	echo "package files name the build tree"
	exit 1
fi

step CMake package
cmake -G Ninja -S "$src/test/consumer" -B "$work/cmake" \
	-DCMAKE_PREFIX_PATH="$prefix" > "$work/cmake.log"
cmake --build "$work/cmake" > "$work/cmake-build.log"
"$work/cmake/embed"

step pkg-config
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -o "$work/embed-pc" \
	"$src/test/consumer/embed.c" $(pkg-config --cflags --libs mdh-mlir)
"$work/embed-pc"

step installed tools
cd "$work"
"$prefix/bin/mdh-opt" "$src/examples/matvec.mlir" \
	--pass-pipeline='builtin.module(mdh-cpu-pipeline)' > /dev/null
"$prefix/bin/mdh-run" "$src/examples/matvec.mlir" --entry=matvec \
	--pipeline=gpu-emulated --seed=1 --compare=reference

step stock mlir-opt with the installed plugin
"$llvm/mlir-opt" --irdl-file="$prefix/share/mdh/mdh.irdl.mlir" \
	--load-pass-plugin="$prefix/lib/mdh-plugin.so" "$src/examples/dot.mlir" \
	--pass-pipeline='builtin.module(mdh-gpu-pipeline)' |
	grep -c 'gpu.binary'

step add_subdirectory
cmake -G Ninja -S "$src/test/consumer" -B "$work/sub" \
	-DMDH_MLIR_SOURCE_DIR="$src" > "$work/sub.log"
cmake --build "$work/sub" --target embed > "$work/sub-build.log"
"$work/sub/embed"
echo "consumer: ok"
