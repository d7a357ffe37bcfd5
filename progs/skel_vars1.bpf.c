// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Skeleton scenario "vars", file 1 of 2 (tests/skel/vars.c): global
 * variables of many types and sizes in .bss, .data, .rodata, custom
 * sections and .kconfig, linked from two files, so that every section
 * struct needs padding and every field has to land at its DATASEC offset.
 * The user test sets the inputs through the skeleton before load, calls
 * getpgid() once and reads the outputs through the skeleton.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "skel_common.h"

extern int LINUX_KERNEL_VERSION __kconfig;
extern bool CONFIG_BPF_SYSCALL __kconfig __weak;

/* inputs in .rodata: weak in both files, the first definitions win */
const volatile __u32 sv_tid __weak;
const volatile __u8 sv_small __weak = 3;
const volatile __s64 sv_sysid __weak;
const volatile enum skel_mode sv_mode = SKEL_MODE_ADD;

/* inputs in .bss */
char sv_char;
__u64 sv_u64;
struct skel_pair sv_pair;
int sv_arr[3];
bool sv_flag;

/* .data, with initialisers the test reads back */
short sv_short = -2;
long sv_long = 1L << 40;

/* a custom section that only this file has */
__u64 sv_custom1 SEC(".data.custom1") = 100;
/* a custom section both files add to */
__u8 sv_shared1 SEC(".data.shared") = 1;

/* file 2 has a static of the same name: neither is a skeleton field */
static volatile int sv_static = 5;

/* defined in file 2 */
extern int sv_data2;
extern const volatile int sv_ro_custom2;

/* outputs */
long sv_out_sum;
__u64 sv_out_pair;
int sv_out_arr;
int sv_out_static1;
int sv_out_kver;
int sv_out_flag;

SEC("raw_tp/sys_enter")
int sv_prog1(__u64 *ctx)
{
	if (sv_tid != (__u32)bpf_get_current_pid_tgid() || ctx[1] != sv_sysid)
		return 0;
	if (sv_mode == SKEL_MODE_MUL)
		sv_out_sum = sv_char * sv_u64 * sv_small;
	else
		sv_out_sum = sv_char + sv_u64 + sv_small;
	sv_out_pair = sv_pair.tag + sv_pair.value + sv_pair.extra[2];
	sv_out_arr =
		sv_arr[0] + sv_arr[1] + sv_arr[2] + sv_data2 + sv_ro_custom2;
	sv_out_static1 = sv_static;
	sv_out_kver = LINUX_KERNEL_VERSION;
	sv_out_flag = sv_flag && CONFIG_BPF_SYSCALL;
	sv_custom1++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
