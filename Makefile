# mdh-mlir: the two commands of README.md are `make demo` and `make check`.
BUILD ?= build
BUILD_TYPE ?= RelWithDebInfo
LLVM_BIN := /usr/lib/llvm-22/bin
LIT_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all setup configure build check check-ctest check-lit demo docs asan tsan fuzz format clean

all: build

setup:
	@./scripts/setup.sh

$(BUILD)/build.ninja: CMakeLists.txt
	@./scripts/setup.sh
	cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS)

configure: $(BUILD)/build.ninja

build: $(BUILD)/build.ninja
	cmake --build $(BUILD)

check-ctest: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(LIT_JOBS)

check-lit: build
	$(LLVM_BIN)/lit -sv -j $(LIT_JOBS) $(BUILD)/lit

# ctest first, lit last: the output ends with lit's summary line.
check: check-ctest check-lit

demo: build
	@./scripts/demo.sh $(BUILD)

# The generated pages of docs/ (the dialect reference, the architecture
# figure), made again from their sources; lit/docs fails while the
# committed copies differ.
docs:
	python3 scripts/gen-dialect-doc.py
	python3 scripts/gen-architecture-svg.py

# The whole suite under AddressSanitizer + UBSan, in a separate build tree.
asan:
	$(MAKE) check BUILD=build-asan BUILD_TYPE=Debug CMAKE_FLAGS=-DMDH_ENABLE_ASAN=ON

# The C tests under ThreadSanitizer, in a separate build tree (optimized, as
# TSan advises). Among them `threads` runs the cpu and gpu-emulated pipelines
# on 4 threads with a context each and MLIR's multithreading on. lit is left
# out: its tools run our code on one thread (mdh-opt's context has MLIR's
# multithreading off), stock mlir-opt would need the TSan runtime preloaded
# for the plugin, and what runs threaded there (JIT-ed code, libomp) is not
# instrumented, so TSan would see nothing of it. gcc's runtime (libtsan2)
# comes with gcc 12 (libgcc-12-dev). No report is suppressed: the project's
# own races are fixed, and none came from inside libMLIR/libLLVM.
tsan:
	$(MAKE) check-ctest BUILD=build-tsan BUILD_TYPE=RelWithDebInfo CMAKE_FLAGS=-DMDH_ENABLE_TSAN=ON

# libFuzzer over the fuzz targets of test/fuzz (docs/testing.md, "Fuzzing"): a
# separate clang-22 build tree with ASan and UBSan, FUZZ_S seconds in all.
FUZZ_BUILD ?= build-fuzz
FUZZ_S ?= 600
fuzz:
	@./scripts/setup.sh --fuzz
	@if [ ! -f $(FUZZ_BUILD)/build.ninja ]; then \
	  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S . -B $(FUZZ_BUILD) \
	    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMDH_ENABLE_FUZZ=ON; fi
	cmake --build $(FUZZ_BUILD) --target mdh-fuzz-opt mdh-fuzz-args mdh_device_bc
	./scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_S)

format:
	clang-format -i $$(git ls-files '*.c' '*.h' '*.cpp')

clean:
	rm -rf $(BUILD) build-asan build-tsan $(FUZZ_BUILD)
