// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* lerr_defs' license "GPL" in a char[8]: same text, other bytes */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[8] SEC("license") = "GPL";

SEC("syscall")
int lerr_prog(void *ctx)
{
	return 0;
}
