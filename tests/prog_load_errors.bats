#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Load-time errors in the user's words: what is missing and what to do,
# where libbpf (and so bpftool 7.1) prints its internals ("failed to find
# BTF for extern", "No such process") or blames 'ulimit -l' for any EPERM.
load helpers

setup() {
	PIN=/sys/fs/bpf/bpfkit_lerr_$$_$BATS_TEST_NUMBER
}

teardown() {
	rm -rf "$PIN"
}

@test "an unresolved extern at load: which symbol, and link it in or define it" {
	require_kernel
	local obj=$PROGS/demo_main.bpf.o
	run -1 --separate-stderr bpfkit prog load "$obj" "$PIN"
	[ "$stderr" = "Error: $obj: symbol 'demo_count' is extern and defined nowhere: link the object that defines it into this one (bpfkit gen object OUT.o $obj ...) or define it" ]
	run -1 --separate-stderr bpfkit -j prog load "$obj" verify
	[[ $(jq -r .error <<<"$output") == *"symbol 'demo_count' is extern and defined nowhere"* ]]
	# gen skeleton says the same of the same object
	run -1 --separate-stderr bpfkit gen skeleton "$obj"
	[[ $stderr == *"symbol 'demo_count' is extern and defined nowhere"* ]]
	[ ! -e "$PIN" ]
	# bpftool 7.1 passes libbpf's words on
	require_bpftool
	run --separate-stderr ! bpftool prog load "$obj" "$PIN"
	[[ $stderr == *"failed to find BTF for extern 'demo_count'"* ]]
}

@test "a fentry program on a missing kernel function names it" {
	require_kernel
	local obj=$PROGS/load_missing_fn.bpf.o
	run -1 --separate-stderr bpfkit prog load "$obj" "$PIN"
	[ "$stderr" = "Error: $obj: program 'on_nothing': the kernel has no function 'bpfkit_no_such_function' to attach to" ]
}

@test "a missing kfunc is named as a kernel symbol" {
	require_kernel
	local obj=$PROGS/load_missing_ksym.bpf.o
	run -1 --separate-stderr bpfkit prog load "$obj" "$PIN"
	[ "$stderr" = "Error: $obj: kernel symbol 'bpfkit_no_such_kfunc' (declared __ksym) is not in the running kernel" ]
}

@test "a refused fentry program: no 'ulimit -l' hint where memlock does not limit BPF" {
	require_kernel
	local obj=$PROGS/load_fentry.bpf.o
	# A finite limit, or libbpf would not guess at it at all.
	run --separate-stderr bash -c 'ulimit -l 8192 && "$@"' _ \
		"$BPFKIT" prog load "$obj" "$PIN"
	[ "$status" -ne 0 ] || skip "fentry programs load on this kernel"
	[[ $stderr == "Error: $obj: cannot load program 'on_unlinkat': "* ]]
	# Since 5.11 BPF memory is charged to the memory cgroup, not memlock.
	[[ $stderr != *"ulimit"* ]]
	# libbpf itself makes the guess (-d shows its own messages)
	run --separate-stderr bash -c 'ulimit -l 8192 && "$@"' _ \
		"$BPFKIT" -d prog load "$obj" "$PIN"
	[[ $stderr == *"libbpf: permission error while running as root; try raising 'ulimit -l'"* ]]
	[[ ${stderr##*$'\n'} != *ulimit* ]]
}
