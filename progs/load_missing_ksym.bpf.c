// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* A call to a kernel function (kfunc) that no kernel has. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int bpfkit_no_such_kfunc(int x) __ksym;

SEC("syscall")
int calls_missing_kfunc(void *ctx)
{
	return bpfkit_no_such_kfunc(1);
}

char LICENSE[] SEC("license") = "GPL";
