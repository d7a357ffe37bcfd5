// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Maps whose keys and values bpfkit map prints with their BTF types: a hash
 * of a 64-byte struct covering every kind a map value can hold (ints of each
 * size and sign, bool, char string, enum, bitfields, nested struct, array,
 * union), an array of counters, a per-CPU array, an LPM trie and a hash declared by sizes only, so it
 * has no BTF. map_fmt2.bpf.c fills them through externs.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "map_fmt.h"

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, MAP_FMT_HASH_MAX);
	__type(key, __u32);
	__type(value, struct map_fmt_val);
} fmt_hash SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} fmt_array SEC(".maps");

/* One value per possible CPU; filled by the tests. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, struct map_fmt_point);
} fmt_percpu SEC(".maps");

/* Filled by the tests: sleepable (syscall) programs cannot use it. */
struct {
	__uint(type, BPF_MAP_TYPE_LPM_TRIE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 4);
	__type(key, struct map_fmt_lpm_key);
	__type(value, __u32);
} fmt_lpm SEC(".maps");

/* Sizes only: the kernel gets no BTF key or value type for it. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8);
	__uint(key_size, 4);
	__uint(value_size, 8);
} fmt_raw SEC(".maps");

__u32 fmt_runs = 0;

char LICENSE[] SEC("license") = "GPL";
