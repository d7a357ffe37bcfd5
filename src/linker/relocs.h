/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_RELOCS_H
#define BPFKIT_LINKER_RELOCS_H

/*
 * Relocations: appended per input, fixed up at the end (relocs.c).
 */
#include <stdbool.h>
#include <elf.h>
#include <linux/types.h>

/* BPF relocation types not in every elf.h. */
#ifndef R_BPF_64_ABS64
#define R_BPF_64_ABS64 2
#endif
#ifndef R_BPF_64_ABS32
#define R_BPF_64_ABS32 3
#endif
#ifndef R_BPF_64_NODYLD32
#define R_BPF_64_NODYLD32 4
#endif

#define BPF_INSN_SZ 8

struct bk_linker;
struct src_obj;

int bk_ld_append_relos(struct bk_linker *l, struct src_obj *obj);
int bk_ld_fixup_relos(struct bk_linker *l);
/* The offset a section-relative reference at where carries (REL: no
 * addend field; in an instruction's immediate or in the data word). */
__u64 bk_ld_rel_addend(const void *where, int type, bool is_code);

#endif /* BPFKIT_LINKER_RELOCS_H */
