#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Run the malformed-input corpus through one command (robustness.bats calls
# this once per command; the loop lives here because bats traces every
# shell command of a test, which would make 800 cases take minutes).
#
#	robustness.sh WHAT
#
# WHAT is dump-raw, dump-json, dump-c, dump-ext, skeleton, header, link-first,
# link-second, pairs or prog-verify (needs root and bpf()). Needs BPFKIT and
# CORPUS (made by tests/bin/mkcorpus) in the environment, and ROB_VLIMIT
# (KiB for ulimit -v; empty: none). ROB_SAMPLE=family runs one case per
# mutation family (make check, where tests/bin/corpus_check runs every case
# in-process); unset, every case (make check-full).
#
# The corpus MANIFEST says per case and command group whether the case must
# fail (F), must succeed (0) or may do either (A). Every run must:
#   - exit 0 or 1: no signal, no hang (timeout 30), no other code;
#   - F: exit 1; 0: exit 0;
#   - on failure: print one "Error: " line without control bytes (with
#     -j: one {"error": ...} object, alone on stdout) that names the file,
#     and nothing on stdout;
#     gen object leaves neither its output nor a temporary file behind;
#   - gen object: when libbpf opens every input (tests/bin/libbpf_open),
#     it opens the output too;
#   - under ulimit -v, never report an allocation failure: a file that
#     claims huge sizes must be rejected before anything is allocated.
# Times are reported (the slowest case in the summary), never asserted:
# a loaded machine must not fail the suite. Prints one line per problem,
# then a summary; per-case times (ms, exit
# code, case) go to $CORPUS/times-WHAT.tsv. Exit 0, 1 on problems, or 3
# when the command is still a placeholder.
set -u

what=${1:?usage: robustness.sh WHAT}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
times="$CORPUS/times-$what.tsv"
good="$CORPUS/rob_good.bpf.o"
libbpf_open=${LIBBPF_OPEN:-$(dirname "$BPFKIT")/tests/libbpf_open}
fails=0
runs=0
oks=0
slowest=0
slowest_case=

if [ -n "${ROB_VLIMIT:-}" ]; then
	ulimit -v "$ROB_VLIMIT"
fi

problem() {
	echo "  $1: $2"
	fails=$((fails + 1))
}

# check_error MODE LABEL NAME...: a failed run names every NAME.
check_error() {
	local mode=$1 label=$2 out err line name
	shift 2
	out=$(<"$tmp/out")
	err=$(<"$tmp/err")
	if [ "$mode" = json ]; then
		if ! [[ $out =~ ^\{\"error\":\ ?\".*\"\}$ ]]; then
			problem "$label" "stdout is not one {\"error\": ...} object: ${out:0:200}"
			return
		fi
		line=$out
	else
		# prog load verify prints every verdict before failing on a
		# rejected program (a CI gate); nothing else may print.
		if [ -n "$out" ] && [[ $out != *"  verdict rejected"* ]]; then
			problem "$label" "stdout not empty although it failed: ${out:0:120}"
		fi
		line=
		while IFS= read -r l; do
			if [[ $l == "Error: "* ]]; then
				line=$l
				break
			fi
		done <<<"$err"
		if [ -z "$line" ]; then
			problem "$label" "no 'Error: ' line: ${err:0:200}"
			return
		fi
		# names from the input are escaped: one line, no raw bytes
		if [ "$(grep -c '^Error: ' <<<"$err")" -ne 1 ] ||
			[[ $err == *[$'\x01'-$'\x08'$'\x0b'-$'\x1f'$'\x7f']* ]]; then
			problem "$label" "error is not one line of printable text: ${err:0:200}"
		fi
	fi
	for name in "$@"; do
		if [[ $line != *"${name##*/}"* ]]; then
			problem "$label" "error does not name ${name##*/}: ${line:0:200}"
		fi
	done
	shopt -s nocasematch
	if [ -n "${ROB_VLIMIT:-}" ] &&
		[[ $line == *"out of memory"* || $line == *"cannot allocate"* ]]; then
		problem "$label" "allocation failed under ulimit -v: ${line:0:200}"
	fi
	shopt -u nocasematch
}

# run_one EXPECT MODE LABEL NAMES -- ARGS...: run bpfkit once and check it;
# NAMES (space-separated) must all appear in the error. Sets rc.
run_one() {
	local expect=$1 mode=$2 label=$3 names=$4 t0 t1 ms
	shift 5
	t0=${EPOCHREALTIME/./}
	rc=0
	timeout 30 "$BPFKIT" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null || rc=$?
	t1=${EPOCHREALTIME/./}
	ms=$(((t1 - t0) / 1000))
	runs=$((runs + 1))
	printf '%s\t%s\t%s\n' "$ms" "$rc" "$label" >>"$times"
	if [ "$ms" -gt "$slowest" ]; then
		slowest=$ms
		slowest_case=$label
	fi
	if [ "$rc" -eq 124 ]; then
		problem "$label" "hangs: timeout (30 s) hit"
		return
	elif [ "$rc" -gt 128 ]; then
		problem "$label" "killed by signal $((rc - 128)): $(tail -c 400 "$tmp/err")"
		return
	elif [ "$rc" -gt 1 ]; then
		problem "$label" "exit code $rc: $(head -c 200 "$tmp/err")"
		return
	fi
	if [ "$rc" -eq 0 ]; then
		oks=$((oks + 1))
		if [ "$expect" = F ]; then
			problem "$label" "accepted (exit 0), must be rejected"
		fi
		return
	fi
	if [ "$expect" = 0 ]; then
		problem "$label" "rejected, must succeed: $(head -c 300 "$tmp/err")"
	fi
	# shellcheck disable=SC2086 # names is a list
	check_error "$mode" "$label" $names
}

# link EXPECT LABEL NAMES -- INPUTS...: nothing may be left behind, and
# an output must open in libbpf wherever all inputs do.
link() {
	local expect=$1 label=$2 names=$3 out="$tmp/linked.o" left
	shift 4
	run_one "$expect" plain "$label" "$names" -- gen object "$out" "$@"
	if [ "$rc" -ne 0 ] && [ -e "$out" ]; then
		problem "$label" "failed but left its output file behind"
	fi
	if [ "$rc" -eq 0 ] && "$libbpf_open" "$@" 2>/dev/null &&
		! "$libbpf_open" "$out" 2>"$tmp/open"; then
		problem "$label" "libbpf opens every input but not the output: $(head -c 200 "$tmp/open")"
	fi
	rm -f "$out"
	left=$(find "$tmp" -name '*linked*')
	if [ -n "$left" ]; then
		problem "$label" "temporary file left behind: $left"
		rm -f "$tmp"/*linked* "$tmp"/.*linked*
	fi
}

# cases COL: "expect<TAB>file" of each single-file case for command group
# COL of the EXPECT field (1 dump, 2 ext, 3 link, 4 skeleton). prog load
# and gen header read what a skeleton does and must reject what it
# rejects: they use column 4 too. With ROB_SAMPLE=family, one case per mutation family.
cases() {
	local col=$1 kind exp file rest
	if [ "${ROB_SAMPLE:-}" = family ]; then
		family_cases "$col"
		return
	fi
	while IFS=$'\t' read -r kind exp file rest; do
		[ "$kind" = case ] || continue
		printf '%s\t%s\n' "${exp:col-1:1}" "$file"
	done <"$CORPUS/MANIFEST"
}

# family_cases COL: per mutation family (the case name up to its first
# word after the source: base-shdr, ext-rel, tiny-vlen, rob_mm...), the
# first case this command must reject, else the family's first case: the
# error path is what a process run adds to tests/bin/corpus_check's.
family_cases() {
	awk -F'\t' -v col="$1" '$1 == "case" {
		fam = $3
		if (match(fam, /^[a-z]+[-_][a-z]+/))
			fam = substr(fam, 1, RLENGTH)
		e = substr($2, col, 1)
		if (!(fam in first)) {
			first[fam] = e "\t" $3
			order[++n] = fam
		}
		if (e == "F" && !(fam in fail))
			fail[fam] = e "\t" $3
	}
	END {
		for (i = 1; i <= n; i++)
			print (order[i] in fail) ? fail[order[i]] : first[order[i]]
	}' "$CORPUS/MANIFEST"
}

# placeholder ARGS...: is the command still "not available in this build"?
placeholder() {
	"$BPFKIT" "$@" >/dev/null 2>"$tmp/probe" </dev/null
	grep -q 'is not available in this build' "$tmp/probe"
}

# each_case COL MODE ARGS...: ARGS with @CASE@ replaced by each case.
each_case() {
	local col=$1 mode=$2 exp file
	shift 2
	while IFS=$'\t' read -r exp file; do
		run_one "$exp" "$mode" "$file" "$file" -- \
			"${@/@CASE@/$CORPUS/$file}"
	done < <(cases "$col")
}

each_link() {
	local order=$1 exp file
	while IFS=$'\t' read -r exp file; do
		if [ "$order" = first ]; then
			link "$exp" "$file" "$file" -- "$CORPUS/$file" "$good"
		else
			link "$exp" "$file" "$file" -- "$good" "$CORPUS/$file"
		fi
	done < <(cases 3)
}

# Conflicting pairs: both orders, and the error names both files.
each_pair() {
	local kind exp a b why
	while IFS=$'\t' read -r kind exp a b why; do
		[ "$kind" = pair ] || continue
		link "$exp" "$a+$b ($why)" "$a $b" -- "$CORPUS/$a" "$CORPUS/$b"
		link "$exp" "$b+$a ($why)" "$a $b" -- "$CORPUS/$b" "$CORPUS/$a"
	done <"$CORPUS/MANIFEST"
}

case $what in
dump-raw | dump-json | dump-c) probe=(btf dump file "$good") ;;
dump-ext) probe=(btf dump file "$good" ext) ;;
prog-verify) probe=(prog load "$good" verify) ;;
skeleton) probe=(gen skeleton "$good") ;;
header) probe=(gen header "$good") ;;
link-* | pairs) probe=(gen object "$tmp/probe.o" "$good") ;;
*)
	echo "robustness.sh: unknown WHAT '$what'" >&2
	exit 2
	;;
esac
if placeholder "${probe[@]}"; then
	echo "'${probe[*]}' is a placeholder in this build"
	exit 3
fi

: >"$times"
case $what in
dump-raw) each_case 1 plain btf dump file @CASE@ ;;
dump-json) each_case 1 json -j btf dump file @CASE@ ;;
dump-c) each_case 1 plain btf dump file @CASE@ format c ;;
dump-ext) each_case 2 plain btf dump file @CASE@ ext ;;
skeleton) each_case 4 plain gen skeleton @CASE@ ;;
header) each_case 4 plain gen header @CASE@ ;;
prog-verify) each_case 4 plain prog load @CASE@ verify ;;
link-first) each_link first ;;
link-second) each_link second ;;
pairs) each_pair ;;
esac

echo "$what: $runs runs, $oks exit 0, $((runs - oks)) exit 1, slowest $slowest ms ($slowest_case), $fails problems"
[ "$fails" -eq 0 ]
