#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# bench/link.sh: `bpfkit gen object` against `bpftool gen object` on the
# same synthetic inputs (bench/gen_workload.sh), in one run.
#
# For each size (the first F files of one workload of GLOBALS globals per
# file, F doubling) it prints the median wall time and the peak RSS of
# each linker, bpftool's time over bpfkit's, and the copy-the-bytes floor
# (bench/copy_floor.c): reading every input and writing an output of
# bpfkit's output size.
# Then it checks the targets, from the same run, each on one line that
# bench/run.sh collects:
#   bench: target NAME: RATIO (limit LIMIT) met|NOT met
# where RATIO is bpfkit's cost over the reference's (lower is better):
#   gen-object-cpu-floor   CPU (user + sys) over the copy floor's, largest
#                          size, at most 2.5
#   gen-object-rss-floor   peak RSS over the floor's, largest size, <= 1.5
#   gen-object-cpu-bpftool CPU over bpftool's, largest size, at most 0.01
#                          (100x less; on a quiet machine)
#   gen-object-growth      the largest CPU ratio between two sizes of 16
#                          files and more, doubling the input, at most 2.4
#
# Environment:
#   BPFKIT_BUILD    build directory (default build): bpfkit, the cache
#   BENCH_FILES     file counts (default "2 4 8 16 32 64 128")
#   BENCH_GLOBALS   globals per file (default 256)
#   BENCH_RUNS      runs per measurement, the median is kept (default 5);
#                   bpftool runs fewer times where one run takes seconds
#   BENCH_BPFTOOL=0 skip bpftool (no ratios)
#   BENCH_STRICT=1  exit 1 when a target is missed
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=${BPFKIT_BUILD:-build}
BPFKIT=${BPFKIT:-$BUILD/bpfkit}
BPFTOOL=${BPFTOOL:-bpftool}
GLOBALS=${BENCH_GLOBALS:-256}
read -r -a FILES <<<"${BENCH_FILES:-2 4 8 16 32 64 128}"
RUNS=${BENCH_RUNS:-5}
WITH_BPFTOOL=${BENCH_BPFTOOL:-1}

work=$BUILD/bench
wl=$work/w$GLOBALS
mkdir -p "$work"
command -v "$BPFTOOL" >/dev/null || WITH_BPFTOOL=0

max_files=0
for f in "${FILES[@]}"; do
	((f > max_files)) && max_files=$f
done
bash bench/gen_workload.sh "$wl" "$max_files" "$GLOBALS"

# the copy-the-bytes floor, one process like the linkers
floor=$work/copy_floor
rusage=$work/rusage
for tool in "$floor" "$rusage"; do
	if [ ! -x "$tool" ] || [ "$tool" -ot "bench/${tool##*/}.c" ]; then
		${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -o "$tool" \
			"bench/${tool##*/}.c"
	fi
done

# measure CMD...: run CMD once; sets MS (wall, milliseconds with one
# decimal; EPOCHREALTIME, no subshell in the timed span), CPU (user + sys
# ms, from bench/rusage.c), KB (peak RSS) and OK (1 when CMD succeeded).
# CMD's stderr goes to $work/stderr.
measure() {
	local start=${EPOCHREALTIME/./} end
	if "$rusage" "$work/rss" "$@" >/dev/null 2>"$work/stderr"; then
		OK=1
	else
		OK=0
	fi
	end=${EPOCHREALTIME/./}
	MS=$(((end - start) / 100))
	MS="$((MS / 10)).$((MS % 10))"
	read -r KB CPU_U CPU_S < <(tail -n 1 "$work/rss")
	CPU=$(awk -v u="$CPU_U" -v s="$CPU_S" 'BEGIN { printf "%.0f", (u + s) * 1000 }')
}

# median: of the numbers on stdin.
median() {
	sort -n | awk '{ v[NR] = $1 } END {
		if (NR % 2) print v[(NR + 1) / 2]
		else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench_link NAME CMD...: up to RUNS runs of CMD, fewer when one run takes
# more than 2 s (3 runs) or 10 s (1 run). Sets T (median wall ms), C
# (median CPU ms), RSS (max KB), N (runs) and GOOD (1 when every run
# succeeded).
bench_link() {
	local name=$1 times=() cpus=() i limit=$RUNS rss=0
	shift
	GOOD=1
	for ((i = 0; i < limit; i++)); do
		measure "$@"
		if [ "$OK" != 1 ]; then
			GOOD=0
			echo "bench: $name failed: $(head -n 3 "$work/stderr")" >&2
			break
		fi
		times+=("$MS")
		cpus+=("$CPU")
		((KB > rss)) && rss=$KB
		if ((i == 0)); then
			if ((${MS%.*} > 10000)); then
				limit=1
			elif ((${MS%.*} > 2000 && limit > 3)); then
				limit=3
			fi
		fi
	done
	N=${#times[@]}
	RSS=$rss
	T='' C=''
	if ((N)); then
		T=$(printf '%s\n' "${times[@]}" | median)
		C=$(printf '%s\n' "${cpus[@]}" | median)
	fi
}

# global_syms FILE...: global and weak symbols (definitions and externs).
global_syms() {
	local f n total=0
	for f in "$@"; do
		if [ ! -s "$f.syms" ] || [ "$f.syms" -ot "$f" ]; then
			readelf -sW "$f" | awk '$5 == "GLOBAL" || $5 == "WEAK"' |
				wc -l >"$f.syms"
		fi
		read -r n <"$f.syms"
		total=$((total + n))
	done
	echo "$total"
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.1f", a / b }'
}

mb() {
	awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'
}

# row COLUMN...: one table row
row() {
	printf '%5s %7s %7s %6s | %9s %7s %7s | %9s %7s %4s | %7s | %8s %6s | %6s\n' "$@"
}

printf "bpfkit gen object vs bpftool gen object, %s globals per file, median of up to %s runs\n" \
	"$GLOBALS" "$RUNS"
row files globals syms in_MB "bpfkit_ms" cpu_ms RSS_MB "bpftool_ms" RSS_MB runs \
	"speedup" floor_ms kit/fl growth
printf -- '-%.0s' {1..124}
echo

failed=0
prev_cpu=
for f in "${FILES[@]}"; do
	inputs=()
	for ((i = 0; i < f; i++)); do
		inputs+=("$(printf '%s/f%03d.bpf.o' "$wl" "$i")")
	done
	syms=$(global_syms "${inputs[@]}")
	in_bytes=$(cat "${inputs[@]}" | wc -c)
	cat "${inputs[@]}" >/dev/null # warm the page cache

	bench_link bpfkit "$BPFKIT" gen object "$work/kit.o" "${inputs[@]}"
	kit_t=$T kit_cpu=$C kit_rss=$RSS kit_ok=$GOOD
	((kit_ok)) || failed=1

	tool_t='' tool_cpu='' tool_rss='' tool_n=-
	if ((WITH_BPFTOOL)); then
		bench_link bpftool "$BPFTOOL" gen object "$work/tool.o" "${inputs[@]}"
		tool_t=$T tool_cpu=$C tool_rss=$RSS tool_n=$N
		((GOOD)) || tool_t=
	fi

	# the floor writes what bpfkit wrote (bpftool's size if bpfkit failed)
	out_bytes=0
	if ((kit_ok)); then
		out_bytes=$(wc -c <"$work/kit.o")
	elif [ -n "$tool_t" ]; then
		out_bytes=$(wc -c <"$work/tool.o")
	fi
	bench_link floor "$floor" "$work/floor.o" "$out_bytes" "${inputs[@]}"
	floor_t=$T floor_cpu=$C floor_rss=$RSS

	growth=-
	if ((kit_ok)); then
		[ -n "$prev_cpu" ] && growth=$(ratio "$kit_cpu" "$prev_cpu")
		prev_cpu=$kit_cpu
	else
		kit_t='' prev_cpu=''
	fi
	row "$f" "$GLOBALS" "$syms" "$(mb $((in_bytes / 1024)))" \
		"${kit_t:-FAIL}" "${kit_cpu:--}" "$(mb "$kit_rss")" "${tool_t:--}" \
		"$( [ -n "$tool_t" ] && mb "$tool_rss" || echo -)" "$tool_n" \
		"$(ratio "$tool_t" "$kit_t")" "$floor_t" \
		"$(ratio "$kit_t" "$floor_t")" "$growth"

	# the issue's targets
	((kit_ok)) || continue
	if [ "$growth" != - ] && [ "$f" -ge 16 ]; then
		max_growth=$(awk -v g="$growth" -v m="${max_growth:-0}" \
			'BEGIN { print (g > m) ? g : m }')
	fi
	if [ "$f" = "$max_files" ]; then
		last_cpu=$kit_cpu last_rss=$kit_rss
		last_floor_cpu=$floor_cpu last_floor_rss=$floor_rss
		last_tool_cpu=$tool_cpu
	fi
done

echo
if ((failed)); then
	echo "bench: bpfkit gen object FAILED on this workload"
	exit 1
fi

# target NAME VALUE REFERENCE LIMIT: one target line, VALUE / REFERENCE
# against LIMIT (at most); no line without a reference.
target() {
	local r
	if [ -z "$3" ] || [ "$3" = 0 ]; then
		echo "bench: target $1: no measurement"
		return 0
	fi
	r=$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.3f", a / b }')
	if awk -v r="$r" -v l="$4" 'BEGIN { exit !(r <= l) }'; then
		echo "bench: target $1: $r (limit $4) met"
	else
		echo "bench: target $1: $r (limit $4) NOT met"
		missed=1
	fi
}

missed=0
target gen-object-cpu-floor "${last_cpu:-}" "${last_floor_cpu:-}" 2.5
target gen-object-rss-floor "${last_rss:-}" "${last_floor_rss:-}" 1.5
((WITH_BPFTOOL)) &&
	target gen-object-cpu-bpftool "${last_cpu:-}" "${last_tool_cpu:-}" 0.01
[ -n "${max_growth:-}" ] && target gen-object-growth "$max_growth" 1 2.4
((missed)) && [ "${BENCH_STRICT:-0}" = 1 ] && exit 1
exit 0
