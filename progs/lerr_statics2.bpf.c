// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* A static variable and map named like lerr_statics1's. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static int lerr_count = 2;

static struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 1);
} lerr_smap SEC(".maps");

SEC("syscall")
int lerr_prog2(void *ctx)
{
	__u32 k = 0;

	lerr_count++;
	return bpf_map_lookup_elem(&lerr_smap, &k) != 0;
}
