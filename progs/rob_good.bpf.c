// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The well-formed partner that robustness.bats links with every corpus
 * case, in both orders. Its names share no suffix with any other rob_*
 * program's, so it never conflicts by itself.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} zq_good_map SEC(".maps");

__u64 zq_good_total;

__noinline int zq_good_add(__u64 n)
{
	zq_good_total += n;
	return 0;
}

SEC("syscall")
int zq_good_prog(void *ctx)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&zq_good_map, &key);

	return v ? zq_good_add(*v) : 1;
}

char LICENSE[] SEC("license") = "GPL";
