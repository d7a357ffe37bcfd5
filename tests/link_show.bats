#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# link show/list on links bpfkit made (prog loadall ... autoattach),
# compared with bpftool's link show -f.
load helpers

setup() {
	PIN="/sys/fs/bpf/bpfkit-link-$$-$BATS_TEST_NUMBER"
}

teardown() {
	teardown_pin_dir
}

kernel_setup() {
	setup_pin_dir
	"$BPFKIT" gen object "$BATS_TEST_TMPDIR/count.bpf.o" \
		"$PROGS/load_count_a.bpf.o" "$PROGS/load_count_b.bpf.o" >/dev/null
	bpfkit prog loadall "$BATS_TEST_TMPDIR/count.bpf.o" "$PIN/p" autoattach \
		2>/dev/null
	LINK_ID=$(bpfkit -j link show pinned "$PIN/p/count_getppid" | jq .id)
}

@test "link help; bad arguments get one error line" {
	run --separate-stderr -0 bpfkit link help
	[[ $stderr == *"link { show | list } [LINK]"* ]]
	[[ $stderr == *"LINK := { id LINK_ID | pinned FILE }"* ]]
	run --separate-stderr -0 bpfkit -j link help
	[ "$output" = null ]
	run --separate-stderr -1 bpfkit link show id
	[ "$stderr" = "Error: 'show' needs at least 2 arguments, 1 found" ]
	run --separate-stderr -1 bpfkit link show id x
	[ "$stderr" = "Error: can't parse 'x' as a link ID" ]
	run --separate-stderr -1 bpfkit link show name x
	[ "$stderr" = "Error: expected 'id' or 'pinned', got: 'name'?" ]
	run --separate-stderr -1 bpfkit link show id 1 2
	[ "$stderr" = "Error: expected no more arguments, got: '2'?" ]
}

@test "link show: an autoattached raw tracepoint, as bpftool -f shows it" {
	kernel_setup
	require_bpftool
	local prog_id
	prog_id=$(bpfkit -j prog show name count_getppid | jq '.[-1].id')
	run -0 bpfkit link show pinned "$PIN/p/count_getppid"
	[ "${lines[0]}" = "$LINK_ID: raw_tracepoint  prog $prog_id  " ]
	[ "${lines[1]}" = "	tp 'sys_enter'  " ]
	[ "${lines[2]}" = "	pinned $PIN/p/count_getppid" ]
	[ "$output" = "$(bpftool -f link show id "$LINK_ID")" ]
	# JSON: bpftool's keys (-f adds pinned), same values.
	local ours theirs
	ours=$(bpfkit -j link show id "$LINK_ID" | jq -S -c .)
	theirs=$(bpftool -f -j link show id "$LINK_ID" | jq -S -c .)
	[ "$ours" = "$theirs" ]
	jq -e --argjson p "$prog_id" '.type == "raw_tracepoint" and .prog_id == $p and .tp_name == "sys_enter"' <<<"$ours"
}

@test "link list: every link by increasing id, ours among them" {
	kernel_setup
	run -0 bpfkit -j link list
	jq -e --argjson l "$LINK_ID" --arg pin "$PIN/p/count_getppid" \
		'type == "array" and ([.[].id] == ([.[].id] | sort)) and any(.[]; .id == $l and .pinned == [$pin])' <<<"$output"
	run -0 bpfkit link
	[[ $output == *"$LINK_ID: raw_tracepoint  prog "* ]]
}

@test "link show names what it cannot find" {
	kernel_setup
	run --separate-stderr -1 bpfkit link show id 4294967295
	[ "$stderr" = "Error: no link with id 4294967295" ]
	run --separate-stderr -1 bpfkit link show pinned "$PIN/p/add"
	[ "$stderr" = "Error: $PIN/p/add: pinned object is a program, not a link" ]
	run --separate-stderr -1 bpfkit -j link show pinned "$PIN/none"
	[ "$(jq -r .error <<<"$output")" = "$PIN/none: cannot open a pinned object: No such file or directory" ]
}
