#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Run the whole suite: unit test binaries and every bats file, all speaking
# TAP. Files run TEST_JOBS at a time (default: the number of CPUs), each
# into its own log; a line per file reports it as it finishes. Then come
# the whole logs of the files that failed and every skipped test with its
# reason, and last one summary line "N passed, N failed, N skipped".
# All logs, in a fixed order, are in $BPFKIT_BUILD/tests/run.log.
# TESTS="tests/a.bats ..." limits the bats files; BPFKIT_BUILD names the
# build.
set -u
cd "$(dirname "$0")/.." || exit 1
export BPFKIT_BUILD="${BPFKIT_BUILD:-build}"
logdir="$BPFKIT_BUILD/tests/logs"
rm -rf "$logdir"
mkdir -p "$logdir"

# counts LOG: "passed failed skipped" of a TAP log.
counts() {
	local skip ok fail
	skip=$(grep -Ec '^ok .*# (skip|SKIP)' "$1")
	ok=$(grep -c '^ok ' "$1")
	fail=$(grep -c '^not ok ' "$1")
	echo "$((ok - skip)) $fail $skip"
}

# run_one FILE: run a unit binary or a bats file into logdir/NAME.log,
# then print one line saying how it went.
run_one() {
	local f=$1 log rc start secs passed failed skipped
	log="$logdir/$(basename "$f").log"
	start=$(date +%s)
	if [[ $f == *.bats ]]; then
		echo "# bats: $f" >"$log"
		bats --tap "$f" >>"$log" 2>&1
	else
		echo "# unit: ${f##*/}" >"$log"
		"$f" >>"$log" 2>&1
	fi
	rc=$?
	# A crash outside any test (setup_file, a unit binary) still fails.
	if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' "$log"; then
		echo "not ok - ${f##*/} exited with $rc" >>"$log"
	fi
	secs=$(($(date +%s) - start))
	echo "# $f: $secs s" >>"$log"
	read -r passed failed skipped < <(counts "$log")
	printf '%-4s %s: %d passed, %d failed, %d skipped (%d s)\n' \
		"$([ "$failed" -eq 0 ] && echo ok || echo FAIL)" "$f" \
		"$passed" "$failed" "$skipped" "$secs"
}
export -f run_one counts
export logdir

files=()
for t in "$BPFKIT_BUILD"/tests/unit/*; do
	[ -f "$t" ] && [ -x "$t" ] && files+=("$t")
done
# The slowest files first (about a minute of CPU each), so that the others
# fill the second CPU.
slowest="tests/prog_load.bats tests/btf_dump.bats tests/gen_skeleton.bats"
for f in ${TESTS:-$slowest tests/*.bats}; do
	[[ " ${files[*]} " == *" $f "* ]] || files+=("$f")
done

# shellcheck disable=SC2016 # run_one expands $1 in its own shell
printf '%s\n' "${files[@]}" |
	xargs -P "${TEST_JOBS:-$(nproc)}" -I{} bash -c 'run_one "$1"' _ {}

log="$BPFKIT_BUILD/tests/run.log"
for f in "${files[@]}"; do
	cat "$logdir/$(basename "$f").log"
done >"$log"

for f in "${files[@]}"; do
	flog="$logdir/$(basename "$f").log"
	if grep -q '^not ok ' "$flog"; then
		echo
		cat "$flog"
	fi
done
if grep -Eq '^ok .*# (skip|SKIP)' "$log"; then
	echo
	echo "# skipped:"
	for f in "${files[@]}"; do
		grep -E '^ok .*# (skip|SKIP)' "$logdir/$(basename "$f").log" |
			sed "s|^|$f: |"
	done
fi

read -r passed fail skip < <(counts "$log")
echo
echo "# all logs: $log"
echo "$passed passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$passed" -gt 0 ]
