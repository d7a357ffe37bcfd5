#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# make demo's script: the whole loop (link, dump, load, run, read the maps)
# with bpfkit alone. A bpftool or prog_util on PATH that fails when called
# proves no other tool is used.
load helpers

@test "the demo links, loads, runs and reads its maps with bpfkit alone" {
	require_kernel
	local fake="$BATS_TEST_TMPDIR/bin"
	mkdir -p "$fake"
	for t in bpftool prog_util; do
		printf '#!/bin/sh\necho "%s called" >&2\nexit 97\n' "$t" >"$fake/$t"
		chmod +x "$fake/$t"
	done
	PATH="$fake:$PATH" run -0 --separate-stderr \
		env BPFKIT_BUILD="${BPFKIT_BUILD:-build}" bash "$TOP/scripts/demo.sh"
	[[ $stderr != *"called"* ]]
	[[ $output == *identical* ]]
	# demo_run counts (kind + 1) * 3 for kinds 0..3: 3 + 6 + 9 + 12.
	[[ $output == *"Return value: 0"* ]]
	[[ $output == *'"demo_total": 30'* ]]
	[[ $output == *'"seen_total": 30'* ]]
	[[ $output == *'"value": 12'* ]]
	# Nothing stays pinned.
	! ls -d /sys/fs/bpf/bpfkit-demo-* 2>/dev/null
}
