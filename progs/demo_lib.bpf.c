// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The library half of the demo: a map of counters, a running total and the
 * function that bumps them. demo_main.bpf.c uses all three through externs.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define DEMO_KINDS 4

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, DEMO_KINDS);
	__type(key, __u32);
	__type(value, __u64);
} demo_counts SEC(".maps");

__u64 demo_total = 0;

__noinline int demo_count(__u32 kind, __u64 n)
{
	__u64 *cnt;

	cnt = bpf_map_lookup_elem(&demo_counts, &kind);
	if (!cnt)
		return -1;
	*cnt += n;
	demo_total += n;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
