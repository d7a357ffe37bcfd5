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
if ! [ -r "$FILE" ]; then
	echo "bench/btf.sh: cannot read $FILE, nothing to measure"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run TOOL ARGS...: one run into a file; prints "SECONDS KB".
run() {
	local start end
	start=$EPOCHREALTIME
	/usr/bin/time -f %M -o "$tmp/rss" "$@" >"$tmp/out"
	end=$EPOCHREALTIME
	echo "$start $end $(tail -n 1 "$tmp/rss")" |
		awk '{ printf "%.6f %d\n", $2 - $1, $3 }'
}

# median FILE COLUMN
median() {
	sort -g -k "$2,$2" "$1" | awk -v c="$2" '{ v[NR] = $c }
		END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

types=$("$BPFKIT" btf dump file "$FILE" | grep -c '^\[')
echo "btf dump file $FILE ($types types), median of $RUNS runs"
printf '%-6s %10s %10s %6s %6s %11s %11s %6s %6s  %s\n' mode bpftool_s \
	bpfkit_s ratio target bpftool_KB bpfkit_KB ratio target verdict
missed=0
for mode in raw -j -p c; do
	opts=() args=() goal=1
	case $mode in
	raw) goal=0.5 ;;
	-j) opts=(-j) ;;
	-p) opts=(-p) goal=0.5 ;;
	c) args=(format c) ;;
	esac
	: >"$tmp/ref"
	: >"$tmp/ours"
	for _ in $(seq "$RUNS"); do
		run "$BPFTOOL" "${opts[@]}" btf dump file "$FILE" "${args[@]}" >>"$tmp/ref"
		run "$BPFKIT" "${opts[@]}" btf dump file "$FILE" "${args[@]}" >>"$tmp/ours"
	done
	line=$(awk -v m="$mode" -v goal="$goal" \
		-v rt="$(median "$tmp/ref" 1)" -v ot="$(median "$tmp/ours" 1)" \
		-v rm="$(median "$tmp/ref" 2)" -v om="$(median "$tmp/ours" 2)" \
		'BEGIN { tr = ot / rt; mr = om / rm
			ok = tr <= goal && mr <= 1
			printf "%-6s %10.3f %10.3f %6.2f %6s %11d %11d %6.3f %6s  %s\n",
				m, rt, ot, tr, "<=" goal, rm, om, mr, "<=1",
				ok ? "ok" : "MISSED" }')
	echo "$line"
	[[ $line == *MISSED ]] && missed=1
done
if [ "$missed" = 1 ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
	exit 1
fi
exit 0
