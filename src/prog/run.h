/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_PROG_RUN_H
#define BPFKIT_PROG_RUN_H

#include <stddef.h>
#include <linux/types.h>

#include "../lib/diag.h"

/*
 * Run a loaded program once (or repeat times) on test input through
 * BPF_PROG_TEST_RUN: packets for xdp/tc/socket programs, a context for
 * syscall and raw tracepoint programs, or both.
 */
struct bk_run {
	const void *data_in;
	size_t data_size_in;
	void *data_out;	      /* may be NULL */
	size_t data_size_out; /* in: room in data_out; out: bytes written */
	const void *ctx_in;
	size_t ctx_size_in;
	void *ctx_out;	     /* may be NULL */
	size_t ctx_size_out; /* in: room in ctx_out; out: bytes written */
	__u32 repeat;	     /* 0 counts as 1 */
	__u32 retval;
	__u32 duration; /* average nanoseconds per run */
};

/* Returns 0 or -errno; the reason, naming what to change, went to diag. */
int bk_prog__test_run(int prog_fd, struct bk_run *run,
		      const struct bk_diag *diag);

#endif /* BPFKIT_PROG_RUN_H */
