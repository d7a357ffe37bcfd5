#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# btf dump on broken input: every corruption scripts/mkcorpus_btf.sh makes
# is refused with exit 1 and one error line naming the file, within a
# second and without a signal; random bit flips never crash or hang.
load helpers

setup_file() {
	BPFKIT_BUILD="${BPFKIT_BUILD:-build}" \
		bash "$BATS_TEST_DIRNAME/../scripts/mkcorpus_btf.sh" \
		"$BATS_FILE_TMPDIR/corpus" >&2
}

setup() {
	CORPUS="$BATS_FILE_TMPDIR/corpus"
}

# refused FILE [ARGS...]: `btf dump file FILE ARGS` exits 1 within a second,
# prints nothing on stdout and exactly one "Error: FILE: ..." line.
refused() {
	local f=$1 out err rc
	shift
	out=$(timeout 30 "$BPFKIT" btf dump file "$f" "$@" 2>"$BATS_TEST_TMPDIR/err")
	rc=$?
	err=$(cat "$BATS_TEST_TMPDIR/err")
	if [ "$rc" -ne 1 ] || [ -n "$out" ] || [ "$(wc -l <<<"$err")" -ne 1 ] ||
		[[ $err != "Error: $f: "* ]]; then
		echo "$f $*: exit $rc, stdout ${#out} bytes, stderr: $err"
		return 1
	fi
}

@test "the corpus has every mutation, truncations and bit flips" {
	local m
	for m in $("$TBIN/btf_gen" list); do
		compgen -G "$CORPUS/bad-$m.*" >/dev/null ||
			compgen -G "$CORPUS/cbad-${m#c-}.*" >/dev/null ||
			compgen -G "$CORPUS/$m.*" >/dev/null || {
			echo "no input for mutation $m"
			return 1
		}
	done
	[ "$(ls "$CORPUS" | grep -c '^bad-trunc-')" -ge 18 ]
	[ "$(ls "$CORPUS" | grep -c "^flip-")" -ge 90 ]
}

@test "corrupt .BTF, truncated files, deep chains: exit 1, one error naming the file" {
	# validation comes before any output: format c and -j see the same
	local f n=0
	for f in "$CORPUS"/bad-*; do
		case ${f##*/} in
		bad-ext-* | bad-elf-no-btf-ext.*) continue ;;
		esac
		refused "$f" || return 1
		n=$((n + 1))
	done
	[ "$n" -ge 100 ]
}

@test "corrupt .BTF.ext: exit 1, one error naming the file" {
	local f n=0
	for f in "$CORPUS"/bad-ext-* "$CORPUS"/bad-elf-no-btf-ext.*; do
		refused "$f" ext || return 1
		# the .BTF itself is fine
		timeout 30 "$BPFKIT" btf dump file "$f" >/dev/null
		n=$((n + 1))
	done
	# 19 corruptions (3 others are accepted now: ok-ext-*) + 2 without
	[ "$n" -ge 21 ]
}

@test "valid BTF too big to print as C: raw dump works, format c refused" {
	local f n=0
	for f in "$CORPUS"/cbad-*; do
		timeout 30 "$BPFKIT" btf dump file "$f" >/dev/null
		refused "$f" format c || return 1
		n=$((n + 1))
	done
	[ "$n" -ge 3 ]
	f="$CORPUS/cbad-struct-size-huge.kinds.btf"
	run --separate-stderr -1 "$BPFKIT" btf dump file "$f" format c
	[[ $stderr == "Error: $f: type [7] STRUCT: as C, structs and unions up to here need 2147483576 bits of padding, more than the "*" allowed for 40 types" ]]
}

@test "in JSON mode the error is the only output, on stdout" {
	local f out
	for f in "$CORPUS"/bad-hdr-magic.btf_kinds.bpf.o \
		"$CORPUS"/bad-ptr-self-loop.kinds.btf \
		"$CORPUS"/bad-ext-relo-type-huge.btf_externs.bpf.o; do
		run --separate-stderr -1 timeout 30 "$BPFKIT" -j btf dump file "$f" ext
		[ -z "$stderr" ]
		[ "$(jq -r 'keys | join(",")' <<<"$output")" = error ]
		[[ $(jq -r .error <<<"$output") == "$f: "* ]]
	done
}

# msg MUTATION INPUT [ARGS...]: the error message for that corpus file.
msg() {
	local f="$CORPUS/bad-$1.$2"
	shift 2
	"$BPFKIT" btf dump file "$f" "$@" 2>&1 | sed "s|^Error: $f: ||"
}

@test "messages say what is wrong and where" {
	[ "$(msg hdr-magic btf_kinds.bpf.o)" = "bad BTF magic 0x1234 (expected 0xeb9f)" ]
	[ "$(msg hdr-byte-order kinds.btf)" = "BTF byte order differs from this host's" ]
	[ "$(msg hdr-version kinds.btf)" = "unsupported BTF version 2" ]
	[[ $(msg type-len-huge kinds.btf) == "BTF type section (offset 0, 2147483632 bytes) ends beyond the data"* ]]
	[ "$(msg str-no-nul kinds.btf)" = "BTF string section does not end with a NUL byte" ]
	[ "$(msg kind-unknown kinds.btf)" = "type [1]: unknown kind 31" ]
	[[ $(msg struct-vlen-huge kinds.btf) == "type [7] STRUCT with vlen 65535 needs 786432 bytes, the type section has "*" left" ]]
	[ "$(msg name-off-huge kinds.btf)" = "type [1] INT: name offset 16777215 is beyond the string section" ]
	[ "$(msg ptr-target-huge kinds.btf)" = "type [5] PTR: type references type [1048575], beyond the last type [40]" ]
	[ "$(msg member-type-huge kinds.btf)" = "type [7] STRUCT: member #0 references type [99999], beyond the last type [40]" ]
	[ "$(msg member-name-huge kinds.btf)" = "type [7] STRUCT: member #0 name offset 16777200 is beyond the string section" ]
	[ "$(msg func-not-proto kinds.btf)" = "type [23] FUNC: type [1] (INT) is not a FUNC_PROTO" ]
	[ "$(msg datasec-not-var kinds.btf)" = "type [31] DATASEC: variable #0: type [1] (INT) is not a VAR or FUNC" ]
	[ "$(msg var-void kinds.btf)" = "type [29] VAR: type references void" ]
	[ "$(msg ptr-self-loop kinds.btf)" = "type [5] PTR: reference cycle: type [5] leads back to it" ]
	[ "$(msg struct-embeds-itself kinds.btf)" = "type [7] STRUCT: reference cycle: type [7] leads back to it" ]
	[ "$(msg decl-tag-idx kinds.btf)" = "type [24] DECL_TAG: component_idx 1000 is out of range for target [23] (FUNC)" ]
	[ "$(msg elf-no-btf btf_kinds.bpf.o)" = "no .BTF section" ]
	[ "$(msg ext-magic btf_kinds.bpf.o ext)" = ".BTF.ext: bad magic 0x0001 (expected 0xeb9f)" ]
	[ "$(msg ext-rec-size btf_kinds.bpf.o ext)" = ".BTF.ext: func_info record size 4 is invalid (at least 8, a multiple of 4)" ]
	[ "$(msg ext-sec-name-huge btf_kinds.bpf.o ext)" = ".BTF.ext: func_info: section name offset 268435455 is beyond the BTF strings" ]
	[ "$(msg ext-no-records btf_kinds.bpf.o ext)" = ".BTF.ext: func_info for section '.text' has no records" ]
	[[ $(msg ext-records-huge btf_kinds.bpf.o ext) == ".BTF.ext: line_info for section '.text': 268435456 records of 16 bytes do not fit in the "*" bytes left" ]]
	[ "$(msg ext-sec-missing btf_kinds.bpf.o ext)" = ".BTF.ext: func_info names section 'int', which the file does not have" ]
	[ "$(msg ext-sec-not-code btf_kinds.bpf.o ext)" = ".BTF.ext: func_info names section 'license', which holds no code" ]
	[[ $(msg ext-insn-beyond btf_externs.bpf.o ext) == ".BTF.ext: line_info for section 'tp_btf/sched_switch': record #0: insn_off 2147483640 is beyond the section's "*" bytes" ]]
	[ "$(msg ext-line-str-huge btf_kinds.bpf.o ext)" = ".BTF.ext: line_info for section '.text': record #0: file name offset 268435455 is beyond the BTF strings" ]
	[[ $(msg ext-relo-type-huge btf_externs.bpf.o ext) == ".BTF.ext: core_relo for section 'tp_btf/sched_switch': record #0: type ID 99999 is beyond the last type ["*"]" ]]
	[ "$(msg deep btf)" = "type [258] PTR: references nest deeper than 256 types" ]
	[ "$(msg member-offset-huge kinds.btf)" = "type [7] STRUCT: member #0 starts at bit 16777200, beyond the type's 16 bytes" ]
}

@test "a .BTF.ext fault has one message: btf dump ... ext and gen object agree" {
	# one validating walk (src/btf/btf_ext.c) serves both; before it, the
	# linker worded all 10 of these faults differently
	local f dump link n=0
	for f in "$CORPUS"/bad-ext-*; do
		dump=$("$BPFKIT" btf dump file "$f" ext 2>&1 >/dev/null) || :
		run --separate-stderr -1 "$BPFKIT" gen object "$BATS_TEST_TMPDIR/out.o" "$f"
		[ "$stderr" = "$dump" ] || {
			echo "$f: dump says '$dump', gen object says '$stderr'"
			return 1
		}
		[ ! -e "$BATS_TEST_TMPDIR/out.o" ]
		n=$((n + 1))
	done
	[ "$n" -ge 19 ]
}

@test "what libbpf 1.1 links is accepted: dumped, linked as bpftool links it" {
	# bpftool gen object (libbpf 1.1's linker) takes a misaligned
	# insn_off, a func_info type that is not a FUNC and an unknown CO-RE
	# kind: it checks type IDs and string offsets only. The kernel may
	# still refuse such a program; that is for `prog load` to report.
	local f
	declare -A want=(
		[ok-ext-insn-unaligned.btf_kinds.bpf.o]=$'\tinsn_off=3 type_id='
		[ok-ext-func-not-func.btf_kinds.bpf.o]=$'\tinsn_off=0 type_id=2 (INT \'int\')'
		[ok-ext-relo-kind.btf_externs.bpf.o]=" relo_kind=unknown"
	)
	for f in "${!want[@]}"; do
		run -0 "$BPFKIT" btf dump file "$CORPUS/$f" ext
		[[ $output == *"${want[$f]}"* ]]
		bpfkit gen object "$BATS_TEST_TMPDIR/out.o" "$CORPUS/$f"
		run -0 "$BPFKIT" btf dump file "$BATS_TEST_TMPDIR/out.o" ext
		[[ $output == *"${want[$f]}"* ]]
		bpftool gen object "$BATS_TEST_TMPDIR/tool.o" "$CORPUS/$f"
		run -0 "$BPFKIT" btf dump file "$BATS_TEST_TMPDIR/tool.o" ext
		[[ $output == *"${want[$f]}"* ]]
	done
}

@test "sizeless members, index types and cycles through any edge are refused" {
	# btf_dump divided by a FWD member's alignment (SIGFPE); the kernel
	# refuses these too. Through a modifier the message names both types.
	[ "$(msg member-fwd kinds.btf format c)" = "type [7] STRUCT: member #0 'a': type [13] leads to forward declaration [13] 'gen_fwd', which has no size" ]
	# 638a187 died of SIGFPE here (exit 136)
	run --separate-stderr -1 timeout 30 "$BPFKIT" btf dump file \
		"$CORPUS/bad-member-fwd.btf_kinds.bpf.o" format c
	[[ $stderr == *"STRUCT: member #0 'a': type [50] leads to forward declaration [50] 'kinds_fwd', which has no size" ]]
	[ "$(msg member-const-fwd kinds.btf format c)" = "type [7] STRUCT: member #0 'a': type [17] leads to forward declaration [13] 'gen_fwd', which has no size" ]
	[ "$(msg array-elem-fwd kinds.btf)" = "type [6] ARRAY: element type: type [13] leads to forward declaration [13] 'gen_fwd', which has no size" ]
	[ "$(msg array-index-struct kinds.btf)" = "type [6] ARRAY: index type [7] is STRUCT, not an integer" ]
	# FUNC_PROTO -> FUNC -> the same FUNC_PROTO: dedup looped on it (ELOOP)
	[ "$(msg proto-param-func-loop kinds.btf)" = "type [21] FUNC_PROTO: reference cycle: type [23] leads back to it" ]
	local f
	for f in "$CORPUS"/bad-{member-fwd,array-index-struct,proto-param-func-loop}.btf_kinds.bpf.o; do
		run -1 "$BPFKIT" gen skeleton "$f"
		[ "${#lines[@]}" -eq 1 ] && [[ ${lines[0]} == "Error: $f: "* ]]
		run -1 "$BPFKIT" gen object "$BATS_TEST_TMPDIR/out.o" "$f"
		[ "${#lines[@]}" -eq 1 ] && [[ ${lines[0]} == "Error: $f: "* ]]
		[ ! -e "$BATS_TEST_TMPDIR/out.o" ]
	done
}

@test "a pointer chain at the depth limit still dumps as C" {
	"$TBIN/btf_gen" deep 255 "$BATS_TEST_TMPDIR/ok.btf"
	run -0 timeout 30 "$BPFKIT" btf dump file "$BATS_TEST_TMPDIR/ok.btf" format c
	[[ $output == *"typedef int *"*"deep_t;"* ]]
	"$TBIN/btf_gen" deep 256 "$BATS_TEST_TMPDIR/bad.btf"
	run -1 timeout 30 "$BPFKIT" btf dump file "$BATS_TEST_TMPDIR/bad.btf"
}

@test "random bit flips: valid or refused, never a signal or a hang" {
	local f rc n=0 refused_cnt=0
	for f in "$CORPUS"/flip-*; do
		for args in "" "format c" "ext"; do
			[[ $f == *.btf && $args == ext ]] && continue
			rc=0
			# shellcheck disable=SC2086
			timeout 30 "$BPFKIT" btf dump file "$f" $args \
				>/dev/null 2>"$BATS_TEST_TMPDIR/err" || rc=$?
			if [ "$rc" -eq 1 ]; then
				[ "$(wc -l <"$BATS_TEST_TMPDIR/err")" -eq 1 ] &&
					grep -q "^Error: " "$BATS_TEST_TMPDIR/err" || {
					echo "$f $args: bad error output"
					return 1
				}
				refused_cnt=$((refused_cnt + 1))
			elif [ "$rc" -ne 0 ]; then
				echo "$f $args: exit $rc"
				return 1
			fi
			n=$((n + 1))
		done
	done
	echo "# $n runs, $refused_cnt refused" >&3
	[ "$refused_cnt" -gt 0 ]
}

@test "not a file, not ELF or BTF, empty" {
	run --separate-stderr -1 bpfkit btf dump file /nonexistent
	[ "$stderr" = "Error: /nonexistent: No such file or directory" ]
	run --separate-stderr -1 bpfkit btf dump file "$BATS_TEST_TMPDIR"
	[ "$stderr" = "Error: $BATS_TEST_TMPDIR: Is a directory" ]
	printf 'hello\n' >"$BATS_TEST_TMPDIR/text"
	run --separate-stderr -1 bpfkit btf dump file "$BATS_TEST_TMPDIR/text"
	[ "$stderr" = "Error: $BATS_TEST_TMPDIR/text: neither an ELF file nor raw BTF data" ]
	: >"$BATS_TEST_TMPDIR/empty"
	run --separate-stderr -1 bpfkit btf dump file "$BATS_TEST_TMPDIR/empty"
	[ "$stderr" = "Error: $BATS_TEST_TMPDIR/empty: file is empty or truncated" ]
}

@test "non-regular inputs that are not ELF or BTF fail at once" {
	# The file was read up to the 2 GiB cap before its format was checked
	# (2 min, 2.6 GB for /dev/zero); the first bytes are enough.
	local out="$BATS_TEST_TMPDIR/out.o"
	run --separate-stderr -1 timeout 2 "$BPFKIT" btf dump file /dev/zero
	[ "$stderr" = "Error: /dev/zero: neither an ELF file nor raw BTF data" ]
	run --separate-stderr -1 timeout 2 "$BPFKIT" gen skeleton /dev/zero
	[ "$stderr" = "Error: /dev/zero: not an ELF file" ]
	run --separate-stderr -1 timeout 2 "$BPFKIT" gen object "$out" /dev/zero
	[ "$stderr" = "Error: /dev/zero: not an ELF file" ]
	[ ! -e "$out" ]
	# an endless pipe
	run --separate-stderr -1 bash -c \
		"yes | timeout 2 '$BPFKIT' btf dump file /dev/stdin"
	[ "$stderr" = "Error: /dev/stdin: neither an ELF file nor raw BTF data" ]
	# an object through a pipe still works
	run -0 bash -c "cat '$PROGS/btf_kinds.bpf.o' | '$BPFKIT' btf dump file /dev/stdin"
	[[ $output == *"STRUCT"* ]]
}

# stream_tail FILE CMD...: run CMD reading a pipe that carries FILE, then
# 64 MiB of zeros; sets TAIL to how many of the zeros got into the pipe
# before CMD stopped reading (its output goes to $BATS_TEST_TMPDIR/out).
stream_tail() {
	local t=$BATS_TEST_TMPDIR in=$1
	shift
	{
		trap '' PIPE
		cat "$in"
		dd if=/dev/zero bs=64k count=1024 2>"$t/dd"
	} | "$@" >"$t/out"
	TAIL=$(awk '/bytes/ { print $1 }' "$t/dd")
}

# from_fifo CMD...: run CMD (given $t/in.fifo) under strace while a writer
# puts the object into that FIFO and exits; sets output and status (20 s at
# most), and OPENS to how many times CMD opened the FIFO.
from_fifo() {
	local t=$BATS_TEST_TMPDIR
	rm -f "$t/in.fifo"
	mkfifo "$t/in.fifo"
	cat "$PROGS/btf_kinds.bpf.o" >"$t/in.fifo" &
	run --separate-stderr timeout 20 \
		strace -qq -e trace=openat -o "$t/trace" "$@"
	wait
	OPENS=$(grep -c 'in\.fifo' "$t/trace")
}

@test "a FIFO is opened once: a second open would find the writer gone" {
	# Commands opened a FIFO, closed it unread when it was not a regular
	# file, then opened it again: unless the writer was still there, its
	# data was gone with the first close and the second open waited
	# forever for another writer.
	command -v strace >/dev/null || skip "strace is not installed"
	untraced_leaks
	local t=$BATS_TEST_TMPDIR obj=$PROGS/btf_kinds.bpf.o mode
	for mode in "" "format c" ext; do
		from_fifo "$BPFKIT" btf dump file "$t/in.fifo" $mode
		[ "$status" = 0 ]
		[ "$OPENS" = 1 ]
		[ "$output" = "$(bpfkit btf dump file "$obj" $mode)" ]
	done
	from_fifo "$BPFKIT" gen object "$t/out.o" "$t/in.fifo"
	[ "$status" = 0 ]
	[ "$OPENS" = 1 ]
	bpfkit gen object "$t/ref.o" "$obj"
	cmp "$t/out.o" "$t/ref.o"
	from_fifo "$BPFKIT" gen skeleton "$t/in.fifo" name k
	[ "$status" = 0 ]
	[ "$OPENS" = 1 ]
	[ "$output" = "$(bpfkit gen skeleton "$obj" name k)" ]
}

@test "a stream that starts as an object is read only as far as its headers reach" {
	# It was read to its end or to the 2 GiB cap: an endless pipe of an
	# ELF header ran for minutes. The ELF or BTF headers tell how far an
	# input extends; at most a pipe buffer of the zeros is taken.
	local t=$BATS_TEST_TMPDIR obj=$PROGS/btf_kinds.bpf.o
	stream_tail "$obj" "$BPFKIT" btf dump file /dev/stdin
	((TAIL < 1048576))
	cmp "$t/out" <(bpfkit btf dump file "$obj")
	stream_tail "$obj" "$BPFKIT" gen object /dev/stdout /dev/stdin
	((TAIL < 1048576))
	cmp "$t/out" <(bpfkit gen object /dev/stdout "$obj")
	# raw BTF: its header gives its size too
	"$TBIN/btf_gen" kinds "$t/kinds.btf"
	stream_tail "$t/kinds.btf" "$BPFKIT" btf dump file /dev/stdin
	((TAIL < 1048576))
	cmp "$t/out" <(bpfkit btf dump file "$t/kinds.btf")
	# ELF magic and no valid class: refused from the first bytes
	run --separate-stderr -1 bash -c \
		"{ printf '\\177ELF'; cat /dev/zero; } | '$BPFKIT' btf dump file /dev/stdin"
	[ "$stderr" = "Error: /dev/stdin: corrupt ELF header: invalid \`Elf' handle" ]
	# 32-bit ELF, whose size is not worked out: read up to 64 MiB
	run --separate-stderr -1 bash -c \
		"{ printf '\\177ELF\\1\\1'; cat /dev/zero; } | '$BPFKIT' btf dump file /dev/stdin"
	[ "$stderr" = "Error: /dev/stdin: not a regular file, and longer than the 64 MiB read from a stream whose headers do not give its size" ]
}
