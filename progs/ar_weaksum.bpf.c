// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A weak default of ar_sum(), without ar_twice(): ar_app then returns
 * 3 + 4 = 7. In an archive, this member is pulled for ar_sum like a strong
 * one; as an object before an archive, it keeps the archive's strong
 * ar_sum out, as ld does (a defined symbol, even weak, pulls nothing).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__weak __noinline int ar_sum(int a, int b)
{
	return a + b;
}
