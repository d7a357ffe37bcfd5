#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Help text, man page synopses and completion words must agree: a command
# added to one and forgotten in another fails here.
load helpers

# help_synopsis OBJ: the "bpfkit OBJ ..." lines of `bpfkit OBJ help`, with
# backslash-continued lines joined and blanks squeezed.
help_synopsis() {
	"$BPFKIT" "$1" help 2>&1 >/dev/null |
		sed -e ':a' -e '/\\$/N; s/\\\n//; ta' |
		sed -e 's/^Usage://' -e 's/^[[:space:]]*//' |
		grep "^bpfkit $1 " | tr -s ' \t' ' ' | sed 's/ $//' | sort
}

# man_synopsis OBJ: the "|	**bpfkit** **OBJ ...**" lines of its RST page,
# without markup.
man_synopsis() {
	grep '^|[[:space:]]*\*\*bpfkit\*\*' "$TOP/man/bpfkit-$1.rst" |
		sed -e 's/^|//' -e 's/\*//g' -e 's/^[[:space:]]*//' |
		tr -s ' \t' ' ' | sed 's/ $//' | sort
}

# keywords OBJ: the lower-case words of the help synopses (not placeholders).
keywords() {
	help_synopsis "$1" | tr -c 'a-z_0-9\n' ' ' | tr ' ' '\n' |
		grep -E '^[a-z][a-z_0-9]*$' | sort -u
}

completion_words() {
	tr -c 'a-z_0-9/\n' ' ' <"$TOP/bash-completion/bpfkit" | tr ' ' '\n' |
		grep -E '^[a-z]' | sort -u
}

check_object() {
	local obj=$1 missing
	[ -f "$TOP/man/bpfkit-$obj.rst" ] || {
		echo "man/bpfkit-$obj.rst is missing"
		return 1
	}
	diff -u <(help_synopsis "$obj") <(man_synopsis "$obj") || {
		echo "help (-) and man/bpfkit-$obj.rst (+) disagree"
		return 1
	}
	[ -n "$(help_synopsis "$obj")" ]
	missing=$(comm -23 <(keywords "$obj") <(completion_words))
	[ -z "$missing" ] || {
		echo "not in bash-completion/bpfkit: $missing"
		return 1
	}
}

@test "gen: help, man page and completion agree" {
	check_object gen
}

@test "btf: help, man page and completion agree" {
	check_object btf
}

@test "object: help, man page and completion agree" {
	check_object object
}

@test "prog: help, man page and completion agree" {
	check_object prog
}

@test "map: help, man page and completion agree" {
	check_object map
}

@test "link: help, man page and completion agree" {
	check_object link
}

@test "every object in the main help has a man page and a completion arm" {
	local objs obj
	objs=$("$BPFKIT" help 2>&1 | sed -e '/OBJECT := /!d' -e 's/.*{//' \
		-e 's/}.*//' -e 's/|//g')
	[ -n "$objs" ]
	for obj in $objs; do
		[ -f "$TOP/man/bpfkit-$obj.rst" ]
		grep -q "^        $obj) _bpfkit_$obj ;;" "$TOP/bash-completion/bpfkit"
		grep -q "\*\*bpfkit-$obj\*\*" "$TOP/man/bpfkit.rst"
	done
}

@test "the main man page lists the same objects as the help" {
	local help man
	help=$("$BPFKIT" help 2>&1 | sed -n 's/.*OBJECT := //p' | tr -d ' ')
	man=$(sed -n 's/.*\*OBJECT\* := //p' "$TOP/man/bpfkit.rst" | tr -d ' *')
	[ "$help" = "$man" ]
}

@test "man pages build with rst2man --strict" {
	command -v rst2man >/dev/null || skip "rst2man is not installed"
	local rst
	for rst in "$TOP"/man/bpfkit*.rst; do
		rst2man --strict "$rst" >/dev/null
	done
}
