#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# bench/small_link.sh: `gen object` of two small objects, bpfkit against
# bpftool, where start-up is most of the cost (issue 18, target 4: bpfkit's
# CPU at most bpftool's). RUNS runs of each, interleaved, each timed by
# `perf stat -e task-clock` (CPU time of the process); the sums are
# compared. Also prints each tool's median peak RSS.
#
# Environment:
#   BPFKIT_BUILD    build directory (default build): bpfkit and progs/
#   BPFTOOL         the reference (default bpftool)
#   BENCH_RUNS_SMALL  runs of each tool (default 30)
#   BENCH_STRICT=1  exit 1 when the target is missed
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=${BPFKIT_BUILD:-build}
BPFKIT=${BPFKIT:-$BUILD/bpfkit}
BPFTOOL=${BPFTOOL:-bpftool}
RUNS=${BENCH_RUNS_SMALL:-30}
PERF=${PERF:-perf}

for tool in "$BPFKIT" "$BPFTOOL" "$PERF" /usr/bin/time; do
	command -v "$tool" >/dev/null || {
		echo "bench/small_link.sh: $tool is missing" >&2
		exit 1
	}
done
inputs=("$BUILD/progs/linked_funcs1.bpf.o" "$BUILD/progs/linked_funcs2.bpf.o")
for f in "${inputs[@]}"; do
	[ -r "$f" ] || {
		echo "bench/small_link.sh: $f is missing (make progs)" >&2
		exit 1
	}
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=bench/lib_measure.sh
. bench/lib_measure.sh

# task_ms TOOL: CPU milliseconds of one gen object by TOOL.
task_ms() {
	"$PERF" stat -x, -e task-clock -o "$tmp/perf" \
		"$1" gen object "$tmp/out.o" "${inputs[@]}" >/dev/null
	awk -F, '$3 == "task-clock" { print $1 }' "$tmp/perf"
}

ref=0 ours=0
for _ in $(seq "$RUNS"); do
	ref=$(awk -v s="$ref" -v t="$(task_ms "$BPFTOOL")" 'BEGIN { print s + t }')
	ours=$(awk -v s="$ours" -v t="$(task_ms "$BPFKIT")" 'BEGIN { print s + t }')
done
: >"$tmp/ref_rss"
: >"$tmp/ours_rss"
for _ in 1 2 3; do
	run_cpu "$BPFTOOL" gen object "$tmp/out.o" "${inputs[@]}" >>"$tmp/ref_rss"
	run_cpu "$BPFKIT" gen object "$tmp/out.o" "${inputs[@]}" >>"$tmp/ours_rss"
done
echo "gen object of 2 small objects (${inputs[*]##*/}), $RUNS interleaved runs each"
printf '%-10s %14s %14s %6s %11s %11s\n' what bpftool_ms bpfkit_ms ratio \
	bpftool_KB bpfkit_KB
cpu_ratio=$(ratio "$ours" "$ref")
printf '%-10s %14.1f %14.1f %6s %11s %11s\n' "cpu (sum)" "$ref" "$ours" \
	"$cpu_ratio" "$(median "$tmp/ref_rss" 2)" "$(median "$tmp/ours_rss" 2)"
missed=0
target "gen object small 2-file link: cpu vs bpftool" "$cpu_ratio" 1
if [ "$missed" = 1 ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
	exit 1
fi
exit 0
