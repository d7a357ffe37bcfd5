#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# The libbpf-bootstrap-style project in tests/example: make BPFTOOL=bpfkit
# builds it (three BPF files linked, a skeleton, a loader) and its loader
# checks the values; and README.md's worked example, run verbatim.
load helpers

setup() {
	T=$BATS_TEST_TMPDIR
}

# build_example OUT BPFTOOL [TARGET]: make in a copy of tests/example.
build_example() {
	mkdir -p "$1"
	make -s -C "$TOP/tests/example" OUT="$1" BPFTOOL="$2" ${3:+"$3"}
}

@test "example: make BPFTOOL=bpfkit builds the project" {
	run -0 build_example "$T/out" "$BPFKIT"
	[ -x "$T/out/app" ]
	# the skeleton bears bpftool's default name for app.bpf.o
	grep -q '^struct app_bpf {' "$T/out/app.skel.h"
	# and the linked object is what the linker tests call correct
	bpfkit gen object "$T/again.o" "$T/out/main.bpf.o" \
		"$T/out/counter.bpf.o" "$T/out/scale.bpf.o"
	cmp "$T/again.o" "$T/out/app.bpf.o"
}

@test "example: make BPFTOOL=bpfkit run loads and checks the values" {
	require_kernel
	run -0 build_example "$T/out" "$BPFKIT" run
	[ "${lines[-1]}" = ok ]
	[[ $output == *"counts[2] = 40, last_total = 40, runs = 1, program returned 0"* ]]
}

@test "example: with bpftool 7.1 the loader's scale never reaches the program" {
	require_kernel
	require_bpftool
	# bpftool keeps the losing weak 'scale' in the .data DATASEC, so
	# skel->data->scale = 10 writes bytes the program does not read.
	run build_example "$T/tool" bpftool run
	[ "$status" -ne 0 ]
	[[ $output == *"counts[2] = 20, last_total = 20"* ]]
}

# readme_block LANG: the body of the LANG code block of the README's
# worked example.
readme_block() {
	awk -v lang="$1" '
		/<!-- worked-example:begin -->/ { on = 1; next }
		/<!-- worked-example:end -->/ { on = 0 }
		on && $0 == "```" lang { inblock = 1; next }
		inblock && $0 == "```" { inblock = 0; next }
		inblock { print }' "$TOP/README.md"
}

@test "README: the worked example runs verbatim and prints what it says" {
	require_kernel
	readme_block sh >"$T/example.sh"
	readme_block text >"$T/expected"
	[ -s "$T/example.sh" ] && [ -s "$T/expected" ]
	grep -q '^bpfkit gen object' "$T/example.sh"
	mkdir -p "$T/tree/tests"
	cp -r "$TOP/tests/example" "$T/tree/tests/"
	cd "$T/tree"
	PATH="$BUILD:$PATH" run -0 --separate-stderr bash -e "$T/example.sh"
	diff -u "$T/expected" - <<<"$output"
}
