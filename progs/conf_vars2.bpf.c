// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See conf_vars1.bpf.c: the second file, its mirror image. */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int LINUX_KERNEL_VERSION __kconfig;
extern bool CONFIG_BPF_SYSCALL __kconfig;
extern const void bpf_link_fops __ksym __weak;

int cv_bss2;
int cv_data2 = 2;
const volatile int cv_rodata2 = 22;
int cv_bss_weak __weak;
int cv_data_weak __weak = 20;
const volatile int cv_rodata_weak __weak = 200;

extern int cv_bss1;
extern int cv_data1;
extern const int cv_rodata1;

int cv_out_bss2;
int cv_out_data2;
int cv_out_rodata2;
long cv_out_sink2;

SEC("syscall")
int cv_run2(void *ctx)
{
	cv_out_bss2 = cv_bss1 + cv_bss2 + cv_bss_weak;
	cv_out_data2 = cv_data1 + cv_data2 + cv_data_weak;
	cv_out_rodata2 = cv_rodata1 + cv_rodata2 + cv_rodata_weak;
	cv_out_sink2 = LINUX_KERNEL_VERSION + CONFIG_BPF_SYSCALL +
		       (long)&bpf_link_fops;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
