// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Skeleton scenario "funcs" (progs/skel_funcs{1,2}.bpf.c, linked): two
 * programs from two files attached by the skeleton, each calling the
 * other file's global function; links stored in the skeleton.
 */
#include "skel_funcs.skel.h"
#include "check.h"

int main(void)
{
	struct skel_funcs *skel = skel_funcs__open();

	REQUIRE(skel != NULL);
	skel->rodata->sf_tid = this_tid();
	skel->rodata->sf_sysid = SYS_getpgid;
	REQUIRE(skel_funcs__load(skel) == 0);
	EXPECT(skel->links.sf_prog1 == NULL && skel->links.sf_prog2 == NULL);
	REQUIRE(skel_funcs__attach(skel) == 0);
	EXPECT(skel->links.sf_prog1 != NULL && skel->links.sf_prog2 != NULL);
	EXPECT(bpf_program__fd(skel->progs.sf_prog1) >= 0);
	trigger();
	skel_funcs__detach(skel);
	/* sf_mul(7) in file 2: its subprog(7) * 3 = 7 * 2 * 3 */
	EXPECT_EQ(skel->bss->sf_out1, 42);
	/* sf_add(5) in file 1: 5 + its subprog(5) = 5 + 6 */
	EXPECT_EQ(skel->bss->sf_out2, 11);
	/* file 1's weak sf_weak (x * 10) wins in both files */
	EXPECT_EQ(skel->bss->sf_out_weak1, 30);
	EXPECT_EQ(skel->bss->sf_out_weak2, 40);
	skel_funcs__destroy(skel);
	return failures ? 1 : 0;
}
