#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Habits a bpftool user brings along: global options anywhere before "--",
# write errors on standard output reported (bpftool 7.1 and older bpfkit
# exited 1 silently, or even 0), and the JSON libbpf version as "1.1".
load helpers

setup() {
	T=$BATS_TEST_TMPDIR
	IN=("$PROGS/linked_funcs1.bpf.o" "$PROGS/linked_funcs2.bpf.o"
		"$PROGS/linked_funcs3.bpf.o")
}

@test "options after the command: gen object OUT IN... -d and -j" {
	run -0 --separate-stderr bpfkit gen object "$T/a.o" "${IN[@]}" -d
	[ -z "$output" ]
	[[ $stderr == *"input ${IN[2]}"* ]]
	run -0 --separate-stderr bpfkit gen object "$T/b.o" -j "${IN[@]}"
	[ "$(jq -c .inputs <<<"$output")" = "$(printf '%s\n' "${IN[@]}" | jq -R . | jq -sc .)" ]
	cmp "$T/a.o" "$T/b.o"
	# as bpftool 7.1 reads the same line
	require_bpftool
	run -0 bpftool gen object "$T/tool.o" "${IN[@]}" -d
}

@test "options after the command: btf dump file X -j, prog show -p" {
	run -0 bpfkit btf dump file "$PROGS/btf_kinds.bpf.o" -j
	jq -e '.types | length > 0' <<<"$output"
	run -0 bpfkit btf dump -p file "$PROGS/btf_kinds.bpf.o"
	[ "${#lines[@]}" -gt 1 ]
	jq -e '.types | length > 0' <<<"$output"
	require_kernel
	run -0 bpfkit prog show -j
	jq -e 'type == "array"' <<<"$output"
	run -0 bpftool prog show -j
	jq -e 'type == "array"' <<<"$output"
}

@test "after -- an argument that looks like an option is a file name" {
	cp "${IN[0]}" "$T/-j"
	cd "$T"
	run -0 --separate-stderr bpfkit gen object out.o -- -j "${IN[1]}" \
		"${IN[2]}"
	[ -z "$output" ]
	run -1 --separate-stderr bpfkit gen object out.o -- -x "${IN[1]}"
	[ "$stderr" = "Error: -x: No such file or directory" ]
	run -1 --separate-stderr bpfkit gen object out.o -x "${IN[1]}"
	[[ $stderr == "Error: unrecognized option '-x'"* ]]
}

@test "-h anywhere prints help, in JSON null" {
	run -0 --separate-stderr bpfkit gen object -h
	[[ $stderr == *"OBJECT := { btf | gen |"* ]]
	run -0 --separate-stderr bpfkit -j -h
	[ "$output" = null ]
	run -0 bpftool -j -h
	[ "$output" = null ]
}

@test "JSON version: libbpf as 1.1, as bpftool prints it" {
	run -0 bpfkit -j version
	[[ $(jq -r .libbpf_version <<<"$output") =~ ^1\.[0-9]+$ ]]
	require_bpftool
	# Both use libbpf 1.1 on Debian 12 (bpftool a static copy).
	run -0 bpftool -j version
	[ "$(jq -r .libbpf_version <<<"$output")" = \
		"$(bpfkit -j version | jq -r .libbpf_version)" ]
	run -0 bpfkit version
	[[ ${lines[1]} =~ ^"using libbpf v1."[0-9]+$ ]]
}

# stdout_fails HOW CMD...: CMD with standard output closed (HOW=closed) or
# on /dev/full (HOW=full) exits 1 and says why on stderr, and only that.
stdout_fails() {
	local how=$1 want
	shift
	if [ "$how" = closed ]; then
		run -1 --separate-stderr bash -c '"$@" >&-' _ "$@"
		want="Bad file descriptor"
	else
		run -1 --separate-stderr bash -c '"$@" >/dev/full' _ "$@"
		want="No space left on device"
	fi
	[ "$stderr" = "Error: cannot write to standard output: $want" ]
}

@test "a failed write to stdout is an error, for every command, -j included" {
	local how obj=$PROGS/btf_kinds.bpf.o
	bpfkit gen object "$T/l.o" "${IN[@]}"
	for how in closed full; do
		stdout_fails $how "$BPFKIT" version
		stdout_fails $how "$BPFKIT" -j version
		stdout_fails $how "$BPFKIT" -j help
		stdout_fails $how "$BPFKIT" btf dump file "$obj"
		stdout_fails $how "$BPFKIT" btf dump file "$obj" format c
		stdout_fails $how "$BPFKIT" -p btf dump file "$obj"
		stdout_fails $how "$BPFKIT" btf dump file /sys/kernel/btf/vmlinux
		stdout_fails $how "$BPFKIT" gen skeleton "$T/l.o"
		stdout_fails $how "$BPFKIT" -j gen object "$T/o.o" "${IN[@]}"
	done
	# The output file did not take the place of the closed stdout.
	cmp "$T/l.o" "$T/o.o"
}

@test "a failed write to stdout: prog show too" {
	require_kernel
	# JSON: "[]" at least, whatever is loaded (plain may print nothing)
	stdout_fails closed "$BPFKIT" -j prog show
	stdout_fails full "$BPFKIT" -p prog show
}

@test "stdout on a full file system: the reason, exit 1" {
	[ "$(id -u)" -eq 0 ] || skip_unless_required root "not root (a small tmpfs)"
	run -0 --separate-stderr unshare -m --propagation private bash -c '
		mount -t tmpfs -o size=64k bpfkit-test-full "$1"
		"$2" btf dump file /sys/kernel/btf/vmlinux > "$1/dump"
		echo "status $?"; stat -c "%s" "$1/dump"' _ "$T" "$BPFKIT"
	[ "${lines[0]}" = "status 1" ]
	[ "${lines[1]}" = 65536 ]
	[ "$stderr" = "Error: cannot write to standard output: No space left on device" ]
}
