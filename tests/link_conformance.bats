#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Linking valid objects libbpf links, with the seeds' semantics: each rule
# of the linker's conformance (see "DIFFERENCES FROM BPFTOOL GEN OBJECT 7.1"
# in bpfkit-gen(8)) links programs of progs/, loads them into the kernel
# and reads their values back through a generated skeleton. Each scenario
# links in both orders and relinks to a byte-identical fixpoint.
load helpers

SRC="$TOP/tests/skel"

setup() {
	T=$BATS_TEST_TMPDIR
	PIN=/sys/fs/bpf/bpfkit_conformance_$$_$BATS_TEST_NUMBER
}

teardown() {
	rm -rf "$PIN"
}

# link_both NAME IN...: NAME.o links IN in order, NAME-rev.o in reverse;
# both are fixpoints: linking either alone gives the same bytes again.
link_both() {
	local name=$1 i
	local -a rev=()
	shift
	for ((i = $#; i > 0; i--)); do
		rev+=("${!i}")
	done
	bpfkit gen object "$T/$name.o" "$@"
	bpfkit gen object "$T/$name-rev.o" "${rev[@]}"
	for i in "$name" "$name-rev"; do
		bpfkit gen object "$T/$i.relinked.o" "$T/$i.o"
		cmp "$T/$i.o" "$T/$i.relinked.o"
	done
}

# skel_run OBJ SKEL TEST [CFLAGS...]: TEST.c of tests/skel/ built against
# OBJ's skeleton named SKEL (C with gcc, C++ with clang++), both run.
skel_run() {
	local obj=$1 skel=$2 test=$3 d cc lang
	shift 3
	d=$(mktemp -d "$T/skel.XXXXXX")
	bpfkit gen skeleton "$obj" name "$skel" >"$d/$skel.skel.h"
	for cc in gcc clang++; do
		lang=c
		[ "$cc" = clang++ ] && lang=c++
		"$cc" -x "$lang" -Wall -Wextra -Werror -I"$TOP/progs" -I"$SRC" \
			-I"$d" "$@" -o "$d/$test-$cc" "$SRC/$test.c" -lbpf -lelf -lz
		run -0 "$d/$test-$cc"
	done
}

# --- 1. alignment after a losing __weak definition ------------------------

@test "alignment: survivors of cut-out weak losers keep their type's alignment (strict load, skeleton)" {
	require_kernel
	link_both align "$PROGS"/align_weak{1,2}.bpf.o
	skel_run "$T/align.o" align_weak align
	skel_run "$T/align-rev.o" align_weak align
}

# sec_size OBJ SECTION: the section's size in bytes.
sec_size() {
	local hex
	hex=$(readelf -SW "$1" | awk -v s="$2" '
		{ sub(/^ *\[ *[0-9]+\] */, "") } $1 == s { print $5 }')
	echo $((16#$hex))
}

@test "alignment: DATASEC offsets are multiples of their scalar's size, sections 8-aligned, losers still cut" {
	local bad s
	bpfkit gen object "$T/a.o" "$PROGS"/align_weak{1,2}.bpf.o
	run -0 bpfkit btf dump file "$T/a.o"
	# scalars of 1, 2, 4 and 8 bytes: natural alignment = size
	bad=$(awk '/^\ttype_id=/ { split($2, o, "="); split($3, z, "=");
		if (z[2] <= 8 && o[2] % z[2]) print }' <<<"$output")
	[ -z "$bad" ]
	for s in .data .rodata .bss; do
		[ "$(readelf -SW "$T/a.o" | awk -v s="$s" '
			{ sub(/^ *\[ *[0-9]+\] */, "") } $1 == s { print $NF }')" = 8 ]
	done
	require_bpftool
	# bpftool keeps every loser's bytes as a gap: bpfkit's .data is smaller
	bpftool gen object "$T/t.o" "$PROGS"/align_weak{1,2}.bpf.o
	[ "$(sec_size "$T/a.o" .data)" -lt "$(sec_size "$T/t.o" .data)" ]
}

# set_align IN OUT SECTION ALIGN: IN with SECTION's sh_addralign set to ALIGN.
set_align() {
	python3 - "$@" <<'PY'
import struct, sys
src, dst, name, align = sys.argv[1], sys.argv[2], sys.argv[3].encode(), int(sys.argv[4])
b = bytearray(open(src, "rb").read())
shoff, = struct.unpack_from("<Q", b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 0x3a)
def sh(i):
    return shoff + i * shentsize
stroff, = struct.unpack_from("<Q", b, sh(shstrndx) + 0x18)
for i in range(shnum):
    noff, = struct.unpack_from("<I", b, sh(i))
    if b[stroff + noff:].split(b"\0", 1)[0] == name:
        struct.pack_into("<Q", b, sh(i) + 0x30, align)
open(dst, "wb").write(b)
PY
}

@test "alignment: a section claiming less alignment than its variables need still lands them aligned" {
	require_kernel
	set_align "$PROGS/lowalign2.bpf.o" "$T/low2.o" .data 1
	run -0 readelf -SW "$T/low2.o"
	[[ $output == *" .data "*" 1"$'\n'* ]]
	link_both low "$PROGS/lowalign1.bpf.o" "$T/low2.o"
	skel_run "$T/low.o" lowalign lowalign
	skel_run "$T/low-rev.o" lowalign lowalign
}

# --- 2. integers compare by size, not signedness ---------------------------

@test "signedness: int vs unsigned extern, weak, prototype and map key/value link, load and run" {
	require_kernel
	link_both sign "$PROGS"/sign{1,2}.bpf.o
	skel_run "$T/sign.o" sign sign -DSIGN_WEAK_VALUE=-5
	skel_run "$T/sign-rev.o" sign sign -DSIGN_WEAK_VALUE=9
	# silent, but -d tells
	run --separate-stderr -0 bpfkit gen object "$T/s.o" "$PROGS"/sign{1,2}.bpf.o
	[ -z "$stderr" ]
	run --separate-stderr -0 bpfkit -d gen object "$T/s.o" "$PROGS"/sign{1,2}.bpf.o
	[[ $stderr == *"sign2.bpf.o: symbol 'sign_var': type 'int' links with 'unsigned int' in $PROGS/sign1.bpf.o: 'int' vs 'unsigned int': signed vs unsigned"* ]]
	require_bpftool
	# bpftool agrees: it compares ints by size too
	bpftool gen object "$T/tool.o" "$PROGS"/sign{1,2}.bpf.o
}

# --- 3. empty code sections -----------------------------------------------

@test "empty code section: a function without instructions links, loads and its neighbours run" {
	require_kernel
	link_both empty "$PROGS"/empty_code{1,2}.bpf.o
	skel_run "$T/empty.o" empty_code empty_code
	skel_run "$T/empty-rev.o" empty_code empty_code
	# the code-less function leaves no program: libbpf would refuse a
	# zero-sized one in a section that has code
	run -0 bpfkit gen skeleton "$T/empty.o"
	[[ $output != *empty_nothing* ]]
	require_bpftool
	# bpftool links it too, into an object libbpf cannot open
	bpftool gen object "$T/tool.o" "$PROGS"/empty_code{1,2}.bpf.o
	run ! bpftool prog loadall "$T/tool.o" "$PIN"
	[[ $output == *"corrupted program 'empty_nothing'"* ]]
}

@test "empty code section: btf dump ... ext shows its func_info record" {
	run -0 bpfkit btf dump file "$PROGS/empty_code1.bpf.o" ext
	[[ $output == *"func_info section 'xdp' rec_size=8 rec_cnt=1"$'\n\t'"insn_off=0 type_id="*"(FUNC 'empty_nothing')"* ]]
	# alone, it links; the empty section remains, without a program
	bpfkit gen object "$T/one.o" "$PROGS/empty_code1.bpf.o"
	run -0 bpfkit btf dump file "$T/one.o" ext
	[[ $output != *empty_nothing* ]]
}

# --- 4. legacy SEC("maps") -----------------------------------------------

@test "legacy maps: SEC(\"maps\") is refused at link time, naming file and section" {
	run --separate-stderr -1 bpfkit gen object "$T/out.o" \
		"$PROGS/sign1.bpf.o" "$PROGS/legacy_maps.bpf.o"
	[ -z "$output" ]
	[ "$stderr" = "Error: $PROGS/legacy_maps.bpf.o: section 'maps': legacy map definitions are not supported (libbpf 1.0+ refuses them): define maps with BTF in '.maps'" ]
	assert_no_file "$T/out.o"
	run -1 bpfkit -j gen object "$T/out.o" "$PROGS/legacy_maps.bpf.o"
	[[ $output == '{"error":"'*"legacy map definitions"*'"}' ]]
	assert_no_file "$T/out.o"
}

@test "legacy maps: bpftool links them into an object that cannot be loaded" {
	require_kernel
	require_bpftool
	bpftool gen object "$T/tool.o" "$PROGS/legacy_maps.bpf.o"
	run ! bpftool prog loadall "$T/tool.o" "$PIN"
	[[ $output == *"legacy map definitions in 'maps' section are not supported"* ]]
}

# --- 5. skeletons check every DATASEC, .maps included ---------------------

@test "skeleton checks .maps: bpftool's link of an extern map before its definition is refused" {
	local cmd
	require_bpftool
	# bpftool 7.1 leaves the .maps DATASEC entry of lmf_inner_y at 0
	# while its symbol moves to 128: libbpf then cannot open the object
	bpftool gen object "$T/tool.o" "$PROGS"/linked_mapfwd{1,2}.bpf.o
	for cmd in skeleton subskeleton; do
		run --separate-stderr -1 bpfkit gen "$cmd" "$T/tool.o"
		[ -z "$output" ]
		[ "$stderr" = "Error: $T/tool.o: section '.maps': map 'lmf_inner_y' is at offset 0 in BTF but its symbol is at offset 128 of section '.maps': the object was linked inconsistently and libbpf cannot match the map with the code using it" ]
	done
}

@test "skeleton checks .maps: the refused object cannot load, bpfkit's link of the same inputs can" {
	require_kernel
	require_bpftool
	bpftool gen object "$T/tool.o" "$PROGS"/linked_mapfwd{1,2}.bpf.o
	run ! bpftool prog loadall "$T/tool.o" "$PIN"
	[[ $output == *"failed to find map"* ]]
	link_both mapfwd "$PROGS"/linked_mapfwd{1,2}.bpf.o
	bpfkit gen skeleton "$T/mapfwd.o" name mapfwd >"$T/mapfwd.skel.h"
	cat >"$T/mapfwd.c" <<'C'
#include "mapfwd.skel.h"
int main(void)
{
	struct mapfwd *s = mapfwd__open_and_load();

	if (!s)
		return 1;
	mapfwd__destroy(s);
	return 0;
}
C
	gcc -Wall -Wextra -Werror -I"$T" -o "$T/mapfwd" "$T/mapfwd.c" -lbpf -lelf -lz
	run -0 "$T/mapfwd"
}

# --- 6. messages that show the difference ----------------------------------

@test "license: texts that print the same are told apart by size and bytes" {
	run --separate-stderr -1 bpfkit gen object "$T/out.o" \
		"$PROGS/lerr_defs.bpf.o" "$PROGS/lerr_license_size.bpf.o"
	[ "$stderr" = "Error: $PROGS/lerr_license_size.bpf.o: section 'license': 8 bytes \"GPL\\x00\\x00\\x00\\x00\\x00\" differ from 4 bytes \"GPL\\x00\" in $PROGS/lerr_defs.bpf.o" ]
	assert_no_file "$T/out.o"
	# texts that differ still read as texts
	run --separate-stderr -1 bpfkit gen object "$T/out.o" \
		"$PROGS/lerr_defs.bpf.o" "$PROGS/lerr_license.bpf.o"
	[ "$stderr" = "Error: $PROGS/lerr_license.bpf.o: section 'license': 'Dual BSD/GPL' differs from 'GPL' in $PROGS/lerr_defs.bpf.o" ]
}

# --- 7. weak binding through a library link --------------------------------

# binding OBJ SYMBOL: the symbol's ELF binding (GLOBAL, WEAK).
binding() {
	readelf -sW "$1" | awk -v s="$2" '$8 == s { print $5 }'
}

@test "weak through a library link: the library keeps its weak defaults overridable" {
	require_kernel
	# step 1: the library, where weaklib_user only declares the defaults
	link_both lib "$PROGS"/weaklib_{defaults,user}.bpf.o
	[ "$(binding "$T/lib.o" weaklib_limit)" = WEAK ]
	[ "$(binding "$T/lib.o" weaklib_hook)" = WEAK ]
	# step 2: the application's strong definitions win, in either order
	link_both app "$T/lib.o" "$PROGS/weaklib_app.bpf.o"
	[ "$(binding "$T/app.o" weaklib_limit)" = GLOBAL ]
	skel_run "$T/app.o" weaklib weaklib -DLIMIT=99 -DHOOK5=500
	skel_run "$T/app-rev.o" weaklib weaklib -DLIMIT=99 -DHOOK5=500
	# without an override, the defaults
	skel_run "$T/lib.o" weaklib weaklib -DLIMIT=10 -DHOOK5=6
}

@test "weak through a library link: bpftool makes the defaults strong, so the application cannot override them" {
	require_bpftool
	bpftool gen object "$T/lib.o" "$PROGS"/weaklib_{defaults,user}.bpf.o
	[ "$(binding "$T/lib.o" weaklib_limit 2>/dev/null)" = GLOBAL ]
	run ! bpftool gen object "$T/app.o" "$T/lib.o" "$PROGS/weaklib_app.bpf.o"
	[[ $output == *"conflicting non-weak symbol"* ]]
}

@test "bpfkit-gen(8) documents the weak binding and the differences from bpftool" {
	local man=$TOP/man/bpfkit-gen.rst
	grep -q '^WEAK DEFAULTS THROUGH A LIBRARY LINK$' "$man"
	grep -q '^DIFFERENCES FROM BPFTOOL GEN OBJECT 7.1$' "$man"
	# the two-step example is the one this file tests
	grep -qF '**# bpfkit gen object lib.o defaults.bpf.o user.bpf.o**' "$man"
	grep -qF '**# bpfkit gen object app.o lib.o app.bpf.o**' "$man"
}

# --- beyond: the kernel selftests' multi-file shapes, programs of our own ---

@test "selftest shape test_static_linked: same-named statics and static subprograms, mixed alignments" {
	require_kernel
	link_both static "$PROGS"/static_link{1,2}.bpf.o 2>/dev/null
	skel_run "$T/static.o" static_link static_link
	skel_run "$T/static-rev.o" static_link static_link
	# each section takes the strictest alignment of its parts
	[ "$(readelf -SW "$T/static.o" | awk '{ sub(/^ *\[ *[0-9]+\] */, "") }
		$1 == ".rodata" { print $NF }')" = 8 ]
}

@test "selftest shapes linked_maps and friends: the order-independent scenarios run linked in reverse" {
	require_kernel
	local sc f
	local -a in words
	# scenario name for run_linked, then its inputs in the usual order
	# (funcs and vars have weak winners that depend on the order)
	for sc in "maps maps1 maps2" "weak weak1 weak2" \
		"maps_fwd mapfwd1 mapfwd2" "maps_partial mappart1 mappart2" \
		"ksyms ksyms1 ksyms2"; do
		read -ra words <<<"$sc"
		in=()
		for f in "${words[@]:1}"; do
			in+=("$PROGS/linked_$f.bpf.o")
		done
		link_both "${words[0]}" "${in[@]}" 2>/dev/null
		run -0 "$TBIN/run_linked" "${words[0]}" "$T/${words[0]}-rev.o"
		[ "$output" = "ok ${words[0]}" ]
	done
}

@test "selftest shape test_usdt + multispec: two users of usdt.bpf.h merge its weak maps and helpers" {
	require_kernel
	link_both usdt "$PROGS"/usdt_multi{1,2}.bpf.o
	# one copy of each weak map and helper
	[ "$(readelf -sW "$T/usdt.o" | grep -c ' __bpf_usdt_specs$')" = 1 ]
	[ "$(readelf -sW "$T/usdt.o" | grep -c ' bpf_usdt_arg$')" = 1 ]
	skel_run "$T/usdt.o" usdt_multi usdt
	skel_run "$T/usdt-rev.o" usdt_multi usdt
}

@test "selftest shape test_subskeleton: a library's subskeleton inside the application's object" {
	require_kernel
	local app lib d cc lang ccs
	local -a files=("$PROGS"/subskel_{lib2,lib,app}.bpf.o)
	# the Makefile's order, its reverse, and the two-step link
	link_both lib "${files[@]:0:2}"
	link_both app "${files[@]}"
	bpfkit gen object "$T/app-2step.o" "$T/lib.o" "${files[2]}"
	for lib in lib lib-rev; do
		for app in app app-rev app-2step; do
			d="$T/$lib-$app"
			mkdir -p "$d"
			bpfkit gen skeleton "$T/$app.o" name subskel_app \
				>"$d/subskel_app.skel.h"
			bpfkit gen subskeleton "$T/$lib.o" name subskel_lib \
				>"$d/subskel_lib.subskel.h"
			# C++ once: the headers do not depend on the order
			ccs=gcc
			[ "$lib-$app" = lib-app ] && ccs="gcc clang++"
			for cc in $ccs; do
				lang=c
				[ "$cc" = clang++ ] && lang=c++
				"$cc" -x "$lang" -Wall -Wextra -Werror -I"$SRC" \
					-I"$d" -o "$d/run-$cc" "$SRC/subskel.c" \
					-lbpf -lelf -lz
				run -0 "$d/run-$cc"
			done
		done
	done
}

@test "selftest shape linked_funcs: cross-file calls, hidden at the extern site, weak functions, raw_tp" {
	require_kernel
	link_both funcs "$PROGS"/conf_funcs{1,2}.bpf.o 2>/dev/null
	skel_run "$T/funcs.o" conf_funcs conf_funcs -DFIRST=1
	skel_run "$T/funcs-rev.o" conf_funcs conf_funcs -DFIRST=2
}

@test "selftest shape linked_vars: cross-file externs in every data section, weak winners, kconfig and ksym externs" {
	require_kernel
	link_both vars "$PROGS"/conf_vars{1,2}.bpf.o
	skel_run "$T/vars.o" conf_vars conf_vars -DFIRST=1
	skel_run "$T/vars-rev.o" conf_vars conf_vars -DFIRST=2
}

@test "selftest shape linked_maps: maps extern in either order, attributes reordered, weak maps" {
	require_kernel
	link_both maps "$PROGS"/conf_maps{1,2}.bpf.o
	skel_run "$T/maps.o" conf_maps conf_maps
	skel_run "$T/maps-rev.o" conf_maps conf_maps
	require_bpftool
	# bpftool's link of the Makefile's order cannot be opened (the
	# extern cm_map2 comes first): see "skeleton checks .maps"
	bpftool gen object "$T/tool.o" "$PROGS"/conf_maps{1,2}.bpf.o
	run ! bpfkit gen skeleton "$T/tool.o"
	[[ $output == *"map 'cm_map2' is at offset 0 in BTF but its symbol is at offset"* ]]
}
