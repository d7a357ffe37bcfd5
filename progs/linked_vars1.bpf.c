// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Variable linking, file 1 of 2 (see run_linked.c, scenario "vars").
 * A raw_tp/sys_enter program: run_linked sets lv_tid and lv_sysid, attaches
 * both files' programs and calls getpgid() once.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* .kconfig: the same externs in both files are merged, not resolved. */
extern int LINUX_KERNEL_VERSION __kconfig;
/* weak here, strong in file 2: the linked extern is strong */
extern bool CONFIG_BPF_SYSCALL __kconfig __weak;
/* weak in both files and not in any kernel config: reads 0 */
extern bool CONFIG_BPFKIT_NOT_SET __kconfig __weak;
/*
 * .ksyms: typeless kernel symbols, a different one in each file (the same
 * typeless ksym in two files is scenario "ksyms").
 */
extern const void __start_BTF __ksym;
extern const void bpfkit_no_such_ksym __ksym __weak;

/* inputs, weak in both files: set by run_linked */
const volatile int lv_tid __weak;
const volatile int lv_sysid __weak;

int in_bss1;
int in_data1 = 1;
const volatile int in_ro1 = 11;
int in_custom1 SEC(".data.custom") = 7;

int in_bss_weak __weak;
/* first weak definitions: these initialisers win */
int in_data_weak __weak = 10;
const volatile int in_ro_weak __weak = 100;
/*
 * Strong here, weak in file 2: this value wins. (Weak first and strong
 * later is scenario "weak".)
 */
int in_data_sw = 70;

/* same name as file 2's static: each file sees its own */
static volatile int lv_static = 5;

extern int in_bss2;
extern int in_data2;
extern const int in_ro2;
extern const volatile int in_ro_custom2;

int out_bss1, out_data1, out_ro1, out_sw1, out_static1, out_custom1;
/* formatted from a string literal in .rodata.str1.1, merged with file 2's */
char out_str1[16];
int out_kver1, out_bpf_syscall1, out_not_set1;
long out_ksym1, out_no_ksym1;

/* relocations against other files' variables from .text */
static __noinline int get_bss(void)
{
	return in_bss1 + in_bss2 + in_bss_weak;
}

SEC("raw_tp/sys_enter")
int lv_prog1(__u64 *ctx)
{
	if (lv_tid != (__u32)bpf_get_current_pid_tgid() || ctx[1] != lv_sysid)
		return 0;
	out_bss1 = get_bss();
	out_data1 = in_data1 + in_data2 + in_data_weak;
	out_ro1 = in_ro1 + in_ro2 + in_ro_weak;
	out_sw1 = in_data_sw;
	out_static1 = lv_static;
	out_custom1 = in_custom1 + in_ro_custom2;
	{
		__u64 arg = in_data1;

		bpf_snprintf(out_str1, sizeof(out_str1), "one=%d", &arg,
			     sizeof(arg));
	}
	out_kver1 = LINUX_KERNEL_VERSION;
	out_bpf_syscall1 = CONFIG_BPF_SYSCALL;
	out_not_set1 = CONFIG_BPFKIT_NOT_SET;
	out_ksym1 = (long)&__start_BTF;
	out_no_ksym1 = (long)&bpfkit_no_such_ksym;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
