/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_BTF_EXT_LINK_H
#define BPFKIT_LINKER_BTF_EXT_LINK_H

/*
 * The .BTF.ext phase: each input's records remapped per code section,
 * then laid out for the output (btf_ext_link.c).
 */
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct bk_linker;
struct src_obj;

/* .BTF.ext records of one kind for one code section, already remapped. */
struct ext_recs {
	void *recs;
	size_t cnt;
	size_t cap;
};

int bk_ld_map_input_str(struct bk_linker *l, struct src_obj *obj, __u32 *off);

int bk_ld_append_btf_ext(struct bk_linker *l, struct src_obj *obj);
/* How a .BTF.ext being laid out gets its strings. */
struct ext_strs {
	void *ctx;
	int (*sec_name)(void *ctx, const char *name, __u32 *off);
	/* rewrite a copied record's string offsets; NULL: keep them */
	int (*rec)(void *ctx, int kind, char *rec);
	/* free each section's records once copied (the last layout) */
	bool consume;
};

int bk_ld_build_btf_ext(struct bk_linker *l, unsigned int mask,
			const struct ext_strs *strs, void **data, size_t *size);
int bk_ld_read_btf_ext_ids(struct bk_linker *l, const void *data);

#endif /* BPFKIT_LINKER_BTF_EXT_LINK_H */
