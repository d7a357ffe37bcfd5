// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See skel_weak1.bpf.c: the strong definition that wins. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int sw_other = 21;
int sw_value = 2;

SEC("raw_tp/sys_enter")
int sw_prog2(void *ctx)
{
	sw_other += sw_value;
	return 0;
}
