// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * BTF-defined maps (libbpf's __uint/__type/__array convention): parsing a
 * definition into its attributes, remembering which attributes were stated
 * at all, and comparing two declarations of one map. An extern map only
 * promises what it states; two definitions (a __weak one and the one that
 * wins) must state the same attributes with the same values.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/libbpf.h>

#include "linker_internal.h"
#include "map_defs.h"
#include "type_match.h"

#define PART(p) (1u << (p))

/* bpf_helpers.h's enum libbpf_pin_type, which user space headers lack */
#define PIN_NONE 0
#define PIN_BY_NAME 1

static const char *const part_names[MAP_PART_CNT] = {
	[MAP_PART_TYPE] = "type",	[MAP_PART_KEY_SIZE] = "key_size",
	[MAP_PART_KEY] = "key",		[MAP_PART_VALUE_SIZE] = "value_size",
	[MAP_PART_VALUE] = "value",	[MAP_PART_MAX_ENTRIES] = "max_entries",
	[MAP_PART_FLAGS] = "map_flags", [MAP_PART_NUMA_NODE] = "numa_node",
	[MAP_PART_PINNING] = "pinning", [MAP_PART_MAP_EXTRA] = "map_extra",
	[MAP_PART_INNER] = "values",
};

/* ---- parsing ----------------------------------------------------------- */

struct parse_ctx {
	struct tsrc ts;
	int file_idx;
	char *err;
	size_t err_sz;
};

static int parse_err(struct parse_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int parse_err(struct parse_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->err, c->err_sz, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static void set_part(struct parse_ctx *c, struct map_attrs *a, enum map_part p)
{
	a->parts |= PART(p);
	a->part_file[p] = c->file_idx;
}

/* __uint(name, val) is "int (*name)[val]". */
static int get_uint(struct parse_ctx *c, const struct btf_member *m,
		    const char *name, __u32 *val)
{
	const struct btf_type *t = bk_ld_skip_mods(&c->ts, m->type, NULL);

	if (!t || !btf_is_ptr(t))
		return parse_err(c, "attribute '%s' is not a pointer", name);
	t = bk_ld_skip_mods(&c->ts, t->type, NULL);
	if (!t || !btf_is_array(t))
		return parse_err(c, "attribute '%s' does not point to an array",
				 name);
	*val = btf_array(t)->nelems;
	return 0;
}

/* __type(name, T) is "T *name". */
static int get_type(struct parse_ctx *c, const struct btf_member *m,
		    const char *name, __u32 *type_id, __u32 *size)
{
	const struct btf_type *t = bk_ld_skip_mods(&c->ts, m->type, NULL);
	__s64 sz;

	if (!t || !btf_is_ptr(t))
		return parse_err(c, "attribute '%s' is not a pointer", name);
	sz = bk_ld_resolve_size(&c->ts, t->type);
	if (sz < 0)
		return parse_err(c, "size of attribute '%s' cannot be resolved",
				 name);
	if (*size && *size != sz)
		return parse_err(
			c,
			"attribute '%s' of size %lld conflicts with %s_size %u",
			name, (long long)sz, name, *size);
	*type_id = t->type;
	*size = sz;
	return 0;
}

static int parse_attrs(struct parse_ctx *c, const struct btf_type *st,
		       struct map_attrs *a, struct map_attrs *inner);

/* __array(values, struct inner) is "struct inner *values[]". */
static int parse_values(struct parse_ctx *c, const struct btf_member *m,
			bool is_last, struct map_attrs *a,
			struct map_attrs *inner)
{
	const struct btf_type *t = bk_ld_skip_mods(&c->ts, m->type, NULL);

	if (!inner)
		return parse_err(c, "inner map has 'values' of its own");
	if (!is_last)
		return parse_err(c, "'values' must be the last attribute");
	if (!t || !btf_is_array(t) || btf_array(t)->nelems)
		return parse_err(c, "'values' is not a zero-sized array");
	t = bk_ld_skip_mods(&c->ts, btf_array(t)->type, NULL);
	if (!t || !btf_is_ptr(t))
		return parse_err(c, "'values' is not an array of pointers");
	if (a->value_size && a->value_size != 4)
		return parse_err(c, "'values' conflicts with value_size %u",
				 a->value_size);
	a->value_size = 4;
	set_part(c, a, MAP_PART_VALUE_SIZE);
	t = bk_ld_skip_mods(&c->ts, t->type, NULL);
	if (t && btf_is_func_proto(t))
		return 0; /* a program array's initial programs */
	if (!t || !btf_is_struct(t))
		return parse_err(
			c,
			"'values' points to neither a map definition nor a function");
	set_part(c, a, MAP_PART_INNER);
	return parse_attrs(c, t, inner, NULL);
}

static int parse_member(struct parse_ctx *c, const struct btf_member *m,
			bool is_last, struct map_attrs *a,
			struct map_attrs *inner)
{
	const char *name = ts_str(&c->ts, m->name_off);
	__u32 extra;
	int err;

	if (!strcmp(name, "type")) {
		set_part(c, a, MAP_PART_TYPE);
		return get_uint(c, m, name, &a->type);
	}
	if (!strcmp(name, "max_entries")) {
		set_part(c, a, MAP_PART_MAX_ENTRIES);
		return get_uint(c, m, name, &a->max_entries);
	}
	if (!strcmp(name, "map_flags")) {
		set_part(c, a, MAP_PART_FLAGS);
		return get_uint(c, m, name, &a->flags);
	}
	if (!strcmp(name, "numa_node")) {
		set_part(c, a, MAP_PART_NUMA_NODE);
		return get_uint(c, m, name, &a->numa_node);
	}
	if (!strcmp(name, "map_extra")) {
		set_part(c, a, MAP_PART_MAP_EXTRA);
		err = get_uint(c, m, name, &extra);
		a->map_extra = extra;
		return err;
	}
	if (!strcmp(name, "pinning")) {
		if (!inner)
			return parse_err(c, "inner map cannot be pinned");
		set_part(c, a, MAP_PART_PINNING);
		err = get_uint(c, m, name, &a->pinning);
		if (!err && a->pinning != PIN_NONE && a->pinning != PIN_BY_NAME)
			return parse_err(c, "invalid pinning value %u",
					 a->pinning);
		return err;
	}
	if (!strcmp(name, "key_size") || !strcmp(name, "value_size")) {
		bool key = name[0] == 'k';
		__u32 *size = key ? &a->key_size : &a->value_size;
		__u32 val;

		set_part(c, a, key ? MAP_PART_KEY_SIZE : MAP_PART_VALUE_SIZE);
		err = get_uint(c, m, name, &val);
		if (!err && *size && *size != val)
			return parse_err(c, "%s %u conflicts with %u", name,
					 val, *size);
		*size = val;
		return err;
	}
	if (!strcmp(name, "key")) {
		set_part(c, a, MAP_PART_KEY);
		set_part(c, a, MAP_PART_KEY_SIZE);
		return get_type(c, m, name, &a->key_type, &a->key_size);
	}
	if (!strcmp(name, "value")) {
		set_part(c, a, MAP_PART_VALUE);
		set_part(c, a, MAP_PART_VALUE_SIZE);
		return get_type(c, m, name, &a->value_type, &a->value_size);
	}
	if (!strcmp(name, "values"))
		return parse_values(c, m, is_last, a, inner);
	return parse_err(c, "unknown attribute '%s'", name);
}

static int parse_attrs(struct parse_ctx *c, const struct btf_type *st,
		       struct map_attrs *a, struct map_attrs *inner)
{
	const struct btf_member *m = btf_members(st);
	int i, n = btf_vlen(st), err;

	for (i = 0; i < n; i++, m++) {
		err = parse_member(c, m, i == n - 1, a, inner);
		if (err)
			return err;
	}
	return 0;
}

int bk_ld_parse_map_def(const struct bview *btf, __u32 var_id,
			struct map_def *def, int file_idx, char *err,
			size_t err_sz)
{
	struct parse_ctx c = {
		.ts = {.v = btf},
		.file_idx = file_idx,
		.err = err,
		.err_sz = err_sz,
	};
	const struct btf_type *t = bk_bview__type(btf, var_id);

	memset(def, 0, sizeof(*def));
	t = bk_ld_skip_mods(&c.ts, t->type, NULL);
	if (!t || !btf_is_struct(t))
		return parse_err(&c, "definition is not a struct");
	return parse_attrs(&c, t, &def->outer, &def->inner);
}

/* ---- comparing --------------------------------------------------------- */

struct map_cmp_ctx {
	struct bk_linker *l;
	const char *name;
	const struct tsrc *ts1, *ts2;
	const char *file1, *file2;
	bool inner;
};

static __u64 part_value(const struct map_attrs *a, enum map_part p)
{
	switch (p) {
	case MAP_PART_TYPE:
		return a->type;
	case MAP_PART_KEY_SIZE:
	case MAP_PART_KEY:
		return a->key_size;
	case MAP_PART_VALUE_SIZE:
	case MAP_PART_VALUE:
		return a->value_size;
	case MAP_PART_MAX_ENTRIES:
		return a->max_entries;
	case MAP_PART_FLAGS:
		return a->flags;
	case MAP_PART_NUMA_NODE:
		return a->numa_node;
	case MAP_PART_PINNING:
		return a->pinning;
	case MAP_PART_MAP_EXTRA:
		return a->map_extra;
	default:
		return 0;
	}
}

static void format_part(const struct map_cmp_ctx *c, const struct tsrc *ts,
			const struct map_attrs *a, enum map_part p, char *buf,
			size_t size)
{
	__u64 v = part_value(a, p);

	if (p == MAP_PART_KEY && (a->parts & PART(MAP_PART_KEY))) {
		buf[0] = '\'';
		bk_ld_format_type(ts, a->key_type, buf + 1, size - 2);
		strcat(buf, "'");
	} else if (p == MAP_PART_VALUE && (a->parts & PART(MAP_PART_VALUE))) {
		buf[0] = '\'';
		bk_ld_format_type(ts, a->value_type, buf + 1, size - 2);
		strcat(buf, "'");
	} else if (p == MAP_PART_INNER) {
		snprintf(buf, size, "%s",
			 a->parts & PART(p) ? "an inner map" : "none");
	} else if (p == MAP_PART_TYPE &&
		   libbpf_bpf_map_type_str((enum bpf_map_type)v)) {
		snprintf(buf, size, "%llu (%s)", (unsigned long long)v,
			 libbpf_bpf_map_type_str((enum bpf_map_type)v));
	} else if (p == MAP_PART_KEY || p == MAP_PART_VALUE) {
		snprintf(buf, size, "%llu bytes", (unsigned long long)v);
	} else {
		snprintf(buf, size, "%llu", (unsigned long long)v);
	}
	if (!(a->parts & PART(p)) && p != MAP_PART_INNER)
		strncat(buf, " (not stated)", size - strlen(buf) - 1);
}

static const char *part_file(const struct map_cmp_ctx *c,
			     const struct map_attrs *a1, enum map_part p)
{
	if (c->file1)
		return c->file1;
	return bk_ld_file(c->l, a1->part_file[p]);
}

static int part_err(const struct map_cmp_ctx *c, const struct map_attrs *a1,
		    const struct map_attrs *a2, enum map_part p,
		    const char *detail)
{
	char v1[256], v2[256];

	format_part(c, c->ts1, a1, p, v1, sizeof(v1));
	format_part(c, c->ts2, a2, p, v2, sizeof(v2));
	return bk_err(
		c->l->diag, -EINVAL,
		"%s: symbol '%s': %smap attribute '%s' differs: %s here, %s in %s%s%s",
		c->file2, c->name, c->inner ? "inner " : "", part_names[p], v2,
		v1, part_file(c, a1, p), detail ? ": " : "", detail ?: "");
}

static int cmp_typed_part(const struct map_cmp_ctx *c,
			  const struct map_attrs *a1,
			  const struct map_attrs *a2, enum map_part p)
{
	bool key = p == MAP_PART_KEY;
	__u32 bit = PART(p);
	struct type_diff diff;

	if ((a1->parts & bit) && (a2->parts & bit)) {
		if (bk_ld_types_compatible(
			    c->ts2, key ? a2->key_type : a2->value_type, c->ts1,
			    key ? a1->key_type : a1->value_type, &diff))
			return 0;
		return part_err(c, a1, a2, p, diff.what);
	}
	/* one side gives only a size: the sizes must agree */
	if (part_value(a1, p) != part_value(a2, p))
		return part_err(c, a1, a2, p, NULL);
	return 0;
}

static int cmp_attrs(struct map_cmp_ctx *c, const struct map_def *d1,
		     const struct map_def *d2, enum map_cmp mode);

static __u32 cmp_mask(const struct map_attrs *a1, const struct map_attrs *a2,
		      enum map_cmp mode)
{
	switch (mode) {
	case MAP_CMP_STATED_BY_1:
		return a1->parts;
	case MAP_CMP_STATED_BY_2:
		return a2->parts;
	case MAP_CMP_STATED_BY_BOTH:
		return a1->parts & a2->parts;
	default:
		return a1->parts | a2->parts;
	}
}

static int cmp_level(struct map_cmp_ctx *c, const struct map_attrs *a1,
		     const struct map_attrs *a2, const struct map_def *d1,
		     const struct map_def *d2, enum map_cmp mode)
{
	__u32 mask = cmp_mask(a1, a2, mode);
	int p, err;

	for (p = 0; p < MAP_PART_CNT; p++) {
		__u32 bit = PART(p);

		if (!(mask & bit))
			continue;
		if (mode == MAP_CMP_EXACT &&
		    (a1->parts & bit) != (a2->parts & bit))
			return part_err(
				c, a1, a2, p,
				"a definition that loses must state the same attributes as the winner");
		if (p == MAP_PART_KEY || p == MAP_PART_VALUE)
			err = cmp_typed_part(c, a1, a2, p);
		else if (p == MAP_PART_INNER)
			err = (a1->parts & bit) && (a2->parts & bit)
				      ? cmp_attrs(c, d1, d2, mode)
				      : part_err(c, a1, a2, p, NULL);
		else if (part_value(a1, p) != part_value(a2, p))
			err = part_err(c, a1, a2, p, NULL);
		else
			err = 0;
		if (err)
			return err;
	}
	return 0;
}

/* Inner level of map-in-map definitions. */
static int cmp_attrs(struct map_cmp_ctx *c, const struct map_def *d1,
		     const struct map_def *d2, enum map_cmp mode)
{
	int err;

	c->inner = true;
	err = cmp_level(c, &d1->inner, &d2->inner, NULL, NULL, mode);
	c->inner = false;
	return err;
}

int bk_ld_check_map_defs(struct bk_linker *l, const char *name,
			 const struct tsrc *ts1, const struct map_def *d1,
			 const char *file1, const struct tsrc *ts2,
			 const struct map_def *d2, const char *file2,
			 enum map_cmp mode)
{
	struct map_cmp_ctx c = {
		.l = l,
		.name = name,
		.ts1 = ts1,
		.ts2 = ts2,
		.file1 = file1,
		.file2 = file2,
	};

	return cmp_level(&c, &d1->outer, &d2->outer, d1, d2, mode);
}

/* ---- keeping what externs demand ---------------------------------------- */

static void merge_attrs(struct map_attrs *req, const struct map_attrs *add)
{
	int p;

	for (p = 0; p < MAP_PART_CNT; p++) {
		if (!(add->parts & PART(p)) || (req->parts & PART(p)))
			continue;
		req->parts |= PART(p);
		req->part_file[p] = add->part_file[p];
		switch (p) {
		case MAP_PART_TYPE:
			req->type = add->type;
			break;
		case MAP_PART_KEY:
			req->key_type = add->key_type;
			/* fall through */
		case MAP_PART_KEY_SIZE:
			req->key_size = add->key_size;
			break;
		case MAP_PART_VALUE:
			req->value_type = add->value_type;
			/* fall through */
		case MAP_PART_VALUE_SIZE:
			req->value_size = add->value_size;
			break;
		case MAP_PART_MAX_ENTRIES:
			req->max_entries = add->max_entries;
			break;
		case MAP_PART_FLAGS:
			req->flags = add->flags;
			break;
		case MAP_PART_NUMA_NODE:
			req->numa_node = add->numa_node;
			break;
		case MAP_PART_PINNING:
			req->pinning = add->pinning;
			break;
		case MAP_PART_MAP_EXTRA:
			req->map_extra = add->map_extra;
			break;
		default:
			break;
		}
	}
}

void bk_ld_merge_map_req(struct map_def *req, const struct map_def *add)
{
	merge_attrs(&req->outer, &add->outer);
	merge_attrs(&req->inner, &add->inner);
}

static void remap_attrs(struct map_attrs *a, const __u32 *type_map)
{
	if (a->parts & PART(MAP_PART_KEY))
		a->key_type = type_map[a->key_type];
	if (a->parts & PART(MAP_PART_VALUE))
		a->value_type = type_map[a->value_type];
}

void bk_ld_remap_map_def(struct map_def *def, const __u32 *type_map)
{
	remap_attrs(&def->outer, type_map);
	remap_attrs(&def->inner, type_map);
}
