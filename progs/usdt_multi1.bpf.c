// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Two files that each include libbpf's usdt.bpf.h (see usdt_multi2.bpf.c):
 * its __weak maps and its __weak __hidden helpers are defined in both and
 * must merge into one of each. The shape of the kernel selftests'
 * test_usdt linked with test_usdt_multispec.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/usdt.bpf.h>

long long usdt_sum;
int usdt_arg_cnt;
int usdt_calls1;

SEC("usdt")
int BPF_USDT(usdt_add, int x, long long y)
{
	usdt_sum += x + y;
	usdt_arg_cnt = bpf_usdt_arg_cnt(ctx);
	usdt_calls1++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
