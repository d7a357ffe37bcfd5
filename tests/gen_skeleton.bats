#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# gen skeleton and gen subskeleton: headers that compile as C and C++ with
# gcc and clang, user programs built against them that load, attach and
# read linked objects (tests/skel/*.c on progs/skel_*.bpf.c), the same
# programs against bpftool's headers, and the errors.
load helpers

SRC="$TOP/tests/skel"
CFLAGS_SKEL=(-Wall -Wextra -Werror -I"$TOP/progs" -I"$SRC")
LIBS_SKEL=(-lbpf -lelf -lz)

# link OUT IN...: the linked objects the scenarios run on, linked by bpfkit.
# (Same-named statics are part of the scenarios: the linker warns.)
link() {
	local out=$1
	shift
	"$BPFKIT" gen object "$out" "$@" 2>/dev/null
}

# Link every scenario and generate its headers once, into $BATS_FILE_TMPDIR:
# bpfkit's in k/, bpftool's in t/.
setup_file() {
	local d="$BATS_FILE_TMPDIR" n
	mkdir -p "$d/k" "$d/t"
	link "$d/vars.o" "$PROGS"/skel_vars{1,2}.bpf.o
	link "$d/funcs.o" "$PROGS"/skel_funcs{1,2}.bpf.o
	link "$d/maps.o" "$PROGS"/skel_maps{1,2}.bpf.o
	# the application first: its static lib_hits precedes the library's
	link "$d/app.o" "$PROGS"/skel_app.bpf.o "$PROGS"/skel_lib.bpf.o
	for n in vars funcs maps app; do
		"$BPFKIT" gen skeleton "$d/$n.o" name "skel_$n" \
			>"$d/k/skel_$n.skel.h"
		! command -v bpftool >/dev/null ||
			bpftool gen skeleton "$d/$n.o" name "skel_$n" \
				>"$d/t/skel_$n.skel.h"
	done
	"$BPFKIT" gen subskeleton "$PROGS/skel_lib.bpf.o" name skel_lib \
		>"$d/k/skel_lib.subskel.h"
}

# build DIR TEST COMPILER [FLAGS...]: tests/skel/TEST.c against the headers
# in DIR, as C++ for g++ and clang++; the binary is DIR/TEST-COMPILER.
build() {
	local dir=$1 test=$2 cc=$3 lang=c
	shift 3
	case $cc in *++) lang=c++ ;; esac
	"$cc" -x "$lang" "${CFLAGS_SKEL[@]}" -I"$dir" "$@" \
		-o "$dir/$test-$cc" "$SRC/$test.c" "${LIBS_SKEL[@]}"
}

# run_scenario TEST: build and run it as C (gcc) and C++ (clang++).
run_scenario() {
	local d="$BATS_FILE_TMPDIR/k"
	build "$d" "$1" gcc
	build "$d" "$1" clang++
	run -0 "$d/$1-gcc"
	run -0 "$d/$1-clang++"
}

# field_names HEADER: each section struct's field names in order, padding
# left out, one "struct: fields" line per struct.
field_names() {
	awk '/^\tstruct [a-z_0-9]+__[a-z_0-9]+ \{$/ { s = $2; f = ""; next }
	     s && /^\t\} / { print s ":" f; s = ""; next }
	     s && !/__pad/ { sub(/;$/, ""); f = f " " $NF }' "$1"
}

@test "skeleton: linked scenarios compile with gcc, clang, g++, clang++ (-Wall -Wextra -Werror)" {
	local d="$BATS_FILE_TMPDIR/k" cc
	printf '#include <stdbool.h>\n#include "skel_common.h"\n' >"$d/all.c"
	printf '#include "%s"\n' skel_vars.skel.h skel_funcs.skel.h \
		skel_maps.skel.h skel_app.skel.h skel_lib.subskel.h >>"$d/all.c"
	echo 'int main(void) { return 0; }' >>"$d/all.c"
	for cc in gcc clang g++ clang++; do
		case $cc in *++) lang=c++ ;; *) lang=c ;; esac
		"$cc" -x "$lang" "${CFLAGS_SKEL[@]}" -I"$d" -c -o /dev/null \
			"$d/all.c"
	done
}

@test "skeleton: the linker's test programs give headers that compile as C and C++" {
	local d="$BATS_FILE_TMPDIR/lk" n cc lang
	mkdir -p "$d"
	link "$d/funcs.o" "$PROGS"/linked_funcs{1,2,3}.bpf.o
	link "$d/vars.o" "$PROGS"/linked_vars{1,2}.bpf.o
	link "$d/maps.o" "$PROGS"/linked_maps{1,2}.bpf.o
	link "$d/weak.o" "$PROGS"/linked_weak{1,2}.bpf.o
	link "$d/mapfwd.o" "$PROGS"/linked_mapfwd{1,2}.bpf.o
	link "$d/ksyms.o" "$PROGS"/linked_ksyms{1,2}.bpf.o
	link "$d/lib.o" "$PROGS"/linked_lib{1,2}.bpf.o
	link "$d/app.o" "$PROGS/linked_app.bpf.o" "$d/lib.o"
	printf '#include <stdbool.h>\n' >"$d/all.c"
	for n in funcs vars maps weak mapfwd ksyms app; do
		bpfkit gen skeleton "$d/$n.o" name "lk_$n" >"$d/$n.skel.h"
		bpfkit gen subskeleton "$d/$n.o" name "lk_sub_$n" \
			>"$d/$n.subskel.h"
		printf '#include "%s"\n' "$n.skel.h" "$n.subskel.h" >>"$d/all.c"
	done
	bpfkit gen subskeleton "$d/lib.o" name lk_lib >"$d/lib.subskel.h"
	printf '#include "lib.subskel.h"\n' >>"$d/all.c"
	for cc in gcc clang g++ clang++; do
		case $cc in *++) lang=c++ ;; *) lang=c ;; esac
		"$cc" -x "$lang" -Wall -Wextra -Werror -I"$d" -c -o /dev/null \
			"$d/all.c"
	done
}

@test "subskeleton: the linker's library, linked alone, on the application's object" {
	require_kernel
	local d="$BATS_FILE_TMPDIR/ll"
	mkdir -p "$d"
	# lib.o keeps externs that only linked_app.bpf.o defines: bpftool
	# 7.1 can neither link it with the application nor open it for a
	# subskeleton
	link "$d/lib.o" "$PROGS"/linked_lib{1,2}.bpf.o
	link "$d/app.o" "$PROGS/linked_app.bpf.o" "$d/lib.o"
	bpfkit gen skeleton "$d/app.o" name lk_app >"$d/lk_app.skel.h"
	bpfkit gen subskeleton "$d/lib.o" name lk_lib >"$d/lk_lib.subskel.h"
	build "$d" linked_lib gcc
	build "$d" linked_lib clang++
	run -0 "$d/linked_lib-gcc"
	run -0 "$d/linked_lib-clang++"
}

@test "skeleton: a weak variable overridden by a later strong one is the winner's field" {
	local d="$BATS_TEST_TMPDIR"
	link "$d/weak.o" "$PROGS"/skel_weak{1,2}.bpf.o
	bpfkit gen skeleton "$d/weak.o" >"$d/weak.skel.h"
	# the initial image, mapped at open: no kernel needed
	cat >"$d/weak.c" <<'EOF'
#include <stdio.h>
#include "weak.skel.h"
int main(void)
{
	struct weak *s = weak__open();

	if (!s)
		return 2;
	printf("%d %d %d %d\n", s->data->sw_before, s->data->sw_value,
	       s->data->sw_after, s->data->sw_other);
	weak__destroy(s);
	return 0;
}
EOF
	gcc -Wall -Wextra -Werror -I"$d" -o "$d/weak" "$d/weak.c" "${LIBS_SKEL[@]}"
	run -0 "$d/weak"
	[ "$output" = "11 2 12 21" ]
}

@test "skeleton: vars scenario sets inputs, loads, attaches and reads every section" {
	require_kernel
	run_scenario vars
}

@test "skeleton: funcs scenario attaches both files' programs and keeps their links" {
	require_kernel
	run_scenario funcs
}

@test "skeleton: maps scenario reaches both files' maps through the skeleton" {
	require_kernel
	run_scenario maps
}

@test "subskeleton: library and application views of one object agree" {
	require_kernel
	# lib.c also checks that the library's lib_hits is not the
	# application's static lib_hits, which comes first in .bss: bpftool
	# 7.1's subskeleton (libbpf's lookup by name) binds that static.
	run_scenario lib
}

@test "differential: the same user programs pass against bpftool's skeletons" {
	require_bpftool
	require_kernel
	local d="$BATS_FILE_TMPDIR/t" t
	cp "$BATS_FILE_TMPDIR/k/skel_lib.subskel.h" "$d/"
	for t in vars funcs maps; do
		# SKEL_FROM_BPFTOOL leaves out opening under another object
		# name: bpftool's skeletons look data maps up by libbpf's
		# object-name-prefixed names and then fail to open.
		build "$d" "$t" gcc -DSKEL_FROM_BPFTOOL
		run -0 "$d/$t-gcc"
	done
}

@test "differential: section structs have bpftool's fields in bpftool's order" {
	require_bpftool
	local n
	for n in vars funcs maps app; do
		diff -u <(field_names "$BATS_FILE_TMPDIR/t/skel_$n.skel.h") \
			<(field_names "$BATS_FILE_TMPDIR/k/skel_$n.skel.h")
	done
	# the layout is explicit: padding before every gap, checked sizes
	# and offsets
	grep -q 'char __pad' "$BATS_FILE_TMPDIR/k/skel_vars.skel.h"
	grep -q '__builtin_offsetof(__typeof__(\*s->bss), sv_pair) == ' \
		"$BATS_FILE_TMPDIR/k/skel_vars.skel.h"
}

@test "skeleton: static variables are not fields, globals of the same sections are" {
	local h="$BATS_FILE_TMPDIR/k/skel_vars.skel.h"
	# sv_static is static in both linked files: no field could say which
	! grep -q sv_static "$h"
	grep -q '^		int sv_out_static1;$' "$h"
	# the application's static lib_hits is not a field either; the
	# library's global lib_hits is
	[ "$(grep -c '^		__u64 lib_hits;$' \
		"$BATS_FILE_TMPDIR/k/skel_app.skel.h")" -eq 1 ]
}

@test "skeleton: output is deterministic" {
	run -0 bpfkit gen skeleton "$BATS_FILE_TMPDIR/vars.o"
	local first=$output
	run -0 bpfkit gen skeleton "$BATS_FILE_TMPDIR/vars.o"
	[ "$output" = "$first" ]
	run -0 bpfkit gen subskeleton "$PROGS/skel_lib.bpf.o"
	first=$output
	run -0 bpfkit gen subskeleton "$PROGS/skel_lib.bpf.o"
	[ "$output" = "$first" ]
}

@test "skeleton: default name is the file name without .o, made an identifier, as bpftool's" {
	local d="$BATS_TEST_TMPDIR"
	cp "$PROGS/skel_maps1.bpf.o" "$d/my-prog.v2.bpf.o"
	cp "$PROGS/skel_maps1.bpf.o" "$d/plain.o"
	run -0 bpfkit gen skeleton "$d/my-prog.v2.bpf.o"
	[[ $output == *"struct my_prog_v2_bpf {"* ]]
	[[ $output == *"#ifndef __MY_PROG_V2_BPF_SKEL_H__"* ]]
	run -0 bpfkit gen skeleton "$d/plain.o"
	[[ $output == *"plain__open_and_load(void)"* ]]
	run -0 bpfkit gen skeleton "$d/plain.o" name Other_1
	[[ $output == *"struct Other_1 {"* ]]
	[[ $output != *"plain"* ]]
	run -0 bpfkit gen subskeleton "$d/plain.o"
	[[ $output == *"#ifndef __PLAIN_SUBSKEL_H__"* ]]
	[[ $output == *"plain__open(const struct bpf_object *src)"* ]]
	# user space written for bpftool's skeletons calls these names
	require_bpftool
	run -0 bpftool gen skeleton "$d/my-prog.v2.bpf.o"
	[[ $output == *"struct my_prog_v2_bpf {"* ]]
}

@test "skeleton: -d tells what the header holds, on stderr" {
	run --separate-stderr -0 bpfkit -d gen skeleton "$BATS_FILE_TMPDIR/maps.o"
	[[ $stderr == *"maps.o: 5 maps, 2 programs, 2 variables in 2 data sections, as 'maps'"* ]]
	[[ $output == "/* SPDX-License-Identifier"* ]]
}

@test "skeleton: JSON mode wraps the same header in {\"header\": ...}" {
	local plain
	plain=$(bpfkit gen skeleton "$PROGS/skel_maps1.bpf.o")
	run --separate-stderr -0 bpfkit -j gen skeleton "$PROGS/skel_maps1.bpf.o"
	[ "$(jq -r 'keys | join(",")' <<<"$output")" = "header" ]
	[ "$(jq -r .header <<<"$output")" = "$plain" ]
}

# expect_error ARGS... -- MESSAGE: exit 1, nothing on stdout, MESSAGE on stderr.
expect_error() {
	local args=() msg
	while [ "$1" != "--" ]; do
		args+=("$1")
		shift
	done
	msg=$2
	run --separate-stderr -1 bpfkit "${args[@]}"
	[ -z "$output" ] || {
		echo "stdout not empty: ${output:0:200}"
		return 1
	}
	[[ $stderr == *"$msg"* ]] || {
		echo "stderr: $stderr"
		echo "expected: $msg"
		return 1
	}
}

@test "errors: unreadable, missing or non-ELF file" {
	expect_error gen skeleton "$BATS_TEST_TMPDIR/none.o" -- \
		"Error: $BATS_TEST_TMPDIR/none.o: No such file or directory"
	expect_error gen subskeleton "$BATS_TEST_TMPDIR" -- \
		"Error: $BATS_TEST_TMPDIR: Is a directory"
	expect_error gen skeleton "$TOP/tests/helpers.bash" -- \
		"helpers.bash: not an ELF file"
	expect_error gen skeleton -- "'skeleton' needs at least 1 arguments"
}

@test "errors: an object without BTF" {
	command -v clang >/dev/null || skip "clang is not installed"
	local o="$BATS_TEST_TMPDIR/nobtf.o"
	clang -O2 -target bpf -I"/usr/include/$(uname -m)-linux-gnu" \
		-c -o "$o" "$TOP/progs/skel_maps1.bpf.c"
	expect_error gen skeleton "$o" -- "nobtf.o: no BTF (.BTF section)"
	expect_error gen subskeleton "$o" -- "nobtf.o: no BTF (.BTF section)"
}

# corrupt_btf IN OUT OFFSET VALUE: IN with the 32-bit word at OFFSET of its
# .BTF section replaced by VALUE.
corrupt_btf() {
	python3 - "$@" <<'EOF'
import struct, sys
src, dst, where, val = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4], 0)
b = bytearray(open(src, 'rb').read())
shoff, = struct.unpack_from('<Q', b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)
def sh(i):
    return struct.unpack_from('<IIQQQQIIQQ', b, shoff + i * shentsize)
names = sh(shstrndx)[4]
for i in range(shnum):
    h = sh(i)
    if b[names + h[0]:b.index(0, names + h[0])] == b'.BTF':
        struct.pack_into('<I', b, h[4] + where, val)
open(dst, 'wb').write(b)
EOF
}

@test "errors: invalid BTF is refused before libbpf reads it" {
	command -v python3 >/dev/null || skip "python3 is not installed"
	local o="$BATS_TEST_TMPDIR/bad.o"
	# the string section's length (BTF header + 20)
	corrupt_btf "$PROGS/skel_maps1.bpf.o" "$o" 20 0x7fffffff
	expect_error gen skeleton "$o" -- \
		"bad.o: BTF string section (offset"
	# the first type's (a PTR) referenced type
	corrupt_btf "$PROGS/skel_maps1.bpf.o" "$o" 32 0x7fffffff
	expect_error gen subskeleton "$o" -- \
		"bad.o: type [1] PTR: type references type [2147483647]"
}

@test "errors: a name that is not a C identifier" {
	local o="$PROGS/skel_maps1.bpf.o" bad
	for bad in 1st a-b "a b" class ""; do
		expect_error gen skeleton "$o" name "$bad" -- \
			"object name '$bad' is not a C identifier"
	done
	expect_error gen subskeleton "$o" name new -- \
		"object name 'new' is not a C identifier: it is a C or C++ keyword"
	expect_error gen skeleton "$o" name a name b -- "'name' given twice"
	expect_error gen skeleton "$o" nmae x -- "what is 'nmae'?"
	cp "$o" "$BATS_TEST_TMPDIR/9lives.o"
	expect_error gen skeleton "$BATS_TEST_TMPDIR/9lives.o" -- \
		"no object name can be made from the file name (it starts with a digit): give one with 'name'"
}

@test "errors: a skeleton needs a complete object, a subskeleton does not" {
	# skel_vars1 uses sv_data2 and sv_ro_custom2, which skel_vars2 defines
	expect_error gen skeleton "$PROGS/skel_vars1.bpf.o" -- \
		"skel_vars1.bpf.o: symbol 'sv_ro_custom2' is extern and defined nowhere"
	# a library that calls into the application still has a subskeleton
	run -0 bpfkit gen subskeleton "$PROGS/skel_funcs1.bpf.o" name sf1
	[[ $output == *"s->progs[0].name = \"sf_prog1\";"* ]]
	[[ $output == *"sf1__find_var(src, obj->maps.rodata, \"sf_tid\","* ]]
}

@test "subskeleton: a library linked on its own, externs to the application unresolved" {
	local d="$BATS_TEST_TMPDIR" cc lang
	link "$d/lib.o" "$PROGS"/linked_lib{1,2}.bpf.o
	bpfkit gen subskeleton "$d/lib.o" >"$d/lib.subskel.h"
	# the library's own map and program; app_map is the application's
	grep -q '^		struct bpf_map \*lib_map;$' "$d/lib.subskel.h"
	! grep -q 'app_map' "$d/lib.subskel.h"
	grep -q '^		struct bpf_program \*lib_prog;$' "$d/lib.subskel.h"
	grep -q '^		int \*lib_counter;$' "$d/lib.subskel.h"
	printf '#include "lib.subskel.h"\nint main(void) { return 0; }\n' >"$d/u.c"
	for cc in gcc clang++; do
		case $cc in *++) lang=c++ ;; *) lang=c ;; esac
		"$cc" -x "$lang" -Wall -Wextra -Werror -I"$d" -c -o /dev/null \
			"$d/u.c"
	done
}

@test "skeleton: a field that is a C++ keyword is a warning, and the header is C" {
	command -v clang >/dev/null || skip "clang is not installed"
	local d="$BATS_TEST_TMPDIR"
	printf 'int class;\nint delete_me;\n' >"$d/kw.c"
	clang -g -O2 -target bpf -c -o "$d/kw.o" "$d/kw.c"
	run --separate-stderr -0 bpfkit gen skeleton "$d/kw.o"
	[[ $stderr == *"kw.o: the skeleton field 'bss.class' is a C++ keyword: the header compiles as C only"* ]]
	[[ $stderr != *delete_me* ]]
	printf '%s\n' "$output" >"$d/kw.skel.h"
	printf '#include "kw.skel.h"\nint main(void) { return 0; }\n' >"$d/u.c"
	gcc -Wall -Wextra -Werror -I"$d" -c -o /dev/null "$d/u.c"
}

@test "errors: two names that would be one field" {
	expect_error gen skeleton "$PROGS/skel_clash_map.bpf.o" -- \
		"map 'bss' and section '.bss' would both be the skeleton field 'maps.bss'"
	expect_error gen subskeleton "$PROGS/skel_clash_sec.bpf.o" -- \
		"section '.data.a-b' and section '.data.a_b' would both be the skeleton field 'maps.data_a_b'"
}

@test "errors: a DATASEC offset that disagrees with the symbol (bpftool 7.1 weak-then-strong link)" {
	require_bpftool
	local o="$BATS_TEST_TMPDIR/weak.o"
	# bpftool 7.1 leaves sw_value's DATASEC entry at the weak loser's
	# offset (REFERENCE.md); its skeleton would read the loser's bytes
	bpftool gen object "$o" "$PROGS"/skel_weak{1,2}.bpf.o
	expect_error gen skeleton "$o" -- \
		"section '.data': variable 'sw_value' is at offset 4 in BTF but its symbol is at offset"
}

@test "errors: JSON mode prints only the error object" {
	run --separate-stderr -1 bpfkit -j gen skeleton "$TOP/tests/helpers.bash"
	[ "$(jq -r .error <<<"$output")" = "$TOP/tests/helpers.bash: not an ELF file" ]
}

@test "skeleton: the same bytes into a file and a pipe; a full stdout fails" {
	local o="$PROGS/skel_maps1.bpf.o" f="$BATS_TEST_TMPDIR/h.h"
	for cmd in skeleton subskeleton; do
		# a regular file (copied inside the kernel) and a pipe
		"$BPFKIT" gen "$cmd" "$o" >"$f"
		cmp "$f" <("$BPFKIT" gen "$cmd" "$o" | cat)
		# what bpftool generates for the same object, less the name
		grep -q "struct skel_maps1" "$f"
		run -1 bash -c '"$0" gen "$1" "$2" 2>&1 >/dev/full' \
			"$BPFKIT" "$cmd" "$o"
		[[ $output == *"cannot write to standard output"* ]]
	done
}

@test "skeleton: a header larger than memory buffers is streamed whole" {
	# 8 MiB of data embedded: the header is four times that
	local o="$BATS_TEST_TMPDIR/big.o" blob="$BATS_TEST_TMPDIR/blob"
	head -c 8388608 /dev/urandom >"$blob"
	llvm-objcopy --add-section .blob="$blob" "$PROGS/skel_maps1.bpf.o" "$o"
	"$BPFKIT" gen skeleton "$o" >"$BATS_TEST_TMPDIR/h.h"
	# the embedded bytes are the object's, byte for byte
	python3 - "$BATS_TEST_TMPDIR/h.h" "$o" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
body = re.search(r'__elf_bytes\(size_t \*sz\)\n\{\n\t\*sz = \d+;\n\treturn \(const void \*\)"\\\n(.*?)";', text, re.S)
lit = body.group(1).replace('\\\n', '')
data = bytes(int(m[2:], 16) if m.startswith('\\x') else 0
             for m in re.findall(r'\\x[0-9a-f]{2}|\\0', lit))
assert data == open(sys.argv[2], 'rb').read(), (len(data))
PY
}

@test "errors: two .BTF sections are refused, whichever one is valid" {
	local o="$BATS_TEST_TMPDIR/two.o" btf="$BATS_TEST_TMPDIR/btf"
	llvm-objcopy --dump-section .BTF="$btf" "$PROGS/skel_maps1.bpf.o"
	llvm-objcopy --add-section .BTF="$btf" "$PROGS/skel_maps1.bpf.o" "$o"
	[ "$(readelf -SW "$o" | grep -c ' \.BTF  ')" = 2 ]
	expect_error gen skeleton "$o" -- \
		"two.o: section '.BTF': name used twice"
	expect_error gen subskeleton "$o" -- \
		"two.o: section '.BTF': name used twice"
}
