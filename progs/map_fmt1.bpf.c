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

MAP_FMT_HASH_T fmt_hash SEC(".maps");

MAP_FMT_ARRAY_T fmt_array SEC(".maps");

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

MAP_FMT_RAW_T fmt_raw SEC(".maps");

__u32 fmt_runs = 0;

char LICENSE[] SEC("license") = "GPL";
