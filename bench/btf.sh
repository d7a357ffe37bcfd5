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

# shellcheck source=bench/lib_measure.sh
. bench/lib_measure.sh

types=$("$BPFKIT" btf dump file "$FILE" | grep -c '^\[')
echo "btf dump file $FILE ($types types), median of $RUNS runs"
ratio_header
missed=0
for mode in raw -j -p c; do
	opts=() args=() goal=1
	case $mode in
	raw) goal=0.5 ;;
	-j) opts=(-j) ;;
	-p) opts=(-p) goal=0.5 ;;
	c) args=(format c) ;;
	esac
	compare "$mode" "$goal" "${opts[@]}" btf dump file "$FILE" "${args[@]}"
done
if [ "$missed" = 1 ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
	exit 1
fi
exit 0
