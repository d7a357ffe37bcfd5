// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The merged BTF while inputs are added: type records in one buffer and
 * their strings in a pool that keeps each string once (libbpf's dedup is
 * slow on large string sections, and keeping them small also keeps the
 * memory down). Types are deduplicated once, at the end, when this becomes
 * raw BTF for libbpf.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "linker_internal.h"
#include "merged_btf.h"
#include "../lib/mem.h"

static const struct btf_type void_type;

int bk_mbtf__init(struct mbtf *m)
{
	memset(m, 0, sizeof(*m));
	/* type ID 0 is void, string offset 0 is "" */
	if (bk_ensure_mem((void **)&m->offs, &m->offs_cap, sizeof(*m->offs),
			  1) ||
	    bk_strset__init(&m->strs, false))
		return -ENOMEM;
	m->cnt = 1;
	return 0;
}

void bk_mbtf__free(struct mbtf *m)
{
	free(m->types);
	free(m->offs);
	bk_strset__release(&m->strs);
	memset(m, 0, sizeof(*m));
}

/* Types only: the strings stay (CO-RE access strings are read later). */
void bk_mbtf__free_types(struct mbtf *m)
{
	free(m->types);
	free(m->offs);
	m->types = NULL;
	m->offs = NULL;
	m->types_len = m->types_cap = m->cnt = m->offs_cap = 0;
}

const struct btf_type *bk_mbtf__type(const struct mbtf *m, __u32 id)
{
	if (!id)
		return &void_type;
	if (id >= m->cnt)
		return NULL;
	return (const struct btf_type *)(m->types + m->offs[id]);
}

struct btf_type *bk_mbtf__mut(struct mbtf *m, __u32 id)
{
	return (struct btf_type *)(m->types + m->offs[id]);
}

const char *bk_mbtf__str(const struct mbtf *m, __u32 off)
{
	return off < m->strs.a.len ? m->strs.a.buf + off : NULL;
}

/* fn on the __u32 at field_off of each of n records of stride bytes. */
static int visit_fields(void *recs, int n, size_t stride, size_t field_off,
			int (*fn)(__u32 *v, void *ctx), void *ctx)
{
	char *p = (char *)recs + field_off;
	int i, err = 0;

	for (i = 0; i < n && !err; i++, p += stride)
		err = fn((__u32 *)p, ctx);
	return err;
}

#define VISIT(recs, type, field, n, fn, ctx) \
	visit_fields(recs, n, sizeof(type), offsetof(type, field), fn, ctx)

int bk_ld_visit_type_ids(struct btf_type *t, int (*fn)(__u32 *id, void *ctx),
			 void *ctx)
{
	int n = btf_vlen(t), err;

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		return 0;
	case BTF_KIND_ARRAY:
		err = fn(&btf_array(t)->type, ctx);
		return err ?: fn(&btf_array(t)->index_type, ctx);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return VISIT(btf_members(t), struct btf_member, type, n, fn,
			     ctx);
	case BTF_KIND_FUNC_PROTO:
		err = fn(&t->type, ctx);
		return err
			       ?: VISIT(btf_params(t), struct btf_param, type,
					n, fn, ctx);
	case BTF_KIND_DATASEC:
		return VISIT(btf_var_secinfos(t), struct btf_var_secinfo, type,
			     n, fn, ctx);
	default: /* PTR, TYPEDEF, modifiers, FUNC, VAR, tags */
		return fn(&t->type, ctx);
	}
}

int bk_ld_visit_str_offs(struct btf_type *t, int (*fn)(__u32 *off, void *ctx),
			 void *ctx)
{
	int n = btf_vlen(t), err = fn(&t->name_off, ctx);

	if (err)
		return err;
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return VISIT(btf_members(t), struct btf_member, name_off, n, fn,
			     ctx);
	case BTF_KIND_ENUM:
		return VISIT(btf_enum(t), struct btf_enum, name_off, n, fn,
			     ctx);
	case BTF_KIND_ENUM64:
		return VISIT(btf_enum64(t), struct btf_enum64, name_off, n, fn,
			     ctx);
	case BTF_KIND_FUNC_PROTO:
		return VISIT(btf_params(t), struct btf_param, name_off, n, fn,
			     ctx);
	default:
		return 0;
	}
}

/* Append a type record of size bytes; its ID, or -ENOMEM. */
int bk_mbtf__add(struct mbtf *m, const void *rec, size_t size)
{
	/* raw BTF has a 32-bit type section length */
	if (m->types_len + size > UINT32_MAX)
		return -E2BIG;
	if (m->cnt >= INT32_MAX ||
	    bk_grow_mem((void **)&m->offs, &m->offs_cap, sizeof(*m->offs),
			m->cnt + 1) ||
	    bk_grow_mem((void **)&m->types, &m->types_cap, 1,
			m->types_len + size))
		return -ENOMEM;
	memcpy(m->types + m->types_len, rec, size);
	m->offs[m->cnt] = m->types_len;
	m->types_len += size;
	return m->cnt++;
}

long bk_mbtf__add_str(struct mbtf *m, const char *s)
{
	return bk_strset__add_str(&m->strs, s);
}

/* Raw BTF (header, types, strings) in a malloc'ed buffer. */
void *bk_mbtf__raw(const struct mbtf *m, size_t *size)
{
	struct btf_header hdr = {
		.magic = BTF_MAGIC,
		.version = BTF_VERSION,
		.hdr_len = sizeof(hdr),
		.type_off = 0,
		.type_len = m->types_len,
		.str_off = m->types_len,
		.str_len = m->strs.a.len,
	};
	char *raw = malloc(sizeof(hdr) + m->types_len + m->strs.a.len);

	if (!raw)
		return NULL;
	memcpy(raw, &hdr, sizeof(hdr));
	memcpy(raw + sizeof(hdr), m->types, m->types_len);
	memcpy(raw + sizeof(hdr) + m->types_len, m->strs.a.buf, m->strs.a.len);
	*size = sizeof(hdr) + m->types_len + m->strs.a.len;
	return raw;
}
