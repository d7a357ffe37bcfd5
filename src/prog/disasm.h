/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_PROG_DISASM_H
#define BPFKIT_PROG_DISASM_H

#include <stddef.h>
#include <linux/bpf.h>
#include <linux/types.h>

#include "../lib/diag.h"

struct btf;

/*
 * Text for what the kernel hands back of a loaded program, in the
 * verifier's syntax (the syntax of the kernel's and bpftool's dumps), so
 * that the two can be compared line by line.
 */

/* Kernel symbols by address, from /proc/kallsyms, for call targets. */
struct bk_kallsyms;

/* NULL (errno set) when /proc/kallsyms cannot be read. */
struct bk_kallsyms *bk_kallsyms__load(void);
void bk_kallsyms__free(struct bk_kallsyms *syms);
/* __bpf_call_base, which helper calls are relative to, or 0. */
__u64 bk_kallsyms__call_base(const struct bk_kallsyms *syms);
/* The symbol starting exactly at addr, or NULL. */
const char *bk_kallsyms__find(const struct bk_kallsyms *syms, __u64 addr);

/* What calls in the instructions resolve against; every field may be 0. */
struct bk_disasm_ctx {
	const struct bk_kallsyms *syms;
	__u64 call_base; /* __bpf_call_base: helper calls are imm from it */
	const __u64 *jited_ksyms; /* subprogram addresses, by index */
	__u32 jited_ksym_cnt;
};

/*
 * insn in the verifier's syntax, "(b7) r0 = 0", into buf (always
 * terminated). An LD_IMM64 reads insn[1] too: the caller must pass two.
 */
void bk_disasm__insn(const struct bpf_insn *insn,
		     const struct bk_disasm_ctx *ctx, char *buf, size_t len);

/*
 * The C prototype of BTF FUNC type_id as bpftool writes it
 * ("int f(struct xdp_md * ctx)"), or "" when it has none or does not fit.
 */
void bk_disasm__func_sig(const struct btf *btf, __u32 type_id, char *buf,
			 size_t len);

#endif /* BPFKIT_PROG_DISASM_H */
