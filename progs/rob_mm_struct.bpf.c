// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * struct rob_mm_rec declared with a different second field than in
 * rob_mm_def (same name, different layout).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct rob_mm_rec {
	int a;
	long b;
};

extern struct rob_mm_rec rob_mm_rec;

SEC("syscall")
int rob_mm_struct_prog(void *ctx)
{
	return rob_mm_rec.b;
}

char LICENSE[] SEC("license") = "GPL";
