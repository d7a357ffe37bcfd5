#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# prog dump xlated and jited of a program bpfkit linked from two files:
# the translated instructions, prototypes and source lines match bpftool's,
# and the line info still points at the right line of each file.
load helpers

setup_file() {
	"$BPFKIT" gen object "$BATS_FILE_TMPDIR/xdp.bpf.o" \
		"$PROGS/run_xdp_main.bpf.o" "$PROGS/run_xdp_lib.bpf.o" >/dev/null
}

setup() {
	XDP="$BATS_FILE_TMPDIR/xdp.bpf.o"
	PIN="/sys/fs/bpf/bpfkit-dump-$$-$BATS_TEST_NUMBER"
}

teardown() {
	teardown_pin_dir
}

kernel_setup() {
	setup_pin_dir
	bpfkit prog load "$XDP" "$PIN/xdp"
}

# line_of FILE TEXT: the number of the line of FILE holding TEXT.
line_of() {
	grep -nF -- "$2" "$1" | head -1 | cut -d: -f1
}

@test "dump rejects bad arguments with one error line" {
	run --separate-stderr -1 bpfkit prog dump
	[ "$stderr" = "Error: expected 'xlated' or 'jited'" ]
	run --separate-stderr -1 bpfkit prog dump source id 1
	[ "$stderr" = "Error: expected 'xlated' or 'jited', got: 'source'?" ]
	run --separate-stderr -1 bpfkit prog dump xlated id 1 file x linum
	[ "$stderr" = "Error: 'file' writes the raw code: 'linum' and 'opcodes' do not apply" ]
	run --separate-stderr -1 bpfkit prog dump xlated id 1 visual
	[ "$stderr" = "Error: what is 'visual'?" ]
	run --separate-stderr -1 bpfkit prog dump jited tag 1
	[ "$stderr" = "Error: '1' is not a tag (16 hex digits)" ]
}

@test "xlated: instructions, prototypes and source lines are bpftool's" {
	kernel_setup
	require_bpftool
	local opt
	for opt in "" linum opcodes; do
		# shellcheck disable=SC2086 # an empty opt is no argument
		diff -u <(bpftool prog dump xlated pinned "$PIN/xdp" $opt) \
			<(bpfkit prog dump xlated pinned "$PIN/xdp" $opt)
		# shellcheck disable=SC2086
		diff -u <(bpftool -j prog dump xlated pinned "$PIN/xdp" $opt | jq .) \
			<(bpfkit -j prog dump xlated pinned "$PIN/xdp" $opt | jq .)
	done
	run -0 bpfkit prog dump xlated pinned "$PIN/xdp"
	[ "${lines[0]}" = "int run_xdp(struct xdp_md * ctx):" ]
	[[ $output == *"call pc+"*"#bpf_prog_"*"_run_classify"* ]]
	[[ $output == *"int run_classify(struct xdp_md * ctx):"* ]]
}

@test "xlated linum: lines of both linked files, at the right line numbers" {
	kernel_setup
	local main="$TOP/progs/run_xdp_main.bpf.c" lib="$TOP/progs/run_xdp_lib.bpf.c"
	run -0 bpfkit prog dump xlated pinned "$PIN/xdp" linum
	[[ $output == *"; int action = run_classify(ctx); [file:$main line_num:$(line_of "$main" 'int action = run_classify(ctx);') line_col:"* ]]
	[[ $output == *"; if (eth->h_proto == bpf_htons(ETH_P_IP)) [file:$lib line_num:$(line_of "$lib" 'if (eth->h_proto == bpf_htons(ETH_P_IP))') line_col:"* ]]
	# JSON: every source line names one of the two files, and both appear.
	run -0 bpfkit -j prog dump xlated pinned "$PIN/xdp" linum
	jq -e --arg m "$main" --arg l "$lib" \
		'[.[] | select(.file) | .file] | unique == ([$m, $l] | sort)' <<<"$output"
	jq -e --arg l "$lib" --argjson n "$(line_of "$lib" 'if ((void *)(eth + 1) > data_end)')" \
		'any(.[]; .file == $l and .line_num == $n and .src == "if ((void *)(eth + 1) > data_end)")' <<<"$output"
}

@test "xlated: linum and opcodes together; file writes bpftool's raw bytes" {
	kernel_setup
	require_bpftool
	run -0 bpfkit prog dump xlated pinned "$PIN/xdp" linum opcodes
	# every instruction line is followed by its 8 (or 16) bytes
	[[ ${lines[2]} =~ ^\ +0:\ \( ]]
	[[ ${lines[3]} =~ ^\ {7}[0-9a-f]{2}(\ [0-9a-f]{2}){7}$ ]]
	[[ $output == *"[file:"* ]]
	run -0 bpfkit -j prog dump xlated pinned "$PIN/xdp" file "$BATS_TEST_TMPDIR/ours"
	[ "$output" = null ]
	bpftool prog dump xlated pinned "$PIN/xdp" file "$BATS_TEST_TMPDIR/theirs"
	cmp "$BATS_TEST_TMPDIR/ours" "$BATS_TEST_TMPDIR/theirs"
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/ours")" = \
		"$(bpfkit -j prog show pinned "$PIN/xdp" | jq .bytes_xlated)" ]
}

@test "jited: each function's prototype, symbol and native code, every byte once" {
	kernel_setup
	local jited
	jited=$(bpfkit -j prog show pinned "$PIN/xdp" | jq .bytes_jited)
	[ "$jited" -gt 0 ] || skip "the program is not JIT-compiled here"
	run -0 bpfkit prog dump jited pinned "$PIN/xdp"
	[ "${lines[0]}" = "int run_xdp(struct xdp_md * ctx):" ]
	[[ ${lines[1]} =~ ^bpf_prog_[0-9a-f]{16}_run_xdp:$ ]]
	local insn_re=$'^ +0:\t[a-z]'
	[[ ${lines[2]} == "; void *data_end = (void *)(long)ctx->data_end;" ]]
	[[ ${lines[3]} =~ $insn_re ]]
	[[ $output == *"int run_classify(struct xdp_md * ctx):"* ]]
	# the call into the other file's function names its symbol
	[[ $output =~ call[a-z]*.0x[0-9a-f]+\ \<bpf_prog_[0-9a-f]{16}_run_classify\> ]]
	run -0 bpfkit -j prog dump jited pinned "$PIN/xdp" opcodes
	jq -e 'length == 2 and .[1].name and (.[0].insns[0].pc == "0x0")' <<<"$output"
	[ "$(jq '[.[].insns[].opcodes | length] | add' <<<"$output")" = "$jited" ]
	run -0 bpfkit prog dump jited pinned "$PIN/xdp" linum
	[[ $output == *"; int action = run_classify(ctx); [file:$TOP/progs/run_xdp_main.bpf.c line_num:"* ]]
	bpfkit prog dump jited pinned "$PIN/xdp" file "$BATS_TEST_TMPDIR/jited"
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/jited")" = "$jited" ]
}

@test "jited: Capstone is loaded for it, not linked; without it, one error" {
	# no Capstone in the binary: short commands do not carry its tables
	! nm "$BPFKIT" | grep -q ' [TU] cs_open'
	kernel_setup
	local lib
	lib=$(ldconfig -p | awk '$1 ~ /^libcapstone\.so\./ { print $NF; exit }')
	[ -n "$lib" ] || skip "no libcapstone in the loader cache"
	command -v unshare >/dev/null || skip "unshare is not installed"
	# the library made unreadable in a private mount namespace
	run --separate-stderr -1 unshare -m sh -c \
		'mount --bind /dev/null "$1" && shift && exec "$@"' sh "$lib" \
		"$BPFKIT" prog dump jited pinned "$PIN/xdp"
	[ -z "$output" ]
	[[ $stderr == "Error: disassembling jited code needs Capstone: "*libcapstone* ]]
	[ "${#stderr_lines[@]}" = 1 ]
}

@test "dump names what it cannot find" {
	kernel_setup
	run --separate-stderr -1 bpfkit prog dump xlated id 4294967295
	[ "$stderr" = "Error: no program with id 4294967295" ]
	run --separate-stderr -1 bpfkit prog dump jited pinned "$PIN/none"
	[ "$stderr" = "Error: $PIN/none: cannot open a pinned object: No such file or directory" ]
	run --separate-stderr -1 bpfkit -j prog dump xlated name bpfkit_no_such
	[ "$(jq -r .error <<<"$output")" = "no program named 'bpfkit_no_such'" ]
	# A failed dump to a file leaves no file behind.
	run --separate-stderr -1 bpfkit prog dump xlated id 4294967295 file "$BATS_TEST_TMPDIR/x"
	assert_no_file "$BATS_TEST_TMPDIR/x"
}
