#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# bench/gc.sh: what `gen object ... gc` saves on an application linked with
# libraries of many functions: progs/gc_app.bpf.c with progs/gc_lib.bpf.c
# (200 numbered functions and some more, 3 of them used) and a generated
# library of BENCH_GC_FUNCS more functions nobody calls. Linked with and
# without gc, it reports per object: the median link time, the object's
# size and the sizes of its .text, .BTF and .BTF.ext; then the median time
# of `bpfkit prog loadall` (open, BTF and program load, pin), the kernel's
# xlated and jited sizes of the programs and the instructions the verifier
# processed. Both outputs must return the same
# values from both programs (BPF_PROG_TEST_RUN), or the bench fails.
#
#   bash bench/gc.sh
#
# Environment:
#   BPFKIT_BUILD     build directory (default build)
#   BENCH_RUNS       load runs per object (default 5)
#   BENCH_GC_FUNCS   functions of the generated library (default 2000)
set -euo pipefail
cd "$(dirname "$0")/.."

build=${BPFKIT_BUILD:-build}
BPFKIT=${BPFKIT:-$build/bpfkit}
RUNS=${BENCH_RUNS:-5}
FUNCS=${BENCH_GC_FUNCS:-2000}
ARCH=$(uname -m)

for tool in "$BPFKIT" clang readelf jq; do
	if ! command -v "$tool" >/dev/null; then
		echo "bench/gc.sh: $tool is missing" >&2
		exit 1
	fi
done
tmp=$(mktemp -d)
pin=/sys/fs/bpf/bpfkit-bench-gc-$$
trap 'rm -rf "$tmp" "$pin"' EXIT

# gen_lib N: C source of N global functions no program calls.
gen_lib() {
	local i
	printf '#include <linux/bpf.h>\n#include <bpf/bpf_helpers.h>\n'
	for ((i = 0; i < $1; i++)); do
		printf '__noinline int gcx_f%d(int x)\n{\n\treturn x * %d + %d;\n}\n' \
			"$i" "$((i % 7 + 2))" "$i"
	done
}

gen_lib "$FUNCS" >"$tmp/extra.bpf.c"
clang -g -O2 -target bpf -I"/usr/include/$ARCH-linux-gnu" \
	-c -o "$tmp/extra.bpf.o" "$tmp/extra.bpf.c"
inputs=("$build/progs/gc_app.bpf.o" "$build/progs/gc_lib.bpf.o" "$tmp/extra.bpf.o")

# sec_size OBJ SECTION
sec_size() {
	local hex
	hex=$(readelf -SW "$1" | sed -nE \
		"s/^ *\[ *[0-9]+\] $2 +[A-Z]+ +[0-9a-f]+ +[0-9a-f]+ +([0-9a-f]+) .*/\1/p")
	echo $((16#${hex:-0}))
}

# median of the numbers on stdin
median() {
	sort -g | awk '{ v[NR] = $1 }
		END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# timed_ms CMD...: run it, append its wall time in ms to $tmp/times.
timed_ms() {
	local start=$EPOCHREALTIME end
	"$@"
	end=$EPOCHREALTIME
	echo "$start $end" | awk '{ printf "%.3f\n", ($2 - $1) * 1000 }' >>"$tmp/times"
}

# link_ms MODE KEYWORD...: median time of $RUNS links into $tmp/MODE.o.
link_ms() {
	local m=$1
	shift
	: >"$tmp/times"
	for _ in $(seq "$RUNS"); do
		timed_ms "$BPFKIT" gen object "$tmp/$m.o" "${inputs[@]}" "$@"
	done
	median <"$tmp/times"
}

echo "gen object of gc_app + gc_lib (200 numbered functions) + $FUNCS generated functions, 2 programs"
printf '%-5s %8s %9s %8s %8s %9s\n' link link_ms object_B text_B BTF_B BTF.ext_B
for m in full gc; do
	kw=()
	[ "$m" = full ] || kw=(gc)
	ms=$(link_ms "$m" "${kw[@]}")
	printf '%-5s %8.3f %9d %8d %8d %9d\n' "$m" "$ms" "$(stat -c %s "$tmp/$m.o")" \
		"$(sec_size "$tmp/$m.o" '\.text')" "$(sec_size "$tmp/$m.o" '\.BTF')" \
		"$(sec_size "$tmp/$m.o" '\.BTF\.ext')"
done

if [ "$(id -u)" -ne 0 ] || ! [ -r /sys/kernel/btf/vmlinux ]; then
	echo "bench/gc.sh: needs root and bpf() for load times and xlated sizes"
	exit 0
fi
mountpoint -q /sys/fs/bpf || mount -t bpf bpf /sys/fs/bpf
head -c 64 /dev/zero >"$tmp/pkt"

# retvals OBJ: what both programs return on a zeroed packet.
retvals() {
	local p
	for p in gc_sum gc_more; do
		"$BPFKIT" -j prog run file "$1" name "$p" data_in "$tmp/pkt" |
			jq -r .retval
	done | xargs
}

if [ "$(retvals "$tmp/full.o")" != "$(retvals "$tmp/gc.o")" ]; then
	echo "bench/gc.sh: the gc output returns other values" >&2
	exit 1
fi
echo
echo "prog loadall (median of $RUNS), kernel sizes summed over both programs; both return $(retvals "$tmp/gc.o")"
printf '%-5s %9s %10s %9s %14s\n' link load_ms xlated_B jited_B insns_verified
for m in full gc; do
	: >"$tmp/times"
	for _ in $(seq "$RUNS"); do
		timed_ms "$BPFKIT" prog loadall "$tmp/$m.o" "$pin"
		sizes=$(for p in gc_sum gc_more; do
			"$BPFKIT" -j prog show pinned "$pin/$p"
		done | jq -rs '[(map(.bytes_xlated) | add),
			(map(.bytes_jited) | add),
			(map(.verified_insns) | add)] | @tsv')
		rm -rf "$pin"
	done
	read -r xlated jited insns <<<"$sizes"
	printf '%-5s %9.3f %10d %9d %14d\n' "$m" "$(median <"$tmp/times")" \
		"$xlated" "$jited" "$insns"
done
