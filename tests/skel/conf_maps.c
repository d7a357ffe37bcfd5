// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * linked_maps shape (progs/conf_maps{1,2}.bpf.c), linked in either order:
 * both files' programs write, then each reads what the other wrote.
 */
#include <stdbool.h>
#include <bpf/bpf.h>
#include "conf_maps.skel.h"
#include "check.h"

int main(void)
{
	struct conf_maps *skel = conf_maps__open_and_load();
	int key = 1, val = 0;

	REQUIRE(skel != NULL);
	EXPECT_EQ(run_syscall(skel->progs.cm_write1), 0);
	EXPECT_EQ(run_syscall(skel->progs.cm_write2), 0);
	EXPECT_EQ(run_syscall(skel->progs.cm_read1), 0);
	EXPECT_EQ(run_syscall(skel->progs.cm_read2), 0);
	EXPECT_EQ(skel->bss->cm_first1, 444);
	EXPECT_EQ(skel->bss->cm_second1, 555);
	EXPECT_EQ(skel->bss->cm_weak1, 666);
	EXPECT_EQ(skel->bss->cm_first2, 111);
	EXPECT_EQ(skel->bss->cm_second2, 222);
	EXPECT_EQ(skel->bss->cm_weak2, 333);
	/* one map of each name, seen from user space too */
	REQUIRE(bpf_map__lookup_elem(skel->maps.cm_weak, &key, sizeof(key),
				     &val, sizeof(val), 0) == 0);
	EXPECT_EQ(val, 333);
	EXPECT_EQ(bpf_map__max_entries(skel->maps.cm_map2), 8);
	conf_maps__destroy(skel);
	return failures ? 1 : 0;
}
