#!/bin/sh
# Installs every build and test dependency of mdh-mlir from Debian packages
# (Debian packages only; docs/testing.md). Idempotent: does nothing when all packages are there.
# With --fuzz (or MDH_FUZZ=1; `make fuzz` passes it), also libFuzzer and the
# sanitizer runtimes of clang 22, which only the fuzz build needs.
set -eu

PACKAGES="libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 \
libisl-dev libffi-dev libomp5-14 ninja-build cmake python3 pkg-config"
if [ "${1:-}" = "--fuzz" ] || [ "${MDH_FUZZ:-0}" = 1 ]; then
	PACKAGES="$PACKAGES libclang-rt-22-dev"
fi

missing=""
for p in $PACKAGES; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done

if [ -z "$missing" ]; then
	echo "setup: all dependencies present"
	exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	SUDO="sudo"
fi
echo "setup: installing$missing"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
