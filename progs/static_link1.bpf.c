// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Static variables and a static subprogram of the same names in two files
 * (static_link2.bpf.c), each file reaching its own; .data aligned to 8
 * here and to 4 there, .rodata the other way round, so that a linked
 * section takes the strictest alignment and each file's part keeps its
 * own. The shape of the kernel selftests' test_static_linked.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static volatile long long static_a = 2;
static volatile int static_b = 3;
long long static_out1;
const volatile int static_in1;

/* static_link2.bpf.c's static_scale multiplies by 3 */
static __noinline int static_scale(int x)
{
	return x * 2;
}

SEC("syscall")
int static_run1(void *ctx)
{
	static_out1 = static_scale(static_in1) + static_a + static_b;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
int VERSION SEC("version") = 1;
