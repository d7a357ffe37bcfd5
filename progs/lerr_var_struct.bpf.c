// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* struct lerr_pair declared with another field name */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern struct lerr_pair {
	int a;
	int c;
} lerr_pair;

SEC("syscall")
int lerr_prog(void *ctx)
{
	return lerr_pair.c;
}
