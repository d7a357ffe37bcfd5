#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# The main job on real programs: link two BPF objects that use each other's
# function, variable and map through externs into one object, show its BTF,
# and (as root, where bpf() works) load it and run it.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BPFKIT_BUILD:-build}"
bpfkit="$build/bpfkit"
out="$build/demo"
mkdir -p "$out"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "bpfkit gen object $out/demo.bpf.o demo_lib.bpf.o demo_main.bpf.o"
"$bpfkit" -d gen object "$out/demo.bpf.o" \
	"$build/progs/demo_lib.bpf.o" "$build/progs/demo_main.bpf.o"
ls -l "$out/demo.bpf.o"

step "bpfkit btf dump file $out/demo.bpf.o (externs resolved, DATASECs rebuilt)"
"$bpfkit" btf dump file "$out/demo.bpf.o"

step "idempotent: linking the output again gives the same bytes"
"$bpfkit" gen object "$out/relinked.bpf.o" "$out/demo.bpf.o"
cmp "$out/demo.bpf.o" "$out/relinked.bpf.o" && echo "identical"

if [ -x scripts/demo-run.sh ]; then
	bash scripts/demo-run.sh "$bpfkit" "$out/demo.bpf.o"
fi
