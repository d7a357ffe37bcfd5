#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Source rules that a compiler does not enforce.
load helpers

scripts_check_cycles() {
	bash "$TOP/scripts/check_cycles.sh" "$@"
}

@test "C sources are clang-formatted with the repo's .clang-format" {
	command -v clang-format >/dev/null || skip "clang-format is not installed"
	cd "$TOP"
	run clang-format --dry-run -Werror src/*/*.c src/*/*.h tests/bin/*.c \
		tests/unit/*.c
	[ "$status" -eq 0 ] || {
		echo "$output" | head -40
		return 1
	}
}

@test "modules outside src/cli export only bk_* symbols" {
	local o bad=""
	for o in "$BUILD"/{lib,elf,btf,linker,skel,prog,object}/*.o; do
		[ -e "$o" ] || continue
		bad+=$(nm --defined-only -g "$o" | awk '{print $3}' |
			grep -v '^bk_' | sed "s|^|${o#"$BUILD"/}: |")
	done
	[ -z "$bad" ] || {
		echo "$bad"
		return 1
	}
}

@test "nothing defines libbpf's names (bpf_linker__, btf__, strset__, hashmap__)" {
	local bad
	bad=$(nm --defined-only -g "$BUILD"/*/*.o |
		awk '{print $3}' | grep -E '^(bpf_linker__|btf__|strset__|hashmap__)' || true)
	[ -z "$bad" ] || {
		echo "$bad"
		return 1
	}
}

@test "a module's *_internal.h is included only inside its module" {
	cd "$TOP"
	local h dir bad=""
	for h in src/*/*_internal.h; do
		[ -e "$h" ] || continue
		dir=$(dirname "$h")
		bad+=$(grep -l "$(basename "$h")" src/*/*.c src/*/*.h tests/*/*.c 2>/dev/null |
			grep -v "^$dir/" || true)
	done
	[ -z "$bad" ] || {
		echo "$bad"
		return 1
	}
}

@test "only src/cli prints to stdout or exits; only src/elf calls libelf" {
	cd "$TOP"
	local bad
	bad=$(grep -nE '\b(printf|puts|putchar|exit)\(|\bstdout\b' \
		src/{lib,elf,btf,linker,prog,object}/*.c 2>/dev/null || true)
	[ -z "$bad" ] || {
		echo "$bad"
		return 1
	}
	bad=$(grep -lE '#include <(libelf|gelf)\.h>' src/*/*.c src/*/*.h |
		grep -v '^src/elf/' || true)
	[ -z "$bad" ] || {
		echo "libelf used outside src/elf: $bad"
		return 1
	}
}

@test "no call cycle among src/linker files (phases call down, never up)" {
	run scripts_check_cycles "$TOP/src/linker" "$BUILD/linker"
	[ "$status" -eq 0 ] || {
		echo "$output"
		return 1
	}
}

@test "no call cycle among src/object files" {
	run scripts_check_cycles "$TOP/src/object" "$BUILD/object"
	[ "$status" -eq 0 ] || {
		echo "$output"
		return 1
	}
}

@test "the cycle check fails on a planted cycle and names its files" {
	local d=$BATS_TEST_TMPDIR/cyc
	mkdir -p "$d"
	printf 'int bk_b(int);\nint bk_a(int x) { return x ? bk_b(x - 1) : 0; }\n' >"$d/a.c"
	printf 'int bk_a(int);\nint bk_b(int x) { return bk_a(x); }\n' >"$d/b.c"
	printf 'int bk_a(int);\nint bk_c(void) { return bk_a(1); }\n' >"$d/c.c"
	(cd "$d" && cc -c a.c b.c c.c)
	run scripts_check_cycles "$d" "$d"
	[ "$status" -eq 1 ]
	[[ "$output" == *"call cycle among the files of $d"* ]]
	[[ "$output" == *"  a"* && "$output" == *"  b"* ]]
	[[ "$output" != *"  c"* ]]
	rm "$d/b.c" "$d/b.o"
	printf 'int bk_b(int x) { return x; }\n' >"$d/b.c"
	(cd "$d" && cc -c b.c)
	run scripts_check_cycles "$d" "$d"
	[ "$status" -eq 0 ]
}

# A row per line keeps a new command a one-line diff; clang-format packs
# short rows into columns unless a comment line sits among them.
@test "command tables in src/cli hold one row per line" {
	cd "$TOP"
	local bad tables
	tables=$(grep -c 'struct cmd .*\[\] = {' src/cli/*.c | awk -F: '{n += $2} END {print n}')
	[ "$tables" -ge 4 ]
	bad=$(awk 'FNR == 1 { t = 0 }
		/struct cmd .*\[\] = \{./ { print FILENAME ":" FNR ": " $0 }
		/struct cmd .*\[\] = \{/ { t = 1; next }
		t && /\{.*\}.*\{.*\}/ { print FILENAME ":" FNR ": " $0 }
		t && /};/ { t = 0 }' src/cli/*.c)
	[ -z "$bad" ] || {
		echo "$bad"
		return 1
	}
}
