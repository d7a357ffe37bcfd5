// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Second half: the function both programs count through (it reaches the
 * first half's map as an extern) and a SEC("syscall") program that adds
 * its argument, so a test run shows the map the kernel bound.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "load_common.h"

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, LOAD_SLOT_CNT);
	__type(key, __u32);
	__type(value, __u64);
} load_counts SEC(".maps");

__u64 load_total = 0;

__noinline __u64 load_bump(__u32 slot, __u64 by)
{
	__u64 *cnt = bpf_map_lookup_elem(&load_counts, &slot);

	if (!cnt)
		return 0;
	*cnt += by;
	load_total += by;
	return *cnt;
}

/* Returns the new sum of everything added. */
SEC("syscall")
int add(struct load_args *args)
{
	return load_bump(LOAD_SLOT_ADDED, args->arg0);
}

char LICENSE[] SEC("license") = "GPL";
