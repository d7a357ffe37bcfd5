// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The application's program. Its map and helper function live in
 * counter.bpf.c, the step it counts by in scale.bpf.c: they meet at link
 * time (gen object), not through headers.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* Declared here, defined in counter.bpf.c, which is linked after this. */
extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");

extern int count_add(__u32 kind, __u32 n);

/* This file's own map: it comes first in the linked .maps section. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} runs SEC(".maps");

/*
 * Defaults that scale.bpf.c overrides with strong definitions. For the
 * variable, bpftool 7.1 keeps the weak loser's place in the .data DATASEC,
 * so a skeleton's skel->data->scale is not the variable the program reads.
 */
__weak __u32 scale = 1;

__weak __noinline __u32 step(void)
{
	return scale;
}

struct bump_args {
	__u32 kind;
	__u32 times;
};

/* Read by the loader through the skeleton (skel->bss->last_total). */
__u64 last_total;

SEC("syscall")
int bump(struct bump_args *args)
{
	__u32 i, times = args->times, kind = args->kind, zero = 0;
	__u32 *nr_runs = bpf_map_lookup_elem(&runs, &zero);
	int total = 0;

	if (nr_runs)
		*nr_runs += 1;

	for (i = 0; i < times && i < 16; i++)
		total = count_add(kind, step());
	last_total = total;
	return total < 0;
}

char LICENSE[] SEC("license") = "GPL";
