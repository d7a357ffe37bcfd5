#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# make bench: run the benchmarks in bench/, link.sh first, then every other
# bench/NAME.sh (btf.sh, ...). Helpers that are not benchmarks are named
# gen_*.sh or lib_*.sh. BENCH="link btf" picks some; the status is the worst.
# Every benchmark prints one line per target it checks,
#   bench: target <name>: <ratio> (limit <x>) met|NOT met
# and they are all printed again at the end, as the summary.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

if [ -n "${BENCH:-}" ]; then
	read -r -a names <<<"$BENCH"
else
	names=(link)
	for f in bench/*.sh; do
		n=$(basename "$f" .sh)
		case $n in
		run | link | gen_* | lib_*) continue ;;
		esac
		names+=("$n")
	done
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for n in "${names[@]}"; do
	if [ ! -f "bench/$n.sh" ]; then
		echo "bench: no bench/$n.sh" >&2
		status=1
		continue
	fi
	echo "== bench/$n.sh"
	bash "bench/$n.sh" | tee -a "$log" || status=1
	echo
done
echo "== summary"
grep '^bench: target ' "$log"
exit $status
