# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Shared by every bats file: load helpers
bats_require_minimum_version 1.5.0

TOP="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
BUILD="$TOP/${BPFKIT_BUILD:-build}"
BPFKIT="$BUILD/bpfkit"
PROGS="$BUILD/progs"
TBIN="$BUILD/tests"
export BPFKIT PROGS TBIN

# make check VALGRIND=1 runs every call under valgrind: a memory error or a
# definite leak exits 99, which no test expects.
bpfkit() {
	if [ "${VALGRIND:-0}" = 1 ]; then
		valgrind -q --error-exitcode=99 --leak-check=full \
			--errors-for-leak-kinds=definite \
			--suppressions="$TOP/tests/valgrind.supp" "$BPFKIT" "$@"
	else
		"$BPFKIT" "$@"
	fi
}

# Tests that need bpf() and root: skip with the reason, or fail when
# BPFKIT_REQUIRE_KERNEL=1 (CI) so a silent skip cannot hide a regression.
require_kernel() {
	local why=""
	if [ "$(id -u)" -ne 0 ]; then
		why="not root"
	elif ! [ -r /sys/kernel/btf/vmlinux ]; then
		why="no /sys/kernel/btf/vmlinux"
	elif ! "$TBIN/kernel_probe" >/dev/null 2>&1; then
		why="bpf() is not available (kernel_probe failed)"
	fi
	skip_unless_required kernel "$why"
}

# skip_unless_required WHAT WHY: nothing when WHY is empty; else skip the
# test saying so, or fail under BPFKIT_REQUIRE_KERNEL=1 (CI runs as root).
skip_unless_required() {
	[ -z "$2" ] && return 0
	if [ "${BPFKIT_REQUIRE_KERNEL:-0}" = 1 ]; then
		echo "$1 required (BPFKIT_REQUIRE_KERNEL=1) but $2" >&2
		return 1
	fi
	skip "${1^^} TEST SKIPPED: $2"
}

# Kernel tests that pin: the kernel, a mounted BPF file system and the
# directory $PIN on it, which teardown_pin_dir removes.
setup_pin_dir() {
	require_kernel
	if ! mountpoint -q /sys/fs/bpf; then
		mount -t bpf bpf /sys/fs/bpf
	fi
	mkdir -p "$PIN"
}

teardown_pin_dir() {
	if [ -n "${PIN:-}" ] && [ -d "$PIN" ]; then
		rm -rf "$PIN"
	fi
}

require_bpftool() {
	command -v bpftool >/dev/null || skip "bpftool is not installed"
}

# assert_no_file PATH: a failed command must leave nothing behind.
assert_no_file() {
	if [ -e "$1" ]; then
		echo "unexpected file left behind: $1" >&2
		return 1
	fi
	local left
	# OUT.XXXXXX from older versions, .bpfkit-* (gen object's temporaries)
	left=$(ls -A "$(dirname "$1")" |
		grep -F -e ".bpfkit-" -e "$(basename "$1")." || true)
	if [ -n "$left" ]; then
		echo "temporary files left behind: $left" >&2
		return 1
	fi
}

# LeakSanitizer cannot run under ptrace: a test that runs bpfkit under
# strace turns it off; the other tests check the same code for leaks.
untraced_leaks() {
	export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
}
