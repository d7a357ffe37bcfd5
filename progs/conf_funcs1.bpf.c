// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The shape of the kernel selftests' linked_funcs, programs of our own:
 * two raw_tp programs whose section starts with '?' (autoload off until
 * the test turns it on) call each other's global functions; a function
 * that reads the raw_tp context is declared __hidden only at the other
 * file's extern site; each file has a weak copy of one function (the first
 * linked wins) and a static subprogram of the same name; the inputs are
 * weak in both files, one declares conf_tid as __u32, the other as int.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

const volatile __u32 conf_tid __weak;
long conf_sysid __weak;

int conf_val1;
long conf_ctx1;
int conf_weak_calls1;

static __noinline int subprog(int x)
{
	return x * 1;
}

int conf_set_val1(int x)
{
	conf_val1 = x + subprog(x);
	return x;
}

/* raw_tp/sys_enter's context: verifiable only inside its caller */
int conf_set_ctx1(__u64 *ctx)
{
	conf_ctx1 = ctx[1];
	return 0;
}

__weak int conf_weak(int x)
{
	conf_weak_calls1++;
	return x + 1;
}

extern int conf_set_val2(int x);
extern __hidden int conf_set_ctx2(__u64 *ctx);

SEC("?raw_tp/sys_enter")
int BPF_PROG(conf_handler1, struct pt_regs *regs, long id)
{
	if ((__u32)bpf_get_current_pid_tgid() != conf_tid || id != conf_sysid)
		return 0;
	conf_set_val2(1000);
	conf_set_ctx2(ctx);
	conf_weak(10);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
