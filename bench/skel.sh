#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# bench/skel.sh: `bpfkit gen skeleton` and `gen subskeleton` against
# bpftool's on the same large linked object, in one run.
#
# The object is the link bench's largest workload (FILES files of GLOBALS
# globals each), linked complete by bench/gen_linked.sh. Each generator
# runs RUNS times, interleaved with bpftool's; the median CPU time (user +
# system) and the median peak RSS are kept. Targets (issue 18, target 3):
# CPU at most half of bpftool's, peak RSS at most bpftool's.
#
# Environment:
#   BPFKIT_BUILD    build directory (default build)
#   BENCH_FILES     file counts; the largest is used (default 128)
#   BENCH_GLOBALS   globals per file (default 256)
#   BENCH_RUNS      runs per generator, the median is kept (default 5)
#   BENCH_STRICT=1  exit 1 when a target is missed
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=${BPFKIT_BUILD:-build}
BPFKIT=${BPFKIT:-$BUILD/bpfkit}
BPFTOOL=${BPFTOOL:-bpftool}
GLOBALS=${BENCH_GLOBALS:-256}
read -r -a FILES <<<"${BENCH_FILES:-128}"
RUNS=${BENCH_RUNS:-5}
CLANG=${CLANG:-clang}

for tool in "$BPFKIT" "$BPFTOOL" /usr/bin/time "$CLANG" readelf; do
	command -v "$tool" >/dev/null || {
		echo "bench/skel.sh: $tool is missing" >&2
		exit 1
	}
done

files=0
for f in "${FILES[@]}"; do
	((f > files)) && files=$f
done
obj=$(bash bench/gen_linked.sh "$files" "$GLOBALS")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=bench/lib_measure.sh
. bench/lib_measure.sh

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
cpu_header
missed=0
lines=()
for cmd in skeleton subskeleton; do
	compare_cpu "$cmd" gen "$cmd" "$obj" name big
	lines+=("$(target "gen $cmd cpu vs bpftool" "$cpu_ratio" 0.5)")
	lines+=("$(target "gen $cmd peak rss vs bpftool" "$rss_ratio" 1)")
done
printf '%s\n' "${lines[@]}"
if printf '%s\n' "${lines[@]}" | grep -q 'NOT met$'; then
	missed=1
fi
if [ "$missed" = 1 ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
	exit 1
fi
exit 0
