/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_INPUT_CHECK_H
#define BPFKIT_LINKER_INPUT_CHECK_H

/*
 * Sanity of one input, before anything is taken from it (input_check.c).
 */
struct bk_linker;
struct src_obj;

int bk_ld_check_elf(struct bk_linker *l, struct src_obj *obj);
int bk_ld_check_btf(struct bk_linker *l, struct src_obj *obj);

#endif /* BPFKIT_LINKER_INPUT_CHECK_H */
