#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# bpfkit btf dump: raw text identical to bpftool's, JSON with bpftool's keys,
# C that compiles, the .BTF.ext dump, kernel BTF by ID, argument errors.
load helpers

VMLINUX=/sys/kernel/btf/vmlinux

setup_file() {
	"$TBIN/btf_gen" kinds "$BATS_FILE_TMPDIR/kinds.btf"
}

setup() {
	KINDS_BTF="$BATS_FILE_TMPDIR/kinds.btf"
	KINDS_O="$PROGS/btf_kinds.bpf.o"
	EXTERNS_O="$PROGS/btf_externs.bpf.o"
}

require_vmlinux() {
	[ -r "$VMLINUX" ] || skip "no $VMLINUX"
}

# same_raw FILE: bpfkit's raw dump of FILE is bpftool's, byte for byte.
same_raw() {
	cmp <(bpfkit btf dump file "$1") <(bpftool btf dump file "$1")
}

# json_same OURS REF [OURS REF...]: each of our JSON dumps equals bpftool's
# on bpftool's keys. Python keeps 64-bit integers exact, so the differences
# we know of are checked precisely instead of masked: DATASEC members carry
# kind and name (bpftool's omit them); values beyond INT64_MAX are strings
# (see bpfkit(8)); unsigned 32-bit ENUM values at or above 2^31 are what the
# text shows, where bpftool prints them sign-extended to 64 bits.
json_same() {
	python3 - "$@" <<'EOF'
import json, sys
args = sys.argv[1:]
for ours_path, ref_path in zip(args[::2], args[1::2]):
    ours = json.load(open(ours_path))["types"]
    ref = json.load(open(ref_path))["types"]
    assert len(ours) == len(ref), (ours_path, len(ours), len(ref))
    for o, r in zip(ours, ref):
        if o["kind"] == "DATASEC":
            for v in o["vars"]:
                assert v.pop("kind") and "name" in v, (ours_path, o)
                v.pop("name")
        for v, rv in zip(o.get("values", []), r.get("values", [])):
            if isinstance(v["val"], str):
                assert o["kind"] == "ENUM64" and int(v["val"]) > 2**63 - 1, o
                v["val"] = int(v["val"])
            elif o["kind"] == "ENUM" and o["encoding"] == "UNSIGNED" and v["val"] >= 2**31:
                assert rv["val"] == v["val"] - 2**32 + 2**64, (ours_path, o, r)
                rv["val"] = v["val"]
        assert o == r, (ours_path, o, r)
EOF
}

# json_pair file FILE | json_pair id ID: dump with both tools into the
# test's directory and print the two paths.
json_pair() {
	local base
	base=$(mktemp -p "$BATS_TEST_TMPDIR" json.XXXXXX)
	bpfkit -j btf dump "$@" >"$base.ours"
	bpftool -j btf dump "$@" >"$base.ref"
	echo "$base.ours $base.ref"
}

@test "help shows the grammar; JSON help is null" {
	run --separate-stderr -0 bpfkit btf help
	[[ $stderr == *"bpfkit btf dump BTF_SRC [format FORMAT]"* ]]
	[[ $stderr == *"bpfkit btf dump file FILE ext"* ]]
	[[ $stderr == *"BTF_SRC := { id BTF_ID | file FILE }"* ]]
	[[ $stderr == *"FORMAT := { raw | c }"* ]]
	run --separate-stderr -0 bpfkit -j btf help
	[ "$output" = null ]
}

@test "progs objects, the kinds blob and vmlinux together hold every BTF kind and linkage" {
	local all
	all=$(cat <(bpfkit btf dump file "$KINDS_O") \
		<(bpfkit btf dump file "$EXTERNS_O") \
		<(bpfkit btf dump file "$KINDS_BTF"))
	for k in INT PTR ARRAY STRUCT UNION ENUM ENUM64 FWD TYPEDEF VOLATILE \
		CONST RESTRICT FUNC FUNC_PROTO VAR DATASEC FLOAT DECL_TAG \
		TYPE_TAG; do
		grep -q "^\[[0-9]*\] $k " <<<"$all" || {
			echo "no $k"
			return 1
		}
	done
	# clang's objects alone: every kind but ENUM64 (clang 14 emits none)
	all=$(cat <(bpfkit btf dump file "$KINDS_O") \
		<(bpfkit btf dump file "$EXTERNS_O"))
	for l in static global extern; do
		grep -q "FUNC '.*' type_id=[0-9]* linkage=$l$" <<<"$all"
		grep -q "VAR '.*' type_id=[0-9]*, linkage=$l$" <<<"$all"
	done
	for s in .bss .data .rodata .maps .kconfig .ksyms; do
		grep -q "DATASEC '$s' " <<<"$all"
	done
	grep -q "bitfield_size=" <<<"$all"
	grep -q "fwd_kind=union" <<<"$all"
	grep -q "component_idx=[0-9]" <<<"$all"
	grep -q "(FUNC 'bpf_task_acquire')" <<<"$all"
}

@test "raw dump of every progs object is bpftool's, byte for byte" {
	require_bpftool
	local o n=0
	for o in "$PROGS"/*.bpf.o; do
		same_raw "$o" || {
			echo "differs: $o"
			return 1
		}
		n=$((n + 1))
	done
	[ "$n" -ge 2 ]
}

@test "raw dump of the kinds blob (ENUM64, signed enums) is bpftool's" {
	require_bpftool
	same_raw "$KINDS_BTF"
	run -0 bpfkit btf dump file "$KINDS_BTF"
	[[ $output == *"'GEN64_MAX' val=18446744073709551615ULL"* ]]
	[[ $output == *"'GEN64_MIN' val=-9223372036854775808LL"* ]]
	[[ $output == *"'GEN_NEG' val=-5"* ]]
	[[ $output == *"ENUM 'gen_enum' encoding=SIGNED size=4 vlen=2"* ]]
}

@test "raw dump of vmlinux is bpftool's, byte for byte" {
	require_bpftool
	require_vmlinux
	same_raw "$VMLINUX"
}

@test "JSON of every progs object and the kinds blob equals bpftool's on its keys" {
	require_bpftool
	local o pairs=()
	for o in "$PROGS"/*.bpf.o "$KINDS_BTF"; do
		# shellcheck disable=SC2207
		pairs+=($(json_pair file "$o"))
	done
	json_same "${pairs[@]}"
}

@test "JSON of vmlinux equals bpftool's on its keys" {
	require_bpftool
	require_vmlinux
	# shellcheck disable=SC2046
	json_same $(json_pair file "$VMLINUX")
}

@test "JSON: DATASEC members name their VAR; -p is -j indented" {
	run -0 bpfkit -j btf dump file "$KINDS_O"
	local sec
	sec=$(jq -c '.types[] | select(.kind == "DATASEC" and .name == ".bss") | .vars' <<<"$output")
	[[ $sec == *'"kind":"VAR","name":"kinds_static_counter"'* ]]
	[ "$(jq -c . <<<"$output")" = "$(bpfkit -p btf dump file "$KINDS_O" | jq -c .)" ]
	run -0 bpfkit -p btf dump file "$KINDS_O"
	[ "${lines[1]}" = '    "types": [' ]
	[ "${lines[3]}" = '            "id": 1,' ]
}

@test "JSON: unsigned 64-bit values above INT64_MAX are strings, others numbers" {
	run -0 bpfkit -j btf dump file "$KINDS_BTF"
	local vals
	vals=$(jq -c '.types[] | select(.kind == "ENUM64") | .values | map(.val)' <<<"$output")
	[ "$(head -n 1 <<<"$vals")" = '["18446744073709551615","9223372036854775808",42]' ]
	# signed values stay numbers: check the text, jq rounds INT64_MIN
	[[ $output == *'{"name":"GEN64_MIN","val":-9223372036854775808}'* ]]
	# 32-bit unsigned: the u32, not bpftool's sign-extended u64
	[[ $output == *'{"name":"GEN_U_HIGH","val":4294967280}'* ]]
}

@test "JSON escapes names like jansson; non-UTF-8 bytes become '?'" {
	require_bpftool
	"$TBIN/btf_gen" names "$BATS_TEST_TMPDIR/names.btf"
	same_raw "$BATS_TEST_TMPDIR/names.btf"
	run -0 bpfkit -j btf dump file "$BATS_TEST_TMPDIR/names.btf"
	[ "$(jq -r '.types[1].name' <<<"$output")" = 'quote"back\slash' ]
	[ "$(jq -c '.types[1].members | map(.name)' <<<"$output")" = \
		'["tab\tnl\ncr\rbell\u0007","café","bad??utf8","trunc?"]' ]
	# -p is the same document
	[ "$(bpfkit -p btf dump file "$BATS_TEST_TMPDIR/names.btf" | jq -c .)" = \
		"$(jq -c . <<<"$output")" ]
}

@test "progs enum above INT64_MAX: ENUM64 string with a new clang, truncated ENUM with clang 14" {
	run -0 bpfkit -j btf dump file "$KINDS_O"
	local t
	t=$(jq -c '.types[] | select(.name == "kinds_big")' <<<"$output")
	if [[ $t == *'"kind":"ENUM64"'* ]]; then
		[[ $t == *'"val":"18446744073709551614"'* ]]
	else
		# clang 14 keeps the low 32 bits in an 8-byte ENUM
		[[ $t == *'"kind":"ENUM","name":"kinds_big","encoding":"UNSIGNED","size":8'* ]]
		[[ $t == *'"val":4294967294'* ]]
	fi
}

@test "format c of progs objects and the kinds blob compiles" {
	local f
	for f in "$KINDS_O" "$EXTERNS_O" "$KINDS_BTF"; do
		bpfkit btf dump file "$f" format c >"$BATS_TEST_TMPDIR/t.h"
		grep -q '^#ifndef __VMLINUX_H__$' "$BATS_TEST_TMPDIR/t.h"
		clang -target bpf -fsyntax-only -x c "$BATS_TEST_TMPDIR/t.h"
	done
	grep -q '^struct kinds_all {$' <(bpfkit btf dump file "$KINDS_O" format c)
	grep -q '^enum gen_enum64 {$' <(bpfkit btf dump file "$KINDS_BTF" format c)
}

@test "format c of vmlinux compiles and frames like bpftool's vmlinux.h" {
	require_vmlinux
	bpfkit btf dump file "$VMLINUX" format c >"$BATS_TEST_TMPDIR/vmlinux.h"
	clang -target bpf -fsyntax-only -x c "$BATS_TEST_TMPDIR/vmlinux.h"
	[ "$(grep -c '^struct task_struct {$' "$BATS_TEST_TMPDIR/vmlinux.h")" = 1 ]
	[ "$(tail -n 1 "$BATS_TEST_TMPDIR/vmlinux.h")" = "#endif /* __VMLINUX_H__ */" ]
}

# externs FILE: each extern VAR/FUNC of FILE's BTF and each member of its
# .kconfig and .ksyms DATASECs, without type IDs, sorted.
externs() {
	bpfkit btf dump file "$1" | awk '
		/linkage=extern/ { print $2, $3 }
		/^\[[0-9]+\] / { s = ($2 == "DATASEC") ? $3 : "" }
		/^\t/ && (s == "\x27.kconfig\x27" || s == "\x27.ksyms\x27") {
			print s, $(NF - 1), $NF
		}' | sort
}

@test "format c declares extern VARs and FUNCs extern, in their section; the types stay bpftool's" {
	run --separate-stderr -0 bpfkit btf dump file "$EXTERNS_O" format c
	local want
	want=$(
		cat <<'EOF'
/* declarations of BTF linkage extern */
extern struct task_struct *bpf_task_acquire(struct task_struct *) __attribute__((section(".ksyms")));
extern int ext_defined_elsewhere(int);
extern int LINUX_KERNEL_VERSION __attribute__((section(".kconfig")));
extern int ext_counter;
extern _Bool CONFIG_BPF_SYSCALL __attribute__((section(".kconfig")));
extern const void bpf_prog_active __attribute__((section(".ksyms")));
extern int cpu_number __attribute__((section(".ksyms")));
EOF
	)
	[[ $output == *"$want"* ]]
	# definitions are no declarations: the map, the program, the license
	[[ $output != *ext_map* && $output != *ext_prog* && $output != *LICENSE* ]]
	# without that block, bpftool's output (which prints no VAR or FUNC)
	if command -v bpftool >/dev/null; then
		diff <(sed '/^\/\* declarations of BTF linkage extern \*\/$/,/^$/d' \
			<<<"$output") <(bpftool btf dump file "$EXTERNS_O" format c)
	fi
	# Round trip: code using only the dump's declarations compiles to the
	# same externs, in the same sections, as the object dumped.
	echo "$output" >"$BATS_TEST_TMPDIR/ext.h"
	cat >"$BATS_TEST_TMPDIR/use.c" <<'EOF'
#include "ext.h"
__attribute__((section("tp_btf/sched_switch"))) int use(unsigned long long *ctx)
{
	return LINUX_KERNEL_VERSION + ext_counter + cpu_number +
	       CONFIG_BPF_SYSCALL + ext_defined_elsewhere(1) +
	       (long)&bpf_prog_active + (bpf_task_acquire((void *)ctx[1]) != 0);
}
EOF
	clang -g -O2 -target bpf -Wall -Werror -I"$BATS_TEST_TMPDIR" -c \
		-o "$BATS_TEST_TMPDIR/use.o" "$BATS_TEST_TMPDIR/use.c"
	[ "$(externs "$EXTERNS_O" | wc -l)" = 12 ]
	diff <(externs "$EXTERNS_O") <(externs "$BATS_TEST_TMPDIR/use.o")
	# objects without externs: no block at all
	run -0 bpfkit btf dump file "$KINDS_O" format c
	[[ $output != *"linkage extern"* ]]
}

@test "format c refuses JSON output" {
	run --separate-stderr -1 bpfkit -j btf dump file "$KINDS_O" format c
	[ "$(jq -r .error <<<"$output")" = "JSON output for C-syntax dump is not supported" ]
	[ -z "$stderr" ]
}

@test "ext: func_info, line_info and CO-RE relocations per section" {
	run -0 bpfkit btf dump file "$EXTERNS_O" ext
	[ "${lines[0]}" = "func_info section 'tp_btf/sched_switch' rec_size=8 rec_cnt=1" ]
	[[ ${lines[1]} =~ ^$'\t'"insn_off=0 type_id="[0-9]+" (FUNC 'ext_prog')"$ ]]
	[[ $output == *"line_info section 'tp_btf/sched_switch' rec_size=16 rec_cnt="* ]]
	[[ $output == *"file_name='"*"btf_externs.bpf.c' line_num="* ]]
	[[ $output == *"(STRUCT 'task_struct') access_str='0:1' relo_kind=field_exists"* ]]
	[[ $output == *"(ENUM 'ext_state') access_str='1' relo_kind=enumval_value"* ]]
	[[ $output == *"relo_kind=byte_off"* && $output == *"relo_kind=type_size"* ]]
	# every section line announces as many records as follow it
	awk '/^[a-z_]+ section/ { if (want != got) exit 1; sub(/.*rec_cnt=/, "");
		want = $0; got = 0; next } /^\t/ { got++ }
		END { exit want != got }' <<<"$output"
}

@test "ext in JSON: one array per kind, records with their keys" {
	run -0 bpfkit -j btf dump file "$KINDS_O" ext
	[ "$(jq -c 'keys' <<<"$output")" = '["core_relo","func_info","line_info"]' ]
	[ "$(jq -c '[.func_info[].section]' <<<"$output")" = '[".text","raw_tp/sys_enter"]' ]
	[ "$(jq -c '.func_info[0].records[0] | keys' <<<"$output")" = '["insn_off","kind","name","type_id"]' ]
	[ "$(jq '[.line_info[] | .rec_cnt == (.records | length)] | all' <<<"$output")" = true ]
	[ "$(jq -c '.line_info[0].records[0] | keys' <<<"$output")" = '["file_name","insn_off","line","line_col","line_num"]' ]
	[ "$(jq '.core_relo | length' <<<"$output")" = 0 ]
	run -0 bpfkit -j btf dump file "$EXTERNS_O" ext
	[ "$(jq -c '.core_relo[0].records[0] | keys' <<<"$output")" = '["access_str","insn_off","kind","name","relo_kind","type_id"]' ]
}

# big_ext_obj OUT.o: an object whose .BTF.ext spans several of the windows
# the dump reads a file in (64 KiB): a program of 12,000 lines, each a
# line_info record, one in a hundred a CO-RE relocation too.
big_ext_obj() {
	local c="$BATS_TEST_TMPDIR/big.c" i
	{
		cat <<'EOF'
struct pair { int a; int b; } __attribute__((preserve_access_index));
volatile int sink;
__attribute__((noinline)) int sub(struct pair *p) { return p->a + p->b; }
__attribute__((section("raw_tp/sys_enter"), used)) int big(struct pair *p)
{
EOF
		for ((i = 0; i < 12000; i++)); do
			if ((i % 100 == 0)); then
				echo "	sink = p->b + $i;"
			else
				echo "	sink = $i;"
			fi
		done
		cat <<'EOF'
	return sub(p);
}
char LICENSE[] __attribute__((section("license"), used)) = "GPL";
EOF
	} >"$c"
	clang -g -O2 -target bpf -c -o "$1" "$c"
}

# ext_expect OBJ [json]: the .BTF.ext dump of OBJ as it must be, decoded
# here from the ELF bytes (section headers, .BTF's types and strings,
# .BTF.ext's records), independently of bpfkit; the section's size goes
# to stderr.
ext_expect() {
	python3 - "$@" <<'EOF'
import json, struct, sys

data = open(sys.argv[1], 'rb').read()
shoff, = struct.unpack_from('<Q', data, 0x28)
shnum, shstrndx = struct.unpack_from('<HH', data, 0x3c)
secs = [struct.unpack_from('<IIQQQQIIQQ', data, shoff + 64 * i) for i in range(shnum)]
names = secs[shstrndx][4]
def name(off): return data[names + off:data.index(b'\0', names + off)].decode()
sec = {name(s[0]): data[s[4]:s[4] + s[5]] for s in secs}
btf, ext = sec['.BTF'], sec['.BTF.ext']
hdr_len, type_off, type_len, str_off, str_len = struct.unpack_from('<5I', btf, 4)
strs = btf[hdr_len + str_off:hdr_len + str_off + str_len]
def s(off): return strs[off:strs.index(b'\0', off)].decode()
kinds = ['UNKNOWN', 'INT', 'PTR', 'ARRAY', 'STRUCT', 'UNION', 'ENUM', 'FWD',
         'TYPEDEF', 'VOLATILE', 'CONST', 'RESTRICT', 'FUNC', 'FUNC_PROTO',
         'VAR', 'DATASEC', 'FLOAT', 'DECL_TAG', 'TYPE_TAG', 'ENUM64']
extra = {1: 4, 3: 12, 14: 4, 17: 4}
per_member = {4: 12, 5: 12, 6: 8, 13: 8, 15: 12, 19: 12}
types = [(0, 0)]
pos, end = hdr_len + type_off, hdr_len + type_off + type_len
while pos < end:
    name_off, info = struct.unpack_from('<II', btf, pos)
    kind, vlen = info >> 24 & 0x1f, info & 0xffff
    types.append((kind, name_off))
    pos += 12 + extra.get(kind, 0) + per_member.get(kind, 0) * vlen
relo_kinds = ['byte_off', 'byte_sz', 'field_exists', 'signed', 'lshift_u64',
              'rshift_u64', 'local_type_id', 'target_type_id', 'type_exists',
              'type_size', 'enumval_exists', 'enumval_value', 'type_matches']
ehdr_len, = struct.unpack_from('<I', ext, 4)
blocks = struct.unpack_from('<6I', ext, 8)
doc = {}
for k, what in enumerate(['func_info', 'line_info', 'core_relo']):
    off, length = blocks[2 * k], blocks[2 * k + 1]
    b = ext[ehdr_len + off:ehdr_len + off + length]
    doc[what] = []
    p = 4
    rec_size, = struct.unpack_from('<I', b, 0) if b else (0,)
    while p < len(b):
        sec_name, cnt = struct.unpack_from('<II', b, p)
        p += 8
        recs = []
        doc[what].append({'section': s(sec_name), 'rec_size': rec_size,
                          'rec_cnt': cnt, 'records': recs})
        for i in range(cnt):
            r = struct.unpack_from('<%dI' % (rec_size // 4), b, p)
            p += rec_size
            rec = {'insn_off': r[0]}
            if k == 1:
                rec.update(file_name=s(r[1]), line_num=r[3] >> 10,
                           line_col=r[3] & 0x3ff, line=s(r[2]))
            else:
                rec.update(type_id=r[1], kind=kinds[types[r[1]][0]],
                           name=s(types[r[1]][1]))
            if k == 2:
                rec.update(access_str=s(r[2]), relo_kind=relo_kinds[r[3]])
            recs.append(rec)
if sys.argv[2:] == ['json']:
    json.dump(doc, sys.stdout)
    sys.exit(0)
print(len(ext), file=sys.stderr)
for what, secs in doc.items():
    for sec in secs:
        print("%s section '%s' rec_size=%d rec_cnt=%d" % (
            what, sec['section'], sec['rec_size'], sec['rec_cnt']))
        for r in sec['records']:
            line = "\tinsn_off=%d" % r['insn_off']
            if what == 'line_info':
                line += " file_name='%s' line_num=%d line_col=%d line='%s'" % (
                    r['file_name'], r['line_num'], r['line_col'], r['line'])
            else:
                line += " type_id=%d (%s '%s')" % (r['type_id'], r['kind'], r['name'])
            if what == 'core_relo':
                line += " access_str='%s' relo_kind=%s" % (r['access_str'], r['relo_kind'])
            print(line)
EOF
}

@test "ext of a .BTF.ext larger than the read window: every record, in order" {
	local obj="$BATS_TEST_TMPDIR/big.o" size
	big_ext_obj "$obj"
	ext_expect "$obj" >"$BATS_TEST_TMPDIR/want" 2>"$BATS_TEST_TMPDIR/size"
	size=$(cat "$BATS_TEST_TMPDIR/size")
	# several 64 KiB windows: records and section heads straddle edges
	[ "$size" -gt $((3 * 65536)) ]
	[ "$(grep -c $'^\t' "$BATS_TEST_TMPDIR/want")" -gt 12000 ]
	# output to files: bats' run would split 12,000 lines into an array
	bpfkit btf dump file "$obj" ext >"$BATS_TEST_TMPDIR/got" \
		2>"$BATS_TEST_TMPDIR/err"
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	bpfkit -j btf dump file "$obj" ext >"$BATS_TEST_TMPDIR/got.json"
	ext_expect "$obj" json >"$BATS_TEST_TMPDIR/want.json"
	python3 -c 'import json, sys
sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
		"$BATS_TEST_TMPDIR/want.json" "$BATS_TEST_TMPDIR/got.json"
}

@test "ext errors: raw BTF, kernel BTF, no .BTF.ext, combined with format" {
	run --separate-stderr -1 bpfkit btf dump file "$KINDS_BTF" ext
	[ "$stderr" = "Error: $KINDS_BTF: raw BTF data has no .BTF.ext (only ELF objects do)" ]
	run --separate-stderr -1 bpfkit btf dump id 1 ext
	[ "$stderr" = "Error: 'ext' needs a file: kernel BTF has no .BTF.ext" ]
	"$TBIN/btf_gen" mutate "$KINDS_O" "$BATS_TEST_TMPDIR/noext.o" elf-no-btf-ext
	run --separate-stderr -1 bpfkit btf dump file "$BATS_TEST_TMPDIR/noext.o" ext
	[ "$stderr" = "Error: $BATS_TEST_TMPDIR/noext.o: no .BTF.ext section" ]
	run --separate-stderr -1 bpfkit btf dump file "$KINDS_O" ext format c
	[ "$stderr" = "Error: 'ext' and 'format' cannot be combined" ]
}

PIN=/sys/fs/bpf/bpfkit_btf_dump_test

teardown() {
	rm -f "$PIN"
}

@test "btf dump id: vmlinux and a loaded program's BTF match bpftool" {
	require_kernel
	require_bpftool
	local id
	id=$(bpftool -j btf show | jq '.[] | select(.name == "vmlinux") | .id')
	[ -n "$id" ]
	cmp <(bpfkit btf dump id "$id") <(bpftool btf dump id "$id")
	# the program holds its BTF in the kernel while it stays pinned
	rm -f "$PIN"
	bpftool prog load "$KINDS_O" "$PIN"
	id=$(bpftool -j prog show pinned "$PIN" | jq .btf_id)
	run -0 bpfkit btf dump id "$id"
	[ "$output" = "$(bpftool btf dump id "$id")" ]
	[[ $output == *"STRUCT 'kinds_all'"* ]]
	# shellcheck disable=SC2046
	json_same $(json_pair id "$id")
}

@test "btf dump id: unknown ID and bad IDs" {
	require_kernel
	run --separate-stderr -1 bpfkit btf dump id 4000000000
	[ "$stderr" = "Error: BTF object 4000000000: no such BTF object in the kernel" ]
	run --separate-stderr -1 bpfkit -j btf dump id 4000000000
	[ "$(jq -r .error <<<"$output")" = "BTF object 4000000000: no such BTF object in the kernel" ]
	[ -z "$stderr" ]
	# -1 after -- (before it, -1 is an option, as for bpftool)
	for bad in abc -1 4294967296 ""; do
		run --separate-stderr -1 bpfkit btf dump id -- "$bad"
		[ "$stderr" = "Error: can't parse '$bad' as a BTF ID" ]
	done
}

@test "keywords match by prefix" {
	run -0 bpfkit btf d f "$KINDS_O" fo c
	[[ ${lines[0]} == "#ifndef __VMLINUX_H__" ]]
	run -0 bpfkit btf dump file "$KINDS_O" format raw
	[ "$output" = "$(bpfkit btf dump file "$KINDS_O")" ]
	run -0 bpfkit btf dump file "$EXTERNS_O" e
	[[ ${lines[0]} == "func_info section"* ]]
}

@test "argument errors name what is wrong; JSON errors are one object" {
	run --separate-stderr -1 bpfkit btf dump
	[[ $stderr == "Error: 'dump' needs at least 2 arguments, 0 found"* ]]
	run --separate-stderr -1 bpfkit btf dump prog 3
	[ "$stderr" = "Error: unrecognized BTF source specifier: 'prog'" ]
	run --separate-stderr -1 bpfkit btf dump file "$KINDS_O" format
	[ "$stderr" = "Error: expecting value for 'format' option" ]
	run --separate-stderr -1 bpfkit btf dump file "$KINDS_O" format json
	[ "$stderr" = "Error: unrecognized format specifier: 'json', possible values: raw, c" ]
	run --separate-stderr -1 bpfkit btf dump file "$KINDS_O" bogus
	[ "$stderr" = "Error: unrecognized option: 'bogus'" ]
	run --separate-stderr -1 bpfkit -j btf dump file "$KINDS_O" bogus
	[ "$output" = '{"error":"unrecognized option: '"'"'bogus'"'"'"}' ]
	[ -z "$stderr" ]
	run --separate-stderr -1 bpfkit -p btf dump file /nonexistent
	[ "$(jq -r .error <<<"$output")" = "/nonexistent: No such file or directory" ]
	[ -z "$stderr" ]
}

@test "a failed write to stdout is a failure" {
	[ -w /dev/full ] || skip "no /dev/full"
	run bash -c '"$BPFKIT" btf dump file "$1" >/dev/full' _ "$KINDS_O"
	[ "$status" -eq 1 ]
	run bash -c '"$BPFKIT" -j btf dump file "$1" >/dev/full' _ "$KINDS_O"
	[ "$status" -eq 1 ]
}

# bytes_read CMD...: how many bytes CMD read with read() and pread64().
bytes_read() {
	strace -qq -e trace=read,pread64 -o "$BATS_TEST_TMPDIR/trace" "$@" \
		>"$BATS_TEST_TMPDIR/out"
	sed -n 's/.*= \([0-9][0-9]*\)$/\1/p' "$BATS_TEST_TMPDIR/trace" |
		awk '{ n += $1 } END { print n + 0 }'
}

@test "an ELF object is read only as far as its section headers and BTF" {
	command -v strace >/dev/null || skip "strace is not installed"
	untraced_leaks
	local big="$BATS_TEST_TMPDIR/big.o" blob="$BATS_TEST_TMPDIR/blob"
	local base="$PROGS/linked_funcs1.bpf.o"
	head -c 8388608 /dev/urandom >"$blob"
	llvm-objcopy --add-section .blob="$blob" "$base" "$big"
	for mode in "" "format c"; do
		# shellcheck disable=SC2086 # mode is words
		n=$(bytes_read "$BPFKIT" btf dump file "$big" $mode)
		# The 8 MiB section is never read: what is read is the BTF
		# and headers (and the binary's own start-up reads).
		[ "$n" -lt 1048576 ]
		# shellcheck disable=SC2086
		cmp "$BATS_TEST_TMPDIR/out" <(bpfkit btf dump file "$base" $mode)
	done
	n=$(bytes_read "$BPFKIT" btf dump file "$big" ext)
	[ "$n" -lt 1048576 ]
	cmp "$BATS_TEST_TMPDIR/out" <(bpfkit btf dump file "$base" ext)
	# The section is there, and bpftool sees the same BTF.
	readelf -SW "$big" | grep -q '\.blob'
	same_raw "$big"
	# Of two .BTF sections the first is dumped, as from a whole file.
	llvm-objcopy --dump-section .BTF="$blob" "$KINDS_O"
	llvm-objcopy --add-section .BTF="$blob" "$base" "$big"
	cmp <(bpfkit btf dump file "$big") <(bpfkit btf dump file "$base")
}
