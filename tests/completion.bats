#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# bash-completion/bpfkit, called the way bash calls it.
load helpers

setup() {
	[ -r /usr/share/bash-completion/bash_completion ] ||
		skip "bash-completion is not installed"
}

teardown() {
	teardown_pin_dir
}

# complete WORD...: completions for the last word, one per line, sorted.
complete_words() {
	bash -c '
		source /usr/share/bash-completion/bash_completion
		source "$1/bash-completion/bpfkit"
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE="${COMP_WORDS[*]}"
		COMP_POINT=${#COMP_LINE}
		_bpfkit bpfkit "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
		printf "%s\n" "${COMPREPLY[@]}" | sort
	' _ "$TOP" "$@"
}

@test "objects come from the binary's help" {
	PATH="$BUILD:$PATH" run -0 complete_words bpfkit ""
	[ "$(echo $output)" = "btf gen link map object prog version" ]
}

@test "global options" {
	run -0 complete_words bpfkit --j
	[ "$output" = "--json" ]
	run -0 complete_words bpfkit -
	[[ $output == *"--pretty"* && $output == *"--nomount"* ]]
}

@test "commands of each object" {
	run -0 complete_words bpfkit gen ""
	[ "$(echo $output)" = "header help object skeleton subskeleton" ]
	run -0 complete_words bpfkit btf ""
	[ "$(echo $output)" = "dump help list show" ]
	run -0 complete_words bpfkit link ""
	[ "$(echo $output)" = "help list show" ]
	run -0 complete_words bpfkit prog ""
	[ "$(echo $output)" = "dump help list load loadall run show" ]
	run -0 complete_words bpfkit -j gen s
	[ "$(echo $output)" = "skeleton subskeleton" ]
}

@test "btf dump keywords and format values" {
	run -0 complete_words bpfkit btf dump ""
	[ "$(echo $output)" = "file id" ]
	run -0 complete_words bpfkit btf dump file x.o ""
	[ "$(echo $output)" = "ext format" ]
	run -0 complete_words bpfkit btf dump file x.o format ""
	[ "$(echo $output)" = "c raw" ]
}

@test "gen object, skeleton and header complete object files and keywords" {
	cd "$BATS_TEST_TMPDIR"
	touch a.o b.bpf.o notes.txt
	run -0 complete_words bpfkit gen object ""
	[ "$(echo $output)" = "a.o b.bpf.o" ]
	run -0 complete_words bpfkit gen object out.o ""
	[ "$(echo $output)" = "a.o b.bpf.o whole" ]
	run -0 complete_words bpfkit gen object out.o a.o ""
	[ "$(echo $output)" = "a.o b.bpf.o gc whole" ]
	run -0 complete_words bpfkit gen object out.o a.o gc ""
	[ "$(echo $output)" = "a.o b.bpf.o whole" ]
	run -0 complete_words bpfkit gen object out.o whole ""
	[ "$(echo $output)" = "" ]
	run -0 complete_words bpfkit gen skeleton a.o ""
	[ "$output" = "name" ]
	run -0 complete_words bpfkit gen skeleton a.o name x ""
	[ -z "$output" ]
	run -0 complete_words bpfkit gen header ""
	[ "$(echo $output)" = "a.o b.bpf.o" ]
	run -0 complete_words bpfkit gen header a.o ""
	[ "$output" = "name" ]
}

@test "gen object completes archives, and only archives after whole" {
	cd "$BATS_TEST_TMPDIR"
	touch a.o libx.a notes.txt
	run -0 complete_words bpfkit gen object out.o a.o ""
	[ "$(echo $output)" = "a.o gc libx.a whole" ]
	run -0 complete_words bpfkit gen object out.o whole ""
	[ "$(echo $output)" = "libx.a" ]
}

@test "object show completes object files, then needs after one file" {
	cd "$BATS_TEST_TMPDIR"
	touch a.o b.bpf.o notes.txt
	run -0 complete_words bpfkit object ""
	[ "$(echo $output)" = "help show" ]
	run -0 complete_words bpfkit object show ""
	[ "$(echo $output)" = "a.o b.bpf.o" ]
	run -0 complete_words bpfkit object show a.o ""
	[ "$(echo $output)" = "a.o b.bpf.o needs" ]
	run -0 complete_words bpfkit object show a.o b.bpf.o ""
	[ "$(echo $output)" = "a.o b.bpf.o" ]
}

@test "prog load keywords, map selectors, each keyword once" {
	run -0 complete_words bpfkit prog load x.o /sys/fs/bpf/x ""
	[ "$(echo $output)" = "autoattach map pinmaps type" ]
	run -0 complete_words bpfkit prog load x.o /sys/fs/bpf/x map ""
	[ "$(echo $output)" = "idx name" ]
	run -0 complete_words bpfkit prog load x.o /sys/fs/bpf/x map idx 0 ""
	[ "$(echo $output)" = "id pinned" ]
	run -0 complete_words bpfkit prog load x.o p type xdp ""
	[ "$(echo $output)" = "autoattach map pinmaps" ]
	run -0 complete_words bpfkit prog load x.o p type sy
	[ "$output" = "syscall" ]
	run -0 complete_words bpfkit prog show ""
	[ "$(echo $output)" = "id name pinned tag" ]
}

@test "map commands, handles and the update grammar" {
	run -0 complete_words bpfkit map ""
	[ "$(echo $output)" = "delete dump freeze getnext help list lookup pin show update" ]
	run -0 complete_words bpfkit map dump ""
	[ "$(echo $output)" = "id name pinned" ]
	run -0 complete_words bpfkit map lookup id 3 ""
	[ "$output" = "key" ]
	run -0 complete_words bpfkit map lookup id 3 key ""
	[ "$output" = "hex" ]
	run -0 complete_words bpfkit map update id 3 ""
	[ "$output" = "key" ]
	run -0 complete_words bpfkit map update id 3 key 1 0 0 0 ""
	[ "$output" = "value" ]
	run -0 complete_words bpfkit map update id 3 key 1 0 0 0 value 1 ""
	[ "$(echo $output)" = "any exist noexist" ]
	run -0 complete_words bpfkit map freeze id 3 ""
	[ -z "$output" ]
}
@test "prog run: PROG or file OBJ, then each run keyword once" {
	run -0 complete_words bpfkit prog run ""
	[ "$(echo $output)" = "file id name pinned tag" ]
	run -0 complete_words bpfkit prog run id 3 ""
	[ "$(echo $output)" = "ctx_in ctx_out ctx_size_out data_in data_out data_size_out repeat" ]
	run -0 complete_words bpfkit prog run file x.o ""
	[ "$(echo $output)" = "ctx_in ctx_out ctx_size_out data_in data_out data_size_out name repeat" ]
	run -0 complete_words bpfkit prog run file x.o name ""
	[ -z "$output" ]
	run -0 complete_words bpfkit prog run file x.o name p data_in in repeat 2 ""
	[ "$(echo $output)" = "ctx_in ctx_out ctx_size_out data_out data_size_out" ]
	cd "$BATS_TEST_TMPDIR"
	touch pkt.bin
	run -0 complete_words bpfkit prog run id 3 data_in pk
	[ "$output" = "pkt.bin" ]
}

@test "program ids and names come from the running kernel" {
	local id name
	PIN="/sys/fs/bpf/bpfkit-compl-$$-$BATS_TEST_NUMBER"
	setup_pin_dir
	"$BPFKIT" prog load "$PROGS/run_tc.bpf.o" "$PIN/tc"
	id=$("$BPFKIT" -j prog show pinned "$PIN/tc" | jq -r '.id')
	name=$("$BPFKIT" -j prog show id "$id" | jq -r .name)
	[ -n "$name" ]
	PATH="$BUILD:$PATH" run -0 complete_words bpfkit prog run id ""
	grep -qx "$id" <<<"$output"
	PATH="$BUILD:$PATH" run -0 complete_words bpfkit prog show name ""
	grep -qxF "$name" <<<"$output"
}

@test "prog dump: kind, PROG, then file or linum and opcodes" {
	run -0 complete_words bpfkit prog dump ""
	[ "$(echo $output)" = "jited xlated" ]
	run -0 complete_words bpfkit prog dump xlated ""
	[ "$(echo $output)" = "id name pinned tag" ]
	run -0 complete_words bpfkit prog dump jited id 4 ""
	[ "$(echo $output)" = "file linum opcodes" ]
	run -0 complete_words bpfkit prog dump xlated id 4 linum ""
	[ "$(echo $output)" = "opcodes" ]
	run -0 complete_words bpfkit prog dump xlated id 4 file x ""
	[ -z "$output" ]
}

@test "btf show and link show: selectors, ids from the running kernel" {
	run -0 complete_words bpfkit btf show ""
	[ "$output" = "id" ]
	run -0 complete_words bpfkit link list ""
	[ "$(echo $output)" = "id pinned" ]
	require_kernel
	PATH="$BUILD:$PATH" run -0 complete_words bpfkit btf show id ""
	# the kernel's own BTF is always there
	grep -qx 1 <<<"$output"
	PATH="$BUILD:$PATH" run -0 complete_words bpfkit btf dump id ""
	grep -qx 1 <<<"$output"
}
