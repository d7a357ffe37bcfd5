// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* A map and nothing to run: prog load must refuse it. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} lonely SEC(".maps");

char LICENSE[] SEC("license") = "GPL";
