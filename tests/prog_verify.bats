#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# prog load OBJ verify as a CI gate: a verdict and statistics for every
# program, accepted ones included, even when an earlier one is rejected;
# then each rejected program's verifier log excerpt, as long as plain load
# quotes; exit 1. bpftool 7.1 has no verify mode: loading stops at the
# first rejected program and says nothing of the others.
load helpers

setup() {
	GATE=$PROGS/verify_gate.bpf.o
}

@test "verify: every program's verdict and statistics, then each rejection" {
	require_kernel
	run -1 --separate-stderr bpfkit prog load "$GATE" verify
	[ "${lines[0]}" = "gate_unchecked  type syscall  section syscall  verdict rejected" ]
	[ "${lines[2]}" = "gate_checked  type syscall  section syscall  verdict accepted" ]
	[ "${lines[4]}" = "gate_unbounded  type syscall  section syscall  verdict rejected" ]
	[[ ${lines[3]} =~ ^$'\t'insns\ 11\ \ insns_processed\ 11\ \  ]]
	[[ ${lines[1]} =~ ^$'\t'insns\ 9\ \ insns_processed\ [1-9] ]]
	[ "${#lines[@]}" = 6 ]
	# both rejections, in program order, each with its log's end
	[[ $stderr == "Error: $GATE: program 'gate_unchecked': rejected by the verifier: Permission denied"*"R0 invalid mem access 'map_value_or_null'"*"Error: $GATE: program 'gate_unbounded': rejected by the verifier"*"invalid unbounded variable-offset read from stack"* ]]
}

@test "verify quotes at least as much of the log as plain load" {
	require_kernel
	local pin=/sys/fs/bpf/bpfkit_verify_$$_$BATS_TEST_NUMBER
	run -1 --separate-stderr bpfkit prog load "$GATE" "$pin"
	[ ! -e "$pin" ]
	# kernel addresses of the map differ from one load to the next
	load_err=$(sed 's/0x[0-9a-f]*/ADDR/g' <<<"$stderr")
	run -1 --separate-stderr bpfkit prog load "$GATE" verify
	stderr=$(sed 's/0x[0-9a-f]*/ADDR/g' <<<"$stderr")
	[ "${stderr:0:${#load_err}}" = "$load_err" ]
}

@test "verify -j: a verdict per program, the error in the rejected ones" {
	require_kernel
	run -1 --separate-stderr bpfkit -j prog load "$GATE" verify
	[ -z "$stderr" ]
	[ "$(jq -r 'map(.name + "=" + .verdict) | join(" ")' <<<"$output")" = \
		"gate_unchecked=rejected gate_checked=accepted gate_unbounded=rejected" ]
	jq -e 'map(has("error")) == [true, false, true]' <<<"$output"
	jq -e '.[0].error | endswith("program '"'gate_unchecked'"': rejected by the verifier: Permission denied")' <<<"$output"
	jq -e '.[0].verifier_log | startswith("verifier log (last") and contains("invalid mem access")' <<<"$output"
	jq -e 'map(has("verifier_log")) == [true, false, true]' <<<"$output"
	jq -e 'all(.[]; .insns > 0 and .insns_processed > 0)' <<<"$output"
}

@test "verify with every program accepted exits 0" {
	require_kernel
	run -0 bpfkit -j prog load "$PROGS/load_share.bpf.o" verify
	jq -e 'length > 0 and all(.[]; .verdict == "accepted" and (has("error") | not))' <<<"$output"
}
