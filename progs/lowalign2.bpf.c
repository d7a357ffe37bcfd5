// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See lowalign1.bpf.c: an int whose section claims alignment 1. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int lowalign_i = 5;
long long lowalign_out;

SEC("syscall")
int lowalign_run(void *ctx)
{
	lowalign_out = lowalign_i;
	return 0;
}
