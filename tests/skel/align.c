// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Alignment scenario (progs/align_weak{1,2}.bpf.c, linked in either
 * order): the program loads with BPF_F_STRICT_ALIGNMENT, which refuses any
 * access to a variable at an offset its size does not divide, and every
 * variable reads back through the skeleton, whose offset asserts compile
 * only if the DATASEC offsets are those of C's own layout.
 */
#include <stdbool.h>
#include <bpf/bpf.h>
#include "align_common.h"
#include "align_weak.skel.h"
#include "check.h"

/* initial images: the winners' values, each survivor's own */
#define CHECK_INITIAL(S, l, lt, k, kt, i)                       \
	EXPECT_EQ(skel->S->ALIGN_KEPT(S, l, k), ALIGN_KEEP(i)); \
	EXPECT_EQ(skel->S->ALIGN_LOSER(S, l, k), ALIGN_WIN(i));
#define CHECK_READ(S, l, lt, k, kt, i)                          \
	EXPECT_EQ(skel->bss->align_read_##S[i], ALIGN_KEEP(i)); \
	EXPECT_EQ(skel->bss->align_read_##S[ALIGN_PAIR_CNT + i], ALIGN_WIN(i));
#define CHECK_STORED(S, l, lt, k, kt, i)                         \
	EXPECT_EQ(skel->S->ALIGN_KEPT(S, l, k), ALIGN_STORE(i)); \
	EXPECT_EQ(skel->S->ALIGN_LOSER(S, l, k),                 \
		  ALIGN_STORE(i + ALIGN_PAIR_CNT));

int main(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	struct align_weak *skel = align_weak__open();
	struct bpf_program *prog;

	REQUIRE(skel != NULL);
	ALIGN_PAIRS(CHECK_INITIAL, data)
	ALIGN_PAIRS(CHECK_INITIAL, rodata)
	prog = skel->progs.align_run;
	REQUIRE(set_strict_alignment(prog) == 0);
	REQUIRE(align_weak__load(skel) == 0);
	REQUIRE(bpf_prog_test_run_opts(bpf_program__fd(prog), &topts) == 0);
	EXPECT_EQ(topts.retval, 0);
	ALIGN_PAIRS(CHECK_READ, data)
	ALIGN_PAIRS(CHECK_READ, rodata)
	ALIGN_PAIRS(CHECK_STORED, bss)
	align_weak__destroy(skel);
	return failures ? 1 : 0;
}
