#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# The end of `make demo`: load the linked demo object with bpfkit, run its
# program once, show what it left in its map and variables (bpfkit map),
# and what the verifier thought of it. Needs root and bpf(); says so and
# stops otherwise.
#
# usage: scripts/demo-run.sh BPFKIT LINKED_OBJ
set -euo pipefail
cd "$(dirname "$0")/.."
bpfkit=$1
obj=$2
pin=/sys/fs/bpf/bpfkit-demo-$$

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

if [ "$(id -u)" -ne 0 ] || ! "$bpfkit" prog load "$obj" verify >/dev/null 2>&1; then
	step "loading skipped: it needs root and a kernel with bpf()"
	exit 0
fi
trap 'rm -rf "$pin"' EXIT

step "bpfkit prog load $obj verify (what the verifier did)"
"$bpfkit" prog load "$obj" verify

step "bpfkit prog loadall $obj $pin pinmaps $pin"
mountpoint -q /sys/fs/bpf || mount -t bpf bpf /sys/fs/bpf
"$bpfkit" prog loadall "$obj" "$pin" pinmaps "$pin"
ls "$pin"

step "bpfkit prog show pinned $pin/demo_run"
"$bpfkit" prog show pinned "$pin/demo_run"

# SEC("syscall") runs through BPF_PROG_TEST_RUN with a context (here an
# empty one), which bpftool 7.1 cannot do.
step "bpfkit prog run pinned $pin/demo_run ctx_in /dev/null (counts (kind + 1) * rounds per kind)"
"$bpfkit" prog run pinned "$pin/demo_run" ctx_in /dev/null

step "bpfkit map dump pinned $pin/demo_counts (the library's map, by BTF type)"
"$bpfkit" map dump pinned "$pin/demo_counts"

step "bpfkit map lookup pinned $pin/demo_counts key 3 0 0 0"
"$bpfkit" map lookup pinned "$pin/demo_counts" key 3 0 0 0

step "bpfkit map dump pinned $pin/demo_bss (the linked globals after the run)"
"$bpfkit" map dump pinned "$pin/demo_bss"
