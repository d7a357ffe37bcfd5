// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * An input's BTF read where it lies (the mapped file): validated by the BTF
 * module, indexed here, no copy and no libbpf. And the size of a type from
 * any source of types (struct tsrc).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "btf_view.h"
#include "../btf/btf.h"
#include "../lib/mem.h"

static const struct btf_type void_view_type;

/* data was validated by the BTF module (bk_btf__validate()). */
int bk_bview__init(struct bview *v, const void *data, size_t size)
{
	const struct btf_header *hdr = data;
	size_t pos = 0, cap = 0, cnt = 1;
	const char *types;

	memset(v, 0, sizeof(*v));
	if (size < sizeof(*hdr) || hdr->magic != BTF_MAGIC)
		return -EOPNOTSUPP; /* the other byte order */
	types = (const char *)data + hdr->hdr_len + hdr->type_off;
	v->types = types;
	v->strs = (const char *)data + hdr->hdr_len + hdr->str_off;
	v->strs_len = hdr->str_len;
	while (pos < hdr->type_len) {
		if (bk_grow_mem((void **)&v->offs, &cap, sizeof(*v->offs),
				cnt + 1))
			return -ENOMEM;
		v->offs[cnt++] = pos;
		pos += bk_btf__type_rec_size(
			(const struct btf_type *)(types + pos));
	}
	v->cnt = cnt;
	return 0;
}

void bk_bview__free(struct bview *v)
{
	free(v->offs);
	memset(v, 0, sizeof(*v));
}

const struct btf_type *bk_bview__type(const struct bview *v, __u32 id)
{
	if (!id)
		return &void_view_type;
	if (id >= v->cnt)
		return NULL;
	return (const struct btf_type *)(v->types + v->offs[id]);
}

const char *bk_bview__str(const struct bview *v, __u32 off)
{
	return off < v->strs_len ? v->strs + off : NULL;
}

/* libbpf's btf__resolve_size() on any source of types. */
__s64 bk_ld_resolve_size(const struct tsrc *ts, __u32 id)
{
	__u64 nelems = 1, size;
	int depth;

	for (depth = 0; depth < 32; depth++) {
		const struct btf_type *t = ts_type(ts, id);

		if (!t)
			return -EINVAL;
		switch (btf_kind(t)) {
		case BTF_KIND_INT:
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
		case BTF_KIND_DATASEC:
		case BTF_KIND_FLOAT:
			size = t->size;
			goto done;
		case BTF_KIND_PTR:
			size = sizeof(__u64); /* BPF pointers */
			goto done;
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_CONST:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_VAR:
		case BTF_KIND_DECL_TAG:
		case BTF_KIND_TYPE_TAG:
			id = t->type;
			break;
		case BTF_KIND_ARRAY:
			if (nelems &&
			    btf_array(t)->nelems > UINT32_MAX / nelems)
				return -E2BIG;
			nelems *= btf_array(t)->nelems;
			id = btf_array(t)->type;
			break;
		default:
			return -EINVAL;
		}
	}
	return -EINVAL;
done:
	if (nelems && size > UINT32_MAX / nelems)
		return -E2BIG;
	return nelems * size;
}
