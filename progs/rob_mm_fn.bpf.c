// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * rob_mm_fn declared with one parameter where rob_mm_def has two.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int rob_mm_fn(int x);

SEC("syscall")
int rob_mm_fn_prog(void *ctx)
{
	return rob_mm_fn(3);
}

char LICENSE[] SEC("license") = "GPL";
