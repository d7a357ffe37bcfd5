// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Kernel version 2, against lerr_version1's 1 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u32 _version SEC("version") = 2;

SEC("syscall")
int lerr_prog2(void *ctx)
{
	return 0;
}
