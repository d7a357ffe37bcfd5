// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The application linked with lib.o, the library made of linked_lib1 and
 * linked_lib2 (see run_linked.c, scenario "lib").
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int app_bias = 1000;

int app_scale(int x)
{
	return x * 3;
}

/* strong: override the library's weak defaults */
int lib_policy(int x)
{
	return x + 100;
}

int lib_limit = 9;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} app_map SEC(".maps");

extern int lib_sum(int x);
extern int lib_record(__u32 key, __u64 val);

static __noinline int helper(int x)
{
	return x * 7;
}

int out_app, out_helper, out_app_rec;

SEC("syscall")
int app_prog(void *ctx)
{
	out_app = lib_sum(2);
	out_helper = helper(1);
	out_app_rec = lib_record(2, 66);
	return 20;
}

char LICENSE[] SEC("license") = "GPL";
