// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* A second strong definition of lerr_defs' lerr_func */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int lerr_func(int x)
{
	return x + 2;
}

SEC("syscall")
int lerr_prog(void *ctx)
{
	return lerr_func(1);
}
