// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Map reuse: two loads of this object share 'shared' when the second says
 * `map name shared pinned ...`; each put sees the other load's writes.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "load_common.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u64);
} shared SEC(".maps");

static __u64 slot_value(__u32 slot)
{
	__u64 *v = bpf_map_lookup_elem(&shared, &slot);

	return v ? *v : 0;
}

/* shared[arg0] = arg1; returns the sum of both slots. */
SEC("syscall")
int put(struct load_args *args)
{
	__u32 slot = args->arg0;
	__u64 *v = bpf_map_lookup_elem(&shared, &slot);

	if (!v)
		return -1;
	*v = args->arg1;
	return slot_value(0) + slot_value(1);
}

/* Autoload off ('?'): loadall must neither load nor pin it. */
SEC("?syscall")
int put_lazy(struct load_args *args)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
