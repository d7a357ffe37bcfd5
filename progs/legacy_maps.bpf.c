// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A map defined the pre-BTF way, a struct bpf_map_def in SEC("maps"):
 * libbpf 1.0 and later refuse to open such an object, so linking it is
 * refused too.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* libbpf 1.0 dropped this struct from its headers */
struct legacy_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
	unsigned int map_flags;
};

struct legacy_map_def legacy_counts SEC("maps") = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(__u32),
	.value_size = sizeof(__u64),
	.max_entries = 1,
};

SEC("syscall")
int legacy_run(void *ctx)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&legacy_counts, &key);

	if (v)
		(*v)++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
