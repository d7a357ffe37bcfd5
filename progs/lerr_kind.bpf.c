// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The function lerr_func declared as a variable */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int lerr_func;

SEC("syscall")
int lerr_prog(void *ctx)
{
	return lerr_func;
}
