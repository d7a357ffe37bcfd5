// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * prog load ... verify as a CI gate: two rejected programs around an
 * accepted one, so that a verdict is needed for each.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} gate_hash SEC(".maps");

/* A hash lookup may fail: using its result unchecked is rejected. */
SEC("syscall")
int gate_unchecked(void *ctx)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&gate_hash, &key);

	return *v;
}

SEC("syscall")
int gate_checked(void *ctx)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&gate_hash, &key);

	return v ? *v : 0;
}

/* An unbounded index into the stack is rejected too. */
SEC("syscall")
int gate_unbounded(void *ctx)
{
	volatile __u64 slot[2] = {};
	__u32 idx = bpf_get_prandom_u32();

	return slot[idx];
}

char LICENSE[] SEC("license") = "GPL";
