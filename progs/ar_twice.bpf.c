// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Archive member placed before ar_sum's: ld takes it in the second pass.
 * ar_base is read through the map of .data, so the linked program needs
 * this member's data as well as its code.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int ar_base = 1;

__noinline int ar_twice(int x)
{
	return 2 * x + ar_base;
}
