// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * An empty section that linked_empty2.bpf.c has too: bpftool 7.1
 * aborts with a double free on such inputs (tests/gen_object.bats). Only
 * linked, never loaded: libbpf 1.1 cannot open an empty data section.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char le_empty1[0] SEC(".data.empty");
int le_val1 = 1;

SEC("syscall")
int le_prog1(void *ctx)
{
	return le_val1 + (long)&le_empty1;
}

char LICENSE[] SEC("license") = "GPL";
