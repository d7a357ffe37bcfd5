// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A library, file 1 of 2 (see run_linked.c, scenario "lib"): linked on its
 * own into lib.o with externs only the application (linked_app.bpf.c)
 * defines, then linked again with the application.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* provided by the application */
extern int app_scale(int x);
extern int app_bias;
extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} app_map SEC(".maps");

/* provided by the other library file, resolved when lib.o is linked */
extern int lib_counter;

/* defaults that the application overrides with strong definitions */
__weak int lib_policy(int x)
{
	return x + 1;
}

int lib_limit __weak = 5;

int out_lib_limit;

int lib_sum(int x)
{
	lib_counter++;
	out_lib_limit = lib_limit;
	return app_scale(x) + app_bias + lib_policy(x);
}

char LICENSE[] SEC("license") = "GPL";
