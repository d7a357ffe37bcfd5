// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Archive member nobody needs: neither its function nor its map is linked. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} ar_unused_map SEC(".maps");

__noinline int ar_unused_fn(int x)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&ar_unused_map, &key);

	return v ? (int)*v + x : x;
}
