// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Weak definitions overridden by a later strong one, file 1 of 2 (see
 * run_linked.c, scenario "weak"). Every weak symbol here loses to file 2's,
 * or, for lw_lose, wins over file 2's weak copy.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* weak first, strong in file 2: file 2's values win */
int lw_data __weak = 30;
const volatile int lw_ro __weak = 50;
long lw_bss __weak;

struct lw_array {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
};

/* weak first, strong in file 2 */
struct lw_array lw_map __weak SEC(".maps");
/* weak in both files: this one wins, file 2's leaves nothing behind */
struct lw_array lw_lose __weak SEC(".maps");

int out1_sum;
long out1_map, out1_lose;

SEC("syscall")
int lw_prog1(void *ctx)
{
	__u32 k1 = 1, k2 = 2;
	__u64 v11 = 11, v12 = 12, *v;

	lw_bss += 1;
	bpf_map_update_elem(&lw_map, &k1, &v11, 0);
	bpf_map_update_elem(&lw_lose, &k1, &v12, 0);
	out1_sum = lw_data + lw_ro;
	v = bpf_map_lookup_elem(&lw_map, &k2);
	out1_map = v ? *v : -1;
	v = bpf_map_lookup_elem(&lw_lose, &k2);
	out1_lose = v ? *v : -1;
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
