// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The application linked against an archive of ar_*.bpf.o members: it
 * needs ar_sum() only, which needs ar_twice() from another member. On any
 * packet it returns ar_sum(3, 4) = ar_twice(3) + 4 + ar_base = 6 + 4 + 1 =
 * 11, which a test run reports as its return value.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int ar_sum(int a, int b);

SEC("xdp")
int ar_app(struct xdp_md *ctx)
{
	return ar_sum(3, 4);
}

char LICENSE[] SEC("license") = "GPL";
