#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# bpfkit btf dump against bpftool btf dump on the same BTF in the same run:
# raw text, -j, -p and format c, each the median of RUNS runs (default 5),
# with the time ratio and peak memory (maximum resident set size).
#
#   bash bench/btf.sh [BTF_FILE]       (default /sys/kernel/btf/vmlinux)
#
# BPFKIT_BUILD names the build directory (default build); BPFTOOL the
# reference (default bpftool). Targets (issue 4): raw and -p at most half
# of bpftool's time, -j and format c no slower, peak memory no more.
set -eu
cd "$(dirname "$0")/.."
bpfkit="${BPFKIT_BUILD:-build}/bpfkit"
bpftool="${BPFTOOL:-bpftool}"
file="${1:-/sys/kernel/btf/vmlinux}"
runs="${RUNS:-5}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for tool in "$bpfkit" "$bpftool" /usr/bin/time; do
	if ! command -v "$tool" >/dev/null; then
		echo "bench/btf.sh: $tool is missing" >&2
		exit 1
	fi
done
if ! [ -r "$file" ]; then
	echo "bench/btf.sh: cannot read $file" >&2
	exit 1
fi

# run TOOL ARGS...: one timed run into a file, as vmlinux.h is made;
# prints "SECONDS KB".
run() {
	local start end
	start=$EPOCHREALTIME
	/usr/bin/time -f %M -o "$tmp/rss" "$@" >"$tmp/out"
	end=$EPOCHREALTIME
	echo "$start $end $(tail -n 1 "$tmp/rss")" |
		awk '{ printf "%.6f %d\n", $2 - $1, $3 }'
}

# median FILE COLUMN: the median of a column of numbers.
median() {
	sort -g -k "$2,$2" "$1" | awk -v c="$2" '{ v[NR] = $c }
		END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

types=$("$bpfkit" btf dump file "$file" | grep -c '^\[')
echo "btf dump file $file ($types types), median of $runs runs"
printf '%-8s %10s %10s %7s %11s %11s %7s  %s\n' mode bpftool_s bpfkit_s \
	ratio bpftool_KB bpfkit_KB ratio target
for mode in raw -j -p c; do
	case $mode in
	raw) opts=() args=() goal="time ratio <= 0.5" ;;
	c) opts=() args=(format c) goal="time ratio <= 1" ;;
	-j) opts=(-j) args=() goal="time ratio <= 1" ;;
	-p) opts=(-p) args=() goal="time ratio <= 0.5" ;;
	esac
	: >"$tmp/ref"
	: >"$tmp/ours"
	# Interleaved, so that both tools see the same machine state.
	for _ in $(seq "$runs"); do
		run "$bpftool" "${opts[@]}" btf dump file "$file" "${args[@]}" >>"$tmp/ref"
		run "$bpfkit" "${opts[@]}" btf dump file "$file" "${args[@]}" >>"$tmp/ours"
	done
	rt=$(median "$tmp/ref" 1) ot=$(median "$tmp/ours" 1)
	rm_=$(median "$tmp/ref" 2) om=$(median "$tmp/ours" 2)
	awk -v m="$mode" -v rt="$rt" -v ot="$ot" -v rm="$rm_" -v om="$om" \
		-v goal="$goal" 'BEGIN { printf "%-8s %10.3f %10.3f %7.2f %11d %11d %7.3f  %s, memory ratio <= 1\n",
			m, rt, ot, ot / rt, rm, om, om / rm, goal }'
done
