#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# gen object ... gc: an application (progs/gc_app.bpf.c) linked with a
# library of 200 functions and some more (progs/gc_lib.bpf.c). What no
# program reaches goes (code, symbols, BTF, .BTF.ext); what one reaches
# through calls, a bpf_loop() callback or a function address in .rodata
# stays, and so do maps and variables. The gc output loads, runs and
# returns what the full link returns. bpftool has no gc; it checks that
# libbpf's linker and BTF reader accept the result.
load helpers

APP="$PROGS/gc_app.bpf.o"
LIB="$PROGS/gc_lib.bpf.o"

setup_file() {
	local d="$BATS_FILE_TMPDIR"
	"$BPFKIT" gen object "$d/full.o" "$APP" "$LIB"
	"$BPFKIT" gen object "$d/gc.o" "$APP" "$LIB" gc
	head -c 64 /dev/zero >"$d/pkt"
}

# funcs OBJ [SECTION]: names of the FUNC symbols (of one section), sorted.
funcs() {
	local ndx=""
	if [ -n "${2:-}" ]; then
		ndx=$(readelf -SW "$1" | sed -n "s/^ *\[ *\([0-9]*\)\] $2 .*/\1/p")
	fi
	readelf -sW "$1" | awk -v n="$ndx" \
		'$4 == "FUNC" && (n == "" || $7 == n) { print $8 }' | sort
}

# sec_size OBJ SECTION: the section's size in bytes.
sec_size() {
	local hex
	hex=$(readelf -SW "$1" | sed -nE \
		"s/^ *\[ *[0-9]+\] $2 +[A-Z]+ +[0-9a-f]+ +[0-9a-f]+ +([0-9a-f]+) .*/\1/p")
	echo $((16#$hex))
}

# btf_funcs OBJ: names of the BTF FUNC types, sorted.
btf_funcs() {
	bpfkit btf dump file "$1" | sed -n "s/^\[[0-9]*\] FUNC '\([^']*\)'.*/\1/p" | sort
}

# ext_count OBJ KIND SECTION: the rec_cnt of one .BTF.ext kind and section.
ext_count() {
	bpfkit btf dump file "$1" ext |
		sed -n "s/^$2 section '$3' rec_size=[0-9]* rec_cnt=\([0-9]*\)$/\1/p"
}

# retval OBJ PROG: what PROG returns on a zeroed 64-byte packet.
retval() {
	bpfkit -j prog run file "$1" name "$2" data_in "$BATS_FILE_TMPDIR/pkt" |
		jq -e .retval
}

@test "gc: unreachable library functions go, reachable ones stay" {
	local d="$BATS_FILE_TMPDIR"
	[ "$(funcs "$d/full.o" | grep -c '^gc_f[0-9]*_[0-9]$')" = 200 ]
	run -0 funcs "$d/gc.o"
	# programs; three of the 200; gc_mid and its static helper; the
	# bpf_loop() callback and its caller; the function only .rodata's
	# gc_table points to; the application's gc_hook and the library's
	# gc_hook2 (weak, not overridden)
	[ "$(echo $output)" = "gc_f0_1 gc_f19_9 gc_f7_3 gc_hook gc_hook2 \
gc_leaf gc_loop_cb gc_loop_sum gc_mid gc_more gc_sum gc_table_fn gc_table_len" ]
	# gc_table's word (a relocation through .text's section symbol) now
	# holds gc_table_fn's new offset
	llvm-objcopy -O binary --only-section=.rodata "$d/gc.o" "$BATS_TEST_TMPDIR/ro"
	[ "$(od -An -tu8 "$BATS_TEST_TMPDIR/ro" | xargs)" = \
		"$((16#$(readelf -sW "$d/gc.o" | awk '$8 == "gc_table_fn" { print $2 }')))" ]
	# and the same functions have BTF, nothing else does
	diff <(funcs "$d/gc.o") <(btf_funcs "$d/gc.o")
	[ "$(btf_funcs "$d/full.o" | wc -l)" -gt 200 ]
}

@test "gc: maps and variables stay, even those only dropped code used" {
	local d="$BATS_FILE_TMPDIR" sym
	for sym in gc_dead_map gc_dead_var gc_table gc_total LICENSE; do
		readelf -sW "$d/gc.o" | awk '{ print $8 }' | grep -qx "$sym"
	done
	run -0 bpfkit btf dump file "$d/gc.o"
	[[ $output == *"VAR 'gc_dead_var'"* ]]
	[[ $output == *"VAR 'gc_dead_map'"* ]]
	[[ $output == *"DATASEC '.maps'"* ]]
	# the struct only the dropped gc_dead_core's CO-RE relocation named
	[[ $output != *gc_core_probe* ]]
	run -0 bpfkit btf dump file "$d/full.o"
	[[ $output == *"STRUCT 'gc_core_probe'"* ]]
	# strings only dropped types and records used are gone: names, and
	# the source lines of line_info
	run -0 readelf -p .BTF "$d/gc.o"
	[[ $output == *gc_dead_var* ]]
	[[ $output != *gc_f0_0* ]]
	[[ $output != *gc_dead_leaf* ]]
	[[ $output != *gc_core_probe* ]]
	run -0 readelf -p .BTF "$d/full.o"
	[[ $output == *"gc_dead_leaf(int x)"* ]]
}

@test "gc: .BTF.ext keeps one func_info per remaining function, line_info of kept code only" {
	local d="$BATS_FILE_TMPDIR"
	[ "$(ext_count "$d/gc.o" func_info .text)" = "$(funcs "$d/gc.o" .text | wc -l)" ]
	[ "$(ext_count "$d/gc.o" func_info tc)" = 2 ]
	[ "$(ext_count "$d/full.o" func_info .text)" -gt 200 ]
	[ "$(ext_count "$d/gc.o" line_info .text)" -lt \
		"$(ext_count "$d/full.o" line_info .text)" ]
	# gc_dead_core's CO-RE relocation went with it, nothing else had one
	[ -n "$(ext_count "$d/full.o" core_relo .text)" ]
	[ -z "$(ext_count "$d/gc.o" core_relo .text)" ]
	# the section is as long as its functions: no gap is left
	[ "$(readelf -sW "$d/gc.o" | awk '$4 == "FUNC" && $7 == 3 { s += $3 }
		END { print s }')" = "$(sec_size "$d/gc.o" '\.text')" ]
	readelf -SW "$d/gc.o" | grep -q '^ *\[ *3\] \.text '
}

@test "gc: a losing __weak program's body is cut out of its section" {
	local d="$BATS_TEST_TMPDIR"
	bpfkit gen object "$d/w.o" "$PROGS"/gc_wprog{1,2}.bpf.o
	bpfkit gen object "$d/wgc.o" "$PROGS"/gc_wprog{1,2}.bpf.o gc
	# gc_wprog's loser (3 instructions) stays as a gap without gc
	[ $(( $(sec_size "$d/w.o" tc) - $(sec_size "$d/wgc.o" tc) )) = 24 ]
	[ "$(funcs "$d/wgc.o" tc | xargs)" = "gc_wother1 gc_wother2 gc_wprog" ]
	[ "$(ext_count "$d/wgc.o" func_info tc)" = 3 ]
}

@test "gc: the link report lists the global functions it dropped" {
	local d="$BATS_TEST_TMPDIR"
	run --separate-stderr -0 bpfkit -j gen object "$d/o.o" "$APP" "$LIB" gc
	# 197 of the 200, gc_dead_caller and gc_dead_core
	jq -e '(.removed | length) == 199 and
	       (.removed | index("gc_dead_caller")) != null and
	       ([.symbols[].name] | index("gc_f0_0")) == null and
	       ([.symbols[].name] | index("gc_f0_1")) != null' <<<"$output"
	run --separate-stderr -0 bpfkit -j gen object "$d/o.o" "$APP" "$LIB"
	jq -e 'has("removed") | not' <<<"$output"
	run --separate-stderr -0 bpfkit -d gen object "$d/o.o" "$APP" "$LIB" gc
	[ "$(grep -c '^removed gc_f[0-9]*_[0-9]: unreachable from every program$' <<<"$stderr")" = 197 ]
}

@test "gc: deterministic, anywhere after the output, and a fixpoint" {
	local d="$BATS_TEST_TMPDIR"
	bpfkit gen object "$d/a.o" gc "$APP" "$LIB"
	bpfkit gen object "$d/b.o" "$APP" gc "$LIB"
	cmp "$d/a.o" "$BATS_FILE_TMPDIR/gc.o"
	cmp "$d/b.o" "$BATS_FILE_TMPDIR/gc.o"
	# linked again, with or without gc, it stays as it is
	bpfkit gen object "$d/c.o" "$d/a.o"
	bpfkit gen object "$d/e.o" "$d/a.o" gc
	cmp "$d/c.o" "$d/a.o"
	cmp "$d/e.o" "$d/a.o"
	# a file named gc is ./gc
	cp "$APP" "$d/gc"
	(cd "$d" && bpfkit gen object f.o ./gc "$LIB" gc)
	cmp "$d/f.o" "$d/a.o"
}

@test "gc: no input besides the keyword is an error that leaves nothing" {
	local d="$BATS_TEST_TMPDIR"
	run --separate-stderr -1 bpfkit gen object "$d/o.o" gc
	[ "$stderr" = "Error: 'object' needs an INPUT_FILE besides 'gc'" ]
	assert_no_file "$d/o.o"
	run --separate-stderr -1 bpfkit -j gen object "$d/o.o" gc
	jq -e '.error == "'"'"'object'"'"' needs an INPUT_FILE besides '"'"'gc'"'"'"' <<<"$output"
}

@test "gc: bpftool reads the gc output's BTF, libbpf's linker relinks it" {
	require_bpftool
	local d="$BATS_TEST_TMPDIR"
	run -0 bpftool btf dump file "$BATS_FILE_TMPDIR/gc.o"
	[[ $output == *"FUNC 'gc_loop_cb'"* ]]
	[[ $output != *"FUNC 'gc_f0_0'"* ]]
	# libbpf's linker refuses gc_table's relocation (a section symbol
	# from data) in the library itself, gc or not: relink the other set
	run ! bpftool gen object "$d/t.o" "$LIB"
	[[ $output == *"relocation against STT_SECTION in non-exec section"* ]]
	bpfkit gen object "$d/wgc.o" "$PROGS"/gc_wprog{1,2}.bpf.o gc
	bpftool gen object "$d/t.o" "$d/wgc.o"
	[ "$(funcs "$d/t.o" | xargs)" = "$(funcs "$d/wgc.o" | xargs)" ]
	[ "$(sec_size "$d/t.o" tc)" = "$(sec_size "$d/wgc.o" tc)" ]
}

@test "gc: the output loads, verifies and returns what the full link returns" {
	require_kernel
	local d="$BATS_FILE_TMPDIR" p
	run --separate-stderr -0 bpfkit prog load "$d/gc.o" verify
	[ "$(grep -c 'verdict accepted' <<<"$output")" = 2 ]
	# the values gc_app.bpf.c's comments work out
	[ "$(retval "$d/full.o" gc_sum)" = 318 ]
	[ "$(retval "$d/full.o" gc_more)" = 2056 ]
	for p in gc_sum gc_more; do
		[ "$(retval "$d/gc.o" "$p")" = "$(retval "$d/full.o" "$p")" ]
	done
	bpfkit gen object "$BATS_TEST_TMPDIR/w.o" "$PROGS"/gc_wprog{1,2}.bpf.o
	bpfkit gen object "$BATS_TEST_TMPDIR/wgc.o" "$PROGS"/gc_wprog{1,2}.bpf.o gc
	for p in gc_wprog gc_wother1 gc_wother2; do
		[ "$(retval "$BATS_TEST_TMPDIR/wgc.o" "$p")" = \
			"$(retval "$BATS_TEST_TMPDIR/w.o" "$p")" ]
	done
	# gc_wother2 returns the packet length + 2
	[ "$(retval "$BATS_TEST_TMPDIR/wgc.o" gc_wother2)" = 66 ]
}

@test "gc: a library pulled from an archive is cut as a loose object is" {
	require_kernel
	local d="$BATS_TEST_TMPDIR" p
	cp "$LIB" "$d/gc_lib.o"
	(cd "$d" && llvm-ar rcs libgc.a gc_lib.o)
	bpfkit gen object "$d/ar.o" "$APP" "$d/libgc.a" gc
	# the member is pulled, then cut exactly as the object given directly
	diff <(funcs "$BATS_FILE_TMPDIR/gc.o") <(funcs "$d/ar.o")
	[ "$(sec_size "$BATS_FILE_TMPDIR/gc.o" .text)" = "$(sec_size "$d/ar.o" .text)" ]
	for p in gc_sum gc_more; do
		[ "$(retval "$d/ar.o" "$p")" = "$(retval "$BATS_FILE_TMPDIR/full.o" "$p")" ]
	done
}

@test "gc: a skeleton of the gc output builds, loads and sees maps and variables" {
	local d="$BATS_TEST_TMPDIR"
	bpfkit gen skeleton "$BATS_FILE_TMPDIR/gc.o" name gcs >"$d/gcs.skel.h"
	cat >"$d/gcs.c" <<'C'
#include <stdio.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "gcs.skel.h"

/* What prog returns on a zeroed 64-byte packet, or -1. */
static int run(struct bpf_program *prog)
{
	char pkt[64] = {0};
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt,
		    .data_size_in = sizeof(pkt));

	if (bpf_prog_test_run_opts(bpf_program__fd(prog), &opts))
		return -1;
	return opts.retval;
}

int main(void)
{
	struct gcs *s = gcs__open_and_load();
	int sum, more;

	if (!s)
		return 1;
	sum = run(s->progs.gc_sum);
	more = run(s->progs.gc_more);
	printf("%d %d %d %d %d\n", sum, s->bss->gc_total, more,
	       s->data->gc_dead_var, bpf_map__fd(s->maps.gc_dead_map) >= 0);
	gcs__destroy(s);
	return 0;
}
C
	gcc -Wall -Wextra -Werror -I"$d" -o "$d/gcs" "$d/gcs.c" -lbpf -lelf -lz
	require_kernel
	run --separate-stderr -0 "$d/gcs"
	[ "$output" = "318 318 2056 5 1" ]
}

# patch_call OBJ OUT IMM: OBJ with gc_mid's PC-relative call to gc_leaf
# (the only "call 2" followed by "r0 += 2") aimed IMM instructions on.
patch_call() {
	python3 - "$1" "$2" "$3" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
pat = bytes.fromhex("8510000002000000" "0700000002000000")
at = data.find(pat)
assert at >= 0 and data.find(pat, at + 1) < 0
data[at + 4:at + 8] = struct.pack("<i", int(sys.argv[3]))
open(sys.argv[2], "wb").write(data)
PY
}

@test "gc: a call into no function is an error naming the place, nothing written" {
	local d="$BATS_TEST_TMPDIR"
	# beyond the end of .text
	patch_call "$LIB" "$d/lib.o" 100000
	run --separate-stderr -1 bpfkit gen object "$d/o.o" "$APP" "$d/lib.o" gc
	[[ $stderr == "Error: $d/o.o: gc: section '.text': the reference at offset "*" points to offset "*" of section '.text', which is not inside a function" ]]
	[ "${#lines[@]}" = 0 ]
	assert_no_file "$d/o.o"
	# before the start of .text: the same
	patch_call "$LIB" "$d/lib2.o" -100000
	run --separate-stderr -1 bpfkit gen object "$d/o.o" "$APP" "$d/lib2.o" gc
	[[ $stderr == *"which is not inside a function" ]]
	assert_no_file "$d/o.o"
}

@test "gc: the malformed-input corpus, linked with gc: one error or an object, never a crash" {
	local d="$BATS_TEST_TMPDIR" f rc bad=0 linked=0 i=0
	"$TBIN/mkcorpus" "$PROGS" "$d/corpus" >/dev/null
	# every third case (robustness.bats runs them all without gc)
	for f in "$d"/corpus/*.o; do
		i=$((i + 1))
		[ $((i % 3)) = 0 ] || continue
		rc=0
		"$BPFKIT" gen object "$d/o.o" "$f" "$PROGS/rob_good.bpf.o" gc \
			>"$d/out" 2>"$d/err" || rc=$?
		if [ "$rc" = 0 ]; then
			linked=$((linked + 1))
			rm -f "$d/o.o"
		elif [ "$rc" != 1 ] || [ -s "$d/out" ] || [ -e "$d/o.o" ] ||
			[ "$(wc -l <"$d/err")" != 1 ] || ! grep -q '^Error: ' "$d/err"; then
			echo "$(basename "$f"): exit $rc: $(head -c 300 "$d/err")"
			bad=$((bad + 1))
		fi
	done
	[ "$bad" = 0 ]
	# valid variants link too
	[ "$linked" -gt 0 ]
}

# zero_size OBJ OUT SYMBOL: OBJ with SYMBOL's st_size set to 0.
zero_size() {
	python3 - "$@" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
shoff, = struct.unpack_from("<Q", data, 0x28)
shentsize, shnum = struct.unpack_from("<HH", data, 0x3a)
secs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
	for i in range(shnum)]
symtab = next(s for s in secs if s[1] == 2)  # SHT_SYMTAB
strtab = secs[symtab[6]]
for off in range(symtab[4], symtab[4] + symtab[5], 24):
	name_off, = struct.unpack_from("<I", data, off)
	start = strtab[4] + name_off
	name = data[start:data.index(0, start)].decode()
	if name == sys.argv[3]:
		struct.pack_into("<Q", data, off + 16, 0)
open(sys.argv[2], "wb").write(data)
PY
}

@test "gc: a function symbol without a size is an error, not a guess" {
	local d="$BATS_TEST_TMPDIR"
	zero_size "$PROGS/gc_wprog1.bpf.o" "$d/w1.o" gc_wother1
	run --separate-stderr -1 bpfkit gen object "$d/o.o" "$d/w1.o" gc
	[ "$stderr" = "Error: $d/o.o: gc: section 'tc': function 'gc_wother1' has no size" ]
	assert_no_file "$d/o.o"
}
