#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Run the whole suite: unit test binaries and every bats file, all speaking
# TAP, then print one summary line "N passed, N failed, N skipped".
# TESTS="tests/a.bats ..." limits the bats files; BPFKIT_BUILD names the build.
set -u
cd "$(dirname "$0")/.." || exit 1
export BPFKIT_BUILD="${BPFKIT_BUILD:-build}"
log="$BPFKIT_BUILD/tests/run.log"
mkdir -p "$BPFKIT_BUILD/tests"
: >"$log"

run_unit() {
	local rc
	"$1" 2>&1
	rc=$?
	[ "$rc" -eq 0 ] || echo "not ok - ${1##*/} exited with $rc"
}

{
	for t in "$BPFKIT_BUILD"/tests/unit/*; do
		[ -f "$t" ] && [ -x "$t" ] || continue
		echo "# unit: ${t##*/}"
		run_unit "$t"
	done
	for f in ${TESTS:-tests/*.bats}; do
		echo "# bats: $f"
		bats --tap "$f" 2>&1 || true
	done
} | tee "$log"

skip=$(grep -Ec '^ok .*# (skip|SKIP)' "$log")
ok=$(grep -c '^ok ' "$log")
fail=$(grep -c '^not ok ' "$log")
echo
echo "$((ok - skip)) passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$ok" -gt 0 ]
