#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# bench/map.sh: `bpfkit map dump` against `bpftool map dump` on the same
# hash map in one run: 1,000,000 entries of u32 key and a 64-byte struct
# value with BTF (progs/map_fmt1.bpf.c, linked and loaded by bpfkit, filled
# by bench/map_fill.c), plain (bpftool's formatted text) and -j. Each tool's
# runs are interleaved with the other's; the median wall time and the median
# peak RSS are kept, and their ratios (bpfkit over bpftool) are checked
# against the targets of issue 15: at most a fifth of bpftool's time, memory
# no more. Before timing, the first 20 MB of both outputs of each mode
# are compared (tests/map.bats compares whole dumps).
#
#   bash bench/map.sh
#
# Environment:
#   BPFKIT_BUILD    build directory (default build)
#   BPFTOOL         the reference (default bpftool)
#   BENCH_RUNS      runs per measurement (default 3)
#   BENCH_ENTRIES   entries in the map (default 1000000, at most 1048576)
#   BENCH_MODES     output modes to measure (default "plain -j")
#   BENCH_STRICT=1  exit 1 when a target is missed
set -euo pipefail
cd "$(dirname "$0")/.."

build=${BPFKIT_BUILD:-build}
BPFKIT=${BPFKIT:-$build/bpfkit}
BPFTOOL=${BPFTOOL:-bpftool}
RUNS=${BENCH_RUNS:-3}
ENTRIES=${BENCH_ENTRIES:-1000000}

for tool in "$BPFKIT" "$BPFTOOL" /usr/bin/time; do
	if ! command -v "$tool" >/dev/null; then
		echo "bench/map.sh: $tool is missing" >&2
		exit 1
	fi
done
if [ "$(id -u)" -ne 0 ] || ! [ -r /sys/kernel/btf/vmlinux ]; then
	echo "bench/map.sh: needs root and bpf(), nothing to measure"
	exit 0
fi
tmp=$(mktemp -d)
pin=/sys/fs/bpf/bpfkit-bench-map-$$
trap 'rm -rf "$tmp" "$pin"' EXIT

mountpoint -q /sys/fs/bpf || mount -t bpf bpf /sys/fs/bpf
"$BPFKIT" gen object "$tmp/fmt.bpf.o" "$build/progs/map_fmt1.bpf.o" \
	"$build/progs/map_fmt2.bpf.o"
"$BPFKIT" prog loadall "$tmp/fmt.bpf.o" "$pin" pinmaps "$pin"
${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -o "$tmp/map_fill" \
	bench/map_fill.c -lbpf
"$tmp/map_fill" "$pin/fmt_hash" "$ENTRIES"

# shellcheck source=bench/lib_measure.sh
. bench/lib_measure.sh
RUN_OUT=/dev/null

echo "map dump of a hash map, $ENTRIES entries (u32 key, 64-byte struct value with BTF), median of $RUNS runs"
ratio_header
missed=0
read -r -a modes <<<"${BENCH_MODES:-plain -j}"
for mode in "${modes[@]}"; do
	opts=()
	[ "$mode" = plain ] || opts=("$mode")
	if ! cmp -s <("$BPFTOOL" "${opts[@]}" map dump pinned "$pin/fmt_hash" |
		head -c 20000000) <("$BPFKIT" "${opts[@]}" map dump pinned \
		"$pin/fmt_hash" | head -c 20000000); then
		echo "bench/map.sh: $mode outputs differ" >&2
		exit 1
	fi
	compare "$mode" 0.2 "${opts[@]}" map dump pinned "$pin/fmt_hash"
done
if [ "$missed" = 1 ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
	exit 1
fi
exit 0
