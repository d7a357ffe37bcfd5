/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_PROG_JIT_DISASM_H
#define BPFKIT_PROG_JIT_DISASM_H

#include <stddef.h>
#include <linux/types.h>

#include "../lib/diag.h"

/*
 * JIT-compiled code disassembled with Capstone (AT&T syntax on x86-64,
 * as bpftool's LLVM and libbfd backends print it), one call per
 * instruction.
 */
struct bk_jit_insn {
	__u32 pc; /* offset from the start of the code */
	__u16 size;
	const __u8 *bytes;
	const char *mnemonic;
	const char *operands;
};

typedef int (*bk_jit_insn_fn)(void *ctx, const struct bk_jit_insn *insn);

/*
 * Disassemble len bytes of code for this machine that the kernel placed at
 * addr (so that call and jump targets are real addresses); pcs count from 0.
 * Returns 0, fn's first non-zero result, or -errno (reason to diag):
 * -EOPNOTSUPP on a machine Capstone does not cover here, -EINVAL for bytes
 * that are not instructions.
 */
int bk_jit__disasm(const void *code, size_t len, __u64 addr, bk_jit_insn_fn fn,
		   void *ctx, const struct bk_diag *diag);

/*
 * Load Capstone now, which bk_jit__disasm() otherwise does on its first
 * call: for a caller that must fail before it prints anything. Returns 0,
 * or -ENOENT (reason to diag) when the library cannot be loaded.
 */
int bk_jit__load(const struct bk_diag *diag);

#endif /* BPFKIT_PROG_JIT_DISASM_H */
