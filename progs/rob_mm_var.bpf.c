// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * rob_mm_var declared int where rob_mm_def defines it long.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int rob_mm_var;

SEC("syscall")
int rob_mm_var_prog(void *ctx)
{
	return rob_mm_var;
}

char LICENSE[] SEC("license") = "GPL";
