/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_BTF_FOLD_H
#define BPFKIT_LINKER_BTF_FOLD_H

/*
 * Exact duplicate types folded before libbpf's dedup (btf_fold.c).
 */
#include <stdbool.h>

struct bk_linker;

int bk_ld_fold_exact_dups(struct bk_linker *l, bool *need_dedup);

#endif /* BPFKIT_LINKER_BTF_FOLD_H */
