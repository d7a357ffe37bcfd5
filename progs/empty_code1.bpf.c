// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A code section with no instructions: the naked function's empty body
 * compiles to nothing, yet clang records its func_info at offset 0 of
 * the empty section "xdp". empty_code2.bpf.c has code in a section of the
 * same name, whose first instruction must keep exactly one func_info.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__attribute__((naked)) SEC("xdp") int empty_nothing(void)
{
}

int empty_calls;

SEC("syscall")
int empty_count(void *ctx)
{
	empty_calls++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
