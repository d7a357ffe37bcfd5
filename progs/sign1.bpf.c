// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Integers of one size and two signednesses across files (sign2.bpf.c
 * declares each of these with the other signedness): the seeds compare
 * ints by size only, and the kernel's selftests link int against __u32.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* extern int sign_var in sign2.bpf.c */
unsigned int sign_var = 0xfffffff0;
/* __weak __u32 sign_weak in sign2.bpf.c: the first one wins */
int sign_weak __weak = -5;

/* extern int sign_scale(int) in sign2.bpf.c */
__noinline unsigned int sign_scale(unsigned int x)
{
	return x * 3 + sign_weak;
}

/* key and value declared as int and __s64 in sign2.bpf.c */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} sign_map SEC(".maps");

char LICENSE[] SEC("license") = "GPL";
