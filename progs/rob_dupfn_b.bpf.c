// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A second strong definition of rob_dup_a's function (a link conflict).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__noinline int rob_dup_fn(int x)
{
	return x - 1;
}

SEC("syscall")
int rob_dupfn_prog(void *ctx)
{
	return rob_dup_fn(2);
}

char LICENSE[] SEC("license") = "GPL";
