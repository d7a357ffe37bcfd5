/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_FINALIZE_H
#define BPFKIT_LINKER_FINALIZE_H

/*
 * Writing the output ELF (finalize.c).
 */
struct bk_linker;
struct bk_elf_out;

struct bk_elf_out;
int bk_ld_finalize_output(struct bk_linker *l, struct bk_elf_out *out);

#endif /* BPFKIT_LINKER_FINALIZE_H */
