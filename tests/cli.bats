#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# The command-line shell: help, version, prefixes, errors and exit codes.
load helpers

@test "no arguments prints usage on stderr and exits 1" {
	run --separate-stderr -1 bpfkit
	[ -z "$output" ]
	[[ $stderr == *"Usage: bpfkit [OPTIONS] OBJECT { COMMAND | help }"* ]]
}

@test "help and -h print usage and exit 0" {
	run --separate-stderr -0 bpfkit help
	[[ $stderr == *"OBJECT := { btf | gen | link | map | object | prog }"* ]]
	run --separate-stderr -0 bpfkit -h
	[[ $stderr == *"OBJECT := { btf | gen | link | map | object | prog }"* ]]
}

@test "help prints null in JSON mode" {
	run --separate-stderr -0 bpfkit -j help
	[ "$output" = "null" ]
	run --separate-stderr -0 bpfkit -j gen help
	[ "$output" = "null" ]
}

@test "-V and version print the version and libbpf's" {
	local v
	v=$(cat "$TOP/VERSION")
	run -0 bpfkit -V
	[ "${lines[0]}" = "bpfkit $v" ]
	[[ ${lines[1]} == "using libbpf v"* ]]
	run -0 bpfkit version
	[ "${lines[0]}" = "bpfkit $v" ]
}

@test "version in JSON has version and libbpf_version" {
	run -0 bpfkit -j version
	[ "$(jq -r .version <<<"$output")" = "$(cat "$TOP/VERSION")" ]
	# "1.1" as bpftool -j version prints it, where plain text says v1.1
	[[ $(jq -r .libbpf_version <<<"$output") =~ ^[0-9]+\.[0-9]+$ ]]
	run -0 bpfkit -p -V
	[ "$(jq -r 'keys | join(",")' <<<"$output")" = "libbpf_version,version" ]
	# -p indents
	[ "${#lines[@]}" -gt 1 ]
}

@test "unknown object: error and usage, exit 1" {
	run --separate-stderr -1 bpfkit frobnicate
	[[ $stderr == *"Error: unknown command 'frobnicate'"* ]]
	[[ $stderr == *"Usage:"* ]]
}

@test "unknown command of an object names it" {
	run --separate-stderr -1 bpfkit gen frob
	[[ $stderr == *"Error: unknown command 'frob'"* ]]
	[[ $stderr == *"bpfkit gen object OUTPUT_FILE"* ]]
}

@test "unknown option: error, exit 1; in JSON only the error object" {
	run --separate-stderr -1 bpfkit --bogus gen help
	[[ $stderr == *"Error: unrecognized option '--bogus'"* ]]
	run --separate-stderr -1 bpfkit -j --bogus
	[ "$(jq -r .error <<<"$output")" = "unrecognized option '--bogus'" ]
}

@test "objects and commands match by unambiguous prefix" {
	run --separate-stderr -0 bpfkit g h
	[[ $stderr == *"bpfkit gen object OUTPUT_FILE"* ]]
	run --separate-stderr -0 bpfkit gen he
	[[ $stderr == *"bpfkit gen skeleton FILE"* ]]
	run --separate-stderr -0 bpfkit --json ge hel
	[ "$output" = "null" ]
}

@test "errors in JSON mode go to stdout as one object, nothing on stderr" {
	run --separate-stderr -1 bpfkit -j nosuchobject
	[ "$(jq -r .error <<<"$output")" = "unknown command 'nosuchobject'" ]
	[ "$(jq -r 'keys | length' <<<"$output")" = 1 ]
}

@test "a missing argument names the keyword" {
	run --separate-stderr -1 bpfkit gen object
	[[ $stderr == *"Error: 'object' needs at least 2 arguments, 0 found"* ]]
}
