#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# bench/skel.sh: `bpfkit gen skeleton` and `gen subskeleton` against
# bpftool's on the same large linked object, in one run.
#
# The object is the link bench's largest workload (bench/gen_workload.sh:
# FILES files of GLOBALS globals each) linked by bpfkit gen object, then
# linked again with one closing file defining the variables it leaves
# extern, so that it is complete. Each generator runs RUNS times, interleaved; the
# median wall time and the peak RSS are printed with bpftool's time over
# bpfkit's. Target (skeleton issue): bpfkit's time at most bpftool's.
#
# Environment:
#   BPFKIT_BUILD    build directory (default build)
#   BENCH_FILES     file counts; the largest is used (default 128)
#   BENCH_GLOBALS   globals per file (default 256)
#   BENCH_RUNS      runs per generator, the median is kept (default 5)
#   BENCH_STRICT=1  exit 1 when the target is missed
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=${BPFKIT_BUILD:-build}
BPFKIT=${BPFKIT:-$BUILD/bpfkit}
BPFTOOL=${BPFTOOL:-bpftool}
GLOBALS=${BENCH_GLOBALS:-256}
read -r -a FILES <<<"${BENCH_FILES:-128}"
RUNS=${BENCH_RUNS:-5}
CLANG=${CLANG:-clang}
TIME=/usr/bin/time

for tool in "$BPFKIT" "$BPFTOOL" "$TIME" "$CLANG" readelf; do
	command -v "$tool" >/dev/null || {
		echo "bench/skel.sh: $tool is missing" >&2
		exit 1
	}
done

files=0
for f in "${FILES[@]}"; do
	((f > files)) && files=$f
done
work=$BUILD/bench
wl=$work/w$GLOBALS
out=$work/skel
mkdir -p "$out"
bash bench/gen_workload.sh "$wl" "$files" "$GLOBALS"

inputs=()
for ((i = 0; i < files; i++)); do
	inputs+=("$(printf '%s/f%03d.bpf.o' "$wl" "$i")")
done
# stale: the linked objects predate an input or bpfkit itself
stale() {
	local f
	[ -s "$1" ] || return 0
	for f in "${inputs[@]}" "$BPFKIT"; do
		[ "$1" -ot "$f" ] && return 0
	done
	return 1
}

# The workload leaves some variables of a next file extern (what a library
# leaves for the application); a closing file defines them, as ints.
partial=$out/partial_$files.o
obj=$out/linked_$files.o
if stale "$obj"; then
	echo "bench/skel.sh: linking $files files with bpfkit gen object" >&2
	"$BPFKIT" gen object "$partial" "${inputs[@]}" 2>/dev/null
	readelf -sW "$partial" |
		awk '$7 == "UND" && ($5 == "GLOBAL" || $5 == "WEAK") && $8 != "" {
			print "int " $8 ";" }' >"$out/close.c"
	"$CLANG" -g -O2 -target bpf -c -o "$out/close.o" "$out/close.c"
	"$BPFKIT" gen object "$obj" "$partial" "$out/close.o" 2>/dev/null
fi

# run CMD...: one timed run, stdout into $out/out; prints "MS KB OK".
run() {
	local start end ok=1
	start=$EPOCHREALTIME
	"$TIME" -f %M -o "$out/rss" "$@" >"$out/out" 2>"$out/err" || ok=0
	end=$EPOCHREALTIME
	echo "$start $end $(tail -n 1 "$out/rss") $ok" |
		awk '{ printf "%.1f %d %d\n", ($2 - $1) * 1000, $3, $4 }'
}

# median FILE COLUMN
median() {
	sort -g -k "$2,$2" "$1" | awk -v c="$2" '{ v[NR] = $c }
		END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The counts that size a skeleton: fields and programs.
counts=$("$BPFKIT" gen skeleton "$obj" name big | awk '
	/^\tstruct {$/ { in_s = 1; next }
	in_s && /^\t} maps;$/ { in_s = 0; next }
	in_s && /^\t} progs;$/ { in_s = 0; next }
	in_s && /struct bpf_map \*/ { maps++ }
	in_s && /struct bpf_program \*/ { progs++ }
	/_Static_assert\(sizeof/ { vars++ }
	END { printf "%d maps, %d programs, %d variables", maps, progs, vars }')
printf 'gen skeleton / subskeleton of %s (%s files x %s globals: %s MB, %s), median of %s runs\n' \
	"$obj" "$files" "$GLOBALS" \
	"$(awk -v b="$(wc -c <"$obj")" 'BEGIN { printf "%.1f", b / 1048576 }')" \
	"$counts" "$RUNS"
printf '%-12s %11s %11s %7s %11s %11s\n' command bpftool_ms bpfkit_ms \
	speedup bpftool_KB bpfkit_KB

missed=()
failed=0
for cmd in skeleton subskeleton; do
	: >"$out/ref"
	: >"$out/ours"
	for ((i = 0; i < RUNS; i++)); do
		run "$BPFTOOL" gen "$cmd" "$obj" name big >>"$out/ref"
		run "$BPFKIT" gen "$cmd" "$obj" name big >>"$out/ours"
	done
	if awk '$3 != 1 { bad = 1 } END { exit !bad }' "$out/ours"; then
		echo "bench/skel.sh: bpfkit gen $cmd failed: $(head -n 3 "$out/err")" >&2
		failed=1
		continue
	fi
	tool_ok=1
	awk '$3 != 1 { bad = 1 } END { exit !bad }' "$out/ref" && tool_ok=0
	rt=$(median "$out/ref" 1) ot=$(median "$out/ours" 1)
	rm_=$(median "$out/ref" 2) om=$(median "$out/ours" 2)
	if ((tool_ok)); then
		awk -v c="$cmd" -v rt="$rt" -v ot="$ot" -v rm="$rm_" -v om="$om" \
			'BEGIN { printf "%-12s %11.1f %11.1f %7.1f %11d %11d\n",
				c, rt, ot, rt / ot, rm, om }'
		awk -v a="$ot" -v b="$rt" 'BEGIN { exit !(a <= b) }' ||
			missed+=("gen $cmd: bpfkit slower than bpftool")
	else
		awk -v c="$cmd" -v ot="$ot" -v om="$om" \
			'BEGIN { printf "%-12s %11s %11.1f %7s %11s %11d\n",
				c, "FAIL", ot, "-", "-", om }'
	fi
done

echo
if ((failed)); then
	echo "bench: bpfkit gen skeleton FAILED on this workload"
	exit 1
fi
if [ ${#missed[@]} -eq 0 ]; then
	echo "targets: all met"
	exit 0
fi
printf 'target missed: %s\n' "${missed[@]}"
[ "${BENCH_STRICT:-0}" = 1 ] && exit 1
exit 0
