// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The int lerr_int declared as a long */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern long lerr_int;

SEC("syscall")
int lerr_prog(void *ctx)
{
	return lerr_int;
}
