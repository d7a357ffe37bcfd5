// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Map linking, file 1 of 2 (see run_linked.c, scenario "maps"). Every map
 * is defined here, before file 2's extern declarations of it. run_linked
 * runs lm_write1, lm_write2, lm_read1, lm_read2, then attaches the raw_tp
 * programs and calls getpgid().
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct lm_key {
	long x;
};

struct lm_value {
	long x;
	long y;
};

/* File 2 declares it with typedefs, qualifiers and another attribute order. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, struct lm_key);
	__type(value, struct lm_value);
	__uint(max_entries, 16);
	__uint(map_flags, BPF_F_NO_PREALLOC);
} lm_hash SEC(".maps");

struct lm_array {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
};

/* weak in both files: this first one wins */
struct lm_array lm_weak __weak SEC(".maps");
/* strong here, weak in file 2 (weak first is scenario "weak") */
struct lm_array lm_sw SEC(".maps");

struct lm_inner {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 1);
};

struct lm_inner lm_inner_a SEC(".maps");
struct lm_inner lm_inner_b SEC(".maps");

/*
 * Map-in-map, declared extern in file 2. run_linked puts lm_inner_a and
 * lm_inner_b in its slots after load. (A static .values initialiser seen
 * through an extern is scenario "maps_fwd"; file 2 has one of its own.)
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct lm_inner);
} lm_outer SEC(".maps");

/* run_linked pins a map of this shape first: libbpf must reuse it */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 2);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
} lm_pinned SEC(".maps");

/* map_extra: the number of hash functions of a bloom filter */
struct {
	__uint(type, BPF_MAP_TYPE_BLOOM_FILTER);
	__type(value, __u32);
	__uint(max_entries, 16);
	__uint(map_extra, 3);
} lm_bloom SEC(".maps");

const volatile int lm_tid;

long out1_hash_x, out1_hash_y, out1_weak, out1_sw, out1_inner;

static void set_inner(__u32 slot, __u32 val)
{
	__u32 zero = 0;
	void *inner = bpf_map_lookup_elem(&lm_outer, &slot);

	if (inner)
		bpf_map_update_elem(inner, &zero, &val, 0);
}

static long get_inner(__u32 slot)
{
	__u32 zero = 0, *val;
	void *inner = bpf_map_lookup_elem(&lm_outer, &slot);

	if (!inner)
		return -1;
	val = bpf_map_lookup_elem(inner, &zero);
	return val ? *val : -2;
}

static long get_array(void *map, __u32 key)
{
	__u64 *val = bpf_map_lookup_elem(map, &key);

	return val ? *val : -1;
}

SEC("syscall")
int lm_write1(void *ctx)
{
	struct lm_key key = {.x = 1};
	struct lm_value val = {.x = 1000, .y = 1};
	__u64 v11 = 11, v13 = 13, *pinned;
	__u32 k0 = 0, k1 = 1;

	bpf_map_update_elem(&lm_hash, &key, &val, 0);
	bpf_map_update_elem(&lm_weak, &k1, &v11, 0);
	bpf_map_update_elem(&lm_sw, &k1, &v13, 0);
	set_inner(0, 100);
	pinned = bpf_map_lookup_elem(&lm_pinned, &k0);
	if (pinned) {
		__u64 next = *pinned + 1;

		bpf_map_update_elem(&lm_pinned, &k1, &next, 0);
	}
	return 1;
}

SEC("syscall")
int lm_read1(void *ctx)
{
	struct lm_key key = {.x = 2};
	struct lm_value *val = bpf_map_lookup_elem(&lm_hash, &key);

	if (val) {
		out1_hash_x = val->x;
		out1_hash_y = val->y;
	}
	out1_weak = get_array(&lm_weak, 2);
	out1_sw = get_array(&lm_sw, 2);
	out1_inner = get_inner(1);
	return 3;
}

SEC("raw_tp/sys_enter")
int lm_bloom1(void *ctx)
{
	__u32 val = 43;

	if (lm_tid == (__u32)bpf_get_current_pid_tgid())
		bpf_map_push_elem(&lm_bloom, &val, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
