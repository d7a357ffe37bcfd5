// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The struct lerr_pair declared as a long */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern long lerr_pair;

SEC("syscall")
int lerr_prog(void *ctx)
{
	return lerr_pair;
}
