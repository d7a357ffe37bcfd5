// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Map linking, file 2 of 2 (see run_linked.c, scenario "maps"). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* Typedefs and qualifiers are looked through when key/value types compare. */
typedef struct lm_key {
	long x;
} lm_key_t;

struct lm_value {
	long x;
	long y;
};

typedef const struct lm_value lm_cvalue_t;

/* the full attribute list, in another order */
extern struct {
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 16);
	__type(value, lm_cvalue_t);
	__type(key, volatile lm_key_t);
	__uint(type, BPF_MAP_TYPE_HASH);
} lm_hash SEC(".maps");

typedef __u64 lm_u64_t;

struct lm_array {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, lm_u64_t);
	__uint(max_entries, 4);
};

/* later weak definitions lose; each must match the winner exactly */
struct lm_array lm_weak __weak SEC(".maps");
struct lm_array lm_sw __weak SEC(".maps");

/* the same inner definition under another struct name */
struct lm_inner2 {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 1);
};

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct lm_inner2);
} lm_outer SEC(".maps");

/*
 * This file's own map-in-map, filled at load time from .rel.maps: its
 * relocations move with this file's part of .maps.
 */
struct lm_inner2 lm_inner_c SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, __u32);
	__array(values, struct lm_inner2);
} lm_outer2 SEC(".maps") = {
	.values = {[0] = &lm_inner_c},
};

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 2);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
} lm_pinned SEC(".maps");

extern struct {
	__uint(type, BPF_MAP_TYPE_BLOOM_FILTER);
	__type(value, __u32);
	__uint(max_entries, 16);
	__uint(map_extra, 3);
} lm_bloom SEC(".maps");

extern const volatile int lm_tid;

long out2_hash_x, out2_hash_y, out2_weak, out2_sw, out2_inner;
long out2_pinned, out2_inner_c;

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

static long get_inner_c(void)
{
	__u32 zero = 0, *val;
	void *inner = bpf_map_lookup_elem(&lm_outer2, &zero);

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
int lm_write2(void *ctx)
{
	lm_key_t key = {.x = 2};
	struct lm_value val = {.x = 2000, .y = 2};
	__u64 v21 = 21, v23 = 23, *pinned;
	__u32 zero = 0, k1 = 1, k2 = 2, v300 = 300;

	bpf_map_update_elem(&lm_hash, &key, &val, 0);
	bpf_map_update_elem(&lm_weak, &k2, &v21, 0);
	bpf_map_update_elem(&lm_sw, &k2, &v23, 0);
	set_inner(1, 200);
	bpf_map_update_elem(&lm_inner_c, &zero, &v300, 0);
	pinned = bpf_map_lookup_elem(&lm_pinned, &k1);
	if (pinned)
		*pinned += 1000;
	return 2;
}

SEC("syscall")
int lm_read2(void *ctx)
{
	lm_key_t key = {.x = 1};
	lm_cvalue_t *val = bpf_map_lookup_elem(&lm_hash, &key);
	__u32 k1 = 1;
	__u64 *pinned;

	if (val) {
		out2_hash_x = val->x;
		out2_hash_y = val->y;
	}
	out2_weak = get_array(&lm_weak, 1);
	out2_sw = get_array(&lm_sw, 1);
	out2_inner = get_inner(0);
	out2_inner_c = get_inner_c();
	pinned = bpf_map_lookup_elem(&lm_pinned, &k1);
	out2_pinned = pinned ? *pinned : -1;
	return 4;
}

SEC("raw_tp/sys_enter")
int lm_bloom2(void *ctx)
{
	__u32 val = 42;

	if (lm_tid == (__u32)bpf_get_current_pid_tgid())
		bpf_map_push_elem(&lm_bloom, &val, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
