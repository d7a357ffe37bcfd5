// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Second source of the malformed-input corpus: an object made mostly of
 * references to other files (an extern map, variables and a function), so
 * that mutations reach extern resolution and the checks of extern BTF.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct rob_ext_val {
	__u32 a;
	__u64 b;
};

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, struct rob_ext_val);
} rob_ext_map SEC(".maps");

extern __u64 rob_ext_var;
extern const volatile int rob_ext_ro;
extern int rob_ext_fn(struct rob_ext_val *v, int n);
extern const void bpf_prog_active __ksym;

int rob_ext_out;
__u64 rob_ext_addr;

SEC("syscall")
int rob_ext_prog(void *ctx)
{
	struct rob_ext_val *v;
	__u32 key = 1;

	v = bpf_map_lookup_elem(&rob_ext_map, &key);
	if (!v)
		return 1;
	rob_ext_out = rob_ext_fn(v, rob_ext_ro) + rob_ext_var;
	rob_ext_addr = (__u64)&bpf_prog_active;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
