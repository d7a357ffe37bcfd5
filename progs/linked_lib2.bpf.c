// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* A library, file 2 of 2 (see run_linked.c, scenario "lib"). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} app_map SEC(".maps");

extern int lib_sum(int x);

int lib_counter;

/* the library's own map, used only through lib_record() */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} lib_map SEC(".maps");

/* the application has a static helper() of its own */
static __noinline int helper(int x)
{
	return x * 10;
}

int lib_record(__u32 key, __u64 val)
{
	bpf_map_update_elem(&app_map, &key, &val, 0);
	bpf_map_update_elem(&lib_map, &key, &val, 0);
	return helper(key);
}

int out_lib, out_rec;

/* a program that comes with the library */
SEC("syscall")
int lib_prog(void *ctx)
{
	out_lib = lib_sum(3);
	out_rec = lib_record(1, 55);
	return 10;
}

char LICENSE[] SEC("license") = "GPL";
