#!/usr/bin/env bats
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# gen object at ELF's limits: an output holds at most 65279 sections (no
# extended section numbering). A link that cannot fit is refused as soon
# as an input's section headers say so, naming the input and the limit,
# and leaves no output. Inputs come from tests/bin/mksecs (data sections
# that each become an output section).
bats_require_minimum_version 1.5.0
load helpers

setup() {
	T=$BATS_TEST_TMPDIR
}

# limit_error FILE SECTIONS: the message for an output of at least
# SECTIONS sections, refused at FILE.
limit_error() {
	echo "Error: $1: the output would have $2 sections or more, beyond the 65279 an object holds without extended section numbering"
}

@test "an input with more sections than an output holds is refused up front" {
	# 65277 data sections + null, .strtab and .symtab: one too many
	"$TBIN/mksecs" "$T/many.o" 65277
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$T/many.o"
	[ "$stderr" = "$(limit_error "$T/many.o" 65280)" ]
	[ -z "$output" ]
	assert_no_file "$T/out.o"
	# extended section numbering in the input is read right
	"$TBIN/mksecs" "$T/more.o" 70000
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$T/more.o"
	[ "$stderr" = "$(limit_error "$T/more.o" 70003)" ]
	assert_no_file "$T/out.o"
	# in JSON mode the same message, as the error
	run --separate-stderr -1 bpfkit -j gen object "$T/out.o" "$T/many.o"
	[ "$(jq -r .error <<<"$output")" = "$(limit_error "$T/many.o" 65280 | sed 's/^Error: //')" ]
}

@test "an output of exactly 65279 sections is written" {
	"$TBIN/mksecs" "$T/full.o" 65276
	run --separate-stderr -0 bpfkit gen object "$T/out.o" "$T/full.o"
	[ "$(readelf -hW "$T/out.o" | awk '/Number of section headers/ { print $NF }')" = 65279 ]
}

@test "the input that makes the sum too large is named; same names count once" {
	"$TBIN/mksecs" "$T/a.o" 40000 a
	"$TBIN/mksecs" "$T/b.o" 40000 b
	run --separate-stderr -1 bpfkit gen object "$T/out.o" "$T/a.o" "$T/b.o"
	[ "$stderr" = "$(limit_error "$T/b.o" 80003)" ]
	assert_no_file "$T/out.o"
	# the same 40000 names twice are 40000 output sections
	run --separate-stderr -0 bpfkit gen object "$T/out.o" "$T/a.o" "$T/a.o"
	[ "$(readelf -hW "$T/out.o" | awk '/Number of section headers/ { print $NF }')" = 40003 ]
}
