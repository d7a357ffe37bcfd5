/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * Shared by the load_* test programs and tests/bin/prog_util.c: the slots
 * of the counter maps, and the context SEC("syscall") programs get from
 * BPF_PROG_TEST_RUN (prog_util run PIN ARG0 ARG1).
 */
#ifndef BPFKIT_PROGS_LOAD_COMMON_H
#define BPFKIT_PROGS_LOAD_COMMON_H

#include <linux/types.h>

/* load_counts: which process to count, then what was counted. */
enum load_slot {
	LOAD_SLOT_TGID,	   /* set by prog_util trigger: its own tgid */
	LOAD_SLOT_GETPPID, /* getppid() calls of that process */
	LOAD_SLOT_ADDED,   /* sum of what the add program was given */
	LOAD_SLOT_CNT,
};

struct load_args {
	__u64 arg0;
	__u64 arg1;
};

#endif /* BPFKIT_PROGS_LOAD_COMMON_H */
