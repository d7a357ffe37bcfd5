// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The counters and the one function that updates them. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");

/* Add n to counter kind; the new total, or -1 for a bad kind. */
__noinline int count_add(__u32 kind, __u32 n)
{
	__u64 *v = bpf_map_lookup_elem(&counts, &kind);

	if (!v)
		return -1;
	*v += n;
	return *v;
}
