// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The library's second file: definitions that subskel_lib.bpf.c only
 * declares extern. With subskel_lib.bpf.c it forms the library whose
 * subskeleton reaches into the application's object (subskel_app.bpf.c).
 * The shape of the kernel selftests' test_subskeleton.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int subskel_var6 = 6;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 2);
} subskel_map2 SEC(".maps");

char LICENSE[] SEC("license") = "GPL";
