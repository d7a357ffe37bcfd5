// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Needs ar_sum() (which pulls ar_twice.bpf.o's member) and ar_extra(),
 * which only ar_dup.bpf.o's member defines: both definitions of ar_twice()
 * then meet.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int ar_sum(int a, int b);
extern int ar_extra(void);

SEC("xdp")
int ar_needs(struct xdp_md *ctx)
{
	return ar_sum(1, 1) + ar_extra();
}

char LICENSE[] SEC("license") = "GPL";
