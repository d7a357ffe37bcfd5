/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_MERGED_BTF_H
#define BPFKIT_LINKER_MERGED_BTF_H

/*
 * The merged BTF while inputs are added, and the walkers over a type
 * record's type IDs and string offsets (merged_btf.c).
 */
#include <stddef.h>
#include <linux/types.h>
#include <bpf/btf.h>
#include "../lib/strset.h"

/* The merged BTF while linking (merged_btf.c). */
struct mbtf {
	char *types;
	size_t types_len;
	size_t types_cap;
	__u32 *offs; /* type ID -> offset in types */
	size_t cnt;  /* type IDs in use, void included */
	size_t offs_cap;
	/* strings of types and of CO-RE relocations (what libbpf's dedup
	 * sees); line_info strings go to the linker's ext_strs */
	struct bk_strset strs;
};

int bk_mbtf__init(struct mbtf *m);
void bk_mbtf__free(struct mbtf *m);
void bk_mbtf__free_types(struct mbtf *m);
const struct btf_type *bk_mbtf__type(const struct mbtf *m, __u32 id);
struct btf_type *bk_mbtf__mut(struct mbtf *m, __u32 id);
const char *bk_mbtf__str(const struct mbtf *m, __u32 off);
int bk_mbtf__add(struct mbtf *m, const void *rec, size_t size);
long bk_mbtf__add_str(struct mbtf *m, const char *s);
void *bk_mbtf__raw(const struct mbtf *m, size_t *size);
int bk_ld_visit_str_offs(struct btf_type *t, int (*fn)(__u32 *off, void *ctx),
			 void *ctx);

int bk_ld_visit_type_ids(struct btf_type *t, int (*fn)(__u32 *id, void *ctx),
			 void *ctx);

#endif /* BPFKIT_LINKER_MERGED_BTF_H */
