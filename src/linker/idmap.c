// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Compact open-addressing tables for the linker's hot paths, 8 bytes a
 * slot, at most half full:
 *   - idmap: __u32 -> __u32 (string offsets, type IDs);
 *   - nametab: names -> index, the names kept by the caller (the table
 *     stores the index and a 32-bit hash, and asks the caller to compare).
 * Neither is ever iterated: output order never depends on them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "linker_internal.h"

#define MIN_CAP 64

static __u32 mix32(__u32 x)
{
	x ^= x >> 16;
	x *= 0x7feb352d;
	x ^= x >> 15;
	x *= 0x846ca68b;
	x ^= x >> 16;
	return x;
}

void bk_idmap__free(struct idmap *m)
{
	free(m->slots);
	m->slots = NULL;
	m->cap = m->cnt = 0;
}

static int idmap_grow(struct idmap *m)
{
	size_t cap = m->cap ? m->cap * 2 : MIN_CAP, i, j;
	struct idmap_slot *slots = calloc(cap, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	for (i = 0; i < m->cap; i++) {
		if (!m->slots[i].key1)
			continue;
		for (j = mix32(m->slots[i].key1 - 1) & (cap - 1); slots[j].key1;
		     j = (j + 1) & (cap - 1))
			;
		slots[j] = m->slots[i];
	}
	free(m->slots);
	m->slots = slots;
	m->cap = cap;
	return 0;
}

bool bk_idmap__find(const struct idmap *m, __u32 key, __u32 *val)
{
	size_t j;

	if (!m->cnt)
		return false;
	for (j = mix32(key) & (m->cap - 1); m->slots[j].key1;
	     j = (j + 1) & (m->cap - 1)) {
		if (m->slots[j].key1 == key + 1) {
			*val = m->slots[j].val;
			return true;
		}
	}
	return false;
}

/* key must not be in the map yet, and not be UINT32_MAX. */
int bk_idmap__add(struct idmap *m, __u32 key, __u32 val)
{
	size_t j;

	if ((m->cnt + 1) * 2 > m->cap && idmap_grow(m))
		return -ENOMEM;
	for (j = mix32(key) & (m->cap - 1); m->slots[j].key1;
	     j = (j + 1) & (m->cap - 1))
		;
	m->slots[j].key1 = key + 1;
	m->slots[j].val = val;
	m->cnt++;
	return 0;
}

void bk_nametab__free(struct nametab *t)
{
	free(t->slots);
	t->slots = NULL;
	t->cap = t->cnt = 0;
}

static int nametab_grow(struct nametab *t)
{
	/* by four: fewer rehashes of tables that end up large */
	size_t cap = t->cap ? t->cap * 4 : MIN_CAP, i, j;
	struct nametab_slot *slots = calloc(cap, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	for (i = 0; i < t->cap; i++) {
		if (!t->slots[i].idx1)
			continue;
		for (j = mix32(t->slots[i].hash) & (cap - 1); slots[j].idx1;
		     j = (j + 1) & (cap - 1))
			;
		slots[j] = t->slots[i];
	}
	free(t->slots);
	t->slots = slots;
	t->cap = cap;
	return 0;
}

/* Eight bytes at a time: names and source lines are long enough for it. */
__u32 bk_nametab__hash(const char *name)
{
	size_t len = strlen(name);
	__u64 h = 0x9e3779b97f4a7c15ULL ^ len, w;

	for (; len >= sizeof(w); len -= sizeof(w), name += sizeof(w)) {
		memcpy(&w, name, sizeof(w));
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, name, len);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 29;
	return (__u32)h;
}

long bk_nametab__find(const struct nametab *t, const char *name, __u32 hash,
		      bool (*same)(const void *ctx, __u32 idx,
				   const char *name),
		      const void *ctx)
{
	size_t j;

	if (!t->cnt)
		return -1;
	for (j = mix32(hash) & (t->cap - 1); t->slots[j].idx1;
	     j = (j + 1) & (t->cap - 1)) {
		const struct nametab_slot *s = &t->slots[j];

		if (s->hash == hash && same(ctx, s->idx1 - 1, name))
			return s->idx1 - 1;
	}
	return -1;
}

/*
 * One probe for look-up and insertion: the index of an equal name, or -1
 * and *slot, the empty slot the name goes to (fill it with
 * bk_nametab__fill() before touching the table again). -ENOMEM.
 */
long bk_nametab__probe(struct nametab *t, const char *name, __u32 hash,
		       bool (*same)(const void *ctx, __u32 idx,
				    const char *name),
		       const void *ctx, struct nametab_slot **slot)
{
	size_t j;

	if ((t->cnt + 1) * 2 > t->cap && nametab_grow(t))
		return -ENOMEM;
	for (j = mix32(hash) & (t->cap - 1); t->slots[j].idx1;
	     j = (j + 1) & (t->cap - 1)) {
		const struct nametab_slot *s = &t->slots[j];

		if (s->hash == hash && same(ctx, s->idx1 - 1, name))
			return s->idx1 - 1;
	}
	*slot = &t->slots[j];
	return -1;
}

void bk_nametab__fill(struct nametab *t, struct nametab_slot *slot, __u32 hash,
		      __u32 idx)
{
	slot->idx1 = idx + 1;
	slot->hash = hash;
	t->cnt++;
}

/* The name must not be in the table yet. */
int bk_nametab__add(struct nametab *t, __u32 hash, __u32 idx)
{
	size_t j;

	if ((t->cnt + 1) * 2 > t->cap && nametab_grow(t))
		return -ENOMEM;
	for (j = mix32(hash) & (t->cap - 1); t->slots[j].idx1;
	     j = (j + 1) & (t->cap - 1))
		;
	t->slots[j].idx1 = idx + 1;
	t->slots[j].hash = hash;
	t->cnt++;
	return 0;
}

/* ---- strpool: deduplicated strings ---------------------------------- */

static bool same_str(const void *ctx, __u32 off, const char *s)
{
	const struct strpool *p = ctx;

	return strcmp(p->a.buf + off, s) == 0;
}

int bk_strpool__init(struct strpool *p, bool slotted)
{
	memset(p, 0, sizeof(*p));
	if (bk_strpool__add(p, "") < 0)
		return -ENOMEM;
	p->slotted = slotted;
	return 0;
}

__u32 bk_strpool__slot(const struct strpool *p, __u32 off)
{
	__u32 val;

	memcpy(&val, p->a.buf + off - sizeof(val), sizeof(val));
	return val;
}

void bk_strpool__set_slot(struct strpool *p, __u32 off, __u32 val)
{
	memcpy(p->a.buf + off - sizeof(val), &val, sizeof(val));
}

long bk_strpool__add(struct strpool *p, const char *s)
{
	__u32 hash = bk_nametab__hash(s);
	struct nametab_slot *slot;
	long off = bk_nametab__probe(&p->tab, s, hash, same_str, p, &slot);

	if (off != -1)
		return off; /* found, or -ENOMEM */
	if (p->slotted) {
		/* 4 bytes of 0xff: a "string" no offset points at */
		if (bk_linker__grow_mem((void **)&p->a.buf, &p->a.cap, 1,
					p->a.len + sizeof(__u32)))
			return -ENOMEM;
		memset(p->a.buf + p->a.len, 0xff, sizeof(__u32));
		p->a.len += sizeof(__u32);
	}
	off = bk_arena__add(&p->a, s);
	if (off < 0)
		return -ENOMEM;
	bk_nametab__fill(&p->tab, slot, hash, off);
	return off;
}

void bk_strpool__free(struct strpool *p)
{
	free(p->a.buf);
	bk_nametab__free(&p->tab);
	memset(p, 0, sizeof(*p));
}
