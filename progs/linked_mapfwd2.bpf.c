// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Map definitions for the externs of file 1 (scenario "maps_fwd"). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, int);
	__type(value, long);
	__uint(max_entries, 8);
} lmf_hash SEC(".maps");

struct lmf_inner {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 1);
};

struct lmf_inner lmf_inner_x SEC(".maps");
struct lmf_inner lmf_inner_y SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, __u32);
	__array(values, struct lmf_inner);
} lmf_outer SEC(".maps") = {
	.values = {[0] = &lmf_inner_x},
};

long out_hash, out_x, out_y;

static long get(void *map, __u32 key)
{
	__u32 *val = bpf_map_lookup_elem(map, &key);

	return val ? *val : -1;
}

SEC("syscall")
int lmf_prog2(void *ctx)
{
	int key = 1;
	long *val = bpf_map_lookup_elem(&lmf_hash, &key);

	out_hash = val ? *val : -1;
	out_x = get(&lmf_inner_x, 0);
	out_y = get(&lmf_inner_y, 0);
	return 2;
}

char LICENSE[] SEC("license") = "GPL";
