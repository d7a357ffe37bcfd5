// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * .ksyms externs declared in both files, file 1 of 2 (see run_linked.c,
 * scenario "ksyms"). The linker merges them into one extern each and
 * leaves them to the loader.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

/* kfuncs */
extern struct task_struct *bpf_task_from_pid(s32 pid) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;
/* typeless */
extern const void __start_BTF __ksym;
/* weak and missing from the kernel: reads 0 */
extern const void bpfkit_no_such_ksym __ksym __weak;

const volatile int lk_pid;

long out1_task, out1_btf, out1_missing;

SEC("syscall")
int lk_prog1(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(lk_pid);

	if (t) {
		out1_task = t->tgid;
		bpf_task_release(t);
	}
	out1_btf = (long)&__start_BTF;
	out1_missing = (long)&bpfkit_no_such_ksym;
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
