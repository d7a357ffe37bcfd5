// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Variable linking, file 2 of 2 (see run_linked.c, scenario "vars"). */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int LINUX_KERNEL_VERSION __kconfig;
extern bool CONFIG_BPF_SYSCALL __kconfig;
extern bool CONFIG_BPFKIT_NOT_SET __kconfig __weak;
extern const void __start_rodata __ksym;

const volatile int lv_tid __weak;
const volatile int lv_sysid __weak;

int in_bss2;
int in_data2 = 2;
const volatile int in_ro2 = 22;
const volatile int in_ro_custom2 SEC(".rodata.custom") = 9;

int in_bss_weak __weak;
/* later weak definitions: lose to file 1's */
int in_data_weak __weak = 20;
const volatile int in_ro_weak __weak = 200;
/* weak after file 1's strong definition: loses */
int in_data_sw __weak = 80;

static volatile int lv_static = 6;

extern int in_bss1;
extern int in_data1;
/* the definition is const volatile: modifiers do not matter */
extern const int in_ro1;
extern int in_custom1;

int out_bss2, out_data2, out_ro2, out_sw2, out_static2, out_custom2;
char out_str2[16];
int out_kver2, out_bpf_syscall2, out_not_set2;
long out_ksym2;

static __noinline int get_data(void)
{
	return in_data1 + in_data2 + in_data_weak;
}

SEC("raw_tp/sys_enter")
int lv_prog2(__u64 *ctx)
{
	if (lv_tid != (__u32)bpf_get_current_pid_tgid() || ctx[1] != lv_sysid)
		return 0;
	out_bss2 = in_bss1 + in_bss2 + in_bss_weak;
	out_data2 = get_data();
	out_ro2 = in_ro1 + in_ro2 + in_ro_weak;
	out_sw2 = in_data_sw;
	out_static2 = lv_static;
	out_custom2 = in_custom1 * in_ro_custom2;
	{
		__u64 arg = in_data2;

		bpf_snprintf(out_str2, sizeof(out_str2), "the second=%d", &arg,
			     sizeof(arg));
	}
	out_kver2 = LINUX_KERNEL_VERSION;
	out_bpf_syscall2 = CONFIG_BPF_SYSCALL;
	out_not_set2 = CONFIG_BPFKIT_NOT_SET;
	out_ksym2 = (long)&__start_rodata;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
