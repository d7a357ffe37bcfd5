// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * rob_mm_fn declared as a variable where rob_mm_def defines a function.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int rob_mm_fn;

SEC("syscall")
int rob_mm_kind_prog(void *ctx)
{
	return rob_mm_fn;
}

char LICENSE[] SEC("license") = "GPL";
