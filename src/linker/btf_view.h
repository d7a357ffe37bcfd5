/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_BTF_VIEW_H
#define BPFKIT_LINKER_BTF_VIEW_H

/*
 * BTF read in place: an input's BTF (struct bview), and struct tsrc,
 * one way to read types from an input, the merged BTF or libbpf's
 * (btf_view.c).
 */
#include <stddef.h>
#include <linux/types.h>
#include <bpf/btf.h>
#include "merged_btf.h"

/*
 * An input's BTF, read where it lies (the mapped file): validated by the
 * BTF module, indexed here. No copy, and libbpf is not involved.
 */
struct bview {
	const char *types;
	__u32 *offs; /* type ID -> offset in types; [0] unused */
	__u32 cnt;   /* type IDs, void included */
	const char *strs;
	__u32 strs_len;
};

int bk_bview__init(struct bview *v, const void *data, size_t size);
void bk_bview__free(struct bview *v);
const struct btf_type *bk_bview__type(const struct bview *v, __u32 id);
const char *bk_bview__str(const struct bview *v, __u32 off);

/* Where types are read from: an input's BTF, the merged one, or libbpf's. */
struct tsrc {
	const struct btf *btf;
	const struct mbtf *m;
	const struct bview *v;
};

static inline const struct btf_type *ts_type(const struct tsrc *s, __u32 id)
{
	if (s->v)
		return bk_bview__type(s->v, id);
	return s->btf ? btf__type_by_id(s->btf, id) : bk_mbtf__type(s->m, id);
}

static inline const char *ts_str(const struct tsrc *s, __u32 off)
{
	const char *str;

	if (s->v)
		str = bk_bview__str(s->v, off);
	else
		str = s->btf ? btf__name_by_offset(s->btf, off)
			     : bk_mbtf__str(s->m, off);
	return str ?: "";
}

__s64 bk_ld_resolve_size(const struct tsrc *ts, __u32 id);

/* A FUNC's linkage lives in its vlen bits (libbpf 1.1 has no accessor). */
static inline int func_linkage(const struct btf_type *t)
{
	return btf_vlen(t);
}

#endif /* BPFKIT_LINKER_BTF_VIEW_H */
