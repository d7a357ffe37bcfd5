// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The shape of the kernel selftests' linked_vars, programs of our own:
 * each file defines inputs in .bss, .data and .rodata that the other
 * declares extern, both define weak ones (the first linked wins), and
 * both declare the same .kconfig and __ksym externs, weak in one file and
 * strong in the other.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int LINUX_KERNEL_VERSION __kconfig;
/* weak here, strong in conf_vars2.bpf.c: the result is strong */
extern bool CONFIG_BPF_SYSCALL __kconfig __weak;
extern const void bpf_link_fops __ksym __weak;

int cv_bss1;
int cv_data1 = 1;
const volatile int cv_rodata1 = 11;
int cv_bss_weak __weak;
int cv_data_weak __weak = 10;
const volatile int cv_rodata_weak __weak = 100;

extern int cv_bss2;
extern int cv_data2;
extern const int cv_rodata2;

int cv_out_bss1;
int cv_out_data1;
int cv_out_rodata1;
long cv_out_sink1;

SEC("syscall")
int cv_run1(void *ctx)
{
	cv_out_bss1 = cv_bss1 + cv_bss2 + cv_bss_weak;
	cv_out_data1 = cv_data1 + cv_data2 + cv_data_weak;
	cv_out_rodata1 = cv_rodata1 + cv_rodata2 + cv_rodata_weak;
	cv_out_sink1 = LINUX_KERNEL_VERSION + CONFIG_BPF_SYSCALL +
		       (long)&bpf_link_fops;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
