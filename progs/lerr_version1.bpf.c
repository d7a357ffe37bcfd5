// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Kernel version 1, against lerr_version2's 2 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u32 _version SEC("version") = 1;

SEC("syscall")
int lerr_prog1(void *ctx)
{
	return 0;
}
