// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Not linkable into a skeleton (tests/gen_skeleton.bats): a map called
 * "bss" and the .bss section would both be the field maps.bss.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 1);
} bss SEC(".maps");

__u32 counter;

SEC("raw_tp/sys_enter")
int clash_map(void *ctx)
{
	__u32 k0 = 0;

	counter++;
	bpf_map_update_elem(&bss, &k0, &counter, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
