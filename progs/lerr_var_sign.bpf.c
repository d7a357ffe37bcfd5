// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The unsigned int lerr_uint declared as an int */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int lerr_uint;

SEC("syscall")
int lerr_prog(void *ctx)
{
	return lerr_uint;
}
