// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A map defined the pre-BTF way, a struct bpf_map_def in SEC("maps"):
 * libbpf 1.x no longer opens these, but objects still carry them.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct legacy_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
	unsigned int map_flags;
};

struct legacy_map_def ol_counts SEC("maps") = {
	.type = BPF_MAP_TYPE_HASH,
	.key_size = 4,
	.value_size = 8,
	.max_entries = 64,
	.map_flags = BPF_F_NO_PREALLOC,
};

SEC("socket")
int ol_filter(void *ctx)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&ol_counts, &key) ? 1 : 0;
}

char LICENSE[] SEC("license") = "GPL";
