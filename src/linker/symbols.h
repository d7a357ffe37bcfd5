/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_SYMBOLS_H
#define BPFKIT_LINKER_SYMBOLS_H

/*
 * Symbols: locals copied, globals resolved by name (symbols.c).
 */
#include <stdbool.h>

struct bk_linker;
struct src_obj;
struct dst_sym;

int bk_ld_append_syms(struct bk_linker *l, struct src_obj *obj);
struct dst_sym *bk_ld_add_dst_sym(struct bk_linker *l, int *handle);
bool bk_ld_needs_def(const struct bk_linker *l, const char *name);

#endif /* BPFKIT_LINKER_SYMBOLS_H */
