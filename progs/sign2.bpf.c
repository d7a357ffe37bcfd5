// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See sign1.bpf.c: the declarations of the other signedness. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int sign_var;
__u32 sign_weak __weak = 9;
extern int sign_scale(int x);

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, int);
	__type(value, __s64);
	__uint(max_entries, 4);
} sign_map SEC(".maps");

long long sign_out_var;
long long sign_out_weak;
long long sign_out_scale;

SEC("syscall")
int sign_run(void *ctx)
{
	int key = 2;
	__s64 value = -7;

	sign_out_var = sign_var;
	sign_out_weak = sign_weak;
	sign_out_scale = sign_scale(-4);
	bpf_map_update_elem(&sign_map, &key, &value, BPF_ANY);
	return 0;
}
