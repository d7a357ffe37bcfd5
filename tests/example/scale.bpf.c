// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* How much one bump counts; the loader may change it before loading. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u32 scale = 5;

/* Strong: wins over main.bpf.c's weak default. */
__noinline __u32 step(void)
{
	return scale;
}
