#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Sourced by the benchmarks that time bpfkit against bpftool one command at
# a time (btf.sh, map.sh): one run, medians and the table of ratios. They
# set $tmp (a scratch directory) and $RUNS first.

# run TOOL ARGS...: one run, output to $RUN_OUT (default a scratch file);
# prints "SECONDS KB".
run() {
	local start end
	start=$EPOCHREALTIME
	/usr/bin/time -f %M -o "$tmp/rss" "$@" >"${RUN_OUT:-$tmp/out}"
	end=$EPOCHREALTIME
	echo "$start $end $(tail -n 1 "$tmp/rss")" |
		awk '{ printf "%.6f %d\n", $2 - $1, $3 }'
}

# median FILE COLUMN
median() {
	sort -g -k "$2,$2" "$1" | awk -v c="$2" '{ v[NR] = $c }
		END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ratio_header() {
	printf '%-6s %10s %10s %6s %6s %11s %11s %6s %6s  %s\n' mode bpftool_s \
		bpfkit_s ratio target bpftool_KB bpfkit_KB ratio target verdict
}

# compare MODE GOAL CMD...: $RUNS runs of bpftool CMD... and bpfkit CMD...
# interleaved; prints the line of medians and ratios against GOAL (the
# time ratio; memory must not grow) and sets missed=1 when one is missed.
compare() {
	local mode=$1 goal=$2 line
	shift 2
	: >"$tmp/ref"
	: >"$tmp/ours"
	for _ in $(seq "$RUNS"); do
		run "$BPFTOOL" "$@" >>"$tmp/ref"
		run "$BPFKIT" "$@" >>"$tmp/ours"
	done
	line=$(awk -v m="$mode" -v goal="$goal" \
		-v rt="$(median "$tmp/ref" 1)" -v ot="$(median "$tmp/ours" 1)" \
		-v rm="$(median "$tmp/ref" 2)" -v om="$(median "$tmp/ours" 2)" \
		'BEGIN { tr = ot / rt; mr = om / rm
			ok = tr <= goal && mr <= 1
			printf "%-6s %10.3f %10.3f %6.3f %6s %11d %11d %6.3f %6s  %s\n",
				m, rt, ot, tr, "<=" goal, rm, om, mr, "<=1",
				ok ? "ok" : "MISSED" }')
	echo "$line"
	if [[ $line == *MISSED ]]; then
		# shellcheck disable=SC2034 # read by the sourcing script
		missed=1
	fi
	return 0
}

# bench/rusage.c: CPU time in microseconds, where /usr/bin/time has 10 ms.
${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -o "$tmp/rusage" bench/rusage.c

# run_cpu TOOL ARGS...: one run, output to $RUN_OUT (default a scratch
# file); prints "CPU_SECONDS KB" (user + system time, peak RSS). CPU time,
# not wall time: the machine may be shared.
run_cpu() {
	"$tmp/rusage" "$tmp/rss" "$@" >"${RUN_OUT:-$tmp/out}"
	awk '{ printf "%.4f %d\n", $2 + $3, $1 }' "$tmp/rss"
}

# target NAME RATIO LIMIT: the summary line bench/run.sh collects; sets
# missed=1 when RATIO is above LIMIT.
target() {
	if awk -v r="$2" -v l="$3" 'BEGIN { exit !(r <= l) }'; then
		echo "bench: target $1: $2 (limit $3) met"
	else
		echo "bench: target $1: $2 (limit $3) NOT met"
		# shellcheck disable=SC2034 # read by the sourcing script
		missed=1
	fi
}

# ratio A B: A / B with three decimals (B = 0 counts as a tiny B).
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) b = 0.001
		printf "%.3f\n", a / b }'
}

# compare_cpu MODE CMD...: $RUNS interleaved runs of bpftool CMD... and
# bpfkit CMD...; prints the median CPU time and peak RSS of each and their
# ratios, and sets cpu_ratio and rss_ratio. (Arguments without blanks.)
compare_cpu() {
	local mode=$1
	shift
	compare_cpu_with "$mode" "$*" "$@"
}

cpu_header() {
	printf '%-12s %10s %10s %6s %11s %11s %6s\n' mode bpftool_s bpfkit_s \
		ratio bpftool_KB bpfkit_KB ratio
}

# compare_cpu_with MODE REF_ARGS CMD...: as compare_cpu, bpftool running
# REF_ARGS (one word list) where it has no CMD of its own.
compare_cpu_with() {
	local mode=$1 ref_args rt ot rmem omem
	read -r -a ref_args <<<"$2"
	shift 2
	: >"$tmp/ref"
	: >"$tmp/ours"
	for _ in $(seq "$RUNS"); do
		run_cpu "$BPFTOOL" "${ref_args[@]}" >>"$tmp/ref"
		run_cpu "$BPFKIT" "$@" >>"$tmp/ours"
	done
	rt=$(median "$tmp/ref" 1) ot=$(median "$tmp/ours" 1)
	rmem=$(median "$tmp/ref" 2) omem=$(median "$tmp/ours" 2)
	cpu_ratio=$(ratio "$ot" "$rt")
	rss_ratio=$(ratio "$omem" "$rmem")
	printf '%-12s %10s %10s %6s %11s %11s %6s\n' "$mode" "$rt" "$ot" \
		"$cpu_ratio" "$rmem" "$omem" "$rss_ratio"
}
