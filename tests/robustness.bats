#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# The malformed-input corpus (tests/bin/mkcorpus.c: truncations, ELF header,
# section, symbol, relocation, BTF and BTF.ext corruptions, link conflicts,
# small files claiming huge counts) through every command that reads
# objects. tests/robustness.sh runs one command over the cases, one bpfkit
# process each, and says what each run must satisfy; tests/bin/corpus_check
# holds every case to the same rules in one process, calling the CLI's entry
# points. make check runs every case in-process and one process per
# mutation family; make check-full (BPFKIT_CHECK_FULL=1) runs every case
# both ways. Each test prints the problem cases.

load helpers

setup_file() {
	export CORPUS="$BUILD/corpus"
	rm -rf "$CORPUS"
	"$TBIN/mkcorpus" "$PROGS" "$CORPUS" >/dev/null
	# Outside sanitizer builds (which reserve terabytes of address space),
	# allocations sized by a file's claims fail under this limit.
	export ROB_VLIMIT=524288
	if ldd "$BPFKIT" 2>/dev/null | grep -q 'lib[at]san'; then
		ROB_VLIMIT=
		export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
		export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1}"
	fi
	ROB_SAMPLE=family
	if [ "${BPFKIT_CHECK_FULL:-0}" = 1 ]; then
		ROB_SAMPLE=
	fi
	export ROB_SAMPLE
}

# corpus WHAT: every case in-process, then robustness.sh's process runs
# (per family, or all under check-full); show both summaries, skip while
# the command is a placeholder.
corpus() {
	local in_process cli=CLI
	run "$TBIN/corpus_check" "$CORPUS" "$1"
	in_process=$status
	echo "# in-process ${lines[-1]}" >&3
	echo "$output"
	run bash "$BATS_TEST_DIRNAME/robustness.sh" "$1"
	if [ "$status" -eq 3 ]; then
		skip "NOT IMPLEMENTED YET, corpus not run: $output"
	fi
	[ -z "$ROB_SAMPLE" ] || cli="CLI, one case per family:"
	echo "# $cli ${lines[-1]}" >&3
	echo "$output"
	[ "$in_process" -eq 0 ] && [ "$status" -eq 0 ]
}

@test "corpus: deterministic, several hundred cases" {
	local n
	"$TBIN/mkcorpus" "$PROGS" "$BATS_TEST_TMPDIR/again" >/dev/null
	diff -r -x 'times-*' "$CORPUS" "$BATS_TEST_TMPDIR/again"
	n=$(grep -c '^case' "$CORPUS/MANIFEST")
	echo "# corpus: $n cases, $(grep -c '^pair' "$CORPUS/MANIFEST") link conflicts" >&3
	[ "$n" -ge 400 ]
}

@test "corpus: btf dump file FILE" {
	corpus dump-raw
}

@test "corpus: -j btf dump file FILE" {
	corpus dump-json
}

@test "corpus: btf dump file FILE format c" {
	corpus dump-c
}

@test "corpus: btf dump file FILE ext" {
	corpus dump-ext
}

@test "corpus: gen skeleton FILE" {
	corpus skeleton
}

@test "corpus: gen header FILE" {
	corpus header
}

@test "corpus: prog load FILE verify" {
	require_kernel
	corpus prog-verify
}

@test "corpus: gen object OUT FILE GOOD" {
	corpus link-first
}

@test "corpus: gen object OUT GOOD FILE" {
	corpus link-second
}

@test "corpus: link conflicts fail in both orders and name both files" {
	corpus pairs
}
