#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# Bad BTF inputs for tests/btf_bad_input.bats, made from progs/ objects and
# from a raw BTF blob with every kind (tests/bin/btf_gen):
#
#   bad-MUTATION.INPUT      one precise corruption of .BTF or .BTF.ext (see
#                           `btf_gen list`): must fail with one error line
#   cbad-MUTATION.INPUT     valid BTF that `format c` must refuse (c-*)
#   ok-ext-MUTATION.INPUT   .BTF.ext changed the way libbpf 1.1 still links
#                           (ok-ext-*): must be accepted
#   bad-trunc-N.INPUT       INPUT cut to N bytes: must fail
#   bad-deep.btf            a pointer chain deeper than bpfkit allows
#   flip-SEED.INPUT         one pseudo-random bit of .BTF flipped: may be
#                           valid or not, but must never crash or hang
#
#   bash scripts/mkcorpus_btf.sh OUT_DIR
#
# BPFKIT_BUILD names the build directory (default build).
set -eu
cd "$(dirname "$0")/.."
build="${BPFKIT_BUILD:-build}"
gen="$build/tests/btf_gen"
out="${1:?usage: mkcorpus_btf.sh OUT_DIR}"
flips="${BTF_FLIPS:-30}"

mkdir -p "$out"
rm -f "$out"/bad-* "$out"/cbad-* "$out"/ok-* "$out"/flip-* "$out"/kinds.btf
"$gen" kinds "$out/kinds.btf"
inputs=("$build/progs/btf_kinds.bpf.o" "$build/progs/btf_externs.bpf.o"
	"$out/kinds.btf")

for in in "${inputs[@]}"; do
	name=${in##*/}
	# A mutation that needs what an input lacks (a .BTF.ext, a DECL_TAG)
	# is skipped for that input: btf_gen says so and exits 2.
	for m in $("$gen" list); do
		f="$out/bad-$m.$name"
		[[ $m == c-* ]] && f="$out/cbad-${m#c-}.$name"
		[[ $m == ok-* ]] && f="$out/$m.$name"
		"$gen" mutate "$in" "$f" "$m" 2>/dev/null || rm -f "$f"
	done
	size=$(stat -c %s "$in")
	for n in 1 10 23 40 $((size / 2)) $((size - 1)); do
		head -c "$n" "$in" >"$out/bad-trunc-$n.$name"
	done
	for seed in $(seq "$flips"); do
		"$gen" flip "$in" "$out/flip-$seed.$name" "$seed"
	done
done
"$gen" deep 300 "$out/bad-deep.btf"
