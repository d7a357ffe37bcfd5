// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Static scenario (progs/static_link{1,2}.bpf.c, linked in either order):
 * each program reaches its own file's statics and static subprogram.
 */
#include <stdbool.h>
#include <bpf/bpf.h>
#include "static_link.skel.h"
#include "check.h"

int main(void)
{
	struct static_link *skel = static_link__open();

	REQUIRE(skel != NULL);
	skel->rodata->static_in1 = 7;
	skel->rodata->static_in2 = 11;
	REQUIRE(static_link__load(skel) == 0);
	EXPECT_EQ(run_syscall(skel->progs.static_run1), 0);
	EXPECT_EQ(run_syscall(skel->progs.static_run2), 0);
	/* 7 * 2 + 2 + 3, and 11 * 3 + 4 + 5 */
	EXPECT_EQ(skel->bss->static_out1, 19);
	EXPECT_EQ(skel->bss->static_out2, 42);
	static_link__destroy(skel);
	return failures ? 1 : 0;
}
