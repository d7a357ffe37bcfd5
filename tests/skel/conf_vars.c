// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * linked_vars shape (progs/conf_vars{1,2}.bpf.c), linked in either order:
 * FIRST is the file linked first, whose weak definitions win.
 */
#include <stdbool.h>
#include <bpf/bpf.h>
#include "conf_vars.skel.h"
#include "check.h"

#define WEAK(v1, v2) (FIRST == 1 ? (v1) : (v2))

int main(void)
{
	struct conf_vars *skel = conf_vars__open();
	int bss, data, rodata;

	REQUIRE(skel != NULL);
	skel->bss->cv_bss1 = 1000;
	skel->bss->cv_bss2 = 2000;
	skel->bss->cv_bss_weak = 3000;
	/* the winners' initial values */
	EXPECT_EQ(skel->data->cv_data_weak, WEAK(10, 20));
	EXPECT_EQ(skel->rodata->cv_rodata_weak, WEAK(100, 200));
	REQUIRE(conf_vars__load(skel) == 0);
	EXPECT_EQ(run_syscall(skel->progs.cv_run1), 0);
	EXPECT_EQ(run_syscall(skel->progs.cv_run2), 0);
	bss = 1000 + 2000 + 3000;
	data = 1 + 2 + WEAK(10, 20);
	rodata = 11 + 22 + WEAK(100, 200);
	/* both files see the same variables */
	EXPECT_EQ(skel->bss->cv_out_bss1, bss);
	EXPECT_EQ(skel->bss->cv_out_bss2, bss);
	EXPECT_EQ(skel->bss->cv_out_data1, data);
	EXPECT_EQ(skel->bss->cv_out_data2, data);
	EXPECT_EQ(skel->bss->cv_out_rodata1, rodata);
	EXPECT_EQ(skel->bss->cv_out_rodata2, rodata);
	EXPECT(skel->bss->cv_out_sink1 != 0);
	EXPECT_EQ(skel->bss->cv_out_sink1, skel->bss->cv_out_sink2);
	EXPECT_EQ(skel->kconfig->CONFIG_BPF_SYSCALL, true);
	conf_vars__destroy(skel);
	return failures ? 1 : 0;
}
