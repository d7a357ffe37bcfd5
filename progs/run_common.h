/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * Shared by the run_* test programs and tests/prog_run.bats: the context a
 * SEC("syscall") program gets from `bpfkit prog run ... ctx_in FILE`, and
 * what the packet programs answer.
 */
#ifndef BPFKIT_PROGS_RUN_COMMON_H
#define BPFKIT_PROGS_RUN_COMMON_H

#include <linux/types.h>

/* run_syscall's context: it writes sum and product back. */
struct run_ctx {
	__u32 a;
	__u32 b;
	__u64 sum;
	__u64 product;
};

#endif /* BPFKIT_PROGS_RUN_COMMON_H */
