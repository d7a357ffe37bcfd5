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
#include "../btf/btf.h"
#include "../lib/mem.h"

struct canon {
	struct bk_linker *l;
	struct tsrc src;	/* the deduplicated BTF */
	struct strpool out;	/* the output's strings, in order of use */
	struct idmap from_btf;	/* src string offset -> out offset */
	struct idmap from_pool; /* l->mbtf.strs offset -> out offset */
};

static int put_str(struct canon *c, struct idmap *cache, const char *s,
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

/* Types copied in order with their strings re-pointed. */
static int copy_types(struct canon *c, char **out, size_t *len)
{
	__u32 id, n = c->src.btf ? btf__type_cnt(c->src.btf) : c->src.m->cnt;
	size_t total = 0, pos = 0;
	char *buf;
	int err = 0;

	for (id = 1; id < n; id++)
		total += bk_linker__btf_type_size(ts_type(&c->src, id));
	buf = malloc(total ?: 1);
	if (!buf)
		return -ENOMEM;
	for (id = 1; id < n && !err; id++) {
		const struct btf_type *t = ts_type(&c->src, id);
		size_t sz = bk_linker__btf_type_size(t);

		memcpy(buf + pos, t, sz);
		err = bk_linker__visit_str_offs((struct btf_type *)(buf + pos),
						type_str, c);
		pos += sz;
	}
	if (err) {
		free(buf);
		return err;
	}
	*out = buf;
	*len = total;
	return 0;
}

static int sec_name_str(void *ctx, const char *name, __u32 *off)
{
	struct canon *c = ctx;
	long res = bk_strpool__add(&c->out, name);

	if (res < 0)
		return -ENOMEM;
	*off = res;
	return 0;
}

/* line_info strings: their pool's slots remember where they went. */
static int line_str(struct canon *c, __u32 *off)
{
	struct strpool *pool = &c->l->ext_strs;
	__u32 out;
	long res;

	if (!*off)
		return 0;
	out = bk_strpool__slot(pool, *off);
	if (out == STRPOOL_SLOT_UNSET) {
		res = bk_arena__add(&c->out.a, pool->a.buf + *off);
		if (res < 0)
			return -ENOMEM;
		out = res;
		bk_strpool__set_slot(pool, *off, out);
	}
	*off = out;
	return 0;
}

static int field_str(struct canon *c, char *field, bool line)
{
	const struct strpool *from = line ? &c->l->ext_strs : &c->l->mbtf.strs;
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
	case EXT_LINE_INFO:
		err = field_str(
			c, rec + offsetof(struct bpf_line_info, file_name_off),
			true);
		return err
			       ?: field_str(c,
					    rec + offsetof(struct bpf_line_info,
							   line_off),
					    true);
	case EXT_CORE_RELO:
		return field_str(
			c, rec + offsetof(struct bpf_core_relo, access_str_off),
			false);
	default:
		return 0;
	}
}

static int assemble(struct canon *c, const char *types, size_t types_len,
		    void **out, size_t *size)
{
	struct btf_header hdr = {
		.magic = BTF_MAGIC,
		.version = BTF_VERSION,
		.hdr_len = sizeof(hdr),
		.type_off = 0,
		.type_len = types_len,
		.str_off = types_len,
		.str_len = c->out.a.len,
	};
	char *buf = malloc(sizeof(hdr) + types_len + c->out.a.len);

	if (!buf)
		return -ENOMEM;
	memcpy(buf, &hdr, sizeof(hdr));
	memcpy(buf + sizeof(hdr), types, types_len);
	memcpy(buf + sizeof(hdr) + types_len, c->out.a.buf, c->out.a.len);
	*out = buf;
	*size = sizeof(hdr) + types_len + c->out.a.len;
	return 0;
}

int bk_linker__write_canonical(struct bk_linker *l, struct btf *btf,
			       void **btf_out, size_t *btf_size, void **ext_out,
			       size_t *ext_out_size)
{
	struct canon c = {
		.l = l,
		.src = {.btf = btf, .m = btf ? NULL : &l->mbtf},
	};
	struct ext_strs strs = {&c, sec_name_str, rec_strs, true};
	char *types = NULL;
	size_t types_len = 0;
	int err;

	err = bk_strpool__init(&c.out, false);
	err = err ?: copy_types(&c, &types, &types_len);
	/* the types are copied: their source can go */
	btf__free(btf);
	if (!btf)
		bk_mbtf__free_types(&l->mbtf);
	c.src.btf = NULL;
	bk_idmap__free(&c.from_btf);
	/* .BTF.ext strings come after every type's */
	err = err
		      ?: bk_linker__build_btf_ext(l, (1u << EXT_KIND_CNT) - 1,
						  &strs, ext_out, ext_out_size);
	err = err ?: assemble(&c, types, types_len, btf_out, btf_size);
	if (err) {
		free(*ext_out);
		*ext_out = NULL;
	}
	free(types);
	bk_strpool__free(&c.out);
	bk_idmap__free(&c.from_btf);
	bk_idmap__free(&c.from_pool);
	return err;
}
