// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Weak overridden by strong, file 2 of 2 (see run_linked.c, "weak"). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* strong after file 1's weak definitions: these win */
int lw_data = 40;
const volatile int lw_ro = 60;
long lw_bss;

struct lw_array {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
};

struct lw_array lw_map SEC(".maps");
struct lw_array lw_lose __weak SEC(".maps");

int out2_sum;
long out2_map, out2_lose;

/* file 1's program runs first: both see both writes only through one map */
SEC("syscall")
int lw_prog2(void *ctx)
{
	__u32 k1 = 1, k2 = 2;
	__u64 v21 = 21, v22 = 22, *v;

	lw_bss += 10;
	bpf_map_update_elem(&lw_map, &k2, &v21, 0);
	bpf_map_update_elem(&lw_lose, &k2, &v22, 0);
	out2_sum = lw_data * lw_ro;
	v = bpf_map_lookup_elem(&lw_map, &k1);
	out2_map = v ? *v : -1;
	v = bpf_map_lookup_elem(&lw_lose, &k1);
	out2_lose = v ? *v : -1;
	return 2;
}

char LICENSE[] SEC("license") = "GPL";
