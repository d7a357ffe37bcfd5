/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_BTF_FOLD_H
#define BPFKIT_LINKER_BTF_FOLD_H

/*
 * Exact duplicate types folded before libbpf's dedup, and unused types
 * dropped under gc (btf_fold.c).
 */
#include <stdbool.h>

struct bk_linker;

int bk_ld_fold_exact_dups(struct bk_linker *l, bool *need_dedup);
/* Drop every type whose keep[id] is false, nothing kept referring to it;
 * renumber the rest and what points at them (globals, .BTF.ext). */
int bk_ld_drop_types(struct bk_linker *l, const bool *keep);

#endif /* BPFKIT_LINKER_BTF_FOLD_H */
