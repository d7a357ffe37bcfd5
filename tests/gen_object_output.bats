#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# gen object OUTPUT_FILE: what happens to each kind of output path. Regular
# files, links and hard links are replaced atomically (mode and owner kept);
# devices, FIFOs and /dev/stdout are written in place, never replaced; an
# output that is also an input is refused; signals leave nothing behind.
#
# Device nodes are made in a private mount namespace with its own tmpfs on
# /dev (unshare -m), never on the real /dev. After each case the test shows
# the node, the link and its target (stat: type, mode, link count) and checks
# them. bpftool 7.1 opens OUTPUT_FILE with O_TRUNC, which is right for
# devices but leaves a truncated file behind when linking fails.
load helpers

teardown() {
	[ -z "${RO:-}" ] || rm -rf "$RO"
}

setup() {
	T=$BATS_TEST_TMPDIR
	IN=("$PROGS/linked_funcs1.bpf.o" "$PROGS/linked_funcs2.bpf.o"
		"$PROGS/linked_funcs3.bpf.o")
	bpfkit gen object "$T/ref.o" "${IN[@]}"
	export T
}

# These tests need root (mknod, chown, mount namespaces), not bpf().
require_root() {
	local why=""
	if [ "$(id -u)" -ne 0 ]; then
		why="not root"
	elif ! unshare -m true 2>/dev/null; then
		why="unshare -m is not permitted"
	fi
	skip_unless_required root "$why"
}

# no_temporaries DIR: no temporary file of gen object is left in DIR
# (.bpfkit-*, or OUT.XXXXXX as older versions made).
no_temporaries() {
	local left
	left=$(ls -A "$1" | grep -E '\.bpfkit-|\.o\.[[:alnum:]]{6}$' || true)
	[ -z "$left" ] || {
		echo "temporary files left behind: $left" >&2
		return 1
	}
}

# show PATH...: type, mode, link count (and a link's target), one per line.
show() {
	local p
	for p in "$@"; do
		if [ -L "$p" ]; then
			echo "$p: $(stat -c '%F %h' "$p") -> $(readlink "$p")"
		else
			stat -c "$p: %F %a %h" "$p"
		fi
	done
}

# in_private_dev SCRIPT: run bash SCRIPT with a fresh tmpfs on /dev holding
# null, full, a FIFO and the stdout link, as a copy of the real ones.
in_private_dev() {
	unshare -m --propagation private bash -c '
		set -e
		mount -t tmpfs -o mode=755 bpfkit-test-dev /dev
		mknod -m 666 /dev/null c 1 3
		mknod -m 666 /dev/full c 1 7
		mkfifo -m 600 /dev/fifo
		ln -s /proc/self/fd/1 /dev/stdout
		'"$1" _ "$BPFKIT" "${IN[@]}"
}

@test "an absent output is created with mode 0666 & ~umask, nothing else" {
	(umask 027 && bpfkit gen object "$T/new.o" "${IN[@]}")
	show "$T/new.o"
	[ "$(show "$T/new.o")" = "$T/new.o: regular file 640 1" ]
	cmp "$T/ref.o" "$T/new.o"
	no_temporaries "$T"
}

@test "a regular output is replaced atomically and keeps its mode and owner" {
	require_root
	cp "${IN[0]}" "$T/out.o"
	chmod 604 "$T/out.o"
	chown 65534:65534 "$T/out.o"
	ino=$(stat -c %i "$T/out.o")
	bpfkit gen object "$T/out.o" "${IN[@]}"
	show "$T/out.o"
	[ "$(show "$T/out.o")" = "$T/out.o: regular file 604 1" ]
	[ "$(stat -c '%u:%g' "$T/out.o")" = 65534:65534 ]
	[ "$(stat -c %i "$T/out.o")" != "$ino" ]
	cmp "$T/ref.o" "$T/out.o"
	no_temporaries "$T"
}

@test "a hard-linked output is updated for all its names" {
	cp "${IN[0]}" "$T/out.o"
	ln "$T/out.o" "$T/other.o"
	ino=$(stat -c %i "$T/out.o")
	bpfkit gen object "$T/out.o" "${IN[@]}"
	show "$T/out.o" "$T/other.o"
	[ "$(show "$T/other.o")" = "$T/other.o: regular file 644 2" ]
	[ "$(stat -c %i "$T/out.o")" = "$ino" ]
	cmp "$T/ref.o" "$T/other.o"
	no_temporaries "$T"
}

@test "a symlinked output: the target is replaced, the link stays a link" {
	mkdir "$T/d" "$T/e"
	cp "${IN[0]}" "$T/e/target.o"
	chmod 600 "$T/e/target.o"
	ln -s ../e/target.o "$T/d/link.o"
	ln -s d/link.o "$T/chain.o"
	bpfkit gen object "$T/chain.o" "${IN[@]}"
	show "$T/chain.o" "$T/d/link.o" "$T/e/target.o"
	[ "$(show "$T/d/link.o")" = "$T/d/link.o: symbolic link 1 -> ../e/target.o" ]
	[ "$(show "$T/e/target.o")" = "$T/e/target.o: regular file 600 1" ]
	cmp "$T/ref.o" "$T/e/target.o"
	no_temporaries "$T/d"
	no_temporaries "$T/e"
}

@test "a dangling symlink output creates its target" {
	mkdir "$T/d"
	ln -s ../made.o "$T/d/link.o"
	bpfkit gen object "$T/d/link.o" "${IN[@]}"
	show "$T/d/link.o" "$T/made.o"
	[ "$(show "$T/d/link.o")" = "$T/d/link.o: symbolic link 1 -> ../made.o" ]
	cmp "$T/ref.o" "$T/made.o"
}

@test "an output that is an input under another name is refused, unchanged" {
	cp "${IN[0]}" "$T/a.o"
	ln -s a.o "$T/link.o"
	run -1 --separate-stderr bpfkit gen object "$T/link.o" "$T/a.o" \
		"${IN[1]}" "${IN[2]}"
	[ "$stderr" = "Error: $T/a.o: the output file is also an input" ]
	show "$T/link.o" "$T/a.o"
	cmp "${IN[0]}" "$T/a.o"
	[ -L "$T/link.o" ]
	run -1 bpfkit -j gen object "$T/a.o" "${IN[1]}" "$T/link.o"
	[ "$output" = "{\"error\":\"$T/link.o: the output file is also an input\"}" ]
}

@test "/dev/null: -j prints only the link report, the node stays a device" {
	require_root
	run -0 --separate-stderr in_private_dev '
		"$1" -j gen object /dev/null "${@:2}"
		stat -c "%n: %F %a %h %t,%T" /dev/null >&2'
	[ "$stderr" = "/dev/null: character special file 666 1 1,3" ]
	jq -e '.inputs | length == 3' <<<"$output"
}

@test "/dev/full: a clean 'No space left on device', the node stays" {
	require_root
	run -0 --separate-stderr in_private_dev '
		! "$1" gen object /dev/full "${@:2}"
		stat -c "%n: %F %a %h" /dev/full'
	[ "$stderr" = "Error: /dev/full: cannot write: No space left on device" ]
	[ "$output" = "/dev/full: character special file 666 1" ]
}

@test "a FIFO is written in place for its reader, never replaced" {
	require_root
	run -0 in_private_dev '
		# bounded: a FIFO replaced by a file would keep it waiting
		timeout 30 cat /dev/fifo > "$T/from-fifo.o" &
		"$1" gen object /dev/fifo "${@:2}"
		wait
		stat -c "%n: %F %a %h" /dev/fifo'
	[ "$output" = "/dev/fifo: fifo 600 1" ]
	cmp "$T/ref.o" "$T/from-fifo.o"
}

@test "/dev/stdout to a pipe and to a file: written in place" {
	require_root
	run -0 in_private_dev '
		"$1" gen object /dev/stdout "${@:2}" | cat > "$T/piped.o"
		"$1" gen object /dev/stdout "${@:2}" > "$T/redirected.o"
		echo "$(stat -c "%n: %F" /dev/stdout) -> $(readlink /dev/stdout)"'
	[ "$output" = "/dev/stdout: symbolic link -> /proc/self/fd/1" ]
	cmp "$T/ref.o" "$T/piped.o"
	cmp "$T/ref.o" "$T/redirected.o"
}

@test "a writable output in a read-only directory is written in place" {
	require_root
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	# bats' own directories are private: nobody must reach this one.
	RO=$(mktemp -d /tmp/bpfkit-test-ro.XXXXXX)
	chmod 755 "$RO"
	cp "${IN[0]}" "$RO/out.o"
	chown 65534 "$RO/out.o"
	run -0 setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$BPFKIT" gen object "$RO/out.o" "${IN[@]}"
	show "$RO/out.o"
	cmp "$T/ref.o" "$RO/out.o"
	# Neither a temporary nor the file itself can be made: say why.
	chmod 444 "$RO/out.o"
	cp "$RO/out.o" "$T/before.o"
	run -1 --separate-stderr setpriv --reuid=65534 --regid=65534 \
		--clear-groups "$BPFKIT" gen object "$RO/out.o" "${IN[@]}"
	[ "$stderr" = "Error: $RO/out.o: cannot create a temporary file in $RO, needed for an atomic replace: Permission denied" ]
	run -1 --separate-stderr setpriv --reuid=65534 --regid=65534 \
		--clear-groups "$BPFKIT" gen object "$RO/new.o" "${IN[@]}"
	[ "$stderr" = "Error: $RO/new.o: cannot create output file: Permission denied" ]
	cmp "$T/before.o" "$RO/out.o"
	assert_no_file "$RO/new.o"
}

# name255 CHAR: a 255-byte file name (NAME_MAX) ending in .o
name255() {
	printf "%0253d.o" 0 | tr 0 "$1"
}

@test "output names of 249 to 255 bytes work" {
	local n
	for n in 249 255; do
		name=$(printf "%0$((n - 2))d.o" 0)
		bpfkit gen object "$T/$name" "${IN[@]}"
		cmp "$T/ref.o" "$T/$name"
		bpfkit gen object "$T/$name" "${IN[@]}"
		no_temporaries "$T"
		rm "$T/$name"
	done
}

# tmpfile_call CMD...: the number of the openat() call that asks for an
# O_TMPFILE when CMD runs (strace counts calls of one syscall from 1).
tmpfile_call() {
	strace -qq -e trace=openat -o "$T/trace" "$@" >/dev/null
	grep -n O_TMPFILE "$T/trace" | head -1 | cut -d: -f1
}

@test "without O_TMPFILE a short hidden temporary still fits a 255-byte name" {
	command -v strace >/dev/null || skip "strace is not installed"
	untraced_leaks
	local out n
	out="$T/$(name255 x)"
	n=$(tmpfile_call "$BPFKIT" gen object "$out" "${IN[@]}")
	[ -n "$n" ]
	# The file system says it cannot: bpfkit falls back to a named one.
	run -0 strace -qq -o "$T/trace2" -e trace=openat,rename \
		-e inject=openat:error=EOPNOTSUPP:when="$n" \
		"$BPFKIT" gen object "$out" "${IN[@]}"
	grep -q 'O_TMPFILE.*EOPNOTSUPP (Operation not supported) (INJECTED)' "$T/trace2"
	grep -q 'rename(".*/\.bpfkit-' "$T/trace2"
	cmp "$T/ref.o" "$out"
	no_temporaries "$T"
}

# interrupt SIG STATUS [strace options]: deliver SIG on the second write of
# the output and check the exit status, that the old output is untouched and
# that no temporary is left.
interrupt() {
	local sig=$1 status=$2
	shift 2
	cp "${IN[0]}" "$T/out.o"
	run -"$status" strace -qq -o "$T/trace.sig" -e trace=pwrite64,openat \
		-e inject=pwrite64:signal="$sig":when=2 "$@" \
		"$BPFKIT" gen object "$T/out.o" "${IN[@]}"
	cmp "${IN[0]}" "$T/out.o"
	no_temporaries "$T"
}

@test "SIGINT, SIGTERM, SIGHUP during a link: exit 130, 143, 129, nothing left" {
	command -v strace >/dev/null || skip "strace is not installed"
	untraced_leaks
	interrupt SIGINT 130
	interrupt SIGTERM 143
	interrupt SIGHUP 129
}

@test "a signal with a named temporary (no O_TMPFILE) removes it" {
	command -v strace >/dev/null || skip "strace is not installed"
	untraced_leaks
	local n
	cp "${IN[0]}" "$T/out.o"
	n=$(tmpfile_call "$BPFKIT" gen object "$T/out.o" "${IN[@]}")
	interrupt SIGTERM 143 -e inject=openat:error=EOPNOTSUPP:when="$n"
	grep -q 'openat(.*/\.bpfkit-.*O_CREAT' "$T/trace.sig"
}
