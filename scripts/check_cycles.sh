#!/bin/bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# check_cycles.sh SRCDIR OBJDIR: fail when the files of SRCDIR (e.g.
# src/linker, objects in build/linker) call each other in a cycle. An edge A -> B means A.o uses a
# symbol B.o defines; tsort(1) reports any loop in that graph. Phases call
# down into helpers, never back up, so the graph must be acyclic.
set -euo pipefail
src=${1:?usage: check_cycles.sh SRCDIR OBJDIR}
dir=${2:?usage: check_cycles.sh SRCDIR OBJDIR}
shopt -s nullglob
objs=()
for c in "$src"/*.c; do
	o=$dir/$(basename "$c" .c).o
	[ -e "$o" ] || {
		echo "check_cycles: $o is missing: build first" >&2
		exit 2
	}
	objs+=("$o")
done
[ ${#objs[@]} -gt 0 ] || {
	echo "check_cycles: no C files in $src" >&2
	exit 2
}
declare -A owner
for o in "${objs[@]}"; do
	f=$(basename "$o" .o)
	while read -r sym; do
		owner[$sym]=$f
	done < <(nm --defined-only -g "$o" | awk '{print $3}')
done
edges=""
for o in "${objs[@]}"; do
	f=$(basename "$o" .o)
	edges+="$f $f"$'\n'
	while read -r sym; do
		to=${owner[$sym]:-}
		[ -n "$to" ] && [ "$to" != "$f" ] && edges+="$f $to"$'\n'
	done < <(nm --undefined-only "$o" | awk '{print $2}')
done
# tsort names each file of a loop on a line of its own
if ! out=$(printf '%s' "$edges" | sort -u | tsort 2>&1 >/dev/null) ||
	[ -n "$out" ]; then
	echo "call cycle among the files of $src:" >&2
	grep -v 'input contains a loop' <<<"$out" | sed 's/^tsort: /  /' >&2
	exit 1
fi
