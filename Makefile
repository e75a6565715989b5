# mdh-mlir: the two commands of the README are `make demo` and `make check`.
BUILD ?= build
BUILD_TYPE ?= RelWithDebInfo
LLVM_BIN := /usr/lib/llvm-22/bin
LIT_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all setup configure build check check-ctest check-lit demo asan fuzz format clean

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

# The whole suite under AddressSanitizer + UBSan, in a separate build tree.
asan:
	$(MAKE) check BUILD=build-asan BUILD_TYPE=Debug CMAKE_FLAGS=-DMDH_ENABLE_ASAN=ON

# libFuzzer over the fuzz targets of test/fuzz (README, "Fuzzing"): a
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
	rm -rf $(BUILD) build-asan $(FUZZ_BUILD)
