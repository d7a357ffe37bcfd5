// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Archive member defining ar_twice() a second time, strongly, beside
 * ar_extra(): linking it with ar_twice.bpf.o's member is a conflict.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__noinline int ar_twice(int x)
{
	return x + x;
}

__noinline int ar_extra(void)
{
	return 5;
}
