// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Skeleton scenario "funcs", file 2 of 2 (see skel_funcs1.bpf.c). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern const volatile __u32 sf_tid;
extern const volatile long sf_sysid;

int sf_out2;
int sf_out_weak2;

static __noinline int subprog(int x)
{
	return x * 2;
}

int sf_mul(int x)
{
	return subprog(x) * 3;
}

__weak int sf_weak(int x)
{
	return x * 20;
}

extern int sf_add(int x);

/* on the way out of the same syscall */
SEC("raw_tp/sys_exit")
int sf_prog2(__u64 *ctx)
{
	if (sf_tid != (__u32)bpf_get_current_pid_tgid())
		return 0;
	sf_out2 = sf_add(5);
	sf_out_weak2 = sf_weak(4);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
