// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A fentry program on a function every kernel has. Where the kernel
 * refuses fentry (no trampolines), the load fails with EPERM, which libbpf
 * blames on 'ulimit -l'; bpfkit must not repeat that guess.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

SEC("fentry/do_unlinkat")
int BPF_PROG(on_unlinkat, int dfd)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
