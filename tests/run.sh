#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Run the whole suite: unit test binaries and every bats file, all speaking
# TAP, then print one summary line "N passed, N failed, N skipped".
# Files run TEST_JOBS at a time (default: the number of CPUs), each into its
# own log, shown whole in a fixed order. TESTS="tests/a.bats ..." limits the
# bats files; BPFKIT_BUILD names the build.
set -u
cd "$(dirname "$0")/.." || exit 1
export BPFKIT_BUILD="${BPFKIT_BUILD:-build}"
logdir="$BPFKIT_BUILD/tests/logs"
rm -rf "$logdir"
mkdir -p "$logdir"

# run_one FILE: run a unit binary or a bats file into logdir/NAME.log.
run_one() {
	local f=$1 log rc start
	log="$logdir/$(basename "$f").log"
	start=$(date +%s)
	if [[ $f == *.bats ]]; then
		echo "# bats: $f" >"$log"
		bats --tap "$f" >>"$log" 2>&1
	else
		echo "# unit: ${f##*/}" >"$log"
		"$f" >>"$log" 2>&1
		rc=$?
		[ "$rc" -eq 0 ] || echo "not ok - ${f##*/} exited with $rc" >>"$log"
	fi
	echo "# $f: $(($(date +%s) - start)) s" >>"$log"
}
export -f run_one
export logdir

files=()
for t in "$BPFKIT_BUILD"/tests/unit/*; do
	[ -f "$t" ] && [ -x "$t" ] && files+=("$t")
done
# The slowest files first, so that the others fill the second CPU.
for f in ${TESTS:-tests/robustness.bats tests/*.bats}; do
	[[ " ${files[*]} " == *" $f "* ]] || files+=("$f")
done

# shellcheck disable=SC2016 # run_one expands $1 in its own shell
printf '%s\n' "${files[@]}" |
	xargs -P "${TEST_JOBS:-$(nproc)}" -I{} bash -c 'run_one "$1"' _ {}

for f in "${files[@]}"; do
	cat "$logdir/$(basename "$f").log"
done | tee "$BPFKIT_BUILD/tests/run.log"

log="$BPFKIT_BUILD/tests/run.log"
skip=$(grep -Ec '^ok .*# (skip|SKIP)' "$log")
ok=$(grep -c '^ok ' "$log")
fail=$(grep -c '^not ok ' "$log")
echo
echo "$((ok - skip)) passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$ok" -gt 0 ]
