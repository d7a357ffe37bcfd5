// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* A fentry program on a kernel function that does not exist. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

SEC("fentry/bpfkit_no_such_function")
int BPF_PROG(on_nothing, int arg)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
