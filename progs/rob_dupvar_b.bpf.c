// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A second strong definition of rob_dup_a's variable (a link conflict).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int rob_dup_var = 2;

SEC("syscall")
int rob_dupvar_prog(void *ctx)
{
	return rob_dup_var;
}

char LICENSE[] SEC("license") = "GPL";
