// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Maps declared extern before their definitions, file 1 of 2 (see
 * run_linked.c, scenario "maps_fwd"). Every map here is defined in file 2.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, int);
	__type(value, long);
	__uint(max_entries, 8);
} lmf_hash SEC(".maps");

struct lmf_inner {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 1);
};

extern struct lmf_inner lmf_inner_x SEC(".maps");
extern struct lmf_inner lmf_inner_y SEC(".maps");

/* defined in file 2 with a .values initialiser: lmf_inner_x in slot 0 */
extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, __u32);
	__array(values, struct lmf_inner);
} lmf_outer SEC(".maps");

/* defined here, its slot pointing at a map only file 2 defines */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, __u32);
	__array(values, struct lmf_inner);
} lmf_outer1 SEC(".maps") = {
	.values = {[0] = &lmf_inner_y},
};

static int set_slot0(void *outer, __u32 val)
{
	__u32 zero = 0;
	void *inner = bpf_map_lookup_elem(outer, &zero);

	if (!inner)
		return -1;
	return bpf_map_update_elem(inner, &zero, &val, 0);
}

SEC("syscall")
int lmf_prog1(void *ctx)
{
	int key = 1;
	long val = 100;

	bpf_map_update_elem(&lmf_hash, &key, &val, 0);
	if (set_slot0(&lmf_outer, 7) || set_slot0(&lmf_outer1, 8))
		return -1;
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
