// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See empty_code1.bpf.c: the code in the other "xdp" section. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int empty_calls;

SEC("xdp")
int empty_pass(struct xdp_md *ctx)
{
	empty_calls += 10;
	return XDP_PASS;
}
