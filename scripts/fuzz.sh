#!/bin/bash
# `make fuzz`: runs every fuzz target of test/fuzz (built in BUILD_DIR with
# libFuzzer) for its share of SECONDS, with -fork on every core, and prints
# executions, executions per second and findings per target. First the
# regression corpus (test/fuzz/regressions) goes through each instrumented
# target once. Exit status 1 if anything crashed, leaked, broke a sanitizer
# rule or ran past the timeout.
#
#   scripts/fuzz.sh BUILD_DIR SECONDS
#
# mdh-fuzz-opt gets three quarters of SECONDS, mdh-fuzz-args a quarter
# (a target run alone gets all of it).
# Environment: FUZZ_JOBS (default: nproc), FUZZ_TARGETS (default: both),
# FUZZ_SLOWEST=1 (afterwards, replay the corpus and name the slowest input).
# The corpus of each target grows in BUILD_DIR/fuzz/TARGET/corpus across
# runs; findings go to BUILD_DIR/fuzz/TARGET/findings, the log to
# BUILD_DIR/fuzz/TARGET/log.
set -euo pipefail

src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: fuzz.sh BUILD_DIR SECONDS}" && pwd)
seconds=${2:?usage: fuzz.sh BUILD_DIR SECONDS}
jobs=${FUZZ_JOBS:-$(nproc)}
targets=${FUZZ_TARGETS:-mdh-fuzz-opt mdh-fuzz-args}
# A hang or a blow-up is what the timeout is for. The instrumented targets
# run up to 13x slower than the release build: the slowest legitimate
# inputs found (10-dimensional contractions, whose GPU mapping enumeration
# visited 340,736 mappings until it skipped Fused ones, now 11,236; a
# module of eleven linalg functions, 1.3 s in the release build) took 10.5
# to 17 s on the 2-core machine with other work beside, 3.6 to 5.7 s alone
# since.
timeout=25

# Per target: share of the time (percent), longest input, dictionary.
declare -A share=([mdh-fuzz-opt]=75 [mdh-fuzz-args]=25)
declare -A max_len=([mdh-fuzz-opt]=4096 [mdh-fuzz-args]=1024)
declare -A dict=([mdh-fuzz-opt]=mlir.dict [mdh-fuzz-args]=args.dict)
declare -A regressions=([mdh-fuzz-opt]=opt [mdh-fuzz-args]=args)

# Sanitizer reports are fatal; leaks are findings.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

python3 "$src/scripts/fuzz-seeds.py" "$src" "$build/fuzz/seeds" 4096

# Runs every regression input of target "$1" once; fails on a finding.
replay_regressions() {
	local t=$1 dir=$src/test/fuzz/regressions/${regressions[$1]}
	local files=("$dir"/*)
	[ -e "${files[0]}" ] || return 0
	if ! "$build/bin/$t" -runs=1 "${files[@]}" >"$build/fuzz/$t/regressions.log" 2>&1; then
		echo "fuzz: $t fails on its regression corpus (see $build/fuzz/$t/regressions.log)"
		return 1
	fi
	echo "fuzz: $t: ${#files[@]} regression inputs replayed, no finding"
}

# Fuzzes target "$1" for "$2" seconds; prints its summary line.
fuzz_target() {
	local t=$1 s=$2 work=$build/fuzz/$1
	mkdir -p "$work/corpus" "$work/findings"
	local before
	before=$(ls "$work/findings" | wc -l)
	nice -n 10 "$build/bin/$t" -fork="$jobs" -ignore_crashes=1 \
		-max_total_time="$s" -timeout="$timeout" -rss_limit_mb=4096 \
		-max_len="${max_len[$t]}" -dict="$src/test/fuzz/${dict[$t]}" \
		-close_fd_mask=3 -print_final_stats=1 \
		-artifact_prefix="$work/findings/" \
		"$work/corpus" "$build/fuzz/seeds/$t" >"$work/log" 2>&1 || true
	local stats execs elapsed crashes
	stats=$(grep -E '^#[0-9]+: cov:' "$work/log" | tail -1)
	execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$stats")
	elapsed=$(sed -E 's/.* time: ([0-9]+)s.*/\1/' <<<"$stats")
	crashes=$(sed -E 's/.*oom\/timeout\/crash: ([0-9\/]+).*/\1/' <<<"$stats")
	local found=$(($(ls "$work/findings" | wc -l) - before))
	printf 'fuzz: %-14s %10s executions in %ss, %s exec/s, oom/timeout/crash %s, %d new finding(s)\n' \
		"$t" "${execs:-0}" "${elapsed:-0}" "$((${execs:-0} / (${elapsed:-0} > 0 ? ${elapsed:-1} : 1)))" \
		"${crashes:-?}" "$found"
	[ -n "$stats" ] || {
		echo "fuzz: $t did not run (see $work/log)"
		return 1
	}
	if [ "$found" -gt 0 ]; then
		ls -t "$work/findings" | head -n "$found" | sed "s|^|fuzz:   $work/findings/|"
		for f in $(ls -t "$work/findings" | head -n "$found"); do
			show_finding "$t" "$work/findings/$f"
		done
		return 1
	fi
}

# Prints finding "$2" of target "$1" so that a run on another machine (CI)
# can be reproduced from its log alone: the input as base64, and for a
# crash or a leak the first lines of the sanitizer's report on a replay.
show_finding() {
	local t=$1 f=$2
	echo "fuzz: input of $(basename "$f") (base64 -d > FILE):"
	base64 -w 76 "$f" | sed 's/^/fuzz:   /'
	case $(basename "$f") in
	timeout-* | slow-unit-*) return 0 ;;
	esac
	"$build/bin/$t" -runs=1 "$f" 2>&1 | grep -A 40 -m 1 -E '^(==[0-9]+==)?ERROR' |
		head -n 60 | sed 's/^/fuzz:   /' || true
}

# Replays the corpus of target "$1" and names its slowest input.
slowest() {
	local t=$1 work=$build/fuzz/$1
	"$build/bin/$t" -runs=1 -close_fd_mask=3 "$work/corpus"/* 2>&1 |
		sed -nE 's/^Executed (.*) in ([0-9]+) ms$/\2 \1/p' | sort -n | tail -1 |
		sed "s|^|fuzz: $t slowest input (ms, file): |"
}

# Counts the corpus of mdh-fuzz-opt by pipeline (its first byte, as the
# target reads it), so that a run shows that each pipeline was reached.
# A short run may end before its first merge has written any corpus file
# (a 60 s smoke spends it on the slowest seeds): then every count is 0.
by_pipeline() {
	local files=("$build/fuzz/mdh-fuzz-opt/corpus"/*)
	[ -e "${files[0]}" ] || files=()
	printf 'fuzz: mdh-fuzz-opt corpus by pipeline selector:'
	for f in "${files[@]}"; do head -c 1 "$f" | od -An -tu1; done |
		awk '{n[(($1 + 208) % 256) % 10]++}
		     END {for (p = 0; p < 10; p++) printf " %d:%d", p, n[p]; print ""}'
}

total=0
for t in $targets; do total=$((total + ${share[$t]})); done
status=0
for t in $targets; do
	mkdir -p "$build/fuzz/$t"
	replay_regressions "$t" || status=1
done
for t in $targets; do
	fuzz_target "$t" $((seconds * ${share[$t]} / total)) || status=1
	if [ "$t" = mdh-fuzz-opt ]; then by_pipeline; fi
	if [ "${FUZZ_SLOWEST:-0}" = 1 ]; then slowest "$t"; fi
done
exit $status
