#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Install every Debian package that building, testing, the demo and the
# benchmarks need. Quick and silent when all are present; loud when it
# cannot install. --if-missing is accepted for the Makefile's sake (it is
# the default behaviour).
set -euo pipefail

PACKAGES=(
	# build
	make gcc g++ pkg-config clang llvm
	libbpf-dev libelf-dev zlib1g-dev libjansson-dev linux-libc-dev
	# prog dump jited: disassembles the native code of JIT-compiled programs
	libcapstone-dev
	# tests, docs, completion, lint
	bats bash-completion bpftool jq python3 python3-docutils binutils
	shellcheck cppcheck clang-format valgrind
	# <sys/sdt.h>: USDT probes the linked usdt.bpf.h users attach to
	systemtap-sdt-dev
	# fault injection (signals, missing O_TMPFILE) in output-path tests
	strace
	# sanitizers and libFuzzer runtimes, benchmark timing
	libclang-rt-14-dev time
	# bench/small_link.sh: CPU time of millisecond runs (perf stat)
	linux-perf
)

missing=()
for pkg in "${PACKAGES[@]}"; do
	status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
	[ "$status" = "install ok installed" ] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}" >&2
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
	if ! command -v sudo >/dev/null; then
		echo "deps: need root (or sudo) to install: ${missing[*]}" >&2
		exit 1
	fi
	SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update -qq ||
	! "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
	echo "deps: FAILED to install: ${missing[*]}" >&2
	exit 1
fi
echo "deps: done" >&2
