// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Skeleton scenario "funcs", file 1 of 2 (tests/skel/funcs.c): programs
 * from two files, calling each other's global functions, attached through
 * the skeleton; weak functions and same-named static subprograms.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

const volatile __u32 sf_tid;
const volatile long sf_sysid;

int sf_out1;
int sf_out_weak1;

static __noinline int subprog(int x)
{
	return x + 1;
}

int sf_add(int x)
{
	return x + subprog(x);
}

/* weak here and in file 2: this first one wins */
__weak int sf_weak(int x)
{
	return x * 10;
}

extern int sf_mul(int x);

SEC("raw_tp/sys_enter")
int sf_prog1(__u64 *ctx)
{
	if (sf_tid != (__u32)bpf_get_current_pid_tgid() || ctx[1] != sf_sysid)
		return 0;
	sf_out1 = sf_mul(7);
	sf_out_weak1 = sf_weak(3);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
