#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# bpfkit object show [needs]: what an object defines, uses and needs.
load helpers

setup() {
	TMP="$BATS_TEST_TMPDIR"
}

# show_json FILE...: the JSON document of object show.
show_json() {
	"$BPFKIT" -j object show "$@"
}

# man_keys NAME: the keys man/bpfkit-object.rst documents under ":NAME keys:".
man_keys() {
	sed -n "s/^[[:space:]]*:$1 keys: *//p" "$TOP/man/bpfkit-object.rst" |
		tr ' ' '\n' | sed '/^$/d' | sort
}

@test "help: usage on stderr, null with -j" {
	run --separate-stderr bpfkit object help
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$stderr" == *"object show FILE [FILE...]"* ]]
	[[ "$stderr" == *"object show FILE needs"* ]]
	run bpfkit -j object help
	[ "$output" = "null" ]
	run -1 bpfkit object show
	[[ "$output" == *"'show' needs at least 1 arguments, 0 found"* ]]
}

# Section names as libbpf's documentation (Documentation/bpf/libbpf/
# program_types.rst) maps them: an independent copy of libbpf's rules.
@test "each program type the table knows, mapped from its section as libbpf does" {
	local expect got
	expect=$(
		cat <<'LIST'
action sched_act none
cgroup/connect4 cgroup_sock_addr cgroup_inet4_connect
cgroup/dev cgroup_device cgroup_device
cgroup/getsockopt cgroup_sockopt cgroup_getsockopt
cgroup/sock_create cgroup_sock cgroup_inet_sock_create
cgroup/sysctl cgroup_sysctl cgroup_sysctl
cgroup_skb/ingress cgroup_skb cgroup_inet_ingress
fentry/do_nanosleep tracing trace_fentry
flow_dissector flow_dissector flow_dissector
freplace/ot_target ext none
kprobe/do_nanosleep kprobe none
lirc_mode2 lirc_mode2 lirc_mode2
lsm/file_open lsm lsm_mac
lwt_in lwt_in none
lwt_out lwt_out none
lwt_seg6local lwt_seg6local none
lwt_xmit lwt_xmit none
perf_event perf_event none
raw_tp.w/sys_enter raw_tracepoint_writable none
raw_tp/sys_enter raw_tracepoint none
sk_lookup sk_lookup sk_lookup
sk_msg sk_msg sk_msg_verdict
sk_reuseport sk_reuseport sk_reuseport_select
sk_skb/stream_parser sk_skb sk_skb_stream_parser
socket socket_filter none
sockops sock_ops cgroup_sock_ops
struct_ops/ot_op struct_ops none
syscall syscall none
tc sched_cls none
tracepoint/syscalls/sys_enter_getppid tracepoint none
xdp xdp xdp
LIST
	)
	got=$(show_json "$PROGS/obj_types.bpf.o" |
		jq -r '.[0].programs[] | "\(.section) \(.prog_type) \(.attach_type)"' |
		LC_ALL=C sort)
	diff <(echo "$expect" | LC_ALL=C sort) <(echo "$got")
	# All 31 program types but unspec, each once.
	[ "$(echo "$got" | awk '{print $2}' | sort -u | wc -l)" -eq 31 ]
}

@test "JSON keys are the ones bpfkit-object(8) documents" {
	local j
	j=$(show_json "$PROGS/obj_trace.bpf.o")
	diff <(man_keys file) <(jq -r '.[0] | keys[]' <<<"$j")
	diff <(man_keys program) <(jq -r '[.[0].programs[] | keys[]] | unique[]' <<<"$j")
	diff <(man_keys map) <(show_json "$PROGS/linked_maps1.bpf.o" |
		jq -r '[.[0].maps[] | keys[]] | unique[]')
	diff <(man_keys global) <(jq -r '[.[0].globals[] | keys[]] | unique[]' <<<"$j")
	diff <(man_keys import) <(jq -r '[.[0].imports[] | keys[]] | unique[]' <<<"$j")
	j=$("$BPFKIT" -j object show "$PROGS/obj_trace.bpf.o" needs)
	diff <(man_keys needs) <(jq -r '.[0] | keys[]' <<<"$j")
	diff <(man_keys "needs program") <(jq -r '.[0].programs[0] | keys[]' <<<"$j")
	diff <(man_keys "needs total") <(jq -r '.[0].total | keys[]' <<<"$j")
	diff <(man_keys need) <(jq -r '[.[0].total.needs[] | keys[]] | unique[]' <<<"$j")
}

@test "programs: helpers, maps, globals, calls, imports, subprogram kinds" {
	local j p
	j=$(show_json "$PROGS/obj_trace.bpf.o" "$PROGS/obj_lib.bpf.o")
	p=$(jq -c '.[0].programs[] | select(.name == "ot_probe")' <<<"$j")
	[ "$(jq -r '.kind' <<<"$p")" = program ]
	[ "$(jq -r '[.helpers[] | "\(.name)=\(.id)"] | join(" ")' <<<"$p")" = \
		"probe_read_kernel=113 ringbuf_output=130 loop=181" ]
	[ "$(jq -r '.maps | join(" ")' <<<"$p")" = ot_events ]
	[ "$(jq -r '.globals | join(" ")' <<<"$p")" = \
		"LINUX_KERNEL_VERSION ot_hits ot_rounds" ]
	# ot_step is called only through its address, by bpf_loop().
	[ "$(jq -r '.calls | join(" ")' <<<"$p")" = "ot_double ot_step ot_sum" ]
	[ "$(jq -r '.imports | join(" ")' <<<"$p")" = olib_scale ]
	[ "$(jq -r '.insns > 0' <<<"$p")" = true ]
	[ "$(jq -r '.[0].programs[] | select(.name == "ot_sum") | .kind' <<<"$j")" = \
		"global subprogram" ]
	[ "$(jq -r '.[0].programs[] | select(.name == "ot_double") | .kind' <<<"$j")" = \
		"static subprogram" ]
	# __hidden: libbpf verifies it with its caller, as a static one.
	[ "$(jq -r '.[1].programs[] | select(.name == "olib_clamp") | .kind' <<<"$j")" = \
		"static subprogram" ]
	[ "$(jq -r '.[0].license, .[0].btf, .[0].btf_ext' <<<"$j" | xargs)" = "GPL true true" ]
}

@test "globals: kind, binding, visibility, section, size, BTF type; exports and imports" {
	local j
	j=$(show_json "$PROGS/obj_lib.bpf.o" "$PROGS/obj_trace.bpf.o")
	[ "$(jq -r '.[0].globals[] | select(.name == "olib_bias") |
		"\(.kind) \(.binding) \(.visibility) \(.section) \(.size) \(.btf_type)"' <<<"$j")" = \
		"var weak default .bss 4 int olib_bias" ]
	[ "$(jq -r '.[0].globals[] | select(.name == "olib_clamp") |
		"\(.kind) \(.visibility) \(.btf_type)"' <<<"$j")" = \
		"func hidden int olib_clamp(int v)" ]
	[ "$(jq -r '.[0].exports | sort | join(" ")' <<<"$j")" = \
		"LICENSE olib_bias olib_factor olib_scale" ]
	[ "$(jq -r '[.[1].imports[] | "\(.name):\(.from)"] | sort | join(" ")' <<<"$j")" = \
		"LINUX_KERNEL_VERSION:.kconfig olib_scale:link" ]
	[ "$(jq -r '.[1].globals[] | select(.name == "olib_scale") |
		"\(.kind) \(.defined) \(.section)"' <<<"$j")" = "func false UND" ]
}

@test "maps: type, key/value types and sizes, max_entries, flags, pinning, inner, legacy" {
	local j
	j=$(show_json "$PROGS/linked_maps1.bpf.o" "$PROGS/obj_legacy.bpf.o")
	[ "$(jq -r '.[0].maps[] | select(.name == "lm_hash") |
		"\(.type) \(.key_type) \(.key_size) \(.value_type) \(.value_size) \(.max_entries) \(.flags)"' <<<"$j")" = \
		"hash struct lm_key 8 struct lm_value 16 16 1" ]
	[ "$(jq -r '.[0].maps[] | select(.name == "lm_pinned") | .pinning' <<<"$j")" = 1 ]
	[ "$(jq -r '.[0].maps[] | select(.name == "lm_outer") | "\(.type) \(.inner_type)"' <<<"$j")" = \
		"array_of_maps array" ]
	[ "$(jq -r '.[1].maps[0] | "\(.name) \(.section) \(.type) \(.key_size) \(.value_size) \(.max_entries) \(.flags) \(.legacy)"' <<<"$j")" = \
		"ol_counts maps hash 4 8 64 1 true" ]
}

@test "kfuncs, .ksyms imports and CO-RE relocations per program" {
	local j
	j=$(show_json "$PROGS/linked_ksyms1.bpf.o")
	[ "$(jq -r '.[0].programs[0] | "\(.kfuncs | join(",")) \(.core_relos)"' <<<"$j")" = \
		"bpf_task_from_pid,bpf_task_release 1" ]
	[ "$(jq -r '[.[0].imports[] | select(.from == ".ksyms") | .name] | sort | join(" ")' <<<"$j")" = \
		"__start_BTF bpf_task_from_pid bpf_task_release bpfkit_no_such_ksym" ]
	j=$("$BPFKIT" -j object show "$PROGS/linked_ksyms1.bpf.o" needs)
	[ "$(jq -r '[.[0].total.needs[] | select(.kind == "kfunc") | "\(.name):\(.linux):\(.windows)"] | join(" ")' <<<"$j")" = \
		"bpf_task_from_pid:5.13:no bpf_task_release:5.13:no" ]
	[ "$(jq -r '.[0].total.needs[] | select(.name == "CO-RE (kernel BTF)") | .linux' <<<"$j")" = 5.4 ]
}

@test "a linked library shows the union of its inputs" {
	local a b lib
	a="$PROGS/obj_trace.bpf.o" b="$PROGS/obj_lib.bpf.o" lib="$TMP/lib.o"
	bpfkit gen object "$lib" "$a" "$b"
	# Exports: every input's; imports: what none of them defines.
	diff <(show_json "$a" "$b" | jq -r '[.[].exports[]] | unique[]') \
		<(show_json "$lib" | jq -r '.[0].exports | unique[]')
	[ "$(show_json "$lib" | jq -r '[.[0].imports[] | "\(.name):\(.from)"] | join(" ")')" = \
		"LINUX_KERNEL_VERSION:.kconfig" ]
	diff <(show_json "$a" "$b" | jq -r '[.[].programs[] | "\(.name) \(.kind) \(.insns)"] | sort[]') \
		<(show_json "$lib" | jq -r '[.[0].programs[] | "\(.name) \(.kind) \(.insns)"] | sort[]')
	diff <(show_json "$a" "$b" | jq -r '[.[].maps[].name] | sort[]') \
		<(show_json "$lib" | jq -r '[.[0].maps[].name] | sort[]')
	# The program now reaches the library's globals through olib_scale.
	[ "$(show_json "$lib" | jq -r '.[0].programs[] | select(.name == "ot_probe") |
		"\(.globals | join(",")) \(.calls | join(",")) \(.imports | length)"')" = \
		"LINUX_KERNEL_VERSION,olib_bias,olib_factor,ot_hits,ot_rounds olib_scale,ot_double,ot_step,ot_sum 0" ]
}

# skel_members SKEL KIND: the member names of "struct { ... } KIND;" in a
# skeleton bpftool generated.
skel_members() {
	awk -v kind="$2" '
		/^\tstruct {$/ { n = 0; next }
		/^\t\tstruct bpf_[a-z]* \*[A-Za-z0-9_]*;$/ {
			sub(/.*\*/, ""); sub(/;$/, ""); names[n++] = $0; next
		}
		$0 == "\t} " kind ";" { for (i = 0; i < n; i++) print names[i] }
	' "$1" | sort
}

# Differential: libbpf (inside bpftool 7.1) opens the same objects and
# names the same programs; its maps are ours plus one per data section.
@test "programs and maps agree with bpftool gen skeleton" {
	require_bpftool
	local o sk
	bpfkit gen object "$TMP/lib.o" "$PROGS/obj_trace.bpf.o" "$PROGS/obj_lib.bpf.o"
	for o in "$PROGS/obj_types.bpf.o" "$PROGS/obj_xdp.bpf.o" \
		"$PROGS/linked_maps1.bpf.o" "$TMP/lib.o"; do
		sk="$TMP/$(basename "$o").h"
		bpftool gen skeleton "$o" name x >"$sk"
		[ -n "$(skel_members "$sk" progs)" ]
		diff <(skel_members "$sk" progs) <(show_json "$o" |
			jq -r '.[0].programs[] | select(.kind == "program") | .name' | sort)
		diff <(skel_members "$sk" maps | grep -vE '^(rodata|data|bss|kconfig)') \
			<(show_json "$o" | jq -r '.[0].maps[].name' | sort)
	done
}

@test "needs: XDP with array and hash maps can run on eBPF for Windows" {
	local j
	run bpfkit object show "$PROGS/obj_xdp.bpf.o" needs
	[ "$status" -eq 0 ]
	[[ "$output" == *"windows: 1 of 1 programs can run there"* ]]
	j=$("$BPFKIT" -j object show "$PROGS/obj_xdp.bpf.o" needs)
	[ "$(jq -r '.[0].programs[0] | "\(.name) \(.windows) \(.min_linux)"' <<<"$j")" = \
		"ox_count yes 4.8" ]
	[ "$(jq -r '[.[0].total.needs[] | "\(.kind):\(.name):\(.windows)"] | join(" ")' <<<"$j")" = \
		"prog_type:xdp:yes map_type:hash:yes map_type:array:yes helper:map_lookup_elem:yes helper:map_update_elem:yes" ]
}

@test "needs: a tracing helper blocks eBPF for Windows, versions give the minimum kernel" {
	local j
	run bpfkit object show "$PROGS/obj_trace.bpf.o" needs
	[ "$status" -eq 0 ]
	[[ "$output" == *"windows: no, blocked by: prog_type kprobe, helper probe_read_kernel, helper loop"* ]]
	[[ "$output" == *"windows: 0 of 1 programs can run there"* ]]
	j=$("$BPFKIT" -j object show "$PROGS/obj_trace.bpf.o" needs)
	[ "$(jq -r '.[0].total | "\(.min_linux) \(.windows) \(.windows_blockers | join(","))"' <<<"$j")" = \
		"5.17 no kprobe,probe_read_kernel,loop" ]
	# loop (5.17) is the newest item; every feature seen is listed.
	[ "$(jq -r '[.[0].total.needs[] | select(.kind == "feature") | .name] | join(",")' <<<"$j")" = \
		"bpf2bpf calls,global functions,bounded loops,global data" ]
	[ "$(jq -r '.[0].total.needs[] | select(.name == "probe_read_kernel") |
		"\(.id) \(.linux) \(.linux_source)"' <<<"$j")" = \
		"113 5.5 BCC docs/kernel-versions.md" ]
}

@test "needs: per program, the whole object and a mixed verdict" {
	local j
	bpfkit gen object "$TMP/mixed.o" "$PROGS/obj_xdp.bpf.o" "$PROGS/load_tp.bpf.o"
	j=$("$BPFKIT" -j object show "$TMP/mixed.o" needs)
	[ "$(jq -r '[.[0].programs[] | "\(.name):\(.windows)"] | join(" ")' <<<"$j")" = \
		"ox_count:yes tp_getppid:no" ]
	[ "$(jq -r '"\(.[0].windows_program_cnt) \(.[0].program_cnt) \(.[0].total.windows) \(.[0].total.min_linux)"' <<<"$j")" = \
		"1 2 no 4.8" ]
}

# Facts are closed over calls: along a chain each function reaches all
# the rest, which once made the sets grow exponentially.
@test "a 300-function call chain is shown in time linear in what it reaches" {
	command -v clang >/dev/null || skip "clang is not installed"
	local i n=300
	{
		echo '#include <linux/bpf.h>'
		echo '#include <bpf/bpf_helpers.h>'
		echo "__attribute__((noinline)) int c$n(int x) { return x; }"
		for ((i = n - 1; i >= 0; i--)); do
			echo "int g$i;"
			echo "__attribute__((noinline)) int c$i(int x) { g$i += x; return c$((i + 1))(x + 1); }"
		done
		echo 'SEC("raw_tp/sys_enter") int chain(void *ctx) { return c0(1); }'
		echo 'char LICENSE[] SEC("license") = "GPL";'
	} >"$TMP/chain.c"
	clang -g -O2 -target bpf -I"/usr/include/$(uname -m)-linux-gnu" \
		-c -o "$TMP/chain.o" "$TMP/chain.c"
	run -0 timeout 20 "$BPFKIT" -j object show "$TMP/chain.o"
	[ "$(jq -r '.[0].programs[] | select(.name == "chain") | .globals | length' <<<"$output")" -eq $n ]
	[ "$(jq -r '.[0].programs[] | select(.name == "c299") | .globals | join(" ")' <<<"$output")" = g299 ]
}

@test "bad input: one clear error, exit 1, nothing on stdout" {
	printf 'not an object' >"$TMP/text.o"
	run --separate-stderr bpfkit object show "$TMP/text.o"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ "$stderr" == "Error: $TMP/text.o: "* ]]
	# A bad second file: not even the first is printed.
	run --separate-stderr bpfkit object show "$PROGS/obj_xdp.bpf.o" "$TMP/missing.o"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ "$stderr" == "Error: "*"missing.o"* ]]
	run --separate-stderr bpfkit -j object show "$TMP/text.o" needs
	[ "$status" -eq 1 ]
	[ "$(jq -r '.error' <<<"$output")" != null ]
	head -c 200 "$PROGS/obj_xdp.bpf.o" >"$TMP/cut.o"
	run --separate-stderr bpfkit object show "$TMP/cut.o"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "Error: $TMP/cut.o: "* ]]
}

# Every malformed object of the robustness corpus: exit 0, or 1 with one
# error line naming the file and nothing on stdout; never a crash.
@test "bad input: the robustness corpus never crashes object show" {
	local f out err status bad=0 n=0
	"$TBIN/mkcorpus" "$PROGS" "$TMP/corpus" >/dev/null
	for f in "$TMP"/corpus/*.o; do
		n=$((n + 1))
		status=0
		"$BPFKIT" object show "$f" needs >"$TMP/out" 2>"$TMP/err" || status=$?
		out=$(cat "$TMP/out") err=$(cat "$TMP/err")
		if [ "$status" -eq 1 ]; then
			if [ -n "$out" ] || [ "$(wc -l <"$TMP/err")" -ne 1 ] ||
				[[ "$err" != "Error: $f"* ]]; then
				echo "unclear failure: $f: $err"
				bad=$((bad + 1))
			fi
		elif [ "$status" -ne 0 ]; then
			echo "exit $status: $f: $err"
			bad=$((bad + 1))
		fi
	done
	echo "# $n corpus files" >&3
	[ "$n" -gt 100 ]
	[ "$bad" -eq 0 ]
}

@test "kernel: the XDP object eBPF for Windows could run loads and runs here" {
	require_kernel
	require_bpftool
	local pin="/sys/fs/bpf/bpfkit_objshow_$$_${BATS_TEST_NUMBER}"
	bpfkit prog load "$PROGS/obj_xdp.bpf.o" "$pin"
	printf 'A%.0s' $(seq 64) >"$TMP/pkt"
	run bpftool prog run pinned "$pin" data_in "$TMP/pkt" repeat 3
	[ "$status" -eq 0 ]
	# XDP_PASS
	[[ "$output" == *"Return value: 2"* ]]
	# Three runs counted, all under the packet's first byte 'A' (0x41).
	local id total by_byte
	for id in $(bpftool -j prog show pinned "$pin" | jq -r '.map_ids[]'); do
		case $(bpftool -j map show id "$id" | jq -r '.name') in
		ox_total) total=$(bpftool -j map lookup id "$id" key 0 0 0 0 |
			jq -r '.value | reverse | join("") | gsub("0x"; "")') ;;
		ox_by_byte) by_byte=$(bpftool -j map lookup id "$id" key 0x41 0 0 0 |
			jq -r '.value | reverse | join("") | gsub("0x"; "")') ;;
		esac
	done
	rm -f "$pin"
	# u64 values, little-endian bytes turned into one hex number
	[ "$((16#$total))" -eq 3 ]
	[ "$((16#$by_byte))" -eq 3 ]
}

teardown() {
	rm -f "/sys/fs/bpf/bpfkit_objshow_$$_${BATS_TEST_NUMBER}" 2>/dev/null || true
}
