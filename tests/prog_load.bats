#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# prog load, loadall, verify and show: pins checked with bpfkit and bpftool,
# programs run and their maps read, map reuse, autoattach, and every error
# path asserting its message and that nothing is left pinned.
load helpers

# Linked test inputs, made by bpfkit's own linker.
link_objects() {
	"$BPFKIT" gen object "$@" >/dev/null
}

setup_file() {
	link_objects "$BATS_FILE_TMPDIR/load_count.bpf.o" \
		"$PROGS/load_count_a.bpf.o" "$PROGS/load_count_b.bpf.o"
	link_objects "$BATS_FILE_TMPDIR/demo.bpf.o" \
		"$PROGS/demo_lib.bpf.o" "$PROGS/demo_main.bpf.o"
}

setup() {
	COUNT="$BATS_FILE_TMPDIR/load_count.bpf.o"
	DEMO="$BATS_FILE_TMPDIR/demo.bpf.o"
	SHARE="$PROGS/load_share.bpf.o"
	PIN="/sys/fs/bpf/bpfkit-test-$$-$BATS_TEST_NUMBER"
}

teardown() {
	local m
	if [ -d "$PIN" ]; then
		rm -rf "$PIN"
	fi
	# BPF file systems bpfkit mounted under the test's directory.
	for m in $(awk -v d="$BATS_TEST_TMPDIR" 'index($2, d) == 1 { print $2 }' \
		/proc/mounts | sort -r); do
		umount -l "$m"
	done
}

# Kernel tests: root, bpf(), bpftool to compare with, and a bpffs to pin in.
kernel_setup() {
	require_kernel
	require_bpftool
	if ! mountpoint -q /sys/fs/bpf; then
		mount -t bpf bpf /sys/fs/bpf
	fi
	mkdir -p "$PIN"
}

# assert_empty_dir DIR: nothing pinned (or left) in DIR.
assert_empty_dir() {
	local left
	left=$(ls -A "$1")
	if [ -n "$left" ]; then
		echo "left behind in $1: $left" >&2
		return 1
	fi
}

prog_id() {
	"$BPFKIT" -j prog show pinned "$1" | jq -r .id
}

@test "prog help lists every command; JSON help is null" {
	run --separate-stderr -0 bpfkit prog help
	[[ $stderr == *"prog { show | list } [PROG]"* ]]
	[[ $stderr == *"prog load OBJ PATH [type TYPE]"* ]]
	[[ $stderr == *"prog loadall OBJ PATH [type TYPE]"* ]]
	[[ $stderr == *"prog load OBJ verify [type TYPE]"* ]]
	[[ $stderr == *"PROG := { id PROG_ID | pinned FILE | name PROG_NAME | tag PROG_TAG }"* ]]
	[[ $stderr == *"{-n|--nomount}"* ]]
	run --separate-stderr -0 bpfkit -j prog help
	[ "$output" = "null" ]
}

@test "load and loadall reject bad arguments before touching the kernel" {
	run --separate-stderr -1 bpfkit prog load x.o
	[[ $stderr == *"'load' needs at least 2 arguments, 1 found"* ]]
	run --separate-stderr -1 bpfkit prog loadall x.o /sys/fs/bpf/x bogus
	[[ $stderr == *"expected no more arguments, 'type', 'map', 'pinmaps' or 'autoattach', got: 'bogus'?"* ]]
	run --separate-stderr -1 bpfkit prog load x.o /sys/fs/bpf/x type a type b
	[[ $stderr == *"program type already specified"* ]]
	run --separate-stderr -1 bpfkit prog load x.o /sys/fs/bpf/x map foo 1 id 2
	[[ $stderr == *"expected 'idx' or 'name', got: 'foo'?"* ]]
	# -1 would be an option, as for bpftool: after -- it is an argument
	run --separate-stderr -1 bpfkit prog load x.o /sys/fs/bpf/x -- map idx -1 id 2
	[[ $stderr == *"can't parse '-1' as a map index"* ]]
	run --separate-stderr -1 bpfkit prog load x.o /sys/fs/bpf/x map idx 0 id
	[[ $stderr == *"'map' needs at least 4 arguments, 3 found"* ]]
	run --separate-stderr -1 bpfkit prog load x.o verify pinmaps /sys/fs/bpf/m
	[[ $stderr == *"verify pins nothing"* ]]
	run --separate-stderr -1 bpfkit -j prog load x.o
	[ "$(jq -r .error <<<"$output")" = "'load' needs at least 2 arguments, 1 found" ]
}

@test "show rejects a malformed PROG" {
	run --separate-stderr -1 bpfkit prog show id
	[[ $stderr == *"'show' needs at least 2 arguments, 1 found"* ]]
	run --separate-stderr -1 bpfkit prog show id x1
	[[ $stderr == *"can't parse 'x1' as a program ID"* ]]
	run --separate-stderr -1 bpfkit prog show foo 1
	[[ $stderr == *"expected 'id', 'pinned', 'name' or 'tag', got: 'foo'?"* ]]
	run --separate-stderr -1 bpfkit prog list id 1 extra
	[[ $stderr == *"expected no more arguments, got: 'extra'?"* ]]
}

@test "load pins the first program of a linked object; bpfkit and bpftool show it" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog load "$COUNT" "$PIN/first"
	[ -z "$output" ]
	run -0 bpftool -j prog show pinned "$PIN/first"
	local theirs=$output
	run -0 bpfkit -j prog show pinned "$PIN/first"
	local ours=$output
	# The first program in the object is the raw tracepoint of file a.
	[ "$(jq -r .name <<<"$ours")" = count_getppid ]
	[ "$(jq -r .type <<<"$ours")" = raw_tracepoint ]
	for key in id type name tag gpl_compatible bytes_xlated bytes_jited \
		map_ids btf_id uid loaded_at; do
		[ "$(jq -c .$key <<<"$ours")" = "$(jq -c .$key <<<"$theirs")" ] || {
			echo "$key differs: $ours vs $theirs"
			return 1
		}
	done
	[ "$(jq -c .pinned <<<"$ours")" = "[\"$PIN/first\"]" ]
	run -0 bpfkit prog show pinned "$PIN/first"
	[[ ${lines[0]} =~ ^[0-9]+:\ raw_tracepoint\ \ name\ count_getppid\ \ tag\ [0-9a-f]{16}\ \ gpl$ ]]
	[[ $output == *"	pinned $PIN/first"* ]]
	# -j load prints null, as bpftool does.
	run --separate-stderr -0 bpfkit -j prog load "$COUNT" "$PIN/second"
	[ "$output" = null ]
}

@test "loadall pins every program and pinmaps every map; the programs run" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog loadall "$COUNT" "$PIN/progs" \
		pinmaps "$PIN/maps"
	[ "$(ls "$PIN/progs" | xargs)" = "add count_getppid" ]
	# bpffs refuses '.': libbpf's load_cou.bss is pinned as load_cou_bss.
	[ "$(ls "$PIN/maps" | xargs)" = "load_cou_bss load_counts" ]
	run -0 bpftool -j prog show pinned "$PIN/progs/add"
	[ "$(jq -r .type <<<"$output")" = syscall ]
	# add() returns the running sum in slot LOAD_SLOT_ADDED (2).
	run -0 "$TBIN/prog_util" run "$PIN/progs/add" 4
	[ "$output" = 4 ]
	run -0 "$TBIN/prog_util" run "$PIN/progs/add" 6
	[ "$output" = 10 ]
	run -0 "$TBIN/prog_util" get "$PIN/maps/load_counts" 2
	[ "$output" = 10 ]
	# Both programs use the one map the maps directory holds.
	local map_id
	map_id=$(bpftool -j map show pinned "$PIN/maps/load_counts" | jq .id)
	[ "$(bpfkit -j prog show pinned "$PIN/progs/add" | jq ".map_ids | index($map_id)")" != null ]
	[ "$(bpfkit -j prog show pinned "$PIN/progs/count_getppid" | jq ".map_ids | index($map_id)")" != null ]
}

@test "loadall pins what bpftool's loadall pins, under the same names" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog loadall "$COUNT" "$PIN/ours" \
		pinmaps "$PIN/our_maps"
	run -0 bpftool prog loadall "$COUNT" "$PIN/theirs" \
		pinmaps "$PIN/their_maps"
	[ "$(ls "$PIN/ours" | xargs)" = "$(ls "$PIN/theirs" | xargs)" ]
	[ "$(ls "$PIN/our_maps" | xargs)" = "$(ls "$PIN/their_maps" | xargs)" ]
	# The same instructions reach the kernel: the tags agree.
	local p
	for p in add count_getppid; do
		[ "$(bpfkit -j prog show pinned "$PIN/ours/$p" | jq -r .tag)" = \
			"$(bpftool -j prog show pinned "$PIN/theirs/$p" | jq -r .tag)" ]
	done
}

@test "a linked object's function, variable and map work together once loaded" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog loadall "$DEMO" "$PIN/progs" \
		pinmaps "$PIN/maps"
	run -0 "$TBIN/prog_util" run "$PIN/progs/demo_run"
	[ "$output" = 0 ]
	# demo_run counts (kind + 1) * rounds (3) for kinds 0..3.
	run -0 "$TBIN/prog_util" get "$PIN/maps/demo_counts" 0
	[ "$output" = 3 ]
	run -0 "$TBIN/prog_util" get "$PIN/maps/demo_counts" 3
	[ "$output" = 12 ]
}

@test "autoattach attaches the raw tracepoint and pins its link" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog loadall "$COUNT" "$PIN/progs" \
		pinmaps "$PIN/maps" autoattach
	# add() is SEC("syscall"): nothing to attach to, so it is pinned.
	[[ $stderr == *"program 'add' (section 'syscall') cannot be attached automatically: pinning the program instead"* ]]
	run -0 bpftool -j link show pinned "$PIN/progs/count_getppid"
	[ "$(jq -r .type <<<"$output")" = raw_tracepoint ]
	run -0 bpftool -j prog show pinned "$PIN/progs/add"
	# The link runs the program: each getppid() of prog_util counts.
	run -0 "$TBIN/prog_util" trigger "$PIN/maps/load_counts" 5
	[ "$output" = 5 ]
	run -0 "$TBIN/prog_util" trigger "$PIN/maps/load_counts" 3
	[ "$output" = 8 ]
	# prog show finds the program through its pinned link.
	run -0 bpfkit -j prog show pinned "$PIN/progs/count_getppid"
	[ "$(jq -r .name <<<"$output")" = count_getppid ]
	[ "$(jq -c .pinned_links <<<"$output")" = "[\"$PIN/progs/count_getppid\"]" ]
	run -0 bpfkit prog show pinned "$PIN/progs/count_getppid"
	[[ $output == *"	pinned_link $PIN/progs/count_getppid"* ]]
	# The pin held the link: without it the program no longer runs.
	rm "$PIN/progs/count_getppid"
	run -0 "$TBIN/prog_util" trigger "$PIN/maps/load_counts" 4
	[ "$output" = 8 ]
}

@test "load autoattach pins the first program's link at PATH" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog load "$COUNT" "$PIN/link" \
		pinmaps "$PIN/maps" autoattach
	[ -z "$stderr" ]
	run -0 bpftool -j link show pinned "$PIN/link"
	run -0 "$TBIN/prog_util" trigger "$PIN/maps/load_counts" 2
	[ "$output" = 2 ]
}

@test "autoattach attaches a tracepoint program" {
	kernel_setup
	local tp=/sys/kernel/tracing
	# libbpf finds the tracepoint's ID in tracefs.
	if [ ! -d $tp/events ]; then
		mount -t tracefs tracefs $tp 2>/dev/null ||
			skip "KERNEL TEST SKIPPED: tracefs cannot be mounted"
	fi
	[ -d $tp/events/syscalls/sys_enter_getppid ] ||
		skip "KERNEL TEST SKIPPED: no syscall tracepoints in this kernel"
	run --separate-stderr -0 bpfkit prog load "$PROGS/load_tp.bpf.o" \
		"$PIN/tp" pinmaps "$PIN/maps" autoattach
	run -0 bpftool -j link show pinned "$PIN/tp"
	[ "$(jq -r .type <<<"$output")" = perf_event ]
	run -0 "$TBIN/prog_util" trigger "$PIN/maps/tp_counts" 4
	[ "$output" = 4 ]
}

@test "map reuse: two loads share one pinned map and see each other's writes" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog load "$SHARE" "$PIN/a" \
		pinmaps "$PIN/maps"
	run --separate-stderr -0 bpfkit prog load "$SHARE" "$PIN/b" \
		map name shared pinned "$PIN/maps/shared"
	# put(slot, value) stores and returns the sum of both slots.
	run -0 "$TBIN/prog_util" run "$PIN/a" 0 5
	[ "$output" = 5 ]
	run -0 "$TBIN/prog_util" run "$PIN/b" 1 7
	[ "$output" = 12 ]
	run -0 "$TBIN/prog_util" run "$PIN/a" 0 1
	[ "$output" = 8 ]
	[ "$(bpfkit -j prog show pinned "$PIN/a" | jq -c .map_ids)" = \
		"$(bpfkit -j prog show pinned "$PIN/b" | jq -c .map_ids)" ]
	# By index and map ID: the same map once more.
	local map_id
	map_id=$(bpftool -j map show pinned "$PIN/maps/shared" | jq .id)
	run --separate-stderr -0 bpfkit prog load "$SHARE" "$PIN/c" \
		map idx 0 id "$map_id"
	run -0 "$TBIN/prog_util" run "$PIN/c" 1 2
	[ "$output" = 3 ]
	run -0 "$TBIN/prog_util" run "$PIN/a" 0 0
	[ "$output" = 2 ]
}

@test "loadall skips programs whose autoload is off" {
	kernel_setup
	# bpftool 7.1 tries to pin put_lazy, which was never loaded, and fails
	# (see REFERENCE.md); bpfkit pins what was loaded.
	run --separate-stderr -0 bpfkit prog loadall "$SHARE" "$PIN/all"
	[ "$(ls "$PIN/all")" = put ]
}

@test "type overrides the program type, by section-style or kernel name" {
	kernel_setup
	local obj="$PROGS/load_notype.bpf.o"
	run --separate-stderr -1 bpfkit prog load "$obj" "$PIN/x"
	[[ $stderr == *"program 'custom_filter': section 'bpfkit_custom' names no program type; give one with 'type TYPE'"* ]]
	assert_empty_dir "$PIN"
	run --separate-stderr -0 bpfkit prog load "$obj" "$PIN/socket" type socket
	[ "$(bpfkit -j prog show pinned "$PIN/socket" | jq -r .type)" = socket_filter ]
	run --separate-stderr -0 bpfkit prog load "$obj" "$PIN/kname" \
		type socket_filter
	[ "$(bpfkit -j prog show pinned "$PIN/kname" | jq -r .type)" = socket_filter ]
	run --separate-stderr -0 bpfkit prog load "$obj" "$PIN/tc" type classifier
	[ "$(bpfkit -j prog show pinned "$PIN/tc" | jq -r .type)" = sched_cls ]
	# bpftool agrees on what 'type socket' means.
	run -0 bpftool prog load "$obj" "$PIN/bpftool" type socket
	[ "$(bpftool -j prog show pinned "$PIN/bpftool" | jq -r .type)" = socket_filter ]
	run --separate-stderr -1 bpfkit prog load "$obj" "$PIN/bad" type bogus
	[[ $stderr == *"unknown program type 'bogus'"* ]]
	[ ! -e "$PIN/bad" ]
}

@test "verify reports verifier statistics per program and pins nothing" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog load "$COUNT" verify
	[[ ${lines[0]} == "count_getppid  type raw_tracepoint  section raw_tp/sys_enter  verdict accepted" ]]
	[[ ${lines[1]} =~ ^$'\t'insns\ [0-9]+\ \ insns_processed\ [1-9][0-9]*\ \ total_states\ [0-9]+\ \ peak_states\ [0-9]+\ \ max_states_per_insn\ [0-9]+\ \ verification_time_usec\ [0-9]+$ ]]
	[[ ${lines[2]} == "add  type syscall  section syscall  verdict accepted" ]]
	run --separate-stderr -0 bpfkit -j prog load "$COUNT" verify
	[ "$(jq length <<<"$output")" = 2 ]
	[ "$(jq -c '.[0] | keys' <<<"$output")" = \
		'["insns","insns_processed","max_states_per_insn","name","peak_states","section","total_states","type","verdict","verification_time_usec"]' ]
	[ "$(jq -r '[.[].name] | join(" ")' <<<"$output")" = "count_getppid add" ]
	jq -e 'all(.[]; .insns_processed >= .insns and .insns > 0 and .total_states >= 1)' <<<"$output"
	assert_empty_dir "$PIN"
}

@test "a verifier rejection names the program, quotes the log's end, pins nothing" {
	kernel_setup
	local obj="$PROGS/load_reject.bpf.o"
	run --separate-stderr -1 bpfkit prog loadall "$obj" "$PIN/progs"
	# one error line, then the log's end as lines (the error's own text
	# has control bytes escaped; the log keeps its line breaks)
	[ "$(head -1 <<<"$stderr")" = "Error: $obj: program 'deref_unchecked': rejected by the verifier: Permission denied" ]
	[ "$(grep -c '^Error' <<<"$stderr")" -eq 1 ]
	grep -qE '^verifier log \(last [0-9]+ lines\):$' <<<"$stderr"
	grep -qx "R0 invalid mem access 'map_value_or_null'" <<<"$stderr"
	# Without -d, libbpf's own chatter stays out of the way.
	[[ $stderr != *"libbpf:"* ]]
	assert_empty_dir "$PIN"
	run --separate-stderr -1 bpfkit -j prog load "$obj" "$PIN/x"
	[[ $(jq -r .error <<<"$output") == *"rejected by the verifier"*"invalid mem access"* ]]
	run --separate-stderr -1 bpfkit prog load "$obj" verify
	[[ $stderr == *"program 'deref_unchecked': rejected by the verifier"*"invalid mem access"* ]]
	assert_empty_dir "$PIN"
}

@test "-d shows libbpf's debug output and the whole verifier log" {
	kernel_setup
	run --separate-stderr -1 bpfkit -d prog load "$PROGS/load_reject.bpf.o" \
		"$PIN/x"
	[[ $stderr == *"libbpf: loading object"* ]]
	[[ $stderr == *"-- verifier log of program 'deref_unchecked' --"* ]]
	[[ $stderr == *"0: R1=ctx() R10=fp0"* ]]
	run --separate-stderr -0 bpfkit -d prog load "$SHARE" "$PIN/y"
	[[ $stderr == *"pinned program 'put' at $PIN/y"* ]]
}

@test "an object without programs, or no object at all, is refused" {
	kernel_setup
	run --separate-stderr -1 bpfkit prog load "$PROGS/load_noprog.bpf.o" "$PIN/x"
	[ "$stderr" = "Error: $PROGS/load_noprog.bpf.o: the object has no programs" ]
	assert_empty_dir "$PIN"
	run --separate-stderr -1 bpfkit prog load "$BATS_TEST_TMPDIR/none.o" "$PIN/x"
	[ "$stderr" = "Error: $BATS_TEST_TMPDIR/none.o: No such file or directory" ]
	echo "not an object" >"$BATS_TEST_TMPDIR/junk.o"
	run --separate-stderr -1 bpfkit prog load "$BATS_TEST_TMPDIR/junk.o" "$PIN/x"
	[[ $stderr == "Error: $BATS_TEST_TMPDIR/junk.o: cannot open as a BPF object: BPF object format invalid (libbpf: "*"is not a proper ELF object)" ]]
	run --separate-stderr -1 bpfkit prog load "$BATS_TEST_TMPDIR" verify
	[ "$stderr" = "Error: $BATS_TEST_TMPDIR: not a regular file" ]
	assert_empty_dir "$PIN"
}

@test "an existing PATH is refused and left as it was" {
	kernel_setup
	bpfkit prog load "$SHARE" "$PIN/x"
	local id
	id=$(prog_id "$PIN/x")
	run --separate-stderr -1 bpfkit prog load "$COUNT" "$PIN/x"
	[ "$stderr" = "Error: $PIN/x: already exists" ]
	[ "$(prog_id "$PIN/x")" = "$id" ]
	# loadall into a directory holding x: only a pin of the same name is
	# in the way (load_share's program is 'put').
	bpfkit prog load "$SHARE" "$PIN/put"
	id=$(prog_id "$PIN/put")
	run --separate-stderr -1 bpfkit prog loadall "$SHARE" "$PIN"
	[ "$stderr" = "Error: $PIN/put: already exists" ]
	[ "$(prog_id "$PIN/put")" = "$id" ]
	# loadall into an existing empty directory is fine, as with bpftool.
	mkdir "$PIN/empty"
	run --separate-stderr -0 bpfkit prog loadall "$COUNT" "$PIN/empty"
	[ "$(ls "$PIN/empty" | xargs)" = "add count_getppid" ]
	# A map pin in the way stops the load before anything is pinned.
	mkdir "$PIN/m"
	bpfkit prog load "$SHARE" "$PIN/m/put" pinmaps "$PIN/m"
	run --separate-stderr -1 bpfkit prog loadall "$SHARE" "$PIN/p" pinmaps "$PIN/m"
	[ "$stderr" = "Error: $PIN/m/shared: already exists" ]
	[ ! -e "$PIN/p" ]
	# loadall PATH and pinmaps MAP_DIR may be one directory, but not clash.
	run --separate-stderr -0 bpfkit prog loadall "$SHARE" "$PIN/both" \
		pinmaps "$PIN/both"
	[ "$(ls "$PIN/both" | xargs)" = "put shared" ]
}

@test "pin paths bpffs cannot hold are refused before loading" {
	kernel_setup
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/x.y"
	[ "$stderr" = "Error: $PIN/x.y: a BPF file system does not accept '.' in names" ]
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/no/x"
	[ "$stderr" = "Error: $PIN/no/x: directory '$PIN/no' does not exist" ]
	run --separate-stderr -1 bpfkit prog loadall "$SHARE" "$PIN/no/x"
	[ "$stderr" = "Error: $PIN/no/x: directory '$PIN/no' does not exist" ]
	assert_empty_dir "$PIN"
}

@test "a map name or index that does not exist is refused, nothing pinned" {
	kernel_setup
	bpfkit prog load "$COUNT" "$PIN/c" pinmaps "$PIN/maps"
	local map="$PIN/maps/load_counts"
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/x" map name nosuch pinned "$map"
	[ "$stderr" = "Error: $SHARE: no map named 'nosuch'" ]
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/x" map idx 1 pinned "$map"
	[ "$stderr" = "Error: $SHARE: no map #1: the object has 1 maps" ]
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/x" map idx 0 pinned "$PIN/c"
	[ "$stderr" = "Error: $PIN/c: pinned object is a program, not a map" ]
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/x" map idx 0 pinned "$PIN/nosuch"
	[ "$stderr" = "Error: $PIN/nosuch: cannot open a pinned object: No such file or directory" ]
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/x" map idx 0 id 4294967295
	[ "$stderr" = "Error: no map with id 4294967295" ]
	# load_counts has 3 entries where shared has 2: refused, not bound.
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/x" map name shared pinned "$map"
	[[ $stderr == "Error: $SHARE: map 'shared': map id "*" to reuse has 3 entries, the object declares 2" ]]
	bpfkit prog load "$SHARE" "$PIN/s" pinmaps "$PIN/smaps"
	run --separate-stderr -1 bpfkit prog load "$SHARE" "$PIN/x" \
		map idx 0 pinned "$PIN/smaps/shared" \
		map name shared pinned "$PIN/smaps/shared"
	[ "$stderr" = "Error: $SHARE: map 'shared' (#0) is replaced twice" ]
	[ "$(ls "$PIN" | xargs)" = "c maps s smaps" ]
}

@test "a failing autoattach removes the pins made before it" {
	kernel_setup
	local obj="$PROGS/load_attach_fail.bpf.o" i
	run --separate-stderr -1 bpfkit prog loadall "$obj" "$PIN/progs" autoattach
	[[ $stderr == "Error: $obj: cannot attach program 'never_attaches': "* ]]
	# attaches' link was pinned first; it and the directory are gone.
	[ ! -e "$PIN/progs" ]
	assert_empty_dir "$PIN"
	# Nothing holds the program any more, so the kernel lets it go (the
	# unpinned link is released after an RCU grace period: allow 5 s).
	for i in $(seq 50); do
		bpfkit prog show name attaches >/dev/null 2>&1 || break
		sleep 0.1
	done
	run --separate-stderr -1 bpfkit prog show name attaches
	[ "$stderr" = "Error: no program named 'attaches'" ]
	# A new PATH is filled as a sibling, renamed to PATH at the end.
	run --separate-stderr -1 bpfkit -d prog loadall "$obj" "$PIN/progs" autoattach
	[[ $stderr == *"pinned the link of 'attaches' at $PIN/progs~bpfkit-"*"/attaches"* ]]
	[[ $stderr == *"unpinned $PIN/progs~bpfkit-"*"/attaches"* ]]
	[[ $stderr == *"removed directory $PIN/progs~bpfkit-"* ]]
	assert_empty_dir "$PIN"
}

@test "loadall pins beside unrelated pins, as bpftool does" {
	kernel_setup
	mkdir "$PIN/ours" "$PIN/theirs"
	bpfkit prog load "$SHARE" "$PIN/ours/other"
	bpfkit prog load "$SHARE" "$PIN/theirs/other"
	run --separate-stderr -0 bpfkit prog loadall "$COUNT" "$PIN/ours"
	run -0 bpftool prog loadall "$COUNT" "$PIN/theirs"
	[ "$(ls "$PIN/ours" | xargs)" = "add count_getppid other" ]
	[ "$(ls "$PIN/ours" | xargs)" = "$(ls "$PIN/theirs" | xargs)" ]
	run -0 "$TBIN/prog_util" run "$PIN/ours/add" 3
	[ "$output" = 3 ]
}

@test "loadall pinmaps PATH/maps makes both, and removes both on failure" {
	kernel_setup
	run --separate-stderr -0 bpfkit prog loadall "$COUNT" "$PIN/progs" \
		pinmaps "$PIN/progs/maps"
	[ "$(ls "$PIN/progs" | xargs)" = "add count_getppid maps" ]
	[ "$(ls "$PIN/progs/maps" | xargs)" = "load_cou_bss load_counts" ]
	run -0 "$TBIN/prog_util" run "$PIN/progs/add" 5
	run -0 "$TBIN/prog_util" get "$PIN/progs/maps/load_counts" 2
	[ "$output" = 5 ]
	# pinmaps deeper than one new level is still refused up front
	run --separate-stderr -1 bpfkit prog loadall "$COUNT" "$PIN/p2" \
		pinmaps "$PIN/p2/a/maps"
	[ "$stderr" = "Error: $PIN/p2/a/maps: directory '$PIN/p2/a' does not exist" ]
	# a failure after the maps were pinned removes both directories
	local obj="$PROGS/load_attach_fail.bpf.o"
	run --separate-stderr -1 bpfkit prog loadall "$obj" "$PIN/p3" \
		pinmaps "$PIN/p3/maps" autoattach
	[[ $stderr == "Error: $obj: cannot attach program 'never_attaches': "* ]]
	[ "$(ls "$PIN" | xargs)" = progs ]
}

# loadall_signal N SIG PATH: signal SIG at the Nth pin of 300 programs.
loadall_signal() {
	run --separate-stderr "$TBIN/prog_util" sigafter "$1" "$2" \
		"$BPFKIT" prog loadall "$PROGS/load_many.bpf.o" "$3" \
		pinmaps "$3/maps"
}

# assert_unloaded NAME: no program NAME stays loaded (the kernel frees
# unpinned programs after an RCU grace period: allow 5 s).
assert_unloaded() {
	local i
	for i in $(seq 50); do
		bpfkit prog show name "$1" >/dev/null 2>&1 || return 0
		sleep 0.1
	done
	echo "program $1 is still loaded" >&2
	return 1
}

@test "SIGINT or SIGTERM during loadall: everything unpinned, nothing loaded" {
	kernel_setup
	local obj="$PROGS/load_many.bpf.o" sig
	for sig in 2 15; do
		loadall_signal 100 "$sig" "$PIN/all"
		# rolled back, then ended by the signal as gen object is
		[ "$status" -eq $((128 + sig)) ]
		[ "$stderr" = "Error: $obj: interrupted by SIG$(kill -l "$sig"): removing what was pinned" ]
		assert_empty_dir "$PIN"
	done
	assert_unloaded many_150
	# into an existing directory, beside an unrelated pin: that one stays
	bpfkit prog load "$SHARE" "$PIN/put"
	loadall_signal 250 15 "$PIN"
	[ "$status" -eq 143 ]
	[ "$(ls "$PIN" | xargs)" = put ]
	assert_unloaded many_300
	# a signal at the last pin (the map's) still undoes everything
	loadall_signal 301 2 "$PIN/all"
	[ "$status" -eq 130 ]
	[ "$(ls "$PIN" | xargs)" = put ]
	# without a signal all 300 programs, the map user and the map
	run --separate-stderr -0 bpfkit prog loadall "$obj" "$PIN/all" \
		pinmaps "$PIN/all/maps"
	[ "$(ls "$PIN/all" | wc -l)" -eq 302 ]
	run -0 "$TBIN/prog_util" run "$PIN/all/many_299"
	[ "$output" = 299 ]
}

@test "SIGKILL during loadall leaves nothing under PATH" {
	kernel_setup
	local n
	loadall_signal 100 9 "$PIN/all"
	[ "$status" -eq 137 ]
	# the pins went to a sibling, never renamed to PATH (the 100th pin
	# may or may not finish before the kill takes effect)
	[ ! -e "$PIN/all" ]
	n=$(ls "$PIN"/all~bpfkit-* | wc -l)
	[ "$n" -ge 99 ] && [ "$n" -le 100 ]
}

@test "without root: a clear message and nothing pinned" {
	kernel_setup
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	run --separate-stderr -1 setpriv --reuid=nobody --regid=nogroup \
		--clear-groups --inh-caps=-all "$BPFKIT" prog load "$SHARE" "$PIN/x"
	[ "$stderr" = "Error: loading BPF programs needs root (CAP_BPF and CAP_SYS_ADMIN): Operation not permitted" ]
	run --separate-stderr -1 setpriv --reuid=nobody --regid=nogroup \
		--clear-groups --inh-caps=-all "$BPFKIT" -j prog show
	[ "$(jq -r .error <<<"$output")" = "reading what is loaded needs root (CAP_SYS_ADMIN): Operation not permitted" ]
	assert_empty_dir "$PIN"
}

@test "without bpf(): a clear message and nothing pinned" {
	kernel_setup
	run --separate-stderr -1 "$TBIN/prog_util" nobpf "$BPFKIT" prog load \
		"$SHARE" "$PIN/x"
	[ "$stderr" = "Error: this kernel has no bpf() system call" ]
	run --separate-stderr -1 "$TBIN/prog_util" nobpf "$BPFKIT" prog loadall \
		"$SHARE" verify
	[ "$stderr" = "Error: this kernel has no bpf() system call" ]
	run --separate-stderr -1 "$TBIN/prog_util" nobpf "$BPFKIT" prog show
	[ "$stderr" = "Error: this kernel has no bpf() system call" ]
	assert_empty_dir "$PIN"
}

@test "a BPF file system is mounted where a pin needs one, unless -n" {
	kernel_setup
	local dir="$BATS_TEST_TMPDIR/mnt"
	mkdir "$dir"
	run --separate-stderr -1 bpfkit -n prog load "$SHARE" "$dir/x"
	[ "$stderr" = "Error: $dir: not on a BPF file system, and mounting one is disabled (--nomount)" ]
	[ "$(stat -f -c %T "$dir")" != bpf_fs ]
	run --separate-stderr -1 bpfkit --nomount prog loadall "$SHARE" "$dir/all"
	[ "$stderr" = "Error: $dir: not on a BPF file system, and mounting one is disabled (--nomount)" ]
	[ ! -e "$dir/all" ]
	run --separate-stderr -0 bpfkit prog load "$SHARE" "$dir/x"
	[ "$(stat -f -c %T "$dir")" = bpf_fs ]
	[ "$(bpfkit -j prog show pinned "$dir/x" | jq -c .pinned)" = "[\"$dir/x\"]" ]
	# loadall makes PATH and mounts a bpffs on it when its parent has none.
	run --separate-stderr -0 bpfkit prog loadall "$SHARE" "$BATS_TEST_TMPDIR/all"
	[ "$(stat -f -c %T "$BATS_TEST_TMPDIR/all")" = bpf_fs ]
	[ -e "$BATS_TEST_TMPDIR/all/put" ]
}

@test "show selects by id, pinned, name and tag; list is show" {
	kernel_setup
	bpfkit prog loadall "$COUNT" "$PIN/progs"
	local id tag
	id=$(prog_id "$PIN/progs/add")
	tag=$(bpfkit -j prog show id "$id" | jq -r .tag)
	[ "$(bpfkit -j prog show id "$id" | jq -r .name)" = add ]
	run -0 bpfkit -j prog show name add
	jq -e "type == \"array\" and any(.[]; .id == $id) and all(.[]; .name == \"add\")" <<<"$output"
	run -0 bpfkit -j prog show tag "$tag"
	jq -e "any(.[]; .id == $id) and all(.[]; .tag == \"$tag\")" <<<"$output"
	run -0 bpfkit -j prog show tag "${tag^^}"
	jq -e "any(.[]; .id == $id)" <<<"$output"
	run -0 bpfkit -j prog list
	jq -e "type == \"array\" and any(.[]; .id == $id and .pinned == [\"$PIN/progs/add\"])" <<<"$output"
	bpftool -j prog show | jq -e "any(.[]; .id == $id)"
	run -0 bpfkit prog
	[[ $output == *"$id: syscall  name add  tag $tag  gpl"* ]]
}

@test "show reports programs it cannot find" {
	kernel_setup
	run --separate-stderr -1 bpfkit prog show id 4294967295
	[ "$stderr" = "Error: no program with id 4294967295" ]
	run --separate-stderr -1 bpfkit prog show name bpfkit_no_such
	[ "$stderr" = "Error: no program named 'bpfkit_no_such'" ]
	run --separate-stderr -1 bpfkit prog show tag 0123456789abcdeg
	[ "$stderr" = "Error: '0123456789abcdeg' is not a tag (16 hex digits)" ]
	run --separate-stderr -1 bpfkit prog show pinned "$PIN/none"
	[ "$stderr" = "Error: $PIN/none: cannot open a pinned object: No such file or directory" ]
	bpfkit prog load "$SHARE" "$PIN/p" pinmaps "$PIN"
	run --separate-stderr -1 bpfkit -j prog show pinned "$PIN/shared"
	[ "$(jq -r .error <<<"$output")" = "$PIN/shared: pinned object is a map, not a program or link" ]
}

@test "prog show JSON has the documented keys" {
	kernel_setup
	bpfkit prog load "$COUNT" "$PIN/p"
	run -0 bpfkit -j prog show pinned "$PIN/p"
	[ "$(jq -c keys <<<"$output")" = \
		'["btf_id","bytes_jited","bytes_memlock","bytes_xlated","gpl_compatible","id","jited","loaded_at","map_ids","name","pinned","pinned_links","tag","type","uid","verified_insns"]' ]
	jq -e '(.id | type) == "number" and (.map_ids | length) == 2 and .jited and .verified_insns > 0' <<<"$output"
	# loaded_at is wall-clock seconds: within a minute of now.
	jq -e "(.loaded_at - $(date +%s)) | fabs < 60" <<<"$output"
	run -0 bpfkit -p prog show pinned "$PIN/p"
	jq -e . <<<"$output" >/dev/null
}
