/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_INPUT_H
#define BPFKIT_LINKER_INPUT_H

/*
 * Reading one input: its ELF sections, symbols and BTF, indexed for the
 * later phases (input.c).
 */
#include <stddef.h>
#include <linux/types.h>

struct bk_linker;
struct src_obj;
struct src_sec;

int bk_ld_open_input(struct bk_linker *l, struct src_obj *obj, const void *buf,
		     size_t size);
int bk_ld_load_input_btf(struct bk_linker *l, struct src_obj *obj);
int bk_ld_index_input(struct bk_linker *l, struct src_obj *obj);
void bk_ld_free_obj(struct src_obj *obj);
struct src_sec *bk_ld_find_src_sec(const struct src_obj *obj, const char *name);
__u32 bk_ld_find_btf_by_name(const struct src_obj *obj, const char *name,
			     __u32 hash);

#endif /* BPFKIT_LINKER_INPUT_H */
