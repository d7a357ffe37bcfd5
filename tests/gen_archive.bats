#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# gen object with ar archives as inputs: members chosen as ld chooses them
# (a member goes in when it defines a symbol an earlier input references
# strongly and leaves undefined, repeated until nothing more is needed),
# "whole ARCHIVE", the -j report of pulled members, archives of GNU ar and
# llvm-ar with and without a symbol index, conflicts inside an archive,
# corrupt archives, and the linked result loaded and run in the kernel.
#
# bpftool 7.1 has no archive support ("bpftool gen object" refuses a .a),
# so these tests cannot be differential: the reference for an archive link
# is bpfkit's link of the members ld would have taken, named one by one.
#
# progs/ar_app.bpf.c needs ar_sum() (ar_sum.bpf.c), which needs ar_twice()
# (ar_twice.bpf.c, with ar_base in .data); ar_unused.bpf.c is needed by
# nobody; ar_dup.bpf.c defines ar_twice() again beside ar_extra().
load helpers

setup_file() {
	local d=$BATS_FILE_TMPDIR/a
	mkdir -p "$d"
	cd "$d" || return 1
	cp "$PROGS"/ar_*.bpf.o .
	# ar_twice first: it is pulled in the second pass, after ar_sum
	local lib=(ar_twice.bpf.o ar_unused.bpf.o ar_sum.bpf.o)
	llvm-ar rcs llvm-index.a "${lib[@]}"
	llvm-ar rcS llvm-noindex.a "${lib[@]}"
	ar rcs gnu-index.a "${lib[@]}"
	ar rcS gnu-noindex.a "${lib[@]}"
	llvm-ar --format=bsd rcs bsd.a "${lib[@]}"
	llvm-ar rcS libdup.a ar_sum.bpf.o ar_twice.bpf.o ar_dup.bpf.o
	llvm-ar rcS libsum.a ar_sum.bpf.o
	llvm-ar rcS libtwice.a ar_twice.bpf.o
	llvm-ar rcs libweak.a ar_weaksum.bpf.o
	# the members ld takes, in its order: the reference output
	"$BPFKIT" gen object ref.o ar_app.bpf.o ar_sum.bpf.o ar_twice.bpf.o
	printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' >pkt
}

setup() {
	cd "$BATS_FILE_TMPDIR/a" || return 1
	T=$BATS_TEST_TMPDIR
}

# members JSON: "member:pulled_by" of each reported member, one line.
members() {
	jq -r '[.archive_members[] | "\(.member):\(.pulled_by // "whole")"] | join(" ")' <<<"$1"
}

# patch FILE OFFSET BYTES: overwrite bytes in place.
patch() {
	printf '%s' "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# ar_fails ARCHIVE MESSAGE: linking ar_app with ARCHIVE fails with exactly
# "Error: MESSAGE" and leaves no output.
ar_fails() {
	run --separate-stderr -1 bpfkit gen object "$T/out.o" ar_app.bpf.o "$1"
	[ -z "$output" ]
	[ "$stderr" = "Error: $2" ]
	assert_no_file "$T/out.o"
}

@test "llvm-ar and GNU ar archives, with and without an index, link what ld would" {
	local a
	for a in llvm-index.a llvm-noindex.a gnu-index.a gnu-noindex.a bsd.a; do
		run --separate-stderr -0 bpfkit -j gen object "$T/$a.o" ar_app.bpf.o "$a"
		[ -z "$stderr" ]
		[ "$(members "$output")" = "ar_sum.bpf.o:ar_sum ar_twice.bpf.o:ar_twice" ]
		[ "$(jq -r '.inputs | join(" ")' <<<"$output")" = \
			"ar_app.bpf.o $a(ar_sum.bpf.o) $a(ar_twice.bpf.o)" ]
		[ "$(jq -r '.archive_members[0].input' <<<"$output")" = "$a(ar_sum.bpf.o)" ]
		[ "$(jq '.unresolved | length' <<<"$output")" = 0 ]
		# the same bytes as linking those members by name, in that order
		cmp "$T/$a.o" ref.o
	done
}

@test "a member nobody needs is not linked: its function and map are absent" {
	bpfkit gen object "$T/out.o" ar_app.bpf.o llvm-index.a
	run -0 bpfkit btf dump file "$T/out.o"
	[[ $output == *"FUNC 'ar_sum'"* ]]
	[[ $output == *"FUNC 'ar_twice'"* ]]
	[[ $output != *ar_unused* ]]
	run -0 bpfkit -j gen object "$T/out2.o" ar_app.bpf.o llvm-index.a
	[ "$(jq '[.symbols[].name | select(startswith("ar_unused"))] | length' <<<"$output")" = 0 ]
	[[ $output != *"ar_unused.bpf.o"* ]]
}

@test "the linked archive loads and its program runs: ar_sum(3, 4) = 11" {
	require_kernel
	bpfkit gen object "$T/out.o" ar_app.bpf.o gnu-noindex.a
	run --separate-stderr -0 bpfkit prog run file "$T/out.o" name ar_app data_in pkt
	[[ $output =~ ^Return\ value:\ 11, ]]
}

@test "a link of 3 MB of input (its heap in huge pages) gives the same object, which runs" {
	# a member of 40,000 sections that nothing needs makes the inputs
	# large enough (2 MB) for gen object to reserve its heap up front
	"$TBIN/mksecs" "$T/pad.o" 40000
	llvm-ar rcS "$T/libpad.a" "$T/pad.o"
	[ "$(stat -c %s "$T/libpad.a")" -ge $((2 << 20)) ]
	bpfkit gen object "$T/out.o" ar_app.bpf.o gnu-noindex.a "$T/libpad.a"
	cmp ref.o "$T/out.o"
	if command -v strace >/dev/null; then
		untraced_leaks
		# the heap is asked for as huge pages for this link only
		strace -e trace=madvise -o "$T/big.trace" "$BPFKIT" gen object \
			"$T/out2.o" ar_app.bpf.o gnu-noindex.a "$T/libpad.a"
		grep -q MADV_HUGEPAGE "$T/big.trace"
		strace -e trace=madvise -o "$T/small.trace" "$BPFKIT" gen object \
			"$T/out3.o" ar_app.bpf.o gnu-noindex.a
		! grep -q MADV_HUGEPAGE "$T/small.trace"
	fi
	require_kernel
	run --separate-stderr -0 bpfkit prog run file "$T/out.o" name ar_app data_in pkt
	[[ $output =~ ^Return\ value:\ 11, ]]
}

@test "extern maps pull the member defining them; the maps and programs work" {
	# linked_mapfwd1 uses maps (hash, map-in-map, inner maps) that only
	# linked_mapfwd2 defines; run_linked checks every value they carry
	llvm-ar rcS "$T/libmaps.a" ar_unused.bpf.o "$PROGS/linked_mapfwd2.bpf.o"
	run --separate-stderr -0 bpfkit -j gen object "$T/maps.o" \
		"$PROGS/linked_mapfwd1.bpf.o" "$T/libmaps.a"
	[ "$(jq -r '.archive_members[] | "\(.member):\(.pulled_by)"' <<<"$output")" = \
		"linked_mapfwd2.bpf.o:lmf_hash" ]
	require_kernel
	run -0 "$TBIN/run_linked" maps_fwd "$T/maps.o"
}

@test "whole links every member, reported as such, and still runs" {
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" ar_app.bpf.o whole llvm-index.a
	[ "$(members "$output")" = \
		"ar_twice.bpf.o:whole ar_unused.bpf.o:whole ar_sum.bpf.o:whole" ]
	[ "$(jq '[.archive_members[].whole] | all' <<<"$output")" = true ]
	run -0 bpfkit btf dump file "$T/out.o"
	[[ $output == *"FUNC 'ar_unused_fn'"* ]]
	[[ $output == *"VAR 'ar_unused_map'"* ]]
	require_kernel
	run --separate-stderr -0 bpfkit prog run file "$T/out.o" name ar_app data_in pkt
	[[ $output =~ ^Return\ value:\ 11, ]]
}

@test "-d shows each member and the extern that pulled it" {
	run --separate-stderr -0 bpfkit -d gen object "$T/out.o" ar_app.bpf.o llvm-noindex.a
	[[ $stderr == *"member llvm-noindex.a(ar_sum.bpf.o): pulled by ar_sum"* ]]
	[[ $stderr == *"member llvm-noindex.a(ar_twice.bpf.o): pulled by ar_twice"* ]]
	run --separate-stderr -0 bpfkit -d gen object "$T/out.o" whole libsum.a
	[[ $stderr == *"member libsum.a(ar_sum.bpf.o): whole archive"* ]]
}

@test "a weak reference pulls no member, as in ld" {
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" ar_weakref.bpf.o llvm-index.a
	[ "$(members "$output")" = "ar_sum.bpf.o:ar_sum ar_twice.bpf.o:ar_twice" ]
	[ "$(jq -r '.unresolved | join(" ")' <<<"$output")" = ar_unused_fn ]
}

@test "a weak definition in a member pulls it; a weak definition already linked keeps a member out" {
	run --separate-stderr -0 bpfkit -j gen object "$T/weak.o" ar_app.bpf.o libweak.a
	[ "$(members "$output")" = "ar_weaksum.bpf.o:ar_sum" ]
	run --separate-stderr -0 bpfkit -j gen object "$T/weakobj.o" ar_app.bpf.o \
		ar_weaksum.bpf.o llvm-index.a
	[ "$(members "$output")" = "" ]
	[ "$(jq -r '.symbols[] | select(.name == "ar_sum") | .defined_in' <<<"$output")" = ar_weaksum.bpf.o ]
	require_kernel
	# ar_sum(3, 4) of the weak default: 3 + 4
	run --separate-stderr -0 bpfkit prog run file "$T/weak.o" name ar_app data_in pkt
	[[ $output =~ ^Return\ value:\ 7, ]]
	run --separate-stderr -0 bpfkit prog run file "$T/weakobj.o" name ar_app data_in pkt
	[[ $output =~ ^Return\ value:\ 7, ]]
}

@test "an archive is searched when it comes, not again for later inputs" {
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" llvm-index.a ar_app.bpf.o
	[ "$(members "$output")" = "" ]
	[ "$(jq -r '.unresolved | join(" ")' <<<"$output")" = ar_sum ]
	# named again after the object, it is searched again
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" llvm-index.a \
		ar_app.bpf.o llvm-index.a
	[ "$(members "$output")" = "ar_sum.bpf.o:ar_sum ar_twice.bpf.o:ar_twice" ]
}

@test "a later archive resolves what an earlier archive's member needs" {
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" ar_app.bpf.o libsum.a libtwice.a
	[ "$(members "$output")" = "ar_sum.bpf.o:ar_sum ar_twice.bpf.o:ar_twice" ]
	cmp "$T/out.o" ref.o
	# the other way round, libtwice.a is searched before anyone needs it
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" ar_app.bpf.o libtwice.a libsum.a
	[ "$(members "$output")" = "ar_sum.bpf.o:ar_sum" ]
	[ "$(jq -r '.unresolved | join(" ")' <<<"$output")" = ar_twice ]
}

@test "two strong definitions inside an archive are a conflict naming both members" {
	# ar_needs needs ar_sum (pulling ar_twice's member) and ar_extra,
	# which only ar_dup's member defines, with a second ar_twice
	run --separate-stderr -1 bpfkit gen object "$T/out.o" ar_needs.bpf.o libdup.a
	[ "$stderr" = "Error: libdup.a(ar_dup.bpf.o): symbol 'ar_twice': defined here and in libdup.a(ar_twice.bpf.o), and neither definition is __weak" ]
	assert_no_file "$T/out.o"
	run --separate-stderr -1 bpfkit -j gen object "$T/out.o" ar_app.bpf.o whole libdup.a
	[ "$(jq -r .error <<<"$output")" = "libdup.a(ar_dup.bpf.o): symbol 'ar_twice': defined here and in libdup.a(ar_twice.bpf.o), and neither definition is __weak" ]
	assert_no_file "$T/out.o"
}

@test "a stale symbol index is checked, not trusted: the members decide" {
	local size
	# an indexed archive without ar_sum, then ar_sum's member appended
	# by hand: the index does not know it (ld would not find ar_sum)
	llvm-ar rcs "$T/stale.a" ar_twice.bpf.o ar_unused.bpf.o
	size=$(stat -c %s ar_sum.bpf.o)
	printf '%-16s%-12s%-6s%-6s%-8s%-10s`\n' ar_sum.bpf.o/ 0 0 0 644 "$size" >>"$T/stale.a"
	cat ar_sum.bpf.o >>"$T/stale.a"
	[ $((size % 2)) = 0 ] || printf '\n' >>"$T/stale.a"
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" ar_app.bpf.o "$T/stale.a"
	[ "$(members "$output")" = "ar_sum.bpf.o:ar_sum ar_twice.bpf.o:ar_twice" ]
	[ "$stderr" = "Warning: $T/stale.a: the symbol index lacks 1 definition the members hold: using the members' symbol tables" ]
	cmp "$T/out.o" ref.o
	# an index entry naming a symbol its member does not define
	cp llvm-index.a "$T/lying.a"
	perl -0777 -pi -e 's/ar_twice\0/ar_twicX\0/' "$T/lying.a"
	run --separate-stderr -0 bpfkit gen object "$T/out.o" ar_app.bpf.o "$T/lying.a"
	[ "$stderr" = "Warning: $T/lying.a: the symbol index says 'ar_twicX' is defined where it is not: using the members' symbol tables" ]
	cmp "$T/out.o" ref.o
}

@test "corrupt archives: one error naming the archive (and member), no output" {
	head -c 40 llvm-noindex.a >"$T/trunc.a"
	ar_fails "$T/trunc.a" "$T/trunc.a: truncated member header at offset 8 (32 of 60 bytes)"

	cp llvm-noindex.a "$T/size.a"
	patch "$T/size.a" 56 "12x4"
	ar_fails "$T/size.a" "$T/size.a: member header at offset 8: bad size field '12x4$(tail -c +61 llvm-noindex.a | head -c 6)'"

	cp llvm-noindex.a "$T/past.a"
	patch "$T/past.a" 56 "99999999  "
	ar_fails "$T/past.a" "$T/past.a: member at offset 8: size 99999999 runs past the end of the archive ($(($(stat -c %s llvm-noindex.a) - 68)) bytes left)"

	printf 'not an object\n' >"$T/notes.txt"
	(cd "$T" && llvm-ar rcS notelf.a notes.txt)
	ar_fails "$T/notelf.a" "$T/notelf.a(notes.txt): not an ELF file"

	head -c 300 ar_sum.bpf.o >"$T/cut.o"
	(cd "$T" && llvm-ar rcS cutelf.a cut.o)
	run --separate-stderr -1 bpfkit gen object "$T/out.o" ar_app.bpf.o "$T/cutelf.a"
	[[ $stderr == "Error: $T/cutelf.a(cut.o): "* ]]
	[ "$(wc -l <<<"$stderr")" = 1 ]
	assert_no_file "$T/out.o"
}

@test "corrupt long names and index: one error, no output" {
	cp ar_sum.bpf.o "$T/a_member_with_a_long_name.bpf.o"
	(cd "$T" && llvm-ar rcS long.a a_member_with_a_long_name.bpf.o)
	# "//" table at 8, then the member header named "/0"
	local table_size member_hdr
	table_size=$(head -c 58 "$T/long.a" | tail -c 10 | tr -d ' ')
	member_hdr=$((8 + 60 + table_size + table_size % 2))
	run -0 bpfkit gen object "$T/long.o" ar_app.bpf.o whole "$T/long.a"

	cp "$T/long.a" "$T/longpast.a"
	patch "$T/longpast.a" "$member_hdr" "/999"
	ar_fails "$T/longpast.a" "$T/longpast.a: member at offset $member_hdr: long name offset 999 is past the long-name table ($table_size bytes)"

	# the same member without the table before it
	{
		printf '!<arch>\n'
		tail -c +$((member_hdr + 1)) "$T/long.a"
	} >"$T/notable.a"
	ar_fails "$T/notable.a" "$T/notable.a: member at offset 8: long name '/0' but no long-name table before it"

	# the first index entry's member offset pointed past the end
	cp llvm-index.a "$T/idx.a"
	patch "$T/idx.a" $((8 + 60 + 4)) $'\x7f\xff\xff\xff'
	ar_fails "$T/idx.a" "$T/idx.a: symbol index: 'ar_twice' points at offset 2147483647, where no member starts"
}

@test "'whole' needs an archive; an archive must be a regular file" {
	run --separate-stderr -1 bpfkit gen object "$T/out.o" ar_app.bpf.o whole
	[ "$stderr" = "Error: 'whole' needs an archive" ]
	run --separate-stderr -1 bpfkit gen object "$T/out.o" whole ar_app.bpf.o
	[ "$stderr" = "Error: ar_app.bpf.o: not an ar archive" ]
	run --separate-stderr -1 bpfkit gen object "$T/out.o" ar_app.bpf.o whole /dev/null
	[ "$stderr" = "Error: /dev/null: an archive must be a regular file" ]
	assert_no_file "$T/out.o"
	# an archive is an input like any other: never overwritten by the output
	cp libsum.a "$T/lib.a"
	run --separate-stderr -1 bpfkit gen object "$T/lib.a" ar_app.bpf.o whole "$T/lib.a"
	[ "$stderr" = "Error: $T/lib.a: the output file is also an input" ]
	cmp "$T/lib.a" libsum.a
}

@test "an object from a FIFO before an archive is read once, whole" {
	mkfifo "$T/app.fifo"
	cat ar_app.bpf.o >"$T/app.fifo" &
	run --separate-stderr -0 timeout 20 "$BPFKIT" gen object "$T/out.o" "$T/app.fifo" llvm-index.a
	wait
	cmp "$T/out.o" ref.o
}

@test "bpftool 7.1 has no archive support: it refuses what bpfkit links" {
	require_bpftool
	run bpftool gen object "$T/tool.o" ar_app.bpf.o llvm-index.a
	[ "$status" -ne 0 ]
	run -0 bpfkit gen object "$T/out.o" ar_app.bpf.o llvm-index.a
}
