// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See usdt_multi1.bpf.c: the second user of usdt.bpf.h. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/usdt.bpf.h>

long usdt_second_arg;
int usdt_calls2;

SEC("usdt")
int usdt_peek(struct pt_regs *ctx)
{
	long val = 0;

	if (bpf_usdt_arg(ctx, 1, &val) == 0)
		usdt_second_arg = val;
	usdt_calls2++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
