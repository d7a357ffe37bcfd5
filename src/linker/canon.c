// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The canonical bytes of the output's .BTF and .BTF.ext: types in the order
 * dedup leaves them, strings in order of first use (by the types in order,
 * then by the .BTF.ext records in order). Linking the output again leads
 * to the same order, which is what makes the first link a fixpoint.
 *
 * Dedup leaves every string once, so strings are mapped by offset alone
 * (an integer map): no string is hashed again here.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "linker_internal.h"
#include "../btf/btf.h"
#include "../lib/mem.h"

struct canon {
	const struct btf *src;
	struct idmap map; /* source string offset -> output offset */
	char *strs;
	size_t strs_len;
	size_t strs_cap;
};

static int map_str(struct canon *c, __u32 *off)
{
	const char *s;
	__u32 out;
	size_t len;

	if (!*off)
		return 0;
	if (idmap__find(&c->map, *off, &out)) {
		*off = out;
		return 0;
	}
	s = btf__str_by_offset(c->src, *off);
	if (!s)
		return -EINVAL;
	len = strlen(s) + 1;
	if (bk_ensure_mem((void **)&c->strs, &c->strs_cap, 1,
			  c->strs_len + len) ||
	    idmap__add(&c->map, *off, c->strs_len))
		return -ENOMEM;
	memcpy(c->strs + c->strs_len, s, len);
	*off = c->strs_len;
	c->strs_len += len;
	return 0;
}

static size_t type_size(const struct btf_type *t)
{
	size_t n = btf_vlen(t);

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		return sizeof(*t) + sizeof(__u32);
	case BTF_KIND_ARRAY:
		return sizeof(*t) + sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return sizeof(*t) + n * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return sizeof(*t) + n * sizeof(struct btf_enum);
	case BTF_KIND_ENUM64:
		return sizeof(*t) + n * sizeof(struct btf_enum64);
	case BTF_KIND_FUNC_PROTO:
		return sizeof(*t) + n * sizeof(struct btf_param);
	case BTF_KIND_VAR:
		return sizeof(*t) + sizeof(struct btf_var);
	case BTF_KIND_DATASEC:
		return sizeof(*t) + n * sizeof(struct btf_var_secinfo);
	case BTF_KIND_DECL_TAG:
		return sizeof(*t) + sizeof(struct btf_decl_tag);
	default:
		return sizeof(*t);
	}
}

static int map_type_strs(struct canon *c, struct btf_type *t)
{
	int i, n = btf_vlen(t), err = map_str(c, &t->name_off);

	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		struct btf_member *m = btf_members(t);

		for (i = 0; i < n && !err; i++)
			err = map_str(c, &m[i].name_off);
		break;
	}
	case BTF_KIND_ENUM: {
		struct btf_enum *e = btf_enum(t);

		for (i = 0; i < n && !err; i++)
			err = map_str(c, &e[i].name_off);
		break;
	}
	case BTF_KIND_ENUM64: {
		struct btf_enum64 *e = btf_enum64(t);

		for (i = 0; i < n && !err; i++)
			err = map_str(c, &e[i].name_off);
		break;
	}
	case BTF_KIND_FUNC_PROTO: {
		struct btf_param *p = btf_params(t);

		for (i = 0; i < n && !err; i++)
			err = map_str(c, &p[i].name_off);
		break;
	}
	default:
		break;
	}
	return err;
}

/* Types copied in order with their strings re-pointed. */
static int copy_types(struct canon *c, char **out, size_t *len)
{
	__u32 id, n = btf__type_cnt(c->src);
	size_t total = 0, pos = 0;
	char *buf;
	int err = 0;

	for (id = 1; id < n; id++)
		total += type_size(btf__type_by_id(c->src, id));
	buf = malloc(total ?: 1);
	if (!buf)
		return -ENOMEM;
	for (id = 1; id < n && !err; id++) {
		const struct btf_type *t = btf__type_by_id(c->src, id);
		size_t sz = type_size(t);

		memcpy(buf + pos, t, sz);
		err = map_type_strs(c, (struct btf_type *)(buf + pos));
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

static int map_field(struct canon *c, char *field)
{
	__u32 off;
	int err;

	memcpy(&off, field, sizeof(off));
	err = map_str(c, &off);
	memcpy(field, &off, sizeof(off));
	return err;
}

static int map_rec_strs(struct canon *c, int kind, char *rec)
{
	int err;

	switch (kind) {
	case EXT_LINE_INFO:
		err = map_field(
			c, rec + offsetof(struct bpf_line_info, file_name_off));
		return err
			       ?: map_field(c,
					    rec + offsetof(struct bpf_line_info,
							   line_off));
	case EXT_CORE_RELO:
		return map_field(c, rec + offsetof(struct bpf_core_relo,
						   access_str_off));
	default:
		return 0;
	}
}

/* Our own layout (build_btf_ext()): walked without checks. */
static int map_kind_strs(struct canon *c, int kind, char *p, size_t len)
{
	char *end = p + len;
	__u32 rec_sz, cnt, i;
	int err;

	if (!len)
		return 0;
	memcpy(&rec_sz, p, sizeof(rec_sz));
	p += sizeof(rec_sz);
	while (p + 2 * sizeof(__u32) <= end) {
		err = map_field(c, p);
		if (err)
			return err;
		memcpy(&cnt, p + sizeof(__u32), sizeof(cnt));
		p += 2 * sizeof(__u32);
		for (i = 0; i < cnt; i++, p += rec_sz) {
			err = map_rec_strs(c, kind, p);
			if (err)
				return err;
		}
	}
	return 0;
}

static int map_ext(struct canon *c, const void *ext, size_t size, void **out)
{
	struct bk_btf_ext_header hdr;
	char *buf = malloc(size ?: 1);
	int err;

	if (!buf)
		return -ENOMEM;
	memcpy(buf, ext, size);
	memcpy(&hdr, buf, sizeof(hdr));
	err = map_kind_strs(c, EXT_FUNC_INFO,
			    buf + hdr.hdr_len + hdr.func_info_off,
			    hdr.func_info_len);
	err = err
		      ?: map_kind_strs(c, EXT_LINE_INFO,
				       buf + hdr.hdr_len + hdr.line_info_off,
				       hdr.line_info_len);
	err = err
		      ?: map_kind_strs(c, EXT_CORE_RELO,
				       buf + hdr.hdr_len + hdr.core_relo_off,
				       hdr.core_relo_len);
	if (err) {
		free(buf);
		return err;
	}
	*out = buf;
	return 0;
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
		.str_len = c->strs_len,
	};
	char *buf = malloc(sizeof(hdr) + types_len + c->strs_len);

	if (!buf)
		return -ENOMEM;
	memcpy(buf, &hdr, sizeof(hdr));
	memcpy(buf + sizeof(hdr), types, types_len);
	memcpy(buf + sizeof(hdr) + types_len, c->strs, c->strs_len);
	*out = buf;
	*size = sizeof(hdr) + types_len + c->strs_len;
	return 0;
}

int write_canonical(const struct btf *btf, const void *ext, size_t ext_size,
		    void **btf_out, size_t *btf_size, void **ext_out,
		    size_t *ext_out_size)
{
	struct canon c = {.src = btf};
	char *types = NULL;
	size_t types_len = 0;
	int err;

	if (bk_ensure_mem((void **)&c.strs, &c.strs_cap, 1, 1)) {
		err = -ENOMEM;
		goto out;
	}
	c.strs[c.strs_len++] = '\0';
	err = copy_types(&c, &types, &types_len);
	if (!err && ext) {
		err = map_ext(&c, ext, ext_size, ext_out);
		*ext_out_size = ext_size;
	}
	err = err ?: assemble(&c, types, types_len, btf_out, btf_size);
	if (err && ext) {
		free(*ext_out);
		*ext_out = NULL;
	}
out:
	free(types);
	free(c.strs);
	idmap__free(&c.map);
	return err;
}
