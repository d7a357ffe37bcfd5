// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * An empty section that linked_empty1.bpf.c has too: bpftool 7.1
 * aborts with a double free on such inputs (tests/gen_object.bats). Only
 * linked, never loaded: libbpf 1.1 cannot open an empty data section.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char le_empty2[0] SEC(".data.empty");
int le_val2 = 2;

SEC("syscall")
int le_prog2(void *ctx)
{
	return le_val2 + (long)&le_empty2;
}

char LICENSE[] SEC("license") = "GPL";
