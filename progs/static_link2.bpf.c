// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See static_link1.bpf.c: the other file's statics of the same names. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static volatile int static_a = 4;
static volatile short static_b = 5;
int static_out2;
const volatile long long static_in2;

static __noinline int static_scale(int x)
{
	return x * 3;
}

SEC("syscall")
int static_run2(void *ctx)
{
	static_out2 = static_scale(static_in2) + static_a + static_b;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
int VERSION SEC("version") = 1;
