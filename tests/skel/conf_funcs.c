// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * linked_funcs shape (progs/conf_funcs{1,2}.bpf.c), linked in either order:
 * FIRST is the file linked first, whose weak conf_weak() wins.
 */
#include <stdbool.h>
#include "conf_funcs.skel.h"
#include "check.h"

int main(void)
{
	struct conf_funcs *skel = conf_funcs__open();

	REQUIRE(skel != NULL);
	/* both handlers are "?raw_tp": off until turned on */
	REQUIRE(bpf_program__set_autoload(skel->progs.conf_handler1, true) ==
		0);
	REQUIRE(bpf_program__set_autoload(skel->progs.conf_handler2, true) ==
		0);
	skel->rodata->conf_tid = this_tid();
	skel->bss->conf_sysid = SYS_getpgid;
	REQUIRE(conf_funcs__load(skel) == 0);
	REQUIRE(conf_funcs__attach(skel) == 0);
	trigger();
	conf_funcs__detach(skel);
	/* each file's own subprog: 2000 + 2000 * 1, 2 * 1000 + 2 * 2000 */
	EXPECT_EQ(skel->bss->conf_val1, 2000 + 2000);
	EXPECT_EQ(skel->bss->conf_val2, 2000 + 4000);
	/* the context's second argument: the syscall's number */
	EXPECT_EQ(skel->bss->conf_ctx1, SYS_getpgid);
	EXPECT_EQ(skel->bss->conf_ctx2, SYS_getpgid);
	/* both handlers call the first file's conf_weak() */
	EXPECT_EQ(skel->bss->conf_weak_calls1, FIRST == 1 ? 2 : 0);
	EXPECT_EQ(skel->bss->conf_weak_calls2, FIRST == 2 ? 2 : 0);
	conf_funcs__destroy(skel);
	return failures ? 1 : 0;
}
