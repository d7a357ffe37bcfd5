#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# map show, dump, lookup, getnext, update, delete, pin and freeze on maps
# that bpfkit linked (progs/map_fmt{1,2}.bpf.c) and loaded, filled by the
# linked program; every output compared with bpftool 7.1's, byte for byte,
# and every bad input ending in one Error line and exit 1.
load helpers

setup_file() {
	"$BPFKIT" gen object "$BATS_FILE_TMPDIR/fmt.bpf.o" \
		"$PROGS/map_fmt1.bpf.o" "$PROGS/map_fmt2.bpf.o" >/dev/null
}

setup() {
	FMT="$BATS_FILE_TMPDIR/fmt.bpf.o"
	PIN="/sys/fs/bpf/bpfkit-map-test-$$-$BATS_TEST_NUMBER"
}

teardown() {
	if [ -d "$PIN" ]; then
		rm -rf "$PIN"
	fi
	rm -f "$PIN-hash"
}

# Load the linked object, pin its maps under $PIN and run its program once,
# which fills them.
load_filled() {
	require_kernel
	require_bpftool
	if ! mountpoint -q /sys/fs/bpf; then
		mount -t bpf bpf /sys/fs/bpf
	fi
	bpfkit prog loadall "$FMT" "$PIN" pinmaps "$PIN"
	run -0 "$TBIN/prog_util" run "$PIN/fmt_fill"
	[ "$output" = 0 ]
}

# same_as_bpftool ARGS...: bpfkit and bpftool print the same bytes.
same_as_bpftool() {
	local ours theirs
	ours=$(bpfkit "$@")
	theirs=$(bpftool "$@")
	if [ "$ours" != "$theirs" ]; then
		diff <(echo "$theirs") <(echo "$ours") | head -20
		return 1
	fi
}

map_id() {
	bpfkit -j map show pinned "$1" | jq -r .id
}

@test "map help lists every command; JSON help is null" {
	run --separate-stderr -0 bpfkit map help
	[[ $stderr == *"map { show | list } [MAP]"* ]]
	[[ $stderr == *"map update MAP key DATA value DATA [UPDATE_FLAGS]"* ]]
	[[ $stderr == *"MAP := { id MAP_ID | pinned FILE | name MAP_NAME }"* ]]
	run --separate-stderr -0 bpfkit -j map help
	[ "$output" = "null" ]
}

@test "dump prints BTF-formatted entries exactly as bpftool, plain, -j and -p" {
	load_filled
	local m o
	for m in fmt_hash fmt_array fmt_raw fmt_bss fmt_rodata; do
		for o in "" -j -p; do
			# shellcheck disable=SC2086
			same_as_bpftool $o map dump pinned "$PIN/$m"
		done
	done
	# The values the program stored, read through the formatted output.
	run -0 bpfkit -j map dump pinned "$PIN/fmt_hash"
	[ "$(jq -c '[.[].formatted.key] | sort' <<<"$output")" = "[7,9]" ]
	# (jq would round the 64-bit count: match the text)
	run -0 bpfkit -j map lookup pinned "$PIN/fmt_hash" key 7 0 0 0
	[[ $output == *'"formatted":{"key":7,"value":{"count":1234605616436508552,"delta":-42,"lo":"0x5","hi":"0xabc","color":"FMT_BACK","label":"hello","pts":[{"x":-1,"y":2},{"x":3,"y":-4}],"u":{"word":578437695752307201,"bytes":[1,2,3,4,5,6,7,8]},"seq":4000000000,"port":8080,"small":-7,"ok":true}}}'* ]]
	run -0 bpfkit -j map dump pinned "$PIN/fmt_bss"
	[ "$(jq -c '.[0].formatted.value' <<<"$output")" = '{".bss":[{"fmt_runs":1}]}' ]
	# Without BTF: hex and a count.
	run -0 bpfkit map dump pinned "$PIN/fmt_raw"
	[ "$output" = "key: 03 00 00 00  value: 10 32 54 76 98 ba dc fe
Found 1 element" ]
}

@test "show, list and name select maps as bpftool does" {
	load_filled
	local id o
	id=$(map_id "$PIN/fmt_hash")
	for o in "" -j -p; do
		# shellcheck disable=SC2086
		same_as_bpftool $o map show pinned "$PIN/fmt_hash"
		# shellcheck disable=SC2086
		same_as_bpftool $o map show id "$id"
	done
	run -0 bpfkit -j map show pinned "$PIN/fmt_hash"
	[ "$(jq -c '[.name, .type, .bytes_key, .bytes_value, .max_entries, .frozen]' <<<"$output")" = '["fmt_hash","hash",4,64,1048576,0]' ]
	[ "$(jq -r '.btf_id > 0' <<<"$output")" = true ]
	run -0 bpfkit -j map list
	[ "$(jq --argjson id "$id" '[.[] | select(.id == $id)] | length' <<<"$output")" = 1 ]
	run -0 bpfkit -j map show name fmt_raw
	[ "$(jq -r 'if type == "array" then .[].name else .name end' <<<"$output" | sort -u)" = fmt_raw ]
}

@test "lookup and getnext print as bpftool, with and without BTF" {
	load_filled
	local o
	for o in "" -j -p; do
		# shellcheck disable=SC2086
		same_as_bpftool $o map lookup pinned "$PIN/fmt_hash" key 7 0 0 0
		# shellcheck disable=SC2086
		same_as_bpftool $o map lookup pinned "$PIN/fmt_raw" key hex 03 00 00 00
		# shellcheck disable=SC2086
		same_as_bpftool $o map getnext pinned "$PIN/fmt_array" key 1 0 0 0
		# shellcheck disable=SC2086
		same_as_bpftool $o map getnext pinned "$PIN/fmt_array"
	done
	run -0 bpfkit -j map lookup pinned "$PIN/fmt_array" key 2 0 0 0
	[ "$(jq -c .formatted <<<"$output")" = '{"key":2,"value":300}' ]
}

@test "update, delete, pin and freeze change the map as the kernel sees it" {
	load_filled
	run -0 bpfkit -j map update pinned "$PIN/fmt_raw" key 5 0 0 0 value hex ff 0 0 0 0 0 0 1 noexist
	[ "$output" = null ]
	run -0 bpftool map lookup pinned "$PIN/fmt_raw" key 5 0 0 0
	[ "$output" = "key: 05 00 00 00  value: ff 00 00 00 00 00 00 01" ]
	run --separate-stderr -1 bpfkit map update pinned "$PIN/fmt_raw" key 5 0 0 0 value 0 0 0 0 0 0 0 0 noexist
	[ "$stderr" = "Error: map id $(map_id "$PIN/fmt_raw"): key exists (noexist)" ]
	run -0 bpfkit map update pinned "$PIN/fmt_raw" key 5 0 0 0 value 1 2 3 4 5 6 7 8 exist
	run -0 bpftool -j map lookup pinned "$PIN/fmt_raw" key 5 0 0 0
	[ "$(jq -c .value <<<"$output")" = '["0x01","0x02","0x03","0x04","0x05","0x06","0x07","0x08"]' ]
	run -0 bpfkit map delete pinned "$PIN/fmt_raw" key 5 0 0 0
	[ -z "$output" ]
	run ! bpftool map lookup pinned "$PIN/fmt_raw" key 5 0 0 0
	# pin: a second path to the same map
	run -0 bpfkit map pin pinned "$PIN/fmt_hash" "$PIN-hash"
	[ "$(map_id "$PIN-hash")" = "$(map_id "$PIN/fmt_hash")" ]
	# freeze: user space can no longer write, and show says so
	run -0 bpfkit map freeze id "$(map_id "$PIN/fmt_array")"
	run --separate-stderr -1 bpfkit map update pinned "$PIN/fmt_array" key 0 0 0 0 value 0 0 0 0 0 0 0 0
	[[ $stderr == "Error: map id "*": cannot update: Operation not permitted" ]]
	same_as_bpftool map show pinned "$PIN/fmt_array"
	run -0 bpfkit -j map show pinned "$PIN/fmt_array"
	[ "$(jq .frozen <<<"$output")" = 1 ]
	run -0 bpfkit map show pinned "$PIN/fmt_array"
	[[ $output == *"  frozen"* ]]
}

@test "a dump walks every entry of a map larger than one batch" {
	load_filled
	local i zeros
	zeros=$(printf '0 %.0s' $(seq 64))
	# 2000 more entries: several batches of BPF_MAP_LOOKUP_BATCH.
	for i in $(seq 100 2099); do
		echo "map update pinned $PIN/fmt_hash key $((i % 256)) $((i / 256)) 0 0 value $zeros"
	done | bpftool batch file - >/dev/null
	run -0 bpfkit -j map dump pinned "$PIN/fmt_hash"
	[ "$(jq length <<<"$output")" = 2002 ]
	[ "$(jq -c '[.[].formatted.key] | sort | .[0:3]' <<<"$output")" = "[7,9,100]" ]
	same_as_bpftool -j map dump pinned "$PIN/fmt_hash"
	same_as_bpftool map dump pinned "$PIN/fmt_hash"
}

@test "a map type without batch lookups is walked key by key (LPM trie)" {
	load_filled
	local o
	bpfkit map update pinned "$PIN/fmt_lpm" key 16 0 0 0 10 1 0 0 value 1 0 0 0
	bpfkit map update pinned "$PIN/fmt_lpm" key 24 0 0 0 10 1 2 0 value 2 0 0 0
	for o in "" -j; do
		# shellcheck disable=SC2086
		same_as_bpftool $o map dump pinned "$PIN/fmt_lpm"
	done
	run -0 bpfkit -j map dump pinned "$PIN/fmt_lpm"
	[ "$(jq -c '[.[].formatted | [.key.prefixlen, .value]] | sort' <<<"$output")" = "[[16,1],[24,2]]" ]
}

@test "per-CPU maps: one value per CPU, as bpftool prints them" {
	load_filled
	local o cpus
	bpfkit map update pinned "$PIN/fmt_percpu" key 1 0 0 0 value 0xff 0xff 2 0
	for o in "" -j -p; do
		# shellcheck disable=SC2086
		same_as_bpftool $o map dump pinned "$PIN/fmt_percpu"
		# shellcheck disable=SC2086
		same_as_bpftool $o map lookup pinned "$PIN/fmt_percpu" key 1 0 0 0
	done
	cpus=$(bpfkit -j map lookup pinned "$PIN/fmt_percpu" key 1 0 0 0 |
		jq '.formatted.values | map(select(.value == {"x": -1, "y": 2})) | length')
	[ "$cpus" -ge 1 ]
	[ "$cpus" = "$(bpftool -j map lookup pinned "$PIN/fmt_percpu" key 1 0 0 0 | jq '.values | length')" ]
}

@test "completion offers the kernel's map ids and names" {
	load_filled
	[ -r /usr/share/bash-completion/bash_completion ] ||
		skip "bash-completion is not installed"
	local id
	id=$(map_id "$PIN/fmt_hash")
	run -0 bash -c '
		source /usr/share/bash-completion/bash_completion
		source "$1/bash-completion/bpfkit"
		COMP_WORDS=("$2" map dump id "")
		COMP_CWORD=4
		COMP_LINE="${COMP_WORDS[*]}"
		COMP_POINT=${#COMP_LINE}
		_bpfkit "$2" "" id
		printf "%s\n" "${COMPREPLY[@]}"
		COMP_WORDS=("$2" map dump name fmt_h)
		COMP_LINE="${COMP_WORDS[*]}"
		COMP_POINT=${#COMP_LINE}
		COMPREPLY=()
		_bpfkit "$2" fmt_h name
		printf "%s\n" "${COMPREPLY[@]}"
	' _ "$TOP" "$BPFKIT"
	grep -qx "$id" <<<"$output"
	grep -qx fmt_hash <<<"$output"
}

@test "bad handles: unknown id, unknown name, a file that is not a pin, a program pin" {
	load_filled
	run --separate-stderr -1 bpfkit map show id 4000000000
	[ "$stderr" = "Error: no map with id 4000000000" ]
	run --separate-stderr -1 bpfkit map dump name no_such_map_x
	[ "$stderr" = "Error: no map named 'no_such_map_x'" ]
	run --separate-stderr -1 bpfkit map dump pinned "$FMT"
	[[ $stderr == "Error: $FMT: "* ]]
	[ "$(grep -c . <<<"$stderr")" = 1 ]
	run --separate-stderr -1 bpfkit map lookup pinned "$PIN/fmt_fill" key 0 0 0 0
	[ "$stderr" = "Error: $PIN/fmt_fill: pinned object is a program, not a map" ]
	run --separate-stderr -1 bpfkit map show id x1
	[ "$stderr" = "Error: can't parse 'x1' as a map ID" ]
	run -1 bpfkit -j map show id 4000000000
	[ "$output" = '{"error":"no map with id 4000000000"}' ]
	# Maps without keys or without user-space lookups cannot be dumped.
	bpftool map create "$PIN-hash" type ringbuf key 0 value 0 entries 4096 name bk_rb
	run --separate-stderr -1 bpfkit map dump pinned "$PIN-hash"
	[[ $stderr == "Error: map id "*": a ringbuf map has no keys to walk" ]]
	rm "$PIN-hash"
	bpftool map create "$PIN-hash" type perf_event_array key 4 value 4 entries 1 name bk_pea
	run --separate-stderr -1 bpfkit map dump pinned "$PIN-hash"
	[[ $stderr == "Error: map id "*": cannot read entries: not supported for this map type" ]]
}

@test "bad data: wrong key size, bad bytes, missing keys, unknown flags" {
	load_filled
	local p="$PIN/fmt_hash" id
	id=$(map_id "$p")
	run --separate-stderr -1 bpfkit map lookup pinned "$p" key 1 0 0
	[ "$stderr" = "Error: map id $id: key needs 4 bytes, got 3" ]
	run --separate-stderr -1 bpfkit map lookup pinned "$p" key 1 0 0 0 0
	[ "$stderr" = "Error: map id $id: key needs 4 bytes, got more than 4" ]
	run --separate-stderr -1 bpfkit map lookup pinned "$p" key 1 0 0 256
	[ "$stderr" = "Error: map id $id: key: can't parse '256' as a byte" ]
	run --separate-stderr -1 bpfkit map lookup pinned "$p" key hex 1 0 0 zz
	[ "$stderr" = "Error: map id $id: key: can't parse 'zz' as a byte" ]
	run --separate-stderr -1 bpfkit map lookup pinned "$p" key 1 0 0 0
	[ "$stderr" = "Error: map id $id: key not found" ]
	run --separate-stderr -1 bpfkit map delete pinned "$p" key 1 0 0 0
	[ "$stderr" = "Error: map id $id: key not found" ]
	run --separate-stderr -1 bpfkit map getnext pinned "$PIN/fmt_raw" key 3 0 0 0
	[ "$stderr" = "Error: map id $(map_id "$PIN/fmt_raw"): no key after this one" ]
	run --separate-stderr -1 bpfkit map update pinned "$p" key 1 0 0 0 value 1 2
	[ "$stderr" = "Error: map id $id: value needs 64 bytes, got 2" ]
	run --separate-stderr -1 bpfkit map update pinned "$PIN/fmt_raw" key 1 0 0 0 value 0 0 0 0 0 0 0 0 sometimes
	[ "$stderr" = "Error: expected no more arguments, got: 'sometimes'?" ]
	run --separate-stderr -1 bpfkit map lookup pinned "$p"
	[ "$stderr" = "Error: expected 'key', got: ''?" ]
	run --separate-stderr -1 bpfkit map pin pinned "$p"
	[ "$stderr" = "Error: expected a FILE to pin the map at" ]
	run -1 bpfkit -j map lookup pinned "$p" key 1 0 0
	[ "$output" = "{\"error\":\"map id $id: key needs 4 bytes, got 3\"}" ]
}
