// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Exact duplicates in the merged BTF: each input brings its own "int", its
 * own pointer to it, its own copy of every shared struct. Types that are
 * byte for byte the same once the types they refer to are replaced by
 * their first copies are folded into the first copy, the way libbpf's
 * dedup would fold them (first occurrence kept, VARs and DATASECs never
 * merged), in time linear in the BTF size.
 *
 * What only libbpf's dedup does is left to it: cyclic types (structs that
 * point to themselves) and forward declarations of structs and enums, which
 * it may resolve. When the merged BTF has neither, dedup is not needed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "linker_internal.h"
#include "btf_fold.h"
#include "merged_btf.h"
#include "../lib/mem.h"

enum { UNSEEN, OPEN, DONE };

struct exact {
	struct bk_linker *l;
	struct mbtf *m;
	__u32 *cls;    /* type ID -> ID of its first exact copy */
	__u8 *state;   /* UNSEEN, OPEN (on the DFS stack), DONE */
	bool *tainted; /* in or above a cycle: left to libbpf */
	struct bk_nametab
		tab;  /* classes by the hash of their canonical bytes */
	char *buf[2]; /* canonical bytes of two records */
	size_t buf_cap;
	bool need_dedup;
};

/* The depth-first walk's stack: frames, and their references in one array. */
struct frame {
	__u32 id;
	size_t refs; /* index of its first reference in walk.refs */
	size_t cnt;  /* how many */
	size_t next; /* next one to look at */
};

struct walk {
	struct frame *frames;
	size_t top;
	size_t frames_cap;
	__u32 *refs;
	size_t refs_cnt;
	size_t refs_cap;
	bool oom;
};

static int collect_ref(__u32 *id, void *ctx)
{
	struct walk *w = ctx;

	if (!*id)
		return 0;
	if (bk_grow_mem((void **)&w->refs, &w->refs_cap, sizeof(*w->refs),
			w->refs_cnt + 1)) {
		w->oom = true;
		return -ENOMEM;
	}
	w->refs[w->refs_cnt++] = *id;
	return 0;
}

static int push(struct exact *e, struct walk *w, __u32 id)
{
	struct frame *f;

	if (bk_grow_mem((void **)&w->frames, &w->frames_cap, sizeof(*w->frames),
			w->top + 1))
		return -ENOMEM;
	f = &w->frames[w->top++];
	f->id = id;
	f->refs = w->refs_cnt;
	f->next = 0;
	bk_ld_visit_type_ids((struct btf_type *)bk_mbtf__type(e->m, id),
			     collect_ref, w);
	f->cnt = w->refs_cnt - f->refs;
	e->state[id] = OPEN;
	return w->oom ? -ENOMEM : 0;
}

static int to_class(__u32 *id, void *ctx)
{
	const struct exact *e = ctx;

	*id = e->cls[*id];
	return 0;
}

/* The record of id with every referenced type replaced by its class. */
static char *canonical(struct exact *e, __u32 id, int which, size_t *size)
{
	const struct btf_type *t = bk_mbtf__type(e->m, id);

	*size = bk_btf__type_rec_size(t);
	memcpy(e->buf[which], t, *size);
	bk_ld_visit_type_ids((struct btf_type *)e->buf[which], to_class, e);
	return e->buf[which];
}

/* nametab compare: the probe is the canonical record in buf[0]. */
static bool same_class(const void *ctx, __u32 id, const void *probe)
{
	struct exact *e = (struct exact *)ctx;
	size_t size, probe_size;
	const char *bytes = canonical(e, id, 1, &size);

	probe_size = bk_btf__type_rec_size((const struct btf_type *)probe);
	return size == probe_size && !memcmp(bytes, probe, size);
}

static bool never_merged(const struct btf_type *t)
{
	return btf_is_var(t) || btf_is_datasec(t);
}

static bool maybe_resolved_by_dedup(const struct btf_type *t)
{
	return btf_is_fwd(t) ||
	       ((btf_is_enum(t) || btf_is_enum64(t)) && !btf_vlen(t));
}

/* All of id's references are classified: classify id. */
static int settle(struct exact *e, __u32 id, const __u32 *refs, size_t cnt)
{
	const struct btf_type *t = bk_mbtf__type(e->m, id);
	struct bk_slot *slot;
	size_t i, size;
	const char *bytes;
	long found;
	__u32 hash;

	e->state[id] = DONE;
	e->cls[id] = id;
	for (i = 0; i < cnt; i++)
		e->tainted[id] |= e->tainted[refs[i]];
	if (e->tainted[id] || never_merged(t))
		return 0;
	bytes = canonical(e, id, 0, &size);
	hash = bk_mem_hash(bytes, size);
	found = bk_nametab__probe(&e->tab, bytes, hash, same_class, e, &slot);
	if (found >= 0)
		e->cls[id] = found;
	else if (found == -1)
		bk_nametab__fill(&e->tab, slot, hash, id);
	return found < -1 ? found : 0;
}

/* Depth-first from root, iteratively: references before referrers. */
static int classify_from(struct exact *e, struct walk *w, __u32 root)
{
	int err = push(e, w, root);

	while (w->top && !err) {
		struct frame *f = &w->frames[w->top - 1];
		__u32 ref = 0;

		for (; f->next < f->cnt; f->next++) {
			ref = w->refs[f->refs + f->next];
			if (e->state[ref] == UNSEEN)
				break;
			if (e->state[ref] == OPEN) {
				/* a cycle: libbpf's dedup handles those */
				e->tainted[ref] = e->tainted[f->id] = true;
				e->need_dedup = true;
			}
		}
		if (f->next < f->cnt) {
			f->next++;
			err = push(e, w, ref);
			continue;
		}
		/* no reference collected yet: refs may still be NULL */
		err = settle(e, f->id, f->cnt ? w->refs + f->refs : NULL,
			     f->cnt);
		w->refs_cnt = f->refs;
		w->top--;
	}
	return err;
}

static int classify_all(struct exact *e)
{
	size_t n = e->m->cnt, max = sizeof(struct btf_type);
	struct walk w = {};
	__u32 id;
	int err = 0;

	for (id = 1; id < n; id++) {
		const struct btf_type *t = bk_mbtf__type(e->m, id);
		size_t sz = bk_btf__type_rec_size(t);

		max = sz > max ? sz : max;
		e->need_dedup |= maybe_resolved_by_dedup(t);
	}
	e->buf[0] = malloc(max);
	e->buf[1] = malloc(max);
	if (!e->buf[0] || !e->buf[1])
		err = -ENOMEM;
	for (id = 1; id < n && !err; id++) {
		if (e->state[id] == UNSEEN)
			err = classify_from(e, &w, id);
	}
	free(w.frames);
	free(w.refs);
	return err;
}

static int remap_to_new(__u32 *id, void *ctx)
{
	const __u32 *map = ctx;

	*id = map[*id];
	return 0;
}

/*
 * Keep the first copy of each class, in order; renumber everything. In
 * place: a kept record only ever moves towards the start. A type of class
 * 0 is dropped (nothing kept refers to it) and maps to 0.
 */
static void fold(struct mbtf *m, const __u32 *cls, __u32 *map)
{
	__u32 id, new_id = 1;
	size_t pos = 0;

	for (id = 1; id < m->cnt; id++) {
		if (cls[id] == id)
			map[id] = new_id++;
	}
	for (id = 1; id < m->cnt; id++)
		map[id] = map[cls[id]];
	for (id = 1, new_id = 1; id < m->cnt; id++) {
		const char *rec = m->types + m->offs[id];
		size_t size;

		if (cls[id] != id)
			continue;
		size = bk_btf__type_rec_size((const struct btf_type *)rec);
		memmove(m->types + pos, rec, size);
		m->offs[new_id++] = pos;
		bk_ld_visit_type_ids((struct btf_type *)(m->types + pos),
				     remap_to_new, map);
		pos += size;
	}
	m->types_len = pos;
	m->cnt = new_id;
}

/* Records of .BTF.ext and globals point at types: follow the renumbering. */
static void remap_users(struct bk_linker *l, const __u32 *map)
{
	size_t i, j;

	for (i = 0; i < l->glob_cnt; i++)
		l->globs[i].btf_id = map[l->globs[i].btf_id];
	for (i = 0; i < l->sec_cnt; i++) {
		struct ext_recs *fi = &l->secs[i].ext[BK_BTF_EXT_FUNC_INFO];
		struct ext_recs *cr = &l->secs[i].ext[BK_BTF_EXT_CORE_RELO];

		for (j = 0; j < fi->cnt; j++) {
			struct bpf_func_info *r =
				(void *)((char *)fi->recs + j * sizeof(*r));

			r->type_id = map[r->type_id];
		}
		for (j = 0; j < cr->cnt; j++) {
			struct bpf_core_relo *r =
				(void *)((char *)cr->recs + j * sizeof(*r));

			r->type_id = map[r->type_id];
		}
	}
}

int bk_ld_fold_exact_dups(struct bk_linker *l, bool *need_dedup)
{
	struct exact e = {.l = l, .m = &l->mbtf};
	size_t n = l->mbtf.cnt;
	__u32 *map = NULL;
	int err;

	e.cls = calloc(n, sizeof(*e.cls));
	e.state = calloc(n, sizeof(*e.state));
	e.tainted = calloc(n, sizeof(*e.tainted));
	map = calloc(n, sizeof(*map));
	err = e.cls && e.state && e.tainted && map ? classify_all(&e) : -ENOMEM;
	if (!err) {
		fold(e.m, e.cls, map);
		remap_users(l, map);
	}
	*need_dedup = e.need_dedup;
	free(e.cls);
	free(e.state);
	free(e.tainted);
	free(e.buf[0]);
	free(e.buf[1]);
	free(map);
	bk_nametab__free(&e.tab);
	return err;
}

int bk_ld_drop_types(struct bk_linker *l, const bool *keep)
{
	size_t n = l->mbtf.cnt;
	__u32 *cls = calloc(n, sizeof(*cls)), *map = calloc(n, sizeof(*map));
	__u32 id;

	if (!cls || !map) {
		free(cls);
		free(map);
		return -ENOMEM;
	}
	for (id = 1; id < n; id++)
		cls[id] = keep[id] ? id : 0;
	fold(&l->mbtf, cls, map);
	remap_users(l, map);
	free(cls);
	free(map);
	return 0;
}
