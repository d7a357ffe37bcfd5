// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See conf_maps1.bpf.c: the second file, its mirror image. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* key and value types still forward declarations here */
extern struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, struct cm_key);
	__type(value, struct cm_value);
	__uint(max_entries, 16);
} cm_map1 SEC(".maps");

struct cm_key {
	long x;
};

struct cm_value {
	long x;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, int);
	__type(value, int);
	__uint(max_entries, 8);
} cm_map2 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, int);
	__type(value, int);
	__uint(max_entries, 16);
} cm_weak __weak SEC(".maps");

long cm_first2;
int cm_second2;
int cm_weak2;

SEC("syscall")
int cm_write2(void *ctx)
{
	struct cm_key ks = {.x = 2};
	struct cm_value vs = {.x = 444};
	int key = 2, val = 555;

	bpf_map_update_elem(&cm_map1, &ks, &vs, 0);
	bpf_map_update_elem(&cm_map2, &key, &val, 0);
	val = 666;
	bpf_map_update_elem(&cm_weak, &key, &val, 0);
	return 0;
}

SEC("syscall")
int cm_read2(void *ctx)
{
	struct cm_key ks = {.x = 1};
	struct cm_value *vs;
	int key = 1, *val;

	vs = bpf_map_lookup_elem(&cm_map1, &ks);
	if (vs)
		cm_first2 = vs->x;
	val = bpf_map_lookup_elem(&cm_map2, &key);
	if (val)
		cm_second2 = *val;
	val = bpf_map_lookup_elem(&cm_weak, &key);
	if (val)
		cm_weak2 = *val;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
