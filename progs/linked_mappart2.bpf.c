// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Externs that state only some attributes of file 1's maps; what they
 * state must match, what they leave out comes from the definition.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* type and max_entries, no key or value */
extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
} lmp_array SEC(".maps");

/* type, key and value, no max_entries or flags */
extern struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, __u64);
} lmp_hash SEC(".maps");

/* sizes where the definition has types */
extern struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u64));
} lmp_sized SEC(".maps");

/* the type alone */
extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
} lmp_min SEC(".maps");

long out_array, out_hash, out_sized, out_min;

static long get64(void *map, __u32 key)
{
	__u64 *val = bpf_map_lookup_elem(map, &key);

	return val ? *val : -1;
}

SEC("syscall")
int lmp_prog2(void *ctx)
{
	__u32 k1 = 1, *v32;

	out_array = get64(&lmp_array, k1);
	out_hash = get64(&lmp_hash, k1);
	out_sized = get64(&lmp_sized, k1);
	v32 = bpf_map_lookup_elem(&lmp_min, &k1);
	out_min = v32 ? *v32 : -1;
	return 2;
}

char LICENSE[] SEC("license") = "GPL";
