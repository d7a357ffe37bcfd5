// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The application half of the demo: counts `rounds` events of each kind
 * through the library's function, and reads the library's map and total.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} demo_counts SEC(".maps");

extern __u64 demo_total;
extern int demo_count(__u32 kind, __u64 n);

const volatile __u32 rounds = 3;
__u64 seen_total = 0;

SEC("syscall")
int demo_run(void *ctx)
{
	__u32 kind;

	for (kind = 0; kind < 4; kind++) {
		if (demo_count(kind, (kind + 1) * rounds))
			return 1;
	}
	seen_total = demo_total;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
