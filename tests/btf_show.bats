#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# btf show/list: the kernel's BTF objects and who uses them, compared with
# bpftool on a program bpfkit linked and loaded.
load helpers

setup() {
	PIN="/sys/fs/bpf/bpfkit-btfshow-$$-$BATS_TEST_NUMBER"
}

teardown() {
	teardown_pin_dir
}

kernel_setup() {
	setup_pin_dir
	"$BPFKIT" gen object "$BATS_TEST_TMPDIR/xdp.bpf.o" \
		"$PROGS/run_xdp_main.bpf.o" "$PROGS/run_xdp_lib.bpf.o" >/dev/null
	bpfkit prog load "$BATS_TEST_TMPDIR/xdp.bpf.o" "$PIN/xdp"
	PROG_ID=$(bpfkit -j prog show pinned "$PIN/xdp" | jq .id)
	BTF_ID=$(bpfkit -j prog show pinned "$PIN/xdp" | jq .btf_id)
}

@test "btf show rejects bad arguments with one error line" {
	run --separate-stderr -1 bpfkit btf show foo
	[ "$stderr" = "Error: expected 'id', got: 'foo'?" ]
	run --separate-stderr -1 bpfkit btf show id x
	[ "$stderr" = "Error: can't parse 'x' as a BTF ID" ]
	run --separate-stderr -1 bpfkit btf list id 1 more
	[ "$stderr" = "Error: expected no more arguments, got: 'more'?" ]
	run --separate-stderr -1 bpfkit btf show id
	[ "$stderr" = "Error: 'id' needs at least 1 arguments, 0 found" ]
}

@test "btf show id: a loaded program's BTF, as bpftool shows it" {
	kernel_setup
	require_bpftool
	run -0 bpfkit btf show id "$BTF_ID"
	[[ $output =~ ^$BTF_ID:\ name\ \<anon\>\ \ size\ [0-9]+B\ \ prog_ids\ ([0-9]+,)*$PROG_ID(,[0-9]+)*$ ]]
	# bpftool lists the users in hash order; the sets are the same.
	local ours theirs
	ours=$(bpfkit -j btf show id "$BTF_ID" | jq -S -c '.prog_ids |= sort | .map_ids |= sort')
	theirs=$(bpftool -j btf show id "$BTF_ID" | jq -S -c '.prog_ids |= sort | .map_ids |= sort')
	[ "$ours" = "$theirs" ]
	run -0 bpfkit -j btf show id 1
	jq -e '.id == 1 and .kernel and .name == "vmlinux" and .size > 0' <<<"$output"
	[ "$(bpfkit btf show id 1)" = "$(bpftool btf show id 1)" ]
}

@test "btf list: every object, by increasing id, the program's among them" {
	kernel_setup
	run -0 bpfkit -j btf list
	jq -e 'type == "array" and .[0].id == 1 and ([.[].id] == ([.[].id] | sort))' <<<"$output"
	jq -e --argjson b "$BTF_ID" --argjson p "$PROG_ID" \
		'any(.[]; .id == $b and (.prog_ids | index($p)) != null and .kernel == false)' <<<"$output"
	run -0 bpfkit btf
	[[ ${lines[0]} =~ ^1:\ name\ \[vmlinux\]\ \ size\ [0-9]+B$ ]]
}

@test "btf show names an id it cannot find" {
	kernel_setup
	run --separate-stderr -1 bpfkit btf show id 4294967295
	[ "$stderr" = "Error: no BTF object with id 4294967295" ]
	run --separate-stderr -1 bpfkit -j btf show id 4294967295
	[ "$(jq -r .error <<<"$output")" = "no BTF object with id 4294967295" ]
}
