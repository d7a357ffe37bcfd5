// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Refers to ar_unused_fn() only weakly: as in ld, that pulls no archive
 * member, and the extern stays unresolved.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int ar_unused_fn(int x) __weak;
extern int ar_sum(int a, int b);

SEC("xdp")
int ar_weakref(struct xdp_md *ctx)
{
	if (ar_unused_fn)
		return ar_unused_fn(1);
	return ar_sum(0, 0);
}

char LICENSE[] SEC("license") = "GPL";
