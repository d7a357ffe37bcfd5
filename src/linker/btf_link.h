/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_BTF_LINK_H
#define BPFKIT_LINKER_BTF_LINK_H

/*
 * The BTF phase: append each input's types, then at the end build the
 * DATASECs, fold and deduplicate, and lay the result out (btf_link.c).
 */
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct bk_linker;
struct src_obj;
struct btf_out;

int bk_ld_append_btf(struct bk_linker *l, struct src_obj *obj);
int bk_ld_prepare_btf(struct bk_linker *l);
bool bk_ld_has_btf_ext(const struct bk_linker *l);
int bk_ld_finalize_btf(struct bk_linker *l, struct btf_out *out);

#endif /* BPFKIT_LINKER_BTF_LINK_H */
