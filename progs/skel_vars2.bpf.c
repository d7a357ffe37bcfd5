// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Skeleton scenario "vars", file 2 of 2 (see skel_vars1.bpf.c). */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "skel_common.h"

extern int LINUX_KERNEL_VERSION __kconfig;

/* later weak definitions: lose to file 1's */
const volatile __u32 sv_tid __weak;
const volatile __u8 sv_small __weak = 30;
const volatile __s64 sv_sysid __weak;

int sv_data2 = 20;
const volatile int sv_ro_custom2 SEC(".rodata.custom2") = 9;
__u16 sv_shared2 SEC(".data.shared") = 2;

static volatile int sv_static = 6;

extern __u64 sv_u64;
extern long sv_long;
extern short sv_short;

long sv_out_data;
int sv_out_static2;
__u8 sv_out_tail;

SEC("raw_tp/sys_enter")
int sv_prog2(__u64 *ctx)
{
	if (sv_tid != (__u32)bpf_get_current_pid_tgid() || ctx[1] != sv_sysid)
		return 0;
	sv_out_data = sv_long + sv_short + sv_data2 + sv_u64;
	sv_out_static2 = sv_static;
	sv_out_tail = sv_small * 2 + (LINUX_KERNEL_VERSION > 0);
	sv_shared2 += 40;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
