#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# gen_workload.sh DIR FILES GLOBALS
#
# Write and compile a synthetic multi-file BPF workload into DIR:
# DIR/fNNN.bpf.o for NNN = 000 .. FILES-1, each with GLOBALS global
# variables and as many global functions, plus externs, weak duplicates
# and maps. The output is deterministic, and file i depends only on i and
# GLOBALS, so the first k files of a workload are a workload of k files:
# the benchmark links prefixes of one set of objects.
#
# File i:
#   - v_i_j (j < GLOBALS): .data for even j, .bss for odd j;
#   - f_i_j(x): global noinline functions, each calling the next one;
#   - externs of half of file i-1's v, a quarter of its f (defined before
#     use) and a quarter of file i+1's v (declared before their
#     definition, and unresolved in the last file: what a library leaves
#     for later);
#   - w_k and wf_k (k < GLOBALS/16): weak, defined alike in every file;
#   - m_i_k (k < GLOBALS/16) maps, externs of file i-1's, and weak maps
#     wm_k (k < GLOBALS/32) in every file;
#   - st_i_k: static variables (uniquely named: no collision warnings);
#   - one SEC("syscall") program that uses everything.
#
# Objects are cached: a stamp records the generator and compiler, and
# only missing or stale files are rebuilt (in parallel).
set -euo pipefail

dir=${1:?usage: gen_workload.sh DIR FILES GLOBALS}
files=${2:?usage: gen_workload.sh DIR FILES GLOBALS}
globals=${3:?usage: gen_workload.sh DIR FILES GLOBALS}
CLANG=${CLANG:-clang}
arch=$(uname -m)
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

[ "$globals" -ge 32 ] || {
	echo "gen_workload: GLOBALS must be at least 32" >&2
	exit 1
}

# emit_file I: the C source of file I on stdout.
emit_file() {
	local i=$1 j k prev=$(($1 - 1)) next=$(($1 + 1))
	local weak=$((globals / 16)) maps=$((globals / 16))
	local wmaps=$((globals / 32))

	printf '%s\n' \
		"// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)" \
		"/* bench workload: file $i, $globals globals (bench/gen_workload.sh) */" \
		"#include <linux/bpf.h>" \
		"#include <bpf/bpf_helpers.h>" \
		"" \
		"#define ARRAY_MAP(name) struct { \\" \
		"		__uint(type, BPF_MAP_TYPE_ARRAY); \\" \
		"		__type(key, __u32); \\" \
		"		__type(value, __u64); \\" \
		"		__uint(max_entries, 4); \\" \
		"	} name SEC(\".maps\")" \
		""
	for ((j = 0; j < globals; j++)); do
		if ((j % 2 == 0)); then
			echo "int v_${i}_$j = $j;"
		else
			echo "int v_${i}_$j;"
		fi
		((i > 0 && j % 2 == 0)) && echo "extern int v_${prev}_$j;"
		((i > 0 && j % 4 == 0)) && echo "extern int f_${prev}_$j(int x);"
		((j % 4 == 0)) && echo "extern int v_${next}_$j;"
	done
	for ((j = 0; j < globals; j++)); do
		echo "int f_${i}_$j(int x);"
	done
	for ((k = 0; k < weak; k++)); do
		echo "__weak int w_$k = $k;"
		echo "__weak int wf_$k(int x) { return x + $k; }"
	done
	for ((k = 0; k < maps; k++)); do
		echo "ARRAY_MAP(m_${i}_$k);"
		echo "static int st_${i}_$k = $k;"
		((i > 0)) && echo "extern ARRAY_MAP(m_${prev}_$k);"
	done
	for ((k = 0; k < wmaps; k++)); do
		echo "__weak ARRAY_MAP(wm_$k);"
	done
	for ((j = 0; j < globals; j++)); do
		echo "__attribute__((noinline)) int f_${i}_$j(int x)"
		echo "{"
		printf '\tint r = x + v_%s_%s + w_%s' "$i" "$j" $((j % weak))
		((j % 4 == 0)) && printf ' + v_%s_%s' "$next" "$j"
		((i > 0 && j % 2 == 0)) && printf ' + v_%s_%s' "$prev" "$j"
		((i > 0 && j % 4 == 0)) && printf ' + f_%s_%s(x)' "$prev" "$j"
		echo ";"
		# a chain through the file: one call per function, small stacks
		((j + 1 < globals)) && printf '\tr += f_%s_%s(r);\n' "$i" $((j + 1))
		printf '\treturn r + wf_%s(r);\n}\n' $((j % weak))
	done
	echo
	echo "static void *lookup(void *map, __u32 key)"
	echo "{"
	echo "	return bpf_map_lookup_elem(map, &key);"
	echo "}"
	echo
	echo 'SEC("syscall")'
	echo "int prog_$i(void *ctx)"
	echo "{"
	echo "	long s = 0;"
	echo
	echo "	s += f_${i}_0(1);"
	for ((k = 0; k < maps; k++)); do
		echo "	s += st_${i}_$k + (lookup(&m_${i}_$k, $k % 4) != 0);"
		((i > 0)) && echo "	s += lookup(&m_${prev}_$k, 0) != 0;"
	done
	for ((k = 0; k < wmaps; k++)); do
		echo "	s += lookup(&wm_$k, 1) != 0;"
	done
	echo "	return s;"
	echo "}"
	echo
	echo 'char LICENSE[] SEC("license") = "GPL";'
}

# build_file I: generate and compile file I unless it is up to date.
build_file() {
	local i=$1 name
	name=$(printf 'f%03d' "$i")
	[ -s "$dir/$name.bpf.o" ] && return 0
	emit_file "$i" >"$dir/$name.c"
	"$CLANG" -g -O2 -target bpf -I"/usr/include/$arch-linux-gnu" \
		-c -o "$dir/$name.bpf.o.tmp" "$dir/$name.c"
	mv "$dir/$name.bpf.o.tmp" "$dir/$name.bpf.o"
}

mkdir -p "$dir"
stamp="$(sha256sum "$self" | cut -d' ' -f1) $globals $("$CLANG" --version | head -1)"
if [ "$(cat "$dir/stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -f "$dir"/f*.bpf.o "$dir"/f*.c
	printf '%s\n' "$stamp" >"$dir/stamp"
fi

todo=()
for ((i = 0; i < files; i++)); do
	[ -s "$dir/$(printf 'f%03d' "$i").bpf.o" ] || todo+=("$i")
done
[ ${#todo[@]} -eq 0 ] && exit 0
echo "gen_workload: compiling ${#todo[@]} file(s) of $globals globals into $dir" >&2
export -f emit_file build_file
export dir globals CLANG arch
printf '%s\n' "${todo[@]}" | xargs -P "$(nproc)" -I{} bash -c 'build_file {}'
