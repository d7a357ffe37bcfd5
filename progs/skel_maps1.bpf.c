// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Skeleton scenario "maps", file 1 of 2 (tests/skel/maps.c): maps defined
 * in one file and used through externs in the other, reached by the user
 * test through the skeleton's map fields before and after the programs run.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "skel_common.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} sm_input SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, struct skel_pair);
	__uint(max_entries, 8);
} sm_pairs SEC(".maps");

const volatile __u32 sm_tid;

SEC("raw_tp/sys_enter")
int sm_prog1(__u64 *ctx)
{
	struct skel_pair pair = {.tag = 1};
	__u32 k0 = 0, k1 = 1;
	__u64 *in;

	if (sm_tid != (__u32)bpf_get_current_pid_tgid())
		return 0;
	in = bpf_map_lookup_elem(&sm_input, &k0);
	if (!in)
		return 0;
	pair.value = *in * 2;
	pair.extra[2] = 7;
	bpf_map_update_elem(&sm_pairs, &k1, &pair, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
