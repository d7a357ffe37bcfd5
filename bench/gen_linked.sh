#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# gen_linked.sh FILES GLOBALS: print the path of one complete object linked
# from the first FILES files of the GLOBALS workload (bench/gen_workload.sh),
# building it when it is missing or older than an input or bpfkit.
#
# bpfkit gen object links the files; the workload leaves some variables of
# a next file extern (what a library leaves for the application), so a
# closing file defining them, as ints, is linked in to make it complete.
# The skeleton and btf dump benchmarks measure this object.
#
# Environment: BPFKIT_BUILD (default build), CLANG (default clang).
set -euo pipefail
cd "$(dirname "$0")/.."

files=${1:?usage: gen_linked.sh FILES GLOBALS}
globals=${2:?usage: gen_linked.sh FILES GLOBALS}
BUILD=${BPFKIT_BUILD:-build}
BPFKIT=${BPFKIT:-$BUILD/bpfkit}
CLANG=${CLANG:-clang}
wl=$BUILD/bench/w$globals
out=$BUILD/bench/skel
mkdir -p "$out"
bash bench/gen_workload.sh "$wl" "$files" "$globals" >&2

inputs=()
for ((i = 0; i < files; i++)); do
	inputs+=("$(printf '%s/f%03d.bpf.o' "$wl" "$i")")
done
# stale: the linked object predates an input or bpfkit itself
stale() {
	local f
	[ -s "$1" ] || return 0
	for f in "${inputs[@]}" "$BPFKIT"; do
		[ "$1" -ot "$f" ] && return 0
	done
	return 1
}

partial=$out/partial_$files.o
obj=$out/linked_$files.o
if stale "$obj"; then
	echo "bench: linking $files files with bpfkit gen object" >&2
	"$BPFKIT" gen object "$partial" "${inputs[@]}" 2>/dev/null
	readelf -sW "$partial" |
		awk '$7 == "UND" && ($5 == "GLOBAL" || $5 == "WEAK") && $8 != "" {
			print "int " $8 ";" }' >"$out/close.c"
	"$CLANG" -g -O2 -target bpf -c -o "$out/close.o" "$out/close.c"
	"$BPFKIT" gen object "$obj" "$partial" "$out/close.o" 2>/dev/null
fi
echo "$obj"
