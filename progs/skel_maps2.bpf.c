// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Skeleton scenario "maps", file 2 of 2 (see skel_maps1.bpf.c). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "skel_common.h"

extern struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, struct skel_pair);
	__uint(max_entries, 8);
} sm_pairs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 2);
} sm_output SEC(".maps");

extern const volatile __u32 sm_tid;

__u64 sm_out_seen;

/* runs after file 1's program, on the way out of the same syscall */
SEC("raw_tp/sys_exit")
int sm_prog2(__u64 *ctx)
{
	__u32 k0 = 0, k1 = 1;
	struct skel_pair *pair;
	__u64 val;

	if (sm_tid != (__u32)bpf_get_current_pid_tgid())
		return 0;
	pair = bpf_map_lookup_elem(&sm_pairs, &k1);
	if (!pair)
		return 0;
	val = pair->value + pair->extra[2];
	bpf_map_update_elem(&sm_output, &k0, &val, BPF_ANY);
	sm_out_seen = pair->tag;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
