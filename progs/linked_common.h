/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * Shared by the linked_* test programs and tests/bin/run_linked.c: the
 * context that run_linked hands to every SEC("syscall") program through
 * BPF_PROG_TEST_RUN, and the values it puts there.
 */
#ifndef BPFKIT_PROGS_LINKED_COMMON_H
#define BPFKIT_PROGS_LINKED_COMMON_H

#include <linux/types.h>

struct linked_ctx {
	__u64 a;
	__u64 b;
	__u64 c;
	__u64 d;
};

#define LINKED_CTX_A 3
#define LINKED_CTX_B 5
#define LINKED_CTX_C 7
#define LINKED_CTX_D 11

#endif /* BPFKIT_PROGS_LINKED_COMMON_H */
