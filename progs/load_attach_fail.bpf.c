// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * loadall ... autoattach: the first program attaches and its link is
 * pinned, the second names a kernel function that does not exist, so its
 * attach fails and the first pin must be removed again.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("raw_tp/sys_enter")
int attaches(void *ctx)
{
	return 0;
}

SEC("kprobe/bpfkit_no_such_function")
int never_attaches(void *ctx)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
