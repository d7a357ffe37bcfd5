// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The canonical bytes of the output's .BTF and .BTF.ext: types in the order
 * dedup leaves them, strings in order of first use (by the types in order,
 * then by the .BTF.ext records in order). Linking the output again leads
 * to the same order, which is what makes the first link a fixpoint.
 *
 * Strings come from sources that each hold a string once (the deduplicated
 * BTF, the pools of line_info and CO-RE strings): they are mapped by
 * offset, never hashed again. A string two sources share appears twice,
 * the same way at every link.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "linker_internal.h"
#include "btf_canon.h"
#include "merged_btf.h"
#include "../btf/btf.h"
#include "../lib/mem.h"

struct canon {
	struct bk_linker *l;
	struct tsrc src;	   /* the deduplicated BTF */
	struct bk_strset out;	   /* the output's strings, in order of use */
	struct bk_idmap from_btf;  /* src string offset -> out offset */
	struct bk_idmap from_pool; /* l->mbtf.strs offset -> out offset */
};

static int put_str(struct canon *c, struct bk_idmap *cache, const char *s,
		   __u32 *off)
{
	__u32 out;
	long res;

	if (!*off)
		return 0;
	if (bk_idmap__find(cache, *off, &out)) {
		*off = out;
		return 0;
	}
	if (!s)
		return -EINVAL;
	res = bk_arena__add(&c->out.a, s);
	if (res < 0 || bk_idmap__add(cache, *off, res))
		return -ENOMEM;
	*off = res;
	return 0;
}

static int type_str(__u32 *off, void *ctx)
{
	struct canon *c = ctx;

	return put_str(c, &c->from_btf,
		       c->src.btf ? btf__str_by_offset(c->src.btf, *off)
				  : bk_mbtf__str(c->src.m, *off),
		       off);
}

/*
 * Types in order with their strings re-pointed: in place in the merged
 * BTF (not needed otherwise any more), or copied out of libbpf's.
 */
static int map_types(struct canon *c, struct btf_out *out)
{
	__u32 id, n = c->src.btf ? btf__type_cnt(c->src.btf) : c->src.m->cnt;
	size_t total = 0, pos = 0;
	char *buf;
	int err = 0;

	if (!c->src.btf) {
		struct mbtf *m = &c->l->mbtf;

		for (id = 1; id < n && !err; id++)
			err = bk_ld_visit_str_offs(bk_mbtf__mut(m, id),
						   type_str, c);
		out->types = m->types;
		out->types_len = m->types_len;
		return err;
	}
	for (id = 1; id < n; id++)
		total += bk_btf__type_rec_size(ts_type(&c->src, id));
	buf = malloc(total ?: 1);
	if (!buf)
		return -ENOMEM;
	for (id = 1; id < n && !err; id++) {
		const struct btf_type *t = ts_type(&c->src, id);
		size_t sz = bk_btf__type_rec_size(t);

		memcpy(buf + pos, t, sz);
		err = bk_ld_visit_str_offs((struct btf_type *)(buf + pos),
					   type_str, c);
		pos += sz;
	}
	out->types = out->types_owned = buf;
	out->types_len = total;
	return err;
}

static int sec_name_str(void *ctx, const char *name, __u32 *off)
{
	struct canon *c = ctx;
	long res = bk_strset__add_str(&c->out, name);

	if (res < 0)
		return -ENOMEM;
	*off = res;
	return 0;
}

/* line_info strings: their pool's slots remember where they went. */
static int line_str(struct canon *c, __u32 *off)
{
	struct bk_strset *pool = &c->l->ext_strs;
	__u32 out;
	long res;

	if (!*off)
		return 0;
	out = bk_strset__slot(pool, *off);
	if (out == BK_STRSET_SLOT_UNSET) {
		res = bk_arena__add(&c->out.a, pool->a.buf + *off);
		if (res < 0)
			return -ENOMEM;
		out = res;
		bk_strset__set_slot(pool, *off, out);
	}
	*off = out;
	return 0;
}

static int field_str(struct canon *c, char *field, bool line)
{
	const struct bk_strset *from =
		line ? &c->l->ext_strs : &c->l->mbtf.strs;
	__u32 off;
	int err;

	memcpy(&off, field, sizeof(off));
	err = line ? line_str(c, &off)
		   : put_str(c, &c->from_pool, from->a.buf + off, &off);
	memcpy(field, &off, sizeof(off));
	return err;
}

static int rec_strs(void *ctx, int kind, char *rec)
{
	struct canon *c = ctx;
	int err;

	switch (kind) {
	case BK_BTF_EXT_LINE_INFO:
		err = field_str(
			c, rec + offsetof(struct bpf_line_info, file_name_off),
			true);
		return err
			       ?: field_str(c,
					    rec + offsetof(struct bpf_line_info,
							   line_off),
					    true);
	case BK_BTF_EXT_CORE_RELO:
		return field_str(
			c, rec + offsetof(struct bpf_core_relo, access_str_off),
			false);
	default:
		return 0;
	}
}

void bk_ld_free_btf_out(struct btf_out *o)
{
	free(o->types_owned);
	free(o->strs);
	free(o->ext);
	memset(o, 0, sizeof(*o));
}

int bk_ld_write_canonical(struct bk_linker *l, struct btf *btf,
			  struct btf_out *out)
{
	struct canon c = {
		.l = l,
		.src = {.btf = btf, .m = btf ? NULL : &l->mbtf},
	};
	struct ext_strs strs = {&c, sec_name_str, rec_strs, true};
	int err;

	memset(out, 0, sizeof(*out));
	err = bk_strset__init(&c.out, false);
	err = err ?: map_types(&c, out);
	/* libbpf's types are copied: they can go */
	btf__free(btf);
	c.src.btf = NULL;
	bk_idmap__free(&c.from_btf);
	/* .BTF.ext strings come after every type's */
	err = err
		      ?: bk_ld_build_btf_ext(l, (1u << BK_BTF_EXT_KIND_CNT) - 1,
					     &strs, &out->ext, &out->ext_size);
	out->hdr.magic = BTF_MAGIC;
	out->hdr.version = BTF_VERSION;
	out->hdr.hdr_len = sizeof(out->hdr);
	out->hdr.type_len = out->types_len;
	out->hdr.str_off = out->types_len;
	out->hdr.str_len = c.out.a.len;
	out->strs = c.out.a.buf;
	out->strs_len = c.out.a.len;
	c.out.a.buf = NULL;
	if (err)
		bk_ld_free_btf_out(out);
	bk_strset__release(&c.out);
	bk_idmap__free(&c.from_pool);
	return err;
}
