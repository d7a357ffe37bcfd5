#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# gen object: link the progs/linked_* scenarios, load and run the results
# (tests/bin/run_linked.c checks every value), compare with bpftool's link
# of the same inputs, and check that output is a fixpoint and deterministic.
#
# Where bpftool 7.1 links wrongly, the test asserts bpfkit's correct
# behaviour and says how bpftool differs.
load helpers

setup() {
	T=$BATS_TEST_TMPDIR
}

# inputs SCENARIO: the scenario's objects, in link order.
inputs() {
	local f
	case $1 in
	funcs) f="funcs1 funcs2 funcs3" ;;
	vars) f="vars1 vars2" ;;
	maps) f="maps1 maps2" ;;
	weak) f="weak1 weak2" ;;
	maps_fwd) f="mapfwd1 mapfwd2" ;;
	maps_partial) f="mappart1 mappart2" ;;
	ksyms) f="ksyms1 ksyms2" ;;
	lib) f="lib1 lib2" ;;
	*) return 1 ;;
	esac
	for f in $f; do
		printf '%s\n' "$PROGS/linked_$f.bpf.o"
	done
}

# link_bpfkit SCENARIO OUT / link_bpftool SCENARIO OUT
link_bpfkit() {
	local -a in
	mapfile -t in < <(inputs "$1")
	bpfkit gen object "$2" "${in[@]}"
}

link_bpftool() {
	local -a in
	mapfile -t in < <(inputs "$1")
	bpftool gen object "$2" "${in[@]}"
}

# runs SCENARIO OBJ: load OBJ, run its programs, check every value.
runs() {
	run -0 "$TBIN/run_linked" "$1" "$2"
	[ "$output" = "ok $1" ]
}

# btf_types OBJ: one line per BTF type, IDs replaced by what they name (kind
# and name, one level deep), sorted. DATASEC sizes and member offsets are
# left out: bpfkit drops the bytes of losing weak maps, bpftool keeps them,
# so offsets legitimately differ; run_linked checks offsets by value.
# FUNC_PROTOs that no type refers to are left out too: bpftool keeps the
# nameless prototypes of resolved extern functions as dead types.
btf_types() {
	bpftool btf dump file "$1" | awk '
	function flush() {
		if (hdr == "")
			return
		if (hdr ~ /^DATASEC /) {
			sub(/ size=[0-9]+/, "", hdr)
			n = split(mem, m, "\034")
			# insertion sort: DATASEC members are ordered by offset
			for (i = 2; i <= n; i++)
				for (j = i; j > 1 && m[j - 1] > m[j]; j--) {
					x = m[j]; m[j] = m[j - 1]; m[j - 1] = x
				}
			mem = ""
			for (i = 1; i <= n; i++)
				mem = mem "\034" m[i]
		}
		out[++cnt] = hdr mem
		oid[cnt] = id
		hdr = ""; mem = ""
	}
	/^\[[0-9]+\] / {
		flush()
		id = substr($1, 2, length($1) - 2)
		hdr = $0
		sub(/^\[[0-9]+\] /, "", hdr)
		desc[id] = $2 " " $3
		next
	}
	{
		line = $0
		sub(/^[ \t]+/, "", line)
		if (hdr ~ /^DATASEC /)
			sub(/ offset=[0-9]+/, "", line)
		mem = mem "\034" line
	}
	END {
		flush()
		desc[0] = "void"
		for (i = 1; i <= cnt; i++) {
			s = out[i]
			while (match(s, /type_id=[0-9]+/)) {
				used[substr(s, RSTART + 8, RLENGTH - 8)] = 1
				s = substr(s, RSTART + RLENGTH)
			}
		}
		for (i = 1; i <= cnt; i++) {
			s = out[i]
			if (s ~ /^FUNC_PROTO / && !(oid[i] in used))
				continue
			res = ""
			while (match(s, /(type_id|ret_type_id)=[0-9]+/)) {
				ref = substr(s, RSTART, RLENGTH)
				eq = index(ref, "=")
				res = res substr(s, 1, RSTART - 1) \
				      substr(ref, 1, eq) "<" desc[substr(ref, eq + 1)] ">"
				s = substr(s, RSTART + RLENGTH)
			}
			gsub(/\034/, " | ", res)
			gsub(/\034/, " | ", s)
			print res s
		}
	}' | sort
}

# same_btf A B: the two objects carry the same BTF types.
same_btf() {
	btf_types "$1" >"$T/a.types"
	btf_types "$2" >"$T/b.types"
	[ -s "$T/a.types" ]
	diff -u "$T/a.types" "$T/b.types"
}

# fixpoint OBJ: linking OBJ alone gives OBJ again, byte for byte.
fixpoint() {
	bpfkit gen object "$T/relinked.o" "$1"
	cmp "$1" "$T/relinked.o"
}

# deterministic SCENARIO: two links (to different names) are identical.
deterministic() {
	link_bpfkit "$1" "$T/det1.o"
	link_bpfkit "$1" "$T/det2.o"
	cmp "$T/det1.o" "$T/det2.o"
}

# sym OBJ NAME: "TYPE BIND VIS NDX" of every symbol NAME, one per line.
sym() {
	readelf -sW "$1" 2>/dev/null | awk -v n="$2" '$8 == n { print $4, $5, $6, $7 }'
}

# sec_idx OBJ NAME, sec_size OBJ NAME: a section's index, its size.
sec_idx() {
	readelf -SW "$1" 2>/dev/null | sed -nE 's/^ *\[ *([0-9]+)\] /\1 /p' |
		awk -v n="$2" '$2 == n { print $1 }'
}

sec_size() {
	local hex
	hex=$(readelf -SW "$1" 2>/dev/null | sed -nE 's/^ *\[ *([0-9]+)\] /\1 /p' |
		awk -v n="$2" '$2 == n { print $6 }')
	echo $((16#${hex:?no section $2 in $1}))
}

# maps_slack OBJ: bytes of .maps that no map symbol covers.
maps_slack() {
	local idx size used
	idx=$(sec_idx "$1" .maps)
	size=$(sec_size "$1" .maps)
	used=$(readelf -sW "$1" 2>/dev/null |
		awk -v i="${idx:?no .maps}" '$7 == i && $4 == "OBJECT" { s += $3 } END { print s + 0 }')
	echo $((size - used))
}

# datasec_consistent OBJ: every DATASEC entry is its symbol's offset and
# size, entries are sorted and do not overlap, and each DATASEC has its
# section's size (.kconfig, .ksyms and unresolved externs have no bytes:
# left out).
datasec_consistent() {
	{
		readelf -SW "$1" 2>/dev/null | sed -nE 's/^ *\[ *([0-9]+)\] /\1 /p' |
			awk '{ print "S", $1, $2, $6 }'
		readelf -sW "$1" 2>/dev/null |
			awk '$4 == "OBJECT" { print "Y", $7, $8, $2, $3 }'
		bpftool btf dump file "$1" |
			sed -nE "s/^\[[0-9]+\] DATASEC '([^']+)' size=([0-9]+).*/D \1 \2/p;
				 s/^\[[0-9]+\] VAR '([^']+)' .*linkage=extern$/E \1/p;
				 s/^[[:space:]]+type_id=[0-9]+ offset=([0-9]+) size=([0-9]+) \(VAR '([^']+)'\)/V \3 \1 \2/p"
	} | awk '
	function hex(h,   i, c, v) {
		v = 0
		for (i = 1; i <= length(h); i++) {
			c = index("0123456789abcdef", substr(h, i, 1)) - 1
			v = v * 16 + c
		}
		return v
	}
	function bad(msg) { print "DATASEC " sec ": " msg; err = 1 }
	$1 == "S" { secname[$2] = $3; secsize[$3] = hex($4) }
	$1 == "Y" { sym[secname[$2] SUBSEP $3 SUBSEP hex($4) SUBSEP $5] = 1 }
	$1 == "D" {
		sec = $2; end = 0
		skip = (sec == ".kconfig" || sec == ".ksyms")
		if (!skip && secsize[sec] != $3)
			bad("size " $3 ", section size " secsize[sec])
	}
	$1 == "E" { ext[$2] = 1 }
	# an unresolved extern (a library'"'"'s map) has no bytes yet
	$1 == "V" && !skip && !($2 in ext) {
		if ($3 < end)
			bad("VAR " $2 " at " $3 " overlaps or is out of order")
		end = $3 + $4
		if (!((sec SUBSEP $2 SUBSEP $3 SUBSEP $4) in sym))
			bad("VAR " $2 " offset " $3 " size " $4 " matches no symbol")
	}
	END { exit err }'
}

# readelf_clean OBJ: readelf finds nothing to warn about (locals before
# globals, sh_info right, indices in range).
readelf_clean() {
	run --separate-stderr -0 readelf -aW "$1"
	[ -z "$stderr" ]
}

# --- funcs: externs, statics, weak/strong, hidden, three files ----------

@test "funcs: bpfkit links three files; the result loads and runs" {
	require_kernel
	link_bpfkit funcs "$T/funcs.o"
	runs funcs "$T/funcs.o"
}

@test "funcs: bpftool's link of the same inputs runs the same" {
	require_kernel
	require_bpftool
	link_bpftool funcs "$T/funcs.o"
	runs funcs "$T/funcs.o"
}

@test "funcs: BTF types agree with bpftool's" {
	require_bpftool
	link_bpfkit funcs "$T/kit.o"
	link_bpftool funcs "$T/tool.o"
	same_btf "$T/kit.o" "$T/tool.o"
}

@test "funcs: symbols: one winner per weak function, hidden is contagious" {
	link_bpfkit funcs "$T/funcs.o"
	# three weak lf_weak: one symbol, still weak
	[ "$(sym "$T/funcs.o" lf_weak | cut -d' ' -f1-3)" = "FUNC WEAK DEFAULT" ]
	# a strong definition anywhere makes the symbol strong
	for f in lf_ws lf_sw lf_wsw; do
		[ "$(sym "$T/funcs.o" $f | cut -d' ' -f1-3)" = "FUNC GLOBAL DEFAULT" ]
	done
	# hidden only at an extern site (before and after the definition)
	[ "$(sym "$T/funcs.o" lf_ctx1 | cut -d' ' -f1-3)" = "FUNC GLOBAL HIDDEN" ]
	[ "$(sym "$T/funcs.o" lf_ctx2 | cut -d' ' -f1-3)" = "FUNC GLOBAL HIDDEN" ]
	[ "$(sym "$T/funcs.o" lf_set_val1 | cut -d' ' -f1-3)" = "FUNC GLOBAL DEFAULT" ]
	# hidden from a losing weak definition
	[ "$(sym "$T/funcs.o" lf_whid | cut -d' ' -f1-3)" = "FUNC WEAK HIDDEN" ]
	# no extern is left: every call resolved
	[ "$(sym "$T/funcs.o" lf_triple | cut -d' ' -f4)" != UND ]
	# each file keeps its own static subprog
	[ "$(sym "$T/funcs.o" subprog | grep -c '^FUNC LOCAL')" -eq 3 ]
}

@test "funcs: files 1+2 linked first, then with file 3: same bytes, same run" {
	require_kernel
	local -a in
	mapfile -t in < <(inputs funcs)
	bpfkit gen object "$T/f12.o" "${in[0]}" "${in[1]}"
	bpfkit gen object "$T/f12_3.o" "$T/f12.o" "${in[2]}"
	runs funcs "$T/f12_3.o"
	link_bpfkit funcs "$T/f123.o"
	cmp "$T/f123.o" "$T/f12_3.o"
}

@test "funcs: files 2+3 linked first, then file 1 before them" {
	require_kernel
	local -a in
	mapfile -t in < <(inputs funcs)
	bpfkit gen object "$T/f23.o" "${in[1]}" "${in[2]}"
	# file 3 defines lf_sw weak, file 2 only refers to it: the definition
	# stays weak (a reference does not strengthen a definition, as with
	# ld -r), so file 1's strong lf_sw can still override it. bpftool 7.1
	# makes it strong here and then reports two strong definitions.
	[ "$(sym "$T/f23.o" lf_sw | cut -d' ' -f1,2)" = "FUNC WEAK" ]
	bpfkit gen object "$T/f1_23.o" "${in[0]}" "$T/f23.o"
	runs funcs "$T/f1_23.o"
}

@test "funcs: output is a fixpoint at the first link" {
	link_bpfkit funcs "$T/funcs.o"
	fixpoint "$T/funcs.o"
}

@test "funcs: bpftool's first link is not a fixpoint, its second is" {
	require_bpftool
	# bpftool 7.1 reorders BTF strings once more on relink when the
	# inputs have .text subprograms: the reason for the test above
	link_bpftool funcs "$T/tool1.o"
	bpftool gen object "$T/tool2.o" "$T/tool1.o"
	bpftool gen object "$T/tool3.o" "$T/tool2.o"
	! cmp -s "$T/tool1.o" "$T/tool2.o"
	cmp "$T/tool2.o" "$T/tool3.o"
}

@test "funcs: two links of the same inputs are identical" {
	deterministic funcs
}

@test "funcs: readelf finds nothing wrong with the output" {
	link_bpfkit funcs "$T/funcs.o"
	readelf_clean "$T/funcs.o"
}

# --- vars: .bss/.data/.rodata/custom sections, weak, statics, kconfig ----

@test "vars: bpfkit links; the result loads and runs" {
	require_kernel
	link_bpfkit vars "$T/vars.o"
	runs vars "$T/vars.o"
}

@test "vars: bpftool's link of the same inputs runs the same" {
	require_kernel
	require_bpftool
	link_bpftool vars "$T/vars.o"
	runs vars "$T/vars.o"
}

@test "vars: BTF types agree with bpftool's" {
	require_bpftool
	link_bpfkit vars "$T/kit.o"
	link_bpftool vars "$T/tool.o"
	same_btf "$T/kit.o" "$T/tool.o"
}

@test "vars: .kconfig and .ksyms externs are merged, not resolved" {
	link_bpfkit vars "$T/vars.o"
	# one extern each, left for the loader
	[ "$(sym "$T/vars.o" LINUX_KERNEL_VERSION)" = "NOTYPE GLOBAL DEFAULT UND" ]
	# weak in file 1, strong in file 2: strong
	[ "$(sym "$T/vars.o" CONFIG_BPF_SYSCALL)" = "NOTYPE GLOBAL DEFAULT UND" ]
	# weak in both: weak
	[ "$(sym "$T/vars.o" CONFIG_BPFKIT_NOT_SET)" = "NOTYPE WEAK DEFAULT UND" ]
	[ "$(sym "$T/vars.o" __start_BTF)" = "NOTYPE GLOBAL DEFAULT UND" ]
	run -0 bpftool btf dump file "$T/vars.o"
	[ "$(grep -c "VAR 'LINUX_KERNEL_VERSION' .*linkage=extern" <<<"$output")" -eq 1 ]
	[ "$(grep -c "VAR 'CONFIG_BPF_SYSCALL' .*linkage=extern" <<<"$output")" -eq 1 ]
}

@test "vars: weak variables keep one symbol; same-named statics stay apart" {
	link_bpfkit vars "$T/vars.o"
	[ "$(sym "$T/vars.o" in_data_weak | wc -l)" -eq 1 ]
	[ "$(sym "$T/vars.o" in_data_sw | cut -d' ' -f1-2)" = "OBJECT GLOBAL" ]
	[ "$(sym "$T/vars.o" lv_static | grep -c '^OBJECT LOCAL')" -eq 2 ]
}

@test "vars: output is a fixpoint at the first link" {
	link_bpfkit vars "$T/vars.o"
	fixpoint "$T/vars.o"
}

@test "vars: two links of the same inputs are identical" {
	deterministic vars
}

# --- maps: externs, typedefs, attribute order, weak, map-in-map, pinning -

@test "maps: bpfkit links; the result loads and runs" {
	require_kernel
	link_bpfkit maps "$T/maps.o"
	runs maps "$T/maps.o"
}

@test "maps: bpftool's link of the same inputs runs the same" {
	require_kernel
	require_bpftool
	link_bpftool maps "$T/maps.o"
	runs maps "$T/maps.o"
}

@test "maps: BTF types agree with bpftool's" {
	require_bpftool
	link_bpfkit maps "$T/kit.o"
	link_bpftool maps "$T/tool.o"
	same_btf "$T/kit.o" "$T/tool.o"
}

@test "maps: losing weak maps leave no bytes in .maps (bpftool leaves 32 each)" {
	link_bpfkit maps "$T/maps.o"
	[ "$(maps_slack "$T/maps.o")" -eq 0 ]
	# file 2's lm_weak and lm_sw lose: bpftool keeps 2 x 32 dead bytes
	require_bpftool
	link_bpftool maps "$T/tool.o"
	[ "$(maps_slack "$T/tool.o")" -eq 64 ]
}

@test "maps: .rel.maps follows the initialised map-in-map" {
	link_bpfkit maps "$T/maps.o"
	run -0 readelf -rW "$T/maps.o"
	[[ $output == *"'.rel.maps'"* ]]
	grep -q ' lm_inner_c$' <<<"$output"
}

@test "maps: output is a fixpoint at the first link" {
	link_bpfkit maps "$T/maps.o"
	fixpoint "$T/maps.o"
}

@test "maps: two links of the same inputs are identical" {
	deterministic maps
}

# --- weak: weak first, strong later -------------------------------------

@test "weak: strong definitions after weak ones win, DATASEC included" {
	require_kernel
	link_bpfkit weak "$T/weak.o"
	runs weak "$T/weak.o"
}

@test "weak: bpftool keeps the weak loser's DATASEC offset and cannot be loaded" {
	require_bpftool
	link_bpftool weak "$T/tool.o"
	# bpftool 7.1: the DATASEC entry of lw_map keeps file 1's offset while
	# its symbol moved to file 2's copy, so libbpf finds no map there
	run -1 "$TBIN/run_linked" weak "$T/tool.o"
	[[ $output == *"map relo failed to find map for section '.maps'"* ]]
}

@test "weak: no dead bytes in .maps; one symbol per weak/strong pair" {
	link_bpfkit weak "$T/weak.o"
	[ "$(maps_slack "$T/weak.o")" -eq 0 ]
	[ "$(sym "$T/weak.o" lw_map | cut -d' ' -f1-2)" = "OBJECT GLOBAL" ]
	[ "$(sym "$T/weak.o" lw_lose | cut -d' ' -f1-2)" = "OBJECT WEAK" ]
	[ "$(sym "$T/weak.o" lw_data | cut -d' ' -f1-2)" = "OBJECT GLOBAL" ]
	[ "$(bpftool btf dump file "$T/weak.o" | grep -c "(VAR 'lw_data')")" -eq 1 ]
}

@test "weak: fixpoint and deterministic" {
	link_bpfkit weak "$T/weak.o"
	fixpoint "$T/weak.o"
	deterministic weak
}

# --- maps_fwd: maps used before the file that defines them ---------------

@test "maps_fwd: extern maps before their definitions link and run" {
	require_kernel
	link_bpfkit maps_fwd "$T/fwd.o"
	runs maps_fwd "$T/fwd.o"
}

@test "maps_fwd: bpftool leaves the extern's DATASEC offset at 0, size wrong" {
	require_bpftool
	link_bpftool maps_fwd "$T/tool.o"
	# bpftool 7.1 keeps offset 0 in .maps' DATASEC for a map declared
	# extern before its definition: libbpf cannot open the result
	run -1 "$TBIN/run_linked" maps_fwd "$T/tool.o"
	[[ $output == *"failed to find map for section '.maps'"* ]]
	# and sizes lmf_outer by file 1's extern (24 bytes), not by file 2's
	# definition with its one-slot .values initialiser (32)
	run -0 bpftool btf dump file "$T/tool.o"
	[[ $output == *"size=24 (VAR 'lmf_outer')"* ]]
	link_bpfkit maps_fwd "$T/kit.o"
	run -0 bpftool btf dump file "$T/kit.o"
	[[ $output == *"size=32 (VAR 'lmf_outer')"* ]]
}

@test "maps_fwd: DATASEC offsets are the definitions' symbol values" {
	link_bpfkit maps_fwd "$T/fwd.o"
	local name off val
	for name in lmf_hash lmf_inner_x lmf_inner_y lmf_outer lmf_outer1; do
		off=$(bpftool btf dump file "$T/fwd.o" |
			sed -nE "s/.*offset=([0-9]+) size=[0-9]+ \(VAR '$name'\)/\1/p")
		val=$(readelf -sW "$T/fwd.o" | awk -v n=$name '$8 == n { print $2 }')
		[ -n "$off" ] && [ -n "$val" ] && [ "$off" -eq $((16#$val)) ]
	done
}

@test "maps_fwd: fixpoint and deterministic" {
	link_bpfkit maps_fwd "$T/fwd.o"
	fixpoint "$T/fwd.o"
	deterministic maps_fwd
}

# --- maps_partial: externs that state only some attributes ---------------

@test "maps_partial: partial extern attribute lists link and run" {
	require_kernel
	link_bpfkit maps_partial "$T/part.o"
	runs maps_partial "$T/part.o"
}

@test "maps_partial: bpftool requires externs to state every attribute" {
	require_bpftool
	# libbpf 1.1's linker compares absent attributes as 0
	run ! link_bpftool maps_partial "$T/tool.o"
	[[ $output == *"map key_size mismatch"* ]]
}

@test "maps_partial: fixpoint and deterministic" {
	link_bpfkit maps_partial "$T/part.o"
	fixpoint "$T/part.o"
	deterministic maps_partial
}

# --- ksyms: the same .ksyms externs in two files ------------------------

@test "ksyms: kfuncs and typeless ksyms in both files link and run" {
	require_kernel
	link_bpfkit ksyms "$T/ksyms.o"
	runs ksyms "$T/ksyms.o"
}

@test "ksyms: each .ksyms extern appears once" {
	link_bpfkit ksyms "$T/ksyms.o"
	[ "$(sym "$T/ksyms.o" bpf_task_from_pid)" = "NOTYPE GLOBAL DEFAULT UND" ]
	[ "$(sym "$T/ksyms.o" __start_BTF)" = "NOTYPE GLOBAL DEFAULT UND" ]
	[ "$(sym "$T/ksyms.o" bpfkit_no_such_ksym)" = "NOTYPE WEAK DEFAULT UND" ]
	run -0 bpftool btf dump file "$T/ksyms.o"
	[ "$(grep -c "FUNC 'bpf_task_from_pid' .*linkage=extern" <<<"$output")" -eq 1 ]
	[ "$(grep -c "VAR '__start_BTF' .*linkage=extern" <<<"$output")" -eq 1 ]
}

@test "ksyms: bpftool cannot link a ksym declared in two files" {
	require_bpftool
	# bpftool 7.1 asks for the size of a FUNC or void extern and fails
	run ! link_bpftool ksyms "$T/tool.o"
	[[ $output == *"failed to resolve size of underlying type"* ]]
}

@test "ksyms: fixpoint and deterministic" {
	link_bpfkit ksyms "$T/ksyms.o"
	fixpoint "$T/ksyms.o"
	deterministic ksyms
}

# --- lib: a library linked on its own, then with the application --------

@test "lib: the library links with its externs unresolved" {
	link_bpfkit lib "$T/lib.o"
	# provided by the application, kept as externs
	[ "$(sym "$T/lib.o" app_scale | cut -d' ' -f2,4)" = "GLOBAL UND" ]
	[ "$(sym "$T/lib.o" app_bias | cut -d' ' -f2,4)" = "GLOBAL UND" ]
	[ "$(sym "$T/lib.o" app_map | cut -d' ' -f2,4)" = "GLOBAL UND" ]
	# resolved between the two library files
	[ "$(sym "$T/lib.o" lib_counter | cut -d' ' -f1,2)" = "OBJECT GLOBAL" ]
	run -0 bpftool btf dump file "$T/lib.o"
	grep -q "VAR 'app_bias' type_id=[0-9]*, linkage=extern" <<<"$output"
	grep -q "FUNC 'app_scale' type_id=[0-9]* linkage=extern" <<<"$output"
	fixpoint "$T/lib.o"
}

@test "lib: the library alone does not load" {
	require_kernel
	link_bpfkit lib "$T/lib.o"
	run -1 "$TBIN/run_linked" lib "$T/lib.o"
}

@test "lib: application then library: links and runs" {
	require_kernel
	link_bpfkit lib "$T/lib.o"
	bpfkit gen object "$T/app.o" "$PROGS/linked_app.bpf.o" "$T/lib.o"
	runs lib "$T/app.o"
	fixpoint "$T/app.o"
}

@test "lib: library then application: links and runs" {
	require_kernel
	link_bpfkit lib "$T/lib.o"
	# the library's weak lib_limit and its extern app_map come first here
	bpfkit gen object "$T/app.o" "$T/lib.o" "$PROGS/linked_app.bpf.o"
	runs lib "$T/app.o"
	fixpoint "$T/app.o"
}

@test "lib: one link of all sources gives the same results" {
	require_kernel
	bpfkit gen object "$T/app.o" "$PROGS/linked_app.bpf.o" \
		"$PROGS/linked_lib1.bpf.o" "$PROGS/linked_lib2.bpf.o"
	runs lib "$T/app.o"
}

@test "lib: BTF of the two-step link agrees with the one-step link" {
	link_bpfkit lib "$T/lib.o"
	bpfkit gen object "$T/two.o" "$PROGS/linked_app.bpf.o" "$T/lib.o"
	bpfkit gen object "$T/one.o" "$PROGS/linked_app.bpf.o" \
		"$PROGS/linked_lib1.bpf.o" "$PROGS/linked_lib2.bpf.o"
	same_btf "$T/one.o" "$T/two.o"
}

@test "lib: bpftool turns an unresolved extern map into a definition" {
	require_bpftool
	link_bpftool lib "$T/lib.o"
	# bpftool 7.1 writes app_map into .maps instead of keeping it UND, so
	# the second step sees two definitions
	[ "$(sym "$T/lib.o" app_map | cut -d' ' -f4)" != UND ]
	run ! bpftool gen object "$T/app.o" "$PROGS/linked_app.bpf.o" "$T/lib.o"
	[[ $output == *"conflicting non-weak symbol"*"app_map"* ]]
}

# --- an empty section in two inputs --------------------------------------

@test "the same empty section in two inputs links (bpftool aborts)" {
	bpfkit gen object "$T/empty.o" "$PROGS/linked_empty1.bpf.o" \
		"$PROGS/linked_empty2.bpf.o"
	readelf_clean "$T/empty.o"
	fixpoint "$T/empty.o"
	[ "$(sym "$T/empty.o" le_empty2 | cut -d' ' -f1,2)" = "OBJECT GLOBAL" ]
	require_bpftool
	# bpftool 7.1: "free(): double free detected", SIGABRT
	run -134 bpftool gen object "$T/tool.o" "$PROGS/linked_empty1.bpf.o" \
		"$PROGS/linked_empty2.bpf.o"
}

# --- the output file ----------------------------------------------------

@test "an output that is also an input is refused (bpftool truncates it first)" {
	local -a in
	mapfile -t in < <(inputs funcs)
	cp "${in[0]}" "$T/a.o"
	ln "$T/a.o" "$T/other-name.o"
	run -1 --separate-stderr bpfkit gen object "$T/a.o" \
		"$T/other-name.o" "${in[1]}" "${in[2]}"
	[ "$stderr" = "Error: $T/other-name.o: the output file is also an input" ]
	cmp "${in[0]}" "$T/a.o"
	require_bpftool
	cp "${in[0]}" "$T/c.o"
	run ! bpftool gen object "$T/c.o" "$T/c.o" "${in[1]}"
}

@test "input paths do not leak into the output" {
	local -a in
	mapfile -t in < <(inputs funcs)
	link_bpfkit funcs "$T/abs.o"
	cd "$PROGS"
	bpfkit gen object "$T/rel.o" linked_funcs1.bpf.o ./linked_funcs2.bpf.o \
		../progs/linked_funcs3.bpf.o
	cmp "$T/abs.o" "$T/rel.o"
}

# --- every positive scenario at once -------------------------------------

@test "every scenario: readelf finds nothing wrong with bpfkit's output" {
	local s
	for s in funcs vars maps weak maps_fwd maps_partial ksyms lib; do
		link_bpfkit $s "$T/$s.o"
		readelf_clean "$T/$s.o"
	done
}

@test "every scenario: each DATASEC entry is its symbol's offset and size" {
	local s
	for s in funcs vars maps weak maps_fwd maps_partial ksyms lib; do
		link_bpfkit $s "$T/$s.o"
		datasec_consistent "$T/$s.o"
	done
}

@test "BTF types agree with bpftool's wherever bpftool links at all" {
	require_bpftool
	# bpftool links weak, though into an object libbpf cannot open: its
	# DATASEC offsets are wrong, which btf_types leaves out (maps_fwd has
	# a wrong DATASEC size too: see its own test)
	link_bpfkit weak "$T/kit.o"
	link_bpftool weak "$T/tool.o"
	same_btf "$T/kit.o" "$T/tool.o"
	# the library scenario in one step, application first
	bpfkit gen object "$T/kit.o" "$PROGS/linked_app.bpf.o" \
		"$PROGS/linked_lib1.bpf.o" "$PROGS/linked_lib2.bpf.o"
	bpftool gen object "$T/tool.o" "$PROGS/linked_app.bpf.o" \
		"$PROGS/linked_lib1.bpf.o" "$PROGS/linked_lib2.bpf.o"
	same_btf "$T/kit.o" "$T/tool.o"
}

@test "bpftool's DATASEC entries disagree with its symbols where it links wrongly" {
	require_bpftool
	# weak: the losers' offsets; maps_fwd: offset 0 for early externs
	local s
	for s in weak maps_fwd; do
		link_bpftool $s "$T/$s.o"
		run ! datasec_consistent "$T/$s.o"
	done
	for s in funcs vars maps; do
		link_bpftool $s "$T/$s.o"
		datasec_consistent "$T/$s.o"
	done
}

@test "a single input relinks to a fixpoint" {
	local f
	for f in "$PROGS"/linked_*.bpf.o; do
		bpfkit gen object "$T/one.o" "$f"
		fixpoint "$T/one.o"
	done
}
