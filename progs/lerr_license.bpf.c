// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Another license than lerr_defs' GPL */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "Dual BSD/GPL";

SEC("syscall")
int lerr_prog(void *ctx)
{
	return 0;
}
