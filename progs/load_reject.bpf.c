// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The verifier accepts the first program and rejects the second. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} reject_hash SEC(".maps");

SEC("syscall")
int accepted(void *ctx)
{
	return 0;
}

/* A hash lookup may fail: using its result unchecked is rejected. */
SEC("syscall")
int deref_unchecked(void *ctx)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&reject_hash, &key);

	return *v;
}

char LICENSE[] SEC("license") = "GPL";
