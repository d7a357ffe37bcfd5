// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Skeleton scenario "vars" (progs/skel_vars{1,2}.bpf.c, linked): inputs
 * set through the typed section structs before load, outputs read through
 * them after one getpgid(). Compiled against a skeleton named skel_vars,
 * from bpfkit or from bpftool (then with -DSKEL_FROM_BPFTOOL).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include "skel_common.h"
#include "skel_vars.skel.h"
#include "check.h"

static int kernel_version(void)
{
	unsigned int major = 0, minor = 0, patch = 0;
	struct utsname u;

	if (uname(&u) ||
	    sscanf(u.release, "%u.%u.%u", &major, &minor, &patch) != 3)
		return -1;
	return (major << 16) + (minor << 8) + (patch > 255 ? 255 : patch);
}

static void set_inputs(struct skel_vars *skel)
{
	skel->rodata->sv_tid = this_tid();
	skel->rodata->sv_sysid = SYS_getpgid;
	skel->rodata->sv_mode = SKEL_MODE_MUL;
	skel->bss->sv_char = 3;
	skel->bss->sv_u64 = 1ULL << 33;
	skel->bss->sv_pair.tag = 4;
	skel->bss->sv_pair.value = 1000;
	skel->bss->sv_pair.extra[2] = 20;
	skel->bss->sv_arr[0] = 1;
	skel->bss->sv_arr[1] = 2;
	skel->bss->sv_arr[2] = 3;
	skel->bss->sv_flag = true;
}

static void check_outputs(struct skel_vars *skel)
{
	/* sv_char * sv_u64 * sv_small (file 1's weak 3 wins over 30) */
	EXPECT_EQ(skel->bss->sv_out_sum, 3 * (1LL << 33) * 3);
	EXPECT_EQ(skel->bss->sv_out_pair, 4 + 1000 + 20);
	/* sv_arr + sv_data2 (20) + sv_ro_custom2 (9) */
	EXPECT_EQ(skel->bss->sv_out_arr, 1 + 2 + 3 + 20 + 9);
	/* each file's own static sv_static */
	EXPECT_EQ(skel->bss->sv_out_static1, 5);
	EXPECT_EQ(skel->bss->sv_out_static2, 6);
	EXPECT_EQ(skel->bss->sv_out_kver, kernel_version());
	EXPECT_EQ(skel->bss->sv_out_flag, 1);
	/* sv_long + sv_short + sv_data2 + sv_u64 */
	EXPECT_EQ(skel->bss->sv_out_data, (1LL << 40) - 2 + 20 + (1LL << 33));
	EXPECT_EQ(skel->bss->sv_out_tail, 3 * 2 + 1);
	/* the programs' writes, seen in the custom sections */
	EXPECT_EQ(skel->data_custom1->sv_custom1, 101);
	EXPECT_EQ(skel->data_shared->sv_shared1, 1);
	EXPECT_EQ(skel->data_shared->sv_shared2, 42);
	EXPECT_EQ(skel->rodata_custom2->sv_ro_custom2, 9);
	EXPECT_EQ(skel->data->sv_data2, 20);
	EXPECT_EQ(skel->kconfig->LINUX_KERNEL_VERSION, kernel_version());
	EXPECT_EQ(skel->kconfig->CONFIG_BPF_SYSCALL, 1);
}

static int run(struct skel_vars *skel)
{
	/* initialisers, visible before load */
	EXPECT_EQ(skel->data->sv_short, -2);
	EXPECT_EQ(skel->data->sv_long, 1LL << 40);
	EXPECT_EQ(skel->rodata->sv_small, 3);
	EXPECT_EQ(skel->data_custom1->sv_custom1, 100);
	set_inputs(skel);
	REQUIRE(skel_vars__load(skel) == 0);
	REQUIRE(skel_vars__attach(skel) == 0);
	trigger();
	skel_vars__detach(skel);
	check_outputs(skel);
	return 0;
}

int main(void)
{
	struct skel_vars *skel;
	size_t sz = 0;

	REQUIRE(skel_vars__elf_bytes(&sz) != NULL && sz > 0);
	skel = skel_vars__open();
	REQUIRE(skel != NULL);
	EXPECT(skel->progs.sv_prog1 && skel->progs.sv_prog2);
	EXPECT(skel->maps.bss && skel->maps.rodata && skel->maps.kconfig);
	if (run(skel))
		failures++;
	skel_vars__destroy(skel);
#ifndef SKEL_FROM_BPFTOOL
	{
		/*
		 * bpfkit looks data sections up by section name, so another
		 * object name at open time is fine. bpftool's skeletons use
		 * libbpf's name (object name prefix + section), which such
		 * an object name changes: they fail to open here.
		 */
		LIBBPF_OPTS(bpf_object_open_opts, opts,
			    .object_name = "renamed");

		skel = skel_vars__open_opts(&opts);
		REQUIRE(skel != NULL);
		if (run(skel))
			failures++;
		skel_vars__destroy(skel);
	}
#endif
	return failures ? 1 : 0;
}
