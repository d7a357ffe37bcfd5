// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* lerr_proto(int, long) declared returning long */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern long lerr_proto(int x, long y);

SEC("syscall")
int lerr_prog(void *ctx)
{
	return lerr_proto(1, 2);
}
