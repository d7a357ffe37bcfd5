// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * What a program, or a whole object, asks of the runtime: its program and
 * attach type, the types of the maps it uses, its helpers, kfuncs and
 * instruction features, each with its row of the fact table.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "object_internal.h"
#include "../lib/mem.h"

struct needs_ctx {
	const struct bk_object *obj;
	struct bk_hashmap *map_by_name; /* name -> struct bk_obj_map * */
	struct bk_needs *needs;
	size_t cap;
};

static int add_need(struct needs_ctx *c, enum bk_fact_kind kind,
		    const char *name, const struct bk_fact *fact)
{
	struct bk_needs *n = c->needs;

	if (bk_ensure_mem((void **)&n->v, &c->cap, sizeof(*n->v), n->cnt + 1))
		return -ENOMEM;
	n->v[n->cnt].kind = kind;
	n->v[n->cnt].name = fact && kind != BK_FACT_KFUNC ? fact->name : name;
	n->v[n->cnt].fact = fact;
	n->cnt++;
	return 0;
}

static int add_enum(struct needs_ctx *c, enum bk_fact_kind kind, int value,
		    const char *name)
{
	if (value < 0)
		return add_need(c, kind, name, NULL);
	return add_need(c, kind, name, bk_fact__find(kind, (__u32)value));
}

static int add_map_types(struct needs_ctx *c, const struct bk_obj_map *m)
{
	return add_enum(c, BK_FACT_MAP_TYPE, m->type,
			bk_object__map_type_str(m->type))
		       ?: (m->inner_type < 0
				   ? 0
				   : add_enum(c, BK_FACT_MAP_TYPE,
					      m->inner_type,
					      bk_object__map_type_str(
						      m->inner_type)));
}

static int add_func_maps(struct needs_ctx *c, const struct bk_obj_func *f)
{
	uintptr_t m;
	size_t i;
	int err;

	for (i = 0; i < f->maps.cnt; i++) {
		if (!bk_hashmap__find(c->map_by_name, (uintptr_t)f->maps.v[i],
				      &m))
			continue; /* an extern map: its definition is elsewhere */
		err = add_map_types(c, (const struct bk_obj_map *)m);
		if (err)
			return err;
	}
	return 0;
}

/*
 * libbpf loads SEC("xdp") with attach type BPF_XDP (5.9) and retries without
 * it on older kernels, which XDP programs ran on since 4.8.
 */
static bool is_optional_attach(const struct bk_obj_func *f)
{
	return f->prog_type == BPF_PROG_TYPE_XDP && f->attach_type == BPF_XDP;
}

static int add_func(struct needs_ctx *c, const struct bk_obj_func *f)
{
	size_t i;
	int err;

	err = add_enum(c, BK_FACT_PROG_TYPE, f->prog_type,
		       bk_object__prog_type_str(f->prog_type));
	if (!err && f->attach_type >= 0 && !is_optional_attach(f))
		err = add_enum(c, BK_FACT_ATTACH_TYPE, f->attach_type,
			       bk_object__attach_type_str(f->attach_type));
	err = err ?: add_func_maps(c, f);
	for (i = 0; i < f->helpers.cnt && !err; i++)
		err = add_need(c, BK_FACT_HELPER, "unknown",
			       bk_fact__find(BK_FACT_HELPER, f->helpers.v[i]));
	for (i = 0; i < f->kfuncs.cnt && !err; i++)
		err = add_need(
			c, BK_FACT_KFUNC, f->kfuncs.v[i],
			bk_fact__find(BK_FACT_FEATURE, BK_FEAT_KFUNC_CALLS));
	for (i = 0; i < BK_FEAT_CNT && !err; i++) {
		if (f->features & (1u << i))
			err = add_need(c, BK_FACT_FEATURE, "unknown",
				       bk_fact__find(BK_FACT_FEATURE, i));
	}
	return err;
}

static int cmp_need(const void *a, const void *b)
{
	const struct bk_need *x = a, *y = b;
	__u32 xid = x->fact ? x->fact->id : ~0u,
	      yid = y->fact ? y->fact->id : ~0u;

	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->kind != BK_FACT_KFUNC && xid != yid)
		return xid < yid ? -1 : 1;
	return strcmp(x->name, y->name);
}

static bool is_newer(const struct bk_fact *f, const struct bk_needs *n)
{
	return f->major > n->major ||
	       (f->major == n->major && f->minor > n->minor);
}

/* Sort, drop repeats, and sum up the versions and the Windows answer. */
static void finish(struct bk_needs *n)
{
	size_t i, k = 0;

	if (n->cnt)
		qsort(n->v, n->cnt, sizeof(*n->v), cmp_need);
	for (i = 0; i < n->cnt; i++) {
		if (k && !cmp_need(&n->v[k - 1], &n->v[i]))
			continue;
		n->v[k++] = n->v[i];
	}
	n->cnt = k;
	n->windows = BK_WIN_YES;
	for (i = 0; i < n->cnt; i++) {
		const struct bk_fact *f = n->v[i].fact;
		enum bk_win_support w = f ? f->windows : BK_WIN_UNKNOWN;

		if (f && is_newer(f, n)) {
			n->major = f->major;
			n->minor = f->minor;
		}
		if (w == BK_WIN_NO ||
		    (w == BK_WIN_UNKNOWN && n->windows == BK_WIN_YES))
			n->windows = w;
	}
}

static int index_maps(struct needs_ctx *c)
{
	size_t i;

	c->map_by_name = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!c->map_by_name)
		return -ENOMEM;
	for (i = 0; i < c->obj->map_cnt; i++) {
		if (bk_hashmap__set(c->map_by_name,
				    (uintptr_t)c->obj->maps[i].name,
				    (uintptr_t)&c->obj->maps[i]))
			return -ENOMEM;
	}
	return 0;
}

/* The object as a whole: every program and every map it defines. */
static int add_object(struct needs_ctx *c)
{
	size_t i;
	int err = 0;

	for (i = 0; i < c->obj->func_cnt && !err; i++) {
		if (c->obj->funcs[i].kind == BK_OBJ_PROG)
			err = add_func(c, &c->obj->funcs[i]);
	}
	for (i = 0; i < c->obj->map_cnt && !err; i++)
		err = add_map_types(c, &c->obj->maps[i]);
	return err;
}

int bk_object__needs(const struct bk_object *obj,
		     const struct bk_obj_func *func, struct bk_needs *needs)
{
	struct needs_ctx c = {.obj = obj, .needs = needs};
	int err;

	memset(needs, 0, sizeof(*needs));
	err = index_maps(&c);
	err = err ?: func ? add_func(&c, func) : add_object(&c);
	bk_hashmap__free(c.map_by_name);
	if (err) {
		bk_needs__free(needs);
		return err;
	}
	finish(needs);
	return 0;
}

void bk_needs__free(struct bk_needs *needs)
{
	free(needs->v);
	memset(needs, 0, sizeof(*needs));
}
