// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Not usable as a skeleton (tests/gen_skeleton.bats): sections ".data.a-b"
 * and ".data.a_b" would both be the field data_a_b.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int dash SEC(".data.a-b") = 1;
int underscore SEC(".data.a_b") = 2;

SEC("raw_tp/sys_enter")
int clash_sec(void *ctx)
{
	dash += underscore;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
