#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Representative bpfkit commands under valgrind: every btf dump form, gen
# object (links, relinks, reports, conflicts), gen skeleton and subskeleton,
# prog load ... verify (as root with bpf()), and every Nth malformed corpus
# case through each command, so that error paths are covered too. A run fails on any memory error or definite leak
# (valgrind exit 99) and on a signal.
#
#	BPFKIT_BUILD=build bash tests/valgrind.sh	(after make progs tests)
#	VALGRIND_STRIDE=N	corpus sample: every Nth case (default 25)
set -u
cd "$(dirname "$0")/.." || exit 1
build=${BPFKIT_BUILD:-build}
bpfkit="$build/bpfkit"
progs="$build/progs"
corpus="$build/corpus"
stride=${VALGRIND_STRIDE:-25}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/o" # outputs, emptied after each run
mkdir "$out"
runs=0
fails=0

vg() { # ARGS...: one bpfkit run under valgrind
	local rc=0
	runs=$((runs + 1))
	valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --show-leak-kinds=definite \
		--suppressions=tests/valgrind.supp \
		"$bpfkit" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null || rc=$?
	rm -f "$out"/*
	if [ "$rc" -le 1 ]; then
		return 0
	fi
	fails=$((fails + 1))
	echo "FAIL (exit $rc): bpfkit $*"
	grep -E '^==[0-9]+==' "$tmp/err" | head -40
}

if ! command -v valgrind >/dev/null; then
	echo "valgrind is not installed" >&2
	exit 1
fi
if [ ! -d "$corpus" ]; then
	"$build/tests/mkcorpus" "$progs" "$corpus" >/dev/null || exit 1
fi

# The commands a user runs, on valid inputs.
for f in rob_base rob_ext linked_vars1; do
	obj="$progs/$f.bpf.o"
	[ -e "$obj" ] || continue
	vg btf dump file "$obj"
	vg -j btf dump file "$obj"
	vg -p btf dump file "$obj"
	vg btf dump file "$obj" format c
	vg btf dump file "$obj" ext
	vg -j btf dump file "$obj" ext
done
vg btf dump file "$corpus/base-raw.btf"
vg gen object "$out/a.o" "$progs/demo_main.bpf.o" "$progs/demo_lib.bpf.o"
vg -j gen object "$out/a.o" "$progs/linked_funcs1.bpf.o" \
	"$progs/linked_funcs2.bpf.o"
vg -d gen object "$out/a.o" "$progs/linked_vars1.bpf.o" \
	"$progs/linked_vars2.bpf.o"
# relink an output of our own
"$bpfkit" gen object "$tmp/lib.bpf.o" "$progs/demo_lib.bpf.o" >/dev/null 2>&1
vg gen object "$out/b.o" "$tmp/lib.bpf.o" "$progs/demo_main.bpf.o"
vg gen object "$out/c.o" "$progs/rob_base.bpf.o" "$progs/rob_ext.bpf.o" \
	"$progs/rob_good.bpf.o"
vg gen skeleton "$progs/rob_base.bpf.o"
vg gen skeleton "$progs/demo_lib.bpf.o" name demo
vg gen subskeleton "$progs/demo_lib.bpf.o"
# prog load needs root and bpf(): verify pins nothing
if "$bpfkit" prog load "$progs/rob_good.bpf.o" verify >/dev/null 2>&1; then
	vg prog load "$progs/rob_base.bpf.o" verify
	vg -j prog load "$progs/rob_good.bpf.o" verify
	with_prog=1
	# prog run from a file (loaded for the run), prog dump of the first
	# program the kernel lists, btf and link show
	head -c 64 /dev/zero >"$tmp/pkt"
	head -c 24 /dev/zero >"$tmp/ctx"
	vg prog run file "$progs/run_tc.bpf.o" data_in "$tmp/pkt" data_out -
	vg -j prog run file "$progs/run_syscall.bpf.o" ctx_in "$tmp/ctx" ctx_out -
	first=$("$bpfkit" -j prog show | jq '.[0].id')
	vg prog dump xlated id "$first" linum opcodes
	vg -j prog dump jited id "$first" opcodes
	vg btf show id 1
	vg -j link show
fi

# Error paths: missing and foreign files, conflicts, and the corpus sample.
vg btf dump file "$tmp/missing.o"
vg btf dump file /etc/hostname
vg gen object "$out/d.o" "$progs/rob_good.bpf.o" "$tmp/missing.o"
vg gen skeleton "$tmp/missing.o"
while IFS=$'\t' read -r kind _ a b _; do
	[ "$kind" = pair ] || continue
	vg gen object "$out/e.o" "$corpus/$a" "$corpus/$b"
done <"$corpus/MANIFEST"
n=0
while IFS=$'\t' read -r kind _ file _ _; do
	[ "$kind" = case ] || continue
	n=$((n + 1))
	[ $((n % stride)) -eq 0 ] || continue
	vg btf dump file "$corpus/$file"
	vg -j btf dump file "$corpus/$file" format raw
	vg btf dump file "$corpus/$file" format c
	vg btf dump file "$corpus/$file" ext
	vg gen object "$out/f.o" "$corpus/$file" "$progs/rob_good.bpf.o"
	vg gen skeleton "$corpus/$file"
	if [ -n "${with_prog:-}" ]; then
		vg prog load "$corpus/$file" verify
	fi
done <"$corpus/MANIFEST"

echo "valgrind: $runs runs, $fails with memory errors, leaks or signals"
[ "$fails" -eq 0 ]
