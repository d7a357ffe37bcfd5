// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A license different from every other rob_*.bpf.c: linking it with one of
 * them must fail (license must be identical).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("syscall")
int rob_lic_prog(void *ctx)
{
	return 0;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
