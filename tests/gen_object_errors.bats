#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# gen object diagnostics: every link error names the symbol, both files and
# what differs, exits 1 and leaves no output file behind; warnings for
# same-named statics; the -j link report and the -d lines.
#
# progs/lerr_defs.bpf.c holds the definitions; each progs/lerr_*.bpf.c
# contradicts one of them. bpftool 7.1 accepts some of these (map_extra)
# and words others wrongly; see each test. (Int signedness is no error:
# see tests/link_conformance.bats.)
load helpers

setup() {
	T=$BATS_TEST_TMPDIR
	DEFS=$PROGS/lerr_defs.bpf.o
}

# link_fails CASE: link lerr_defs with lerr_CASE; it must fail with one
# "Error: " message on stderr, nothing on stdout, and no output file.
link_fails() {
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$DEFS" \
		"$PROGS/lerr_$1.bpf.o"
	assert_no_file "$T/out.o"
	[ -z "$output" ]
	[[ $stderr == "Error: "* ]]
}

# names SYMBOL FILE...: the message quotes SYMBOL and names every FILE.
names() {
	local f
	[[ $stderr == *"'$1'"* ]] || {
		echo "symbol '$1' not named in: $stderr" >&2
		return 1
	}
	shift
	for f in "$@"; do
		[[ $stderr == *"$f"* ]] || {
			echo "file $f not named in: $stderr" >&2
			return 1
		}
	done
}

# has WORD...: every WORD appears in the message as a word of its own.
has() {
	local w
	for w in "$@"; do
		grep -qwF -- "$w" <<<"$stderr" || {
			echo "'$w' missing from: $stderr" >&2
			return 1
		}
	done
}

# --- strong + strong ----------------------------------------------------

@test "two strong definitions of a function" {
	link_fails func_dup
	names lerr_func lerr_defs.bpf.o lerr_func_dup.bpf.o
}

@test "two strong definitions of a variable" {
	link_fails var_dup
	names lerr_int lerr_defs.bpf.o lerr_var_dup.bpf.o
}

@test "two strong definitions of a map" {
	link_fails map_dup
	names lerr_map lerr_defs.bpf.o lerr_map_dup.bpf.o
}

@test "the same input twice: every global is defined twice" {
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$DEFS" "$DEFS"
	assert_no_file "$T/out.o"
	[[ $stderr == *"lerr_defs.bpf.o"* ]]
}

# --- functions: the extern's prototype against the definition ------------

@test "extern function with another parameter type" {
	link_fails proto_param
	names lerr_proto lerr_defs.bpf.o lerr_proto_param.bpf.o
	# both signatures: int (int, long) and int (int, int)
	has long int
	[[ $stderr != *"(null)"* ]]
}

@test "extern function with another parameter count" {
	link_fails proto_count
	names lerr_proto lerr_defs.bpf.o lerr_proto_count.bpf.o
	has long
}

@test "extern function with another return type" {
	link_fails proto_ret
	names lerr_proto lerr_defs.bpf.o lerr_proto_ret.bpf.o
	has long int
	[[ $stderr != *"(null)"* ]]
}

@test "a function declared as a variable" {
	link_fails kind
	names lerr_func lerr_defs.bpf.o lerr_kind.bpf.o
}

# --- variables ----------------------------------------------------------

@test "extern variable of another int size (bpftool prints '(null)')" {
	link_fails var_size
	names lerr_int lerr_defs.bpf.o lerr_var_size.bpf.o
	has int long
	[[ $stderr != *"(null)"* ]]
}

@test "extern struct with another field name" {
	link_fails var_struct
	names lerr_pair lerr_defs.bpf.o lerr_var_struct.bpf.o
	has b c
}

@test "a struct variable declared as a long" {
	link_fails var_type
	names lerr_pair lerr_defs.bpf.o lerr_var_type.bpf.o
	has struct long
}

# --- maps: each attribute an extern states must equal the definition's ---

@test "extern map of another type" {
	link_fails map_type
	names lerr_map lerr_defs.bpf.o lerr_map_type.bpf.o
	has type
	# hash (1) and array (2), by name or number
	grep -qiwE 'hash|1' <<<"$stderr"
	grep -qiwE 'array|2' <<<"$stderr"
}

@test "extern map with another key type of the same size" {
	link_fails map_key
	names lerr_map lerr_defs.bpf.o lerr_map_key.bpf.o
	has key
}

@test "extern map with another value type (bpftool says key)" {
	link_fails map_value
	names lerr_map lerr_defs.bpf.o lerr_map_value.bpf.o
	has value
	[[ $stderr != *"key type"* ]]
}

@test "extern map with other max_entries" {
	link_fails map_max
	names lerr_map lerr_defs.bpf.o lerr_map_max.bpf.o
	has max_entries 16 32
}

@test "extern map with other map_flags" {
	link_fails map_flags
	names lerr_map lerr_defs.bpf.o lerr_map_flags.bpf.o
	[[ $stderr == *flags* ]]
	# BPF_F_NO_PREALLOC is 1
	grep -qwE '1|0x1' <<<"$stderr"
	grep -qwE '0|0x0' <<<"$stderr"
}

@test "extern map on another NUMA node" {
	link_fails map_numa
	names lerr_map lerr_defs.bpf.o lerr_map_numa.bpf.o
	has numa_node 0 1
}

@test "extern map with other pinning" {
	link_fails map_pin
	names lerr_map lerr_defs.bpf.o lerr_map_pin.bpf.o
	has pinning
}

@test "extern map with other map_extra (bpftool accepts it)" {
	link_fails map_extra
	names lerr_bloom lerr_defs.bpf.o lerr_map_extra.bpf.o
	has map_extra 3 5
	require_bpftool
	run -0 bpftool gen object "$T/tool.o" "$DEFS" "$PROGS/lerr_map_extra.bpf.o"
}

@test "extern map-in-map with another inner map" {
	link_fails map_inner
	names lerr_outer lerr_defs.bpf.o lerr_map_inner.bpf.o
	has inner max_entries 1 2
}

@test "a losing weak map that differs from the winner" {
	link_fails map_weak
	names lerr_weak_map lerr_defs.bpf.o lerr_map_weak.bpf.o
	has max_entries 4 8
}

# --- license and version ------------------------------------------------

@test "two different licenses" {
	link_fails license
	[[ $stderr == *license* ]]
	[[ $stderr == *lerr_defs.bpf.o* && $stderr == *lerr_license.bpf.o* ]]
	[[ $stderr == *'"GPL"'* || $stderr == *"'GPL'"* ]]
	[[ $stderr == *"Dual BSD/GPL"* ]]
}

@test "two different kernel versions" {
	run --separate-stderr -1 bpfkit gen object "$T/out.o" \
		"$PROGS/lerr_version1.bpf.o" "$PROGS/lerr_version2.bpf.o"
	assert_no_file "$T/out.o"
	[[ $stderr == *version* ]]
	[[ $stderr == *lerr_version1.bpf.o* && $stderr == *lerr_version2.bpf.o* ]]
	# both values, as for the license
	has 1 2
}

# --- inputs that are not BPF objects -------------------------------------

@test "a missing input" {
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$DEFS" "$T/missing.o"
	assert_no_file "$T/out.o"
	[[ $stderr == *"$T/missing.o"* ]]
}

@test "an input that is not ELF" {
	echo "not an object" >"$T/text.o"
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$T/text.o"
	assert_no_file "$T/out.o"
	[[ $stderr == *"$T/text.o"* ]]
}

@test "an ELF object for another machine" {
	printf 'int x = 1;\n' | cc -x c -c -o "$T/host.o" -
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$DEFS" "$T/host.o"
	assert_no_file "$T/out.o"
	[[ $stderr == *"$T/host.o"* ]]
}

@test "an extern in an object without BTF" {
	llvm-objcopy --remove-section=.BTF --remove-section=.BTF.ext \
		--remove-section=.rel.BTF --remove-section=.rel.BTF.ext \
		"$PROGS/lerr_proto_count.bpf.o" "$T/nobtf.o"
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$DEFS" "$T/nobtf.o"
	assert_no_file "$T/out.o"
	[[ $stderr == *"$T/nobtf.o"* ]]
	[[ $stderr == *lerr_proto* ]]
	[[ $stderr == *BTF* ]]
}

# --- the output file ----------------------------------------------------

@test "a failed link leaves an existing output untouched (bpftool empties it)" {
	echo "previous content" >"$T/out.o"
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$DEFS" \
		"$PROGS/lerr_func_dup.bpf.o"
	[ "$(cat "$T/out.o")" = "previous content" ]
	[ -z "$(ls "$T" | grep -F 'out.o.')" ]
	require_bpftool
	run ! bpftool gen object "$T/out.o" "$DEFS" "$PROGS/lerr_func_dup.bpf.o"
	[ ! -s "$T/out.o" ]
}

@test "an output in a missing directory" {
	run --separate-stderr -1 bpfkit gen object "$T/no/such/dir/out.o" "$DEFS"
	[[ $stderr == *"$T/no/such/dir/out.o"* ]]
	[ ! -e "$T/no" ]
}

@test "no input file: usage, exit 1" {
	run --separate-stderr -1 bpfkit gen object "$T/out.o"
	assert_no_file "$T/out.o"
	[[ $stderr == *"gen object OUTPUT_FILE INPUT_FILE"* || $stderr == *"needs at least"* ]]
}

@test "in JSON mode a link error is one JSON object on stdout" {
	run --separate-stderr -1 bpfkit -j gen object "$T/out.o" "$DEFS" \
		"$PROGS/lerr_map_max.bpf.o"
	assert_no_file "$T/out.o"
	[ "$(jq -r 'keys | join(",")' <<<"$output")" = "error" ]
	[[ $(jq -r .error <<<"$output") == *lerr_map*max_entries* ]] ||
		[[ $(jq -r .error <<<"$output") == *max_entries*lerr_map* ]]
}

# --- warnings -----------------------------------------------------------

@test "same-named static variables and maps in two files: a warning" {
	run --separate-stderr -0 bpfkit gen object "$T/out.o" \
		"$PROGS/lerr_statics1.bpf.o" "$PROGS/lerr_statics2.bpf.o"
	[ -s "$T/out.o" ]
	[ -z "$output" ]
	grep -q "^Warning: .*'lerr_count'" <<<"$stderr"
	grep -q "^Warning: .*'lerr_smap'" <<<"$stderr"
	grep "'lerr_count'" <<<"$stderr" | grep -q lerr_statics1.bpf.o
	grep "'lerr_count'" <<<"$stderr" | grep -q lerr_statics2.bpf.o
}

@test "same-named static variables of the vars scenario: a warning" {
	run --separate-stderr -0 bpfkit gen object "$T/out.o" \
		"$PROGS/linked_vars1.bpf.o" "$PROGS/linked_vars2.bpf.o"
	grep -q "^Warning: .*'lv_static'" <<<"$stderr"
}

@test "same-named static functions are no reason to warn" {
	run --separate-stderr -0 bpfkit gen object "$T/out.o" \
		"$PROGS/linked_funcs1.bpf.o" "$PROGS/linked_funcs2.bpf.o" \
		"$PROGS/linked_funcs3.bpf.o"
	[ -z "$stderr" ]
	[ -z "$output" ]
}

# --- the link report: -j (JSON) and -d (lines) ---------------------------

# sym_json NAME: the report's entry for global NAME, compact.
sym_json() {
	jq -c --arg n "$1" '.symbols[] | select(.name == $n)' <<<"$output"
}

@test "-j: the link report lists inputs and every global's resolution" {
	local f1=$PROGS/linked_funcs1.bpf.o f2=$PROGS/linked_funcs2.bpf.o
	local f3=$PROGS/linked_funcs3.bpf.o
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" "$f1" "$f2" "$f3"
	[ -z "$stderr" ]
	jq -e . <<<"$output" >/dev/null
	[ "$(jq -r '.inputs | join(" ")' <<<"$output")" = "$f1 $f2 $f3" ]
	# one entry per global, none twice
	[ "$(jq '[.symbols[].name] | length' <<<"$output")" = \
		"$(jq '[.symbols[].name] | unique | length' <<<"$output")" ]
	# three weak definitions, the first won
	[ "$(sym_json lf_weak | jq -r '[.kind, .binding, .defined_in, .definitions, .weak_definitions, .weak_won] | join(" ")')" = \
		"func weak $f1 3 3 true" ]
	# weak first, strong in file 2: the strong one is in effect
	[ "$(sym_json lf_ws | jq -r '[.binding, .defined_in, .weak_definitions, .weak_won] | join(" ")')" = \
		"global $f2 1 false" ]
	# strong, then weak in file 3
	[ "$(sym_json lf_sw | jq -r '[.binding, .defined_in] | join(" ")')" = "global $f1" ]
	# hidden only at an extern site in file 2
	[ "$(sym_json lf_ctx1 | jq -r '[.visibility, .defined_in, .declarations] | join(" ")')" = \
		"hidden $f1 3" ]
	[ "$(sym_json lf_prog2 | jq -r .section)" = syscall ]
	[ "$(sym_json out_val2 | jq -r '[.kind, .section] | join(" ")')" = "var .bss" ]
	# the report describes the output that was written
	bpfkit gen object "$T/plain.o" "$f1" "$f2" "$f3"
	cmp "$T/out.o" "$T/plain.o"
}

@test "-j: kconfig and ksym externs are left for the loader" {
	run --separate-stderr -0 bpfkit -j gen object "$T/out.o" \
		"$PROGS/linked_vars1.bpf.o" "$PROGS/linked_vars2.bpf.o"
	# the lv_static warning goes to stderr, stdout stays JSON
	[[ $stderr == *"'lv_static'"* ]]
	[ "$(sym_json CONFIG_BPF_SYSCALL | jq -r '[.kind, .binding, .section, .extern, .defined_in] | join(" ")')" = \
		"kconfig global .kconfig true " ]
	[ "$(sym_json CONFIG_BPFKIT_NOT_SET | jq -r .binding)" = weak ]
	[ "$(sym_json __start_BTF | jq -r '[.kind, .section, .extern] | join(" ")')" = "ksym .ksyms true" ]
	[ "$(sym_json in_data_sw | jq -r '[.defined_in, .weak_definitions] | join(" ")')" = \
		"$PROGS/linked_vars1.bpf.o 1" ]
}

@test "-j: a library's unresolved externs, maps included" {
	run --separate-stderr -0 bpfkit -j gen object "$T/lib.o" \
		"$PROGS/linked_lib1.bpf.o" "$PROGS/linked_lib2.bpf.o"
	[ "$(jq -r '[.symbols[] | select(.extern) | .name] | sort | join(" ")' <<<"$output")" = \
		"app_bias app_map app_scale" ]
	[ "$(sym_json app_map | jq -r '[.kind, .defined_in] | join(" ")')" = "map " ]
	[ "$(sym_json lib_counter | jq -r '[.extern, .defined_in] | join(" ")')" = \
		"false $PROGS/linked_lib2.bpf.o" ]
}

@test "-p: the same report, indented" {
	run --separate-stderr -0 bpfkit -p gen object "$T/out.o" \
		"$PROGS/linked_maps1.bpf.o" "$PROGS/linked_maps2.bpf.o"
	[ "${#lines[@]}" -gt 10 ]
	[ "$(sym_json lm_weak | jq -r '[.kind, .binding, .weak_won, .defined_in] | join(" ")')" = \
		"map weak true $PROGS/linked_maps1.bpf.o" ]
}

@test "-d: the link report as lines" {
	local f1=$PROGS/linked_funcs1.bpf.o f2=$PROGS/linked_funcs2.bpf.o
	local f3=$PROGS/linked_funcs3.bpf.o
	run -0 bpfkit -d gen object "$T/out.o" "$f1" "$f2" "$f3"
	grep -qxF "input $f1" <<<"$output"
	grep -qxF "input $f3" <<<"$output"
	grep "lf_weak" <<<"$output" | grep -F "$f1" | grep -q "won over 2"
	grep "lf_ws:" <<<"$output" | grep -F "$f2" | grep -q "overrides 1 weak"
	grep "lf_ctx2:" <<<"$output" | grep -q "hidden"
	bpfkit gen object "$T/plain.o" "$f1" "$f2" "$f3"
	cmp "$T/out.o" "$T/plain.o"
}

@test "without -j or -d a successful link prints nothing" {
	run --separate-stderr -0 bpfkit gen object "$T/out.o" \
		"$PROGS/linked_maps1.bpf.o" "$PROGS/linked_maps2.bpf.o"
	[ -z "$output" ]
	[ -z "$stderr" ]
	[ -s "$T/out.o" ]
}

@test "control bytes in names are escaped: one error line, no raw ESC" {
	# mkcorpus renames an extern to "x\n\e[2J..."; bpftool prints it raw
	"$TBIN/mkcorpus" "$PROGS" "$T/corpus" >/dev/null
	local f="$T/corpus/ext-sym-rob_ext_var-ctrl-name.o"
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$f"
	assert_no_file "$T/out.o"
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ "$stderr" = "Error: $f: symbol 'x\\n\\x1b[2Jt_var': no BTF VAR or FUNC describes this extern" ]
	# JSON mode escapes it as JSON
	run --separate-stderr -1 bpfkit -j gen object "$T/out.o" "$f"
	[ "$(jq -r .error <<<"$output")" = "$f: symbol 'x"$'\n\e'"[2Jt_var': no BTF VAR or FUNC describes this extern" ]
}

@test "inputs whose output libbpf or a skeleton would refuse are refused" {
	# bpfkit 638a187 linked all three; see mkcorpus gen_link_outputs()
	"$TBIN/mkcorpus" "$PROGS" "$T/corpus" >/dev/null
	local c="$T/corpus/base-sym"
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "${c}29-rob_hash-st_info-map-notype.o"
	[ "$stderr" = "Error: ${c}29-rob_hash-st_info-map-notype.o: symbol 'rob_hash' in section '.maps' is not an object: libbpf cannot find the map" ]
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "${c}21-rob_global_fn-func-unaligned.o"
	[ "$stderr" = "Error: ${c}21-rob_global_fn-func-unaligned.o: function 'rob_global_fn': offset 4 size 80 in section '.text' is not whole instructions (8 bytes each)" ]
	# libbpf opens this one; bpfkit's skeleton refused the output
	local f="${c}34-rob_float-st_value-overlaps.o"
	"$TBIN/libbpf_open" "$f"
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$PROGS/rob_good.bpf.o" "$f"
	[ "$stderr" = "Error: $f: section '.data': variable 'rob_float' at offset 4 overlaps 'rob_data' (offset 0, size 8) from $f" ]
	assert_no_file "$T/out.o"
}
