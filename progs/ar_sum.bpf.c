// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Archive member: pulled by ar_app's extern, it pulls ar_twice's member. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int ar_twice(int x);

__noinline int ar_sum(int a, int b)
{
	return ar_twice(a) + b;
}
