// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The shape of the kernel selftests' linked_maps, programs of our own:
 * a map each file defines and the other declares extern (file 1's extern
 * comes first, listing the attributes in another order), and a weak map
 * defined alike in both. One file's programs write with key 1, the
 * other's read what the first wrote and write with key 2.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct cm_key {
	long x;
};

struct cm_value {
	long x;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, struct cm_key);
	__type(value, struct cm_value);
	__uint(max_entries, 16);
} cm_map1 SEC(".maps");

/* conf_maps2.bpf.c's definition, attributes in another order */
typedef struct {
	__uint(max_entries, 8);
	__type(key, int);
	__type(value, int);
	__uint(type, BPF_MAP_TYPE_ARRAY);
} cm_map2_t;

extern cm_map2_t cm_map2 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, int);
	__type(value, int);
	__uint(max_entries, 16);
} cm_weak __weak SEC(".maps");

long cm_first1;
int cm_second1;
int cm_weak1;

SEC("syscall")
int cm_write1(void *ctx)
{
	struct cm_key ks = {.x = 1};
	struct cm_value vs = {.x = 111};
	int key = 1, val = 222;

	bpf_map_update_elem(&cm_map1, &ks, &vs, 0);
	bpf_map_update_elem(&cm_map2, &key, &val, 0);
	val = 333;
	bpf_map_update_elem(&cm_weak, &key, &val, 0);
	return 0;
}

SEC("syscall")
int cm_read1(void *ctx)
{
	struct cm_key ks = {.x = 2};
	struct cm_value *vs;
	int key = 2, *val;

	vs = bpf_map_lookup_elem(&cm_map1, &ks);
	if (vs)
		cm_first1 = vs->x;
	val = bpf_map_lookup_elem(&cm_map2, &key);
	if (val)
		cm_second1 = *val;
	val = bpf_map_lookup_elem(&cm_weak, &key);
	if (val)
		cm_weak1 = *val;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
