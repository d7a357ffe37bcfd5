// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* .ksyms externs, file 2 of 2 (see run_linked.c, scenario "ksyms"). */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

/* the same externs as file 1 */
extern struct task_struct *bpf_task_from_pid(s32 pid) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;
extern const void __start_BTF __ksym;
extern const void bpfkit_no_such_ksym __ksym __weak;
/* and one of its own */
extern const void __start_rodata __ksym;

extern const volatile int lk_pid;

long out2_task, out2_btf, out2_missing, out2_rodata;

SEC("syscall")
int lk_prog2(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(lk_pid);

	if (t) {
		out2_task = t->pid;
		bpf_task_release(t);
	}
	out2_btf = (long)&__start_BTF;
	out2_missing = (long)&bpfkit_no_such_ksym;
	out2_rodata = (long)&__start_rodata;
	return 2;
}

char LICENSE[] SEC("license") = "GPL";
