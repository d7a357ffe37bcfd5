// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See conf_funcs1.bpf.c: the second file, its mirror image. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

const volatile int conf_tid __weak;
long conf_sysid __weak;

int conf_val2;
long conf_ctx2;
int conf_weak_calls2;

static __noinline int subprog(int x)
{
	return x * 2;
}

int conf_set_val2(int x)
{
	conf_val2 = 2 * x + 2 * subprog(x);
	return 2 * x;
}

int conf_set_ctx2(__u64 *ctx)
{
	conf_ctx2 = ctx[1];
	return 0;
}

__weak int conf_weak(int x)
{
	conf_weak_calls2++;
	return x + 2;
}

extern int conf_set_val1(int x);
extern __hidden int conf_set_ctx1(__u64 *ctx);

SEC("?raw_tp/sys_enter")
int BPF_PROG(conf_handler2, struct pt_regs *regs, long id)
{
	if ((__u32)bpf_get_current_pid_tgid() != conf_tid || id != conf_sysid)
		return 0;
	conf_set_val1(2000);
	conf_set_ctx1(ctx);
	conf_weak(20);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
