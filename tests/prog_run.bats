#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# prog run: xdp and tc programs on test packets, a syscall program on a
# context struct, programs named by PROG or loaded from a file for the run,
# compared with bpftool's prog run where both can run the program.
load helpers

setup_file() {
	"$BPFKIT" gen object "$BATS_FILE_TMPDIR/xdp.bpf.o" \
		"$PROGS/run_xdp_main.bpf.o" "$PROGS/run_xdp_lib.bpf.o" >/dev/null
	# Ethernet + IPv4 (TTL 64) + 6 bytes; Ethernet + IPv6 + 40 bytes; a runt.
	printf '%b' '\xaa\xbb\xcc\xdd\xee\xff\x11\x22\x33\x44\x55\x66\x08\x00' \
		'\x45\x00\x00\x14\x00\x00\x00\x00\x40\x06\x00\x00' \
		'\x0a\x00\x00\x01\x0a\x00\x00\x02xxxxxx' >"$BATS_FILE_TMPDIR/ipv4.pkt"
	{
		printf '\xaa\xbb\xcc\xdd\xee\xff\x11\x22\x33\x44\x55\x66\x86\xdd'
		head -c 40 /dev/zero
	} >"$BATS_FILE_TMPDIR/ipv6.pkt"
	printf 'abc' >"$BATS_FILE_TMPDIR/runt.pkt"
	# struct run_ctx { __u32 a = 7, b = 5; __u64 sum, product; }
	printf '\x07\x00\x00\x00\x05\x00\x00\x00' >"$BATS_FILE_TMPDIR/ctx"
	head -c 16 /dev/zero >>"$BATS_FILE_TMPDIR/ctx"
}

setup() {
	XDP="$BATS_FILE_TMPDIR/xdp.bpf.o"
	IPV4="$BATS_FILE_TMPDIR/ipv4.pkt"
	IPV6="$BATS_FILE_TMPDIR/ipv6.pkt"
	RUNT="$BATS_FILE_TMPDIR/runt.pkt"
	CTX="$BATS_FILE_TMPDIR/ctx"
	SYSCALL="$PROGS/run_syscall.bpf.o"
	PIN="/sys/fs/bpf/bpfkit-run-$$-$BATS_TEST_NUMBER"
}

teardown() {
	teardown_pin_dir
}

# hexof FILE: its bytes as one line of hex.
hexof() {
	od -An -v -tx1 "$1" | tr -d ' \n'
}

@test "run rejects bad arguments with one error line" {
	run --separate-stderr -1 bpfkit prog run id 1
	[ "$stderr" = "Error: nothing to run on: give 'data_in', 'ctx_in' or both" ]
	run --separate-stderr -1 bpfkit prog run id 1 data_in
	[ "$stderr" = "Error: 'data_in' needs a value" ]
	run --separate-stderr -1 bpfkit prog run id 1 data_in a data_in b
	[ "$stderr" = "Error: 'data_in' given twice" ]
	run --separate-stderr -1 bpfkit prog run id 1 data_in a repeat x
	[ "$stderr" = "Error: can't parse 'x' as a number for 'repeat'" ]
	run --separate-stderr -1 bpfkit prog run id 1 data_in a bogus
	[ "$stderr" = "Error: what is 'bogus'?" ]
	run --separate-stderr -1 bpfkit prog run id 1 data_in - ctx_in -
	[ "$stderr" = "Error: 'data_in' and 'ctx_in' cannot both read stdin" ]
	run --separate-stderr -1 bpfkit prog run id
	[ "$stderr" = "Error: 'run' needs at least 2 arguments, 1 found" ]
	run --separate-stderr -1 bpfkit prog run file
	[ "$stderr" = "Error: 'file' needs a value" ]
	run --separate-stderr -1 bpfkit prog run id 1 data_in "$BATS_TEST_TMPDIR/none"
	[ "$stderr" = "Error: $BATS_TEST_TMPDIR/none: No such file or directory" ]
	# an endless input is cut at the most a run takes, not read to its end
	run --separate-stderr -1 bpfkit prog run id 1 data_in /dev/zero
	[ "$stderr" = "Error: /dev/zero: more than the 1048576 bytes a test run takes" ]
	run --separate-stderr -1 bpfkit prog run id 1 ctx_in "$BATS_TEST_TMPDIR"
	[ "$stderr" = "Error: $BATS_TEST_TMPDIR: Is a directory" ]
	run --separate-stderr -1 bpfkit -j prog run id 1 data_in a data_in b
	[ "$(jq -r .error <<<"$output")" = "'data_in' given twice" ]
}

@test "xdp: a linked program answers IPv4 with XDP_TX and swapped MACs, as bpftool shows" {
	setup_pin_dir
	require_bpftool
	bpfkit prog load "$XDP" "$PIN/xdp"
	run --separate-stderr -0 bpfkit prog run pinned "$PIN/xdp" data_in "$IPV4" \
		data_out "$BATS_TEST_TMPDIR/out"
	[[ $output =~ ^Return\ value:\ 3,\ duration:\ [0-9]+ns$ ]]
	[ "$(hexof "$BATS_TEST_TMPDIR/out")" = \
		"112233445566aabbccddeeff0800$(hexof "$IPV4" | cut -c29-)" ]
	# The hex dump on stdout and the JSON keys are bpftool's, byte for byte.
	local ours theirs
	ours=$(bpfkit prog run pinned "$PIN/xdp" data_in "$IPV4" data_out - |
		sed 's/duration: .*//')
	theirs=$(bpftool prog run pinned "$PIN/xdp" data_in "$IPV4" data_out - |
		sed 's/duration: .*//')
	[ "$ours" = "$theirs" ]
	[[ $ours == *"0000000	1122 3344 5566 aabb ccdd eeff 0800 4500 | .\"3DUf.. ......E."* ]]
	ours=$(bpfkit -j prog run pinned "$PIN/xdp" data_in "$IPV4" data_out - |
		jq -c 'del(.duration)')
	theirs=$(bpftool -j prog run pinned "$PIN/xdp" data_in "$IPV4" data_out - |
		jq -c 'del(.duration)')
	[ "$ours" = "$theirs" ]
	jq -e '.retval == 3 and (.data_out | length) == 40' <<<"$ours"
}

@test "xdp: other frames pass unchanged, runts are refused by the kernel" {
	setup_pin_dir
	bpfkit prog load "$XDP" "$PIN/xdp"
	run --separate-stderr -0 bpfkit -j prog run pinned "$PIN/xdp" data_in "$IPV6" \
		data_out "$BATS_TEST_TMPDIR/out" repeat 50
	jq -e '.retval == 2 and .duration >= 0' <<<"$output"
	cmp "$IPV6" "$BATS_TEST_TMPDIR/out"
	run --separate-stderr -0 bpfkit prog run pinned "$PIN/xdp" data_in "$IPV4" repeat 3
	[[ $output =~ ^Return\ value:\ 3,\ duration\ \(average\):\ [0-9]+ns$ ]]
	# Fewer bytes than an Ethernet header: one error, no data_out file.
	run --separate-stderr -1 bpfkit prog run pinned "$PIN/xdp" data_in "$RUNT" \
		data_out "$BATS_TEST_TMPDIR/runt.out"
	[ "$stderr" = "Error: xdp program: the kernel refused the test run (3 bytes of data_in, 0 bytes of ctx_in): this type may need other sizes, or cannot be run" ]
	assert_no_file "$BATS_TEST_TMPDIR/runt.out"
}

@test "tc: an IPv4 packet leaves with its TTL one lower; stdin works as data_in" {
	setup_pin_dir
	require_bpftool
	run --separate-stderr -0 bpfkit prog run file "$PROGS/run_tc.bpf.o" \
		data_in - data_out "$BATS_TEST_TMPDIR/out" <"$IPV4"
	[[ $output == "Return value: 0, duration: "* ]]
	# Byte 22 is the TTL: 0x40 before, 0x3f after; nothing else changes.
	[ "$(hexof "$BATS_TEST_TMPDIR/out")" = \
		"$(hexof "$IPV4" | cut -c1-44)3f$(hexof "$IPV4" | cut -c47-)" ]
	run --separate-stderr -0 bpfkit -j prog run file "$PROGS/run_tc.bpf.o" data_in "$IPV6"
	[ "$(jq .retval <<<"$output")" = 2 ]
	# bpftool agrees on the same program, pinned.
	bpfkit prog load "$PROGS/run_tc.bpf.o" "$PIN/tc"
	[ "$(bpftool -j prog run pinned "$PIN/tc" data_in "$IPV4" | jq .retval)" = 0 ]
	[ "$(bpfkit -j prog run pinned "$PIN/tc" data_in "$IPV4" | jq .retval)" = 0 ]
}

@test "syscall: a context struct goes in, the program's writes come back in ctx_out" {
	setup_pin_dir
	run --separate-stderr -0 bpfkit prog run file "$SYSCALL" ctx_in "$CTX" \
		ctx_out "$BATS_TEST_TMPDIR/ctx.out"
	[ "$output" = "Return value: 2, duration: 0ns" ]
	# a = 7, b = 5, sum = 12, product = 35 (little-endian)
	[ "$(hexof "$BATS_TEST_TMPDIR/ctx.out")" = \
		07000000050000000c000000000000002300000000000000 ]
	run --separate-stderr -0 bpfkit -j prog run file "$SYSCALL" ctx_in "$CTX" ctx_out -
	jq -e '.retval == 2 and .ctx_out == [7,0,0,0,5,0,0,0,12,0,0,0,0,0,0,0,35,0,0,0,0,0,0,0]' <<<"$output"
	run --separate-stderr -0 bpfkit -j prog run file "$SYSCALL" name run_other ctx_in "$CTX"
	[ "$(jq .retval <<<"$output")" = 7 ]
	# Loaded for the run only: nothing of it stays loaded.
	run -0 bpfkit -j prog show
	jq -e 'all(.[]; .name != "run_syscall" and .name != "run_other")' <<<"$output"
}

@test "syscall: bpftool cannot run it; bpfkit runs the same pinned program" {
	setup_pin_dir
	require_bpftool
	bpfkit prog load "$SYSCALL" "$PIN/sc"
	# bpftool 7.1 asks for ctx_out and repeat, which syscall programs refuse.
	run bpftool prog run pinned "$PIN/sc" ctx_in "$CTX"
	[ "$status" -ne 0 ]
	run --separate-stderr -0 bpfkit prog run pinned "$PIN/sc" ctx_in "$CTX"
	[ "$output" = "Return value: 2, duration: 0ns" ]
	# by name: only this file loads run_syscall, one test at a time
	run --separate-stderr -0 bpfkit -j prog run name run_syscall ctx_in "$CTX"
	[ "$(jq .retval <<<"$output")" = 2 ]
	run --separate-stderr -1 bpfkit prog run pinned "$PIN/sc" ctx_in "$CTX" repeat 2
	[ "$stderr" = "Error: syscall program: runs once, 'repeat' does not apply" ]
	run --separate-stderr -1 bpfkit prog run pinned "$PIN/sc" data_in "$CTX"
	[ "$stderr" = "Error: syscall program: takes a context (ctx_in), no packet data" ]
	run --separate-stderr -1 bpfkit prog run pinned "$PIN/sc" ctx_in "$CTX" \
		ctx_out "$BATS_TEST_TMPDIR/o" ctx_size_out 8
	[ "$stderr" = "Error: syscall program: the context (24 bytes) does not fit: raise ctx_size_out" ]
	assert_no_file "$BATS_TEST_TMPDIR/o"
}

@test "run names what it cannot find or load" {
	setup_pin_dir
	run --separate-stderr -1 bpfkit prog run id 4294967295 data_in "$IPV4"
	[ "$stderr" = "Error: no program with id 4294967295" ]
	run --separate-stderr -1 bpfkit prog run name bpfkit_no_such data_in "$IPV4"
	[ "$stderr" = "Error: no program named 'bpfkit_no_such'" ]
	run --separate-stderr -1 bpfkit prog run file "$SYSCALL" name nope ctx_in "$CTX"
	[ "$stderr" = "Error: $SYSCALL: no program named 'nope' (with autoload on)" ]
	run --separate-stderr -1 bpfkit prog run file "$CTX" ctx_in "$CTX"
	[ "${#lines[@]}" -eq 0 ]
	[[ $stderr == "Error: $CTX: "* ]]
	[ "$(grep -c '^Error' <<<"$stderr")" -eq 1 ]
	# A program the verifier rejects: the verdict, then its log's end as
	# lines of their own (it was exit 1 with nothing said)
	run --separate-stderr -1 bpfkit prog run file "$PROGS/load_reject.bpf.o" ctx_in "$CTX"
	[ "${#lines[@]}" -eq 0 ]
	[ "$(grep -c '^Error' <<<"$stderr")" -eq 1 ]
	grep -qx "Error: $PROGS/load_reject.bpf.o: program 'deref_unchecked': rejected by the verifier: Permission denied" <<<"$stderr"
	grep -qx "R0 invalid mem access 'map_value_or_null'" <<<"$stderr"
	run --separate-stderr -1 bpfkit -j prog run file "$PROGS/load_reject.bpf.o" ctx_in "$CTX"
	[[ $(jq -r .error <<<"$output") == *"rejected by the verifier"*$'\n'"verifier log (last "*"invalid mem access"* ]]
	# Two programs share a name: PROG must pick one.
	bpfkit prog load "$XDP" "$PIN/a"
	bpfkit prog load "$XDP" "$PIN/b"
	run --separate-stderr -1 bpfkit prog run name run_xdp data_in "$IPV4"
	[[ $stderr =~ ^Error:\ \'run_xdp\'\ selects\ [0-9]+\ programs:\ use\ \'id\'\ to\ pick\ one$ ]]
	# A directory is not a pinned program.
	run --separate-stderr -1 bpfkit prog run pinned /sys/fs/bpf data_in "$IPV4"
	[ "$(grep -c '^Error' <<<"$stderr")" -eq 1 ]
}
