/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * Types of the skel_* test programs' global variables, shared with the
 * user-space tests in tests/skel/: a skeleton names these types, the user
 * code that includes the skeleton defines them (as with bpftool).
 */
#ifndef BPFKIT_PROGS_SKEL_COMMON_H
#define BPFKIT_PROGS_SKEL_COMMON_H

#include <linux/types.h>

/* Padding inside and a size that is not a power of two. */
struct skel_pair {
	__u8 tag;
	__u64 value;
	__u16 extra[3];
};

enum skel_mode {
	SKEL_MODE_ADD = 1,
	SKEL_MODE_MUL = 2,
};

#endif /* BPFKIT_PROGS_SKEL_COMMON_H */
