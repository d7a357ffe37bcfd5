#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# bench/btf.sh: `bpfkit btf dump` against `bpftool btf dump` on the same BTF
# in one run: raw text, -j, -p and format c, written to a file as vmlinux.h
# is. Each tool's runs are interleaved with the other's; the median wall
# time and the median peak RSS are kept, and their ratios (bpfkit over
# bpftool) are checked against the targets of issue 4: raw and -p at most
# half of bpftool's time, -j and format c no slower, memory no more.
#
#   bash bench/btf.sh [BTF_FILE]       (default /sys/kernel/btf/vmlinux)
#
# Environment:
#   BPFKIT_BUILD    build directory (default build)
#   BPFTOOL         the reference (default bpftool)
#   BENCH_RUNS      runs per measurement (default 5)
#   BENCH_FILES     file counts of the linked object; the largest is used
#                   (default 128)
#   BENCH_GLOBALS   globals per file (default 256)
#   BENCH_STRICT=1  exit 1 when a target is missed
set -euo pipefail
cd "$(dirname "$0")/.."

BPFKIT=${BPFKIT:-${BPFKIT_BUILD:-build}/bpfkit}
BPFTOOL=${BPFTOOL:-bpftool}
RUNS=${BENCH_RUNS:-5}
FILE=${1:-/sys/kernel/btf/vmlinux}

for tool in "$BPFKIT" "$BPFTOOL" /usr/bin/time; do
	if ! command -v "$tool" >/dev/null; then
		echo "bench/btf.sh: $tool is missing" >&2
		exit 1
	fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=bench/lib_measure.sh
. bench/lib_measure.sh

missed=0

# Issue 4: the kernel's BTF, wall time.
dump_vmlinux() {
	local types mode opts args goal

	types=$("$BPFKIT" btf dump file "$FILE" | grep -c '^\[')
	echo "btf dump file $FILE ($types types), median of $RUNS runs"
	ratio_header
	for mode in raw -j -p c; do
		opts=() args=() goal=1
		case $mode in
		raw) goal=0.5 ;;
		-j) opts=(-j) ;;
		-p) opts=(-p) goal=0.5 ;;
		c) args=(format c) ;;
		esac
		compare "$mode" "$goal" "${opts[@]}" btf dump file "$FILE" \
			"${args[@]}"
	done
}

# mode_args MODE: sets opts and args of btf dump for MODE.
mode_args() {
	opts=() args=()
	case $1 in
	-j) opts=(-j) ;;
	c) args=(format c) ;;
	ext) args=(ext) ;;
	esac
}

# Issue 18, target 2, on one large linked object.
dump_linked() {
	local files=0 f obj mode

	for f in "${FILES[@]}"; do
		((f > files)) && files=$f
	done
	obj=$(bash bench/gen_linked.sh "$files" "$GLOBALS")
	printf 'btf dump file %s (%s files x %s globals: %s MB), median of %s runs\n' \
		"$obj" "$files" "$GLOBALS" \
		"$(awk -v b="$(wc -c <"$obj")" 'BEGIN { printf "%.1f", b / 1048576 }')" \
		"$RUNS"
	cpu_header
	for mode in raw -j c ext; do
		mode_args "$mode"
		if [ "$mode" = ext ]; then
			# bpftool has no .BTF.ext dump: its raw dump is the
			# reference, as what it reads of the same file.
			compare_cpu_with "ext/raw" "btf dump file $obj" \
				btf dump file "$obj" ext
		else
			compare_cpu "$mode" "${opts[@]}" btf dump file "$obj" \
				"${args[@]}"
		fi
		lines+=("$(target "btf dump $mode of the linked object: cpu vs bpftool" "$cpu_ratio" 1)")
		lines+=("$(target "btf dump $mode of the linked object: peak rss vs bpftool" "$rss_ratio" 1)")
	done
}

# loop_cpu TOOL: CPU seconds of one shell loop dumping every progs/ object
# in the current mode with TOOL (/bin/true: the loop's own cost).
loop_cpu() {
	# shellcheck disable=SC2016 # the inner shell expands them
	run_cpu bash -c 'tool=$1 n=$2 m=$3; shift 3
		for f in "${@:n+m+1}"; do
			"$tool" "${@:1:n}" "$f" "${@:n+1:m}" >/dev/null || exit 1
		done' loop "$1" "$((${#opts[@]} + 3))" "${#args[@]}" \
		"${opts[@]}" btf dump file "${args[@]}" "${progs[@]}" |
		cut -d' ' -f1
}

# min_rss CMD...: the smallest peak RSS of 7 runs. One run of a 2 MB
# process varies by up to 200 KB (bpftool: 2,168 to 2,352 KB over 12 runs
# of one file), and the worst of 141 ratios of least-of-3 picked that
# noise (1.04 in one run, 0.97 in the next).
min_rss() {
	for _ in 1 2 3 4 5 6 7; do
		run_cpu "$@" | cut -d' ' -f2
	done | sort -n | head -n 1
}

# Issue 18, target 2, on every progs/ object.
dump_progs() {
	local mode ref ours base f r o worst

	progs=("$BUILD"/progs/*.bpf.o)
	if [ ! -e "${progs[0]}" ]; then
		echo "bench/btf.sh: no $BUILD/progs objects (make progs)" >&2
		return 0
	fi
	echo "btf dump of ${#progs[@]} progs/ objects: CPU of all (3 rounds, less the loop's), largest peak RSS ratio (least of 7 runs)"
	cpu_header
	for mode in raw -j c; do
		mode_args "$mode"
		ref=0 ours=0 base=0
		for _ in 1 2 3; do
			base=$(awk -v s="$base" -v t="$(loop_cpu /bin/true)" 'BEGIN { print s + t }')
			ref=$(awk -v s="$ref" -v t="$(loop_cpu "$BPFTOOL")" 'BEGIN { print s + t }')
			ours=$(awk -v s="$ours" -v t="$(loop_cpu "$BPFKIT")" 'BEGIN { print s + t }')
		done
		worst=0
		for f in "${progs[@]}"; do
			r=$(min_rss "$BPFTOOL" "${opts[@]}" btf dump file "$f" "${args[@]}")
			o=$(min_rss "$BPFKIT" "${opts[@]}" btf dump file "$f" "${args[@]}")
			worst=$(awk -v w="$worst" -v r="$r" -v o="$o" 'BEGIN { x = o / r; print (x > w) ? x : w }')
		done
		ref=$(awk -v a="$ref" -v b="$base" 'BEGIN { printf "%.2f", a - b }')
		ours=$(awk -v a="$ours" -v b="$base" 'BEGIN { printf "%.2f", a - b }')
		cpu_ratio=$(ratio "$ours" "$ref")
		rss_ratio=$(awk -v w="$worst" 'BEGIN { printf "%.3f", w }')
		printf '%-12s %10s %10s %6s %11s %11s %6s\n' "$mode" "$ref" \
			"$ours" "$cpu_ratio" - - "$rss_ratio"
		lines+=("$(target "btf dump $mode of progs/ objects: cpu vs bpftool" "$cpu_ratio" 1)")
		lines+=("$(target "btf dump $mode of progs/ objects: worst peak rss vs bpftool" "$rss_ratio" 1)")
	done
}

BUILD=${BPFKIT_BUILD:-build}
GLOBALS=${BENCH_GLOBALS:-256}
read -r -a FILES <<<"${BENCH_FILES:-128}"
lines=()
if [ -r "$FILE" ]; then
	dump_vmlinux
else
	echo "bench/btf.sh: cannot read $FILE, no kernel BTF to measure"
fi
echo
dump_linked
echo
dump_progs
printf '%s\n' "${lines[@]}"
if printf '%s\n' "${lines[@]}" | grep -q 'NOT met$'; then
	missed=1
fi
if [ "$missed" = 1 ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
	exit 1
fi
exit 0
