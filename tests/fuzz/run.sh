#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Build the libFuzzer targets (tests/fuzz/fuzz_*.c) with clang
# -fsanitize=fuzzer,address,undefined into $BPFKIT_BUILD (build-fuzz) and
# run each for FUZZ_SECONDS, seeded with the objects built from progs/ and
# the malformed-input corpus. `make fuzz FUZZ_SECONDS=N` calls this.
#
#	FUZZ_TARGETS="btf_dump link"	run only these (default: all)
#	FUZZ_FLAGS="-fork=2 -ignore_crashes=1"	more libFuzzer flags
#
# New inputs accumulate in $BPFKIT_BUILD/fuzz/corpus-TARGET across runs;
# crashes, leaks and hangs are saved as $BPFKIT_BUILD/fuzz/TARGET-crash-*
# (and the like). Prints one line per target (executions, time, result) and
# exits 1 if any target found something.
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${BPFKIT_BUILD:-build-fuzz}
secs=${FUZZ_SECONDS:-30}
targets=${FUZZ_TARGETS:-$(for f in tests/fuzz/fuzz_*.c; do
	t=${f##*/fuzz_}
	echo "${t%.c}"
done)}
pkgs=(libbpf libelf zlib jansson) # capstone: headers only, loaded at run time
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-std=gnu11 -O1 -g -fno-omit-frame-pointer $san -D_GNU_SOURCE \
	-Wall -Wno-unused-parameter -Isrc $(pkg-config --cflags "${pkgs[@]}" capstone)"
libs=$(pkg-config --libs "${pkgs[@]}")
obj="$build/fuzz/obj"
out="$build/fuzz"

compile() { # SRC OBJ EXTRA_FLAGS...: only when SRC is newer
	local src=$1 o=$2
	shift 2
	if [ "$o" -nt "$src" ] && [ -z "$(find src -name '*.h' -newer "$o")" ]; then
		return 0
	fi
	mkdir -p "$(dirname "$o")"
	echo "  CC      $o"
	# shellcheck disable=SC2086 # flag lists
	clang $cflags "$@" -c -o "$o" "$src"
}

# Seeds: progs objects and the corpus (mkcorpus uses the BTF module), both
# built by the ordinary rules.
make --no-print-directory -s BUILD="$build" progs "$build/tests/mkcorpus" >/dev/null
mkdir -p "$out/seeds" "$obj"
"$build/tests/mkcorpus" "$build/progs" "$out/seeds" >/dev/null
cp "$build"/progs/*.bpf.o "$out/seeds/"
rm -f "$out/seeds/MANIFEST"

# Every module and the CLI (whose main() gives way to libFuzzer's).
objs=()
for src in src/*/*.c; do
	o="$obj/${src#src/}"
	o=${o%.c}.o
	extra=(-fsanitize=fuzzer-no-link)
	[ "$src" = src/cli/main.c ] && extra+=(-Dmain=bpfkit_cli_main)
	compile "$src" "$o" "${extra[@]}"
	objs+=("$o")
done

status=0
for t in $targets; do
	compile "tests/fuzz/fuzz_$t.c" "$obj/fuzz_$t.o" -Itests/fuzz
	# shellcheck disable=SC2086
	clang $san -fsanitize=fuzzer -o "$out/fuzz_$t" "$obj/fuzz_$t.o" \
		"${objs[@]}" $libs
	mkdir -p "$out/corpus-$t"
	log="$out/fuzz_$t.log"
	rc=0
	# shellcheck disable=SC2086 # FUZZ_FLAGS is a list
	FUZZ_GOOD_OBJ="$build/progs/rob_good.bpf.o" \
		"$out/fuzz_$t" -max_total_time="$secs" -timeout=10 \
		-max_len=65536 -close_fd_mask=3 -print_final_stats=1 \
		-artifact_prefix="$out/$t-" ${FUZZ_FLAGS:-} \
		"$out/corpus-$t" "$out/seeds" \
		>"$log" 2>&1 || rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n1 || true)
	if [ "$rc" -eq 0 ]; then
		result="no crash"
	else
		result="FOUND A PROBLEM (exit $rc), see $log"
		status=1
	fi
	echo "fuzz_$t: ${execs:-?} execs in $secs s (${rate:-?}/s, ${cov:-cov: ?}, peak ${rss:-?} MB): $result"
done
exit $status
