#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# gen header: the header of a BPF library (progs/hdr_lib.bpf.c) declares
# what the library exports; an application (tests/gen_header/hdr_app.bpf.c)
# that includes nothing else compiles, links with the library, loads and
# runs with the values the library's source implies.
load helpers

setup() {
	T=$BATS_TEST_TMPDIR
	LIB="$PROGS/hdr_lib.bpf.o"
	APP_SRC="$TOP/tests/gen_header/hdr_app.bpf.c"
	BPF_CC=(clang -g -O2 -target bpf -Wall -Werror
		-I"/usr/include/$(uname -m)-linux-gnu")
}

# build_app DIR: DIR/hdr_lib.h from the library, DIR/app.o from hdr_app.
build_app() {
	mkdir -p "$1"
	bpfkit gen header "$LIB" name hdr_lib >"$1/hdr_lib.h"
	"${BPF_CC[@]}" -I"$1" -c -o "$1/app.o" "$APP_SRC"
}

# run_app OBJ: runs hdr_app_run once; its struct hdr_app_out in $T/out.
run_app() {
	head -c 72 /dev/zero >"$T/ctx"
	run --separate-stderr -0 bpfkit prog run file "$1" name hdr_app_run \
		ctx_in "$T/ctx" ctx_out "$T/out"
	[ "$output" = "Return value: 0, duration: 0ns" ]
}

# field OFF SIZE: the signed little-endian integer at OFF in $T/out.
field() {
	od -An -v -t "d$2" -j "$1" -N "$2" "$T/out" | tr -d ' '
}

# check_app_values: what hdr_app_run wrote, derived from hdr_lib.bpf.c.
check_app_values() {
	[ "$(field 0 4)" = 45 ]	   # hdr_add(20, 22) = 20 + 22 + hdr_scale 3
	[ "$(field 4 4)" = 42 ]	   # hdr_mul(6, 7): the weak default, 6 * 7
	[ "$(field 8 4)" = 11 ]	   # hdr_bump(): hdr_counter 7 + 1 (app) + 3
	[ "$(field 12 4)" = 11 ]   # hdr_counter afterwards
	[ "$(field 16 8)" = 300 ]  # packets of the flow the app stored
	[ "$(field 24 8)" = -1 ]   # a flow nobody stored
	[ "$(field 32 4)" = 3 ]	   # hdr_scale (.rodata)
	[ "$(field 36 4)" = -2 ]   # hdr_last.last (.data struct)
	[ "$(field 40 4)" = 4 ]	   # hdr_mode_now = HDR_COUNT
	[ "$(field 44 4)" = 11 ]   # hdr_weak_var
	[ "$(field 48 8)" = 11 ]   # hdr_total (.bss) += hdr_counter 11
	[ "$(field 56 8)" = 1234 ] # hdr_stats[1], stored by the app
	[ "$(field 64 4)" = 77 ]   # hdr_inner_a[1] through hdr_outer[0]
	[ "$(field 68 4)" = 1 ]	   # hdr_pin_mode = LIBBPF_PIN_BY_NAME
}

@test "declarations: each exported function and variable, __weak where weak, nothing the library keeps" {
	run --separate-stderr -0 bpfkit gen header "$LIB"
	[ -z "$stderr" ]
	local want
	want=$(
		cat <<'EOF'
/* functions */
extern int hdr_add(int a, int b);
extern int hdr_apply(struct hdr_req *req);
extern int hdr_bump(void);
extern long hdr_flow_packets(struct hdr_key *key);
extern int hdr_mul(int a, int b) __weak;

/* variables */
extern int hdr_counter;
extern struct hdr_val hdr_last;
extern enum hdr_mode hdr_mode_now;
extern enum libbpf_pin_type hdr_pin_mode;
extern volatile const int hdr_scale;
extern __u64 hdr_total;
extern int hdr_weak_var __weak;
EOF
	)
	[ "$(sed -n '/^\/\* functions \*\//,/^$/p; /^\/\* variables/,/^$/p' \
		<<<"$output" | sed '$d')" = "$want" ]
	# statics, __hidden globals, the library's program, its license
	local name
	for name in hdr_secret hdr_private hdr_internal hdr_twice \
		hdr_lib_prog LICENSE; do
		[[ $output != *"$name"* ]]
	done
}

@test "a struct only behind a pointer of a prototype is declared forward, at file scope" {
	run --separate-stderr -0 bpfkit gen header "$LIB"
	[[ $output == *$'\nstruct hdr_req;\n\n/* functions */\n'* ]]
	[[ $output != *"struct hdr_req {"* ]]
	# a struct used by value too is defined, not declared forward
	[[ $output == *$'\nstruct hdr_key {\n'* && $output != *"struct hdr_key;"* ]]
}

@test "the header of every object in progs/ compiles with -Wall -Werror" {
	local f n cnt=0
	for f in "$PROGS"/*.bpf.o; do
		n=$(basename "$f" .bpf.o)
		# libbpf 1.0+ refuses legacy "maps" sections; so does gen header
		if [[ $n == legacy_maps || $n == obj_legacy ]]; then
			run --separate-stderr -1 bpfkit gen header "$f"
			[[ $stderr == *"legacy map definitions are not supported"* ]]
			continue
		fi
		bpfkit gen header "$f" name "h_$n" >"$T/$n.h"
		printf '#include "%s.h"\n' "$n" >"$T/$n.c"
		"${BPF_CC[@]}" -I"$T" -fsyntax-only "$T/$n.c"
		cnt=$((cnt + 1))
	done
	[ "$cnt" -gt 100 ]
	# a static map and a skeleton field clash concern no header
	! grep -qE 'lerr_(smap|count|prog1)' "$T/lerr_statics1.h"
	grep -q '} bss SEC(".maps");' "$T/skel_clash_map.h"
}

@test "maps: every attribute of the definition, sizes only, program array, array of maps" {
	run --separate-stderr -0 bpfkit gen header "$LIB"
	local want
	want=$(
		cat <<'EOF'
extern struct {
	__uint(type, 4); /* BPF_MAP_TYPE_PERF_EVENT_ARRAY */
	__uint(key_size, 4);
	__uint(value_size, 4);
} hdr_events SEC(".maps");

extern struct {
	__uint(type, 1); /* BPF_MAP_TYPE_HASH */
	__type(key, struct hdr_key);
	__type(value, struct hdr_val);
	__uint(max_entries, 64);
	__uint(map_flags, 0x1);
} hdr_flows SEC(".maps");

extern struct {
	__uint(type, 2); /* BPF_MAP_TYPE_ARRAY */
	__type(key, int);
	__type(value, int);
	__uint(max_entries, 2);
} hdr_inner_a SEC(".maps");

extern struct {
	__uint(type, 3); /* BPF_MAP_TYPE_PROG_ARRAY */
	__uint(key_size, 4);
	__uint(value_size, 4);
	__uint(max_entries, 2);
} hdr_jumps SEC(".maps");

extern struct {
	__uint(type, 12); /* BPF_MAP_TYPE_ARRAY_OF_MAPS */
	__type(key, int);
	__uint(max_entries, 2);
	__array(values, struct {
		__uint(type, 2); /* BPF_MAP_TYPE_ARRAY */
		__type(key, int);
		__type(value, int);
		__uint(max_entries, 2);
	});
} hdr_outer SEC(".maps");
EOF
	)
	[ "$(sed -n '/^\/\* maps \*\//,/hdr_outer/p' <<<"$output" | sed 1d)" = "$want" ]
	# numa_node, pinning, map_extra and a weak map: progs/lerr_defs.bpf.c
	run --separate-stderr -0 bpfkit gen header "$PROGS/lerr_defs.bpf.o"
	[[ $output == *$'\t__uint(map_flags, 0x1);\n\t__uint(numa_node, 0);\n\t__uint(pinning, LIBBPF_PIN_BY_NAME);\n} lerr_map SEC(".maps");'* ]]
	[[ $output == *$'\t__uint(max_entries, 16);\n\t__uint(map_extra, 3);\n} lerr_bloom SEC(".maps");'* ]]
	[[ $output == *'} lerr_weak_map SEC(".maps") __weak;'* ]]
}

@test "guard from the file name or 'name'; the header compiles alone, twice, and after vmlinux.h" {
	run --separate-stderr -0 bpfkit gen header "$LIB"
	[ "${lines[6]}" = "#ifndef __HDR_LIB_BPF_H__" ]
	[ "${lines[-1]}" = "#endif /* __HDR_LIB_BPF_H__ */" ]
	run --separate-stderr -0 bpfkit gen header "$LIB" name mylib
	[ "${lines[6]}" = "#ifndef __MYLIB_H__" ]
	[[ $output == *$'#ifndef __VMLINUX_H__\n#include <linux/types.h>\n#endif\n#include <bpf/bpf_helpers.h>\n'* ]]
	echo "$output" >"$T/mylib.h"
	printf '#include "mylib.h"\n#include "mylib.h"\n' >"$T/twice.c"
	"${BPF_CC[@]}" -I"$T" -fsyntax-only "$T/twice.c"
	# bpf_helpers.h defines enum libbpf_pin_type; the header must not
	[ "$(grep -c 'enum libbpf_pin_type {' "$T/mylib.h")" = 0 ]
	[ "$(grep -c '^struct hdr_key {$' "$T/mylib.h")" = 1 ]
	# the typedefs struct hdr_key uses come before it
	[ "$(grep -n '^typedef unsigned short __u16;$' "$T/mylib.h" | cut -d: -f1)" -lt \
		"$(grep -n '^struct hdr_key {$' "$T/mylib.h" | cut -d: -f1)" ]
	[ -r "$BUILD/vmlinux.h" ] || skip "no $BUILD/vmlinux.h"
	printf '#include "vmlinux.h"\n#include "mylib.h"\n' >"$T/vml.c"
	"${BPF_CC[@]}" -I"$T" -I"$BUILD" -fsyntax-only "$T/vml.c"
}

@test "an application that includes only the header links in either order, loads and runs" {
	require_kernel
	build_app "$T/a"
	bpfkit gen object "$T/lib_app.o" "$LIB" "$T/a/app.o"
	bpfkit gen object "$T/app_lib.o" "$T/a/app.o" "$LIB"
	run_app "$T/lib_app.o"
	check_app_values
	run_app "$T/app_lib.o"
	check_app_values
}

@test "the linker checks the header's declarations: a changed attribute or prototype fails the link" {
	build_app "$T/a"
	# unchanged, the app's externs resolve against every definition
	bpfkit gen object "$T/ok.o" "$T/a/app.o" "$LIB"
	run -0 bpfkit btf dump file "$T/a/app.o"
	[[ $output == *"FUNC 'hdr_add' type_id="*" linkage=extern"* ]]
	[[ $output == *"VAR 'hdr_flows' type_id="*", linkage=extern"* ]]
	mkdir -p "$T/b"
	# hdr_flows is the only map of 64 entries
	sed 's/__uint(max_entries, 64);/__uint(max_entries, 65);/' \
		"$T/a/hdr_lib.h" >"$T/b/hdr_lib.h"
	"${BPF_CC[@]}" -I"$T/b" -c -o "$T/b/app.o" "$APP_SRC"
	run --separate-stderr -1 bpfkit gen object "$T/bad.o" "$T/b/app.o" "$LIB"
	[ "$stderr" = "Error: $LIB: symbol 'hdr_flows': map attribute 'max_entries' differs: 64 here, 65 in $T/b/app.o" ]
	assert_no_file "$T/bad.o"
	mkdir -p "$T/c"
	sed 's/^extern int hdr_add(int a, int b);$/extern int hdr_add(int a, long b);/' \
		"$T/a/hdr_lib.h" >"$T/c/hdr_lib.h"
	"${BPF_CC[@]}" -I"$T/c" -c -o "$T/c/app.o" "$APP_SRC"
	run --separate-stderr -1 bpfkit gen object "$T/bad.o" "$T/c/app.o" "$LIB"
	[[ $stderr == *"symbol 'hdr_add': type 'int hdr_add(int, int)' does not match 'int hdr_add(int, long)' in $T/c/app.o: parameter #2"* ]]
}

@test "bpftool gen object accepts the declarations too, keeps __weak; its output mis-sizes the initialised array of maps" {
	require_bpftool
	build_app "$T/a"
	bpftool gen object "$T/tool.o" "$LIB" "$T/a/app.o"
	bpfkit gen object "$T/kit.o" "$LIB" "$T/a/app.o"
	# hdr_outer's definition holds one initial inner map: 32 bytes. The
	# extern states values[] without elements (24 bytes); bpftool 7.1
	# writes the extern's size into the .maps DATASEC, so libbpf cannot
	# match the initial value's relocation (at offset 56) with the map.
	readelf -sW "$T/tool.o" 2>/dev/null | grep -qE ' 32 OBJECT +GLOBAL +DEFAULT +[0-9]+ hdr_outer$'
	run -0 bpfkit btf dump file "$T/tool.o"
	[[ $output == *"offset=32 size=24 (VAR 'hdr_outer')"* ]]
	run -0 bpfkit btf dump file "$T/kit.o"
	[[ $output == *"offset=32 size=32 (VAR 'hdr_outer')"* ]]
	# The header's __weak extern keeps the library's default weak in
	# bpftool's link; a strong extern would make it strong there.
	readelf -sW "$T/tool.o" 2>/dev/null | grep -qE ' FUNC +WEAK +DEFAULT +[0-9]+ hdr_mul$'
	readelf -sW "$T/kit.o" 2>/dev/null | grep -qE ' FUNC +WEAK +DEFAULT +[0-9]+ hdr_mul$'
	mkdir -p "$T/s"
	sed 's/ hdr_mul(int a, int b) __weak;$/ hdr_mul(int a, int b);/' \
		"$T/a/hdr_lib.h" >"$T/s/hdr_lib.h"
	"${BPF_CC[@]}" -I"$T/s" -c -o "$T/s/app.o" "$APP_SRC"
	bpftool gen object "$T/strong.o" "$LIB" "$T/s/app.o"
	readelf -sW "$T/strong.o" 2>/dev/null | grep -qE ' FUNC +GLOBAL +DEFAULT +[0-9]+ hdr_mul$'
	require_kernel
	head -c 72 /dev/zero >"$T/ctx"
	run --separate-stderr -1 bpfkit prog run file "$T/tool.o" name hdr_app_run \
		ctx_in "$T/ctx"
	[[ $stderr == *"cannot find map 'hdr_inner_a'"* ]]
	run_app "$T/kit.o"
	check_app_values
}

@test "a relinked library gets the same header" {
	bpfkit gen object "$T/relinked.o" "$LIB"
	bpfkit gen header "$LIB" name lib >"$T/lib.h"
	bpfkit gen header "$T/relinked.o" name lib >"$T/relinked.h"
	grep -q '^extern int hdr_add(int a, int b);$' "$T/lib.h"
	cmp "$T/lib.h" "$T/relinked.h"
}

@test "-j: the header text in a JSON string" {
	run --separate-stderr -0 bpfkit -j gen header "$LIB" name hdr_lib
	[ -z "$stderr" ]
	[ "$(jq -r .header <<<"$output")" = "$(bpfkit gen header "$LIB" name hdr_lib)" ]
}

@test "errors: one line naming the file, nothing on standard output" {
	echo "not an object" >"$T/text.o"
	printf 'int x = 1;\n' | cc -x c -c -o "$T/host.o" -
	llvm-objcopy --remove-section=.BTF --remove-section=.BTF.ext \
		--remove-section=.rel.BTF --remove-section=.rel.BTF.ext \
		"$LIB" "$T/nobtf.o"
	run --separate-stderr -1 bpfkit gen header "$T/text.o"
	[ "$stderr" = "Error: $T/text.o: not an ELF file" ] && [ -z "$output" ]
	run --separate-stderr -1 bpfkit gen header "$T/host.o"
	[ "$stderr" = "Error: $T/host.o: not a BPF object (ELF machine 62)" ]
	[ -z "$output" ]
	run --separate-stderr -1 bpfkit gen header "$T/nobtf.o"
	[ "$stderr" = "Error: $T/nobtf.o: no BTF (.BTF section): a generated header needs it; compile with clang -g" ]
	[ -z "$output" ]
	run --separate-stderr -1 bpfkit gen header "$T/missing.o"
	[ "$stderr" = "Error: $T/missing.o: No such file or directory" ]
	run --separate-stderr -1 bpfkit gen header "$LIB" name 1x
	[ "$stderr" = "Error: object name '1x' is not a C identifier: it starts with a digit" ]
	[ -z "$output" ]
	run --separate-stderr -1 bpfkit gen header "$LIB" name a name b
	[ "$stderr" = "Error: 'name' given twice" ]
	run --separate-stderr -1 bpfkit -j gen header "$T/text.o"
	[ "$(jq -r .error <<<"$output")" = "$T/text.o: not an ELF file" ]
	[ -z "$stderr" ]
}
