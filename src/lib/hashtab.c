// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Linear probing over a power-of-two array of 8-byte slots. Every look-up,
 * insertion and rehash of every table goes through probe(); the tables
 * differ only in what a slot's home is and when a slot is a hit.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hashtab.h"

#define MIN_CAP 64

__u32 bk_mem_hash(const void *p, size_t len)
{
	const char *b = p;
	__u64 h = 0x9e3779b97f4a7c15ULL ^ len, w;

	for (; len >= sizeof(w); len -= sizeof(w), b += sizeof(w)) {
		memcpy(&w, b, sizeof(w));
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, b, len);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 29;
	return (__u32)h;
}

__u32 bk_str_hash(const char *s)
{
	return bk_mem_hash(s, strlen(s));
}

static __u32 mix32(__u32 x)
{
	x ^= x >> 16;
	x *= 0x7feb352d;
	x ^= x >> 15;
	x *= 0x846ca68b;
	x ^= x >> 16;
	return x;
}

typedef bool (*hit_fn)(const struct bk_slot *s, const void *key);

/* The first slot from home's position that is empty or a hit. */
static inline size_t probe(const struct bk_slot *slots, size_t cap, __u32 home,
			   hit_fn hit, const void *key)
{
	size_t j;

	for (j = mix32(home) & (cap - 1);
	     slots[j].tag && !(hit && hit(&slots[j], key));
	     j = (j + 1) & (cap - 1))
		;
	return j;
}

/* Where a slot of an idmap or a nametab hashes to. */
static __u32 idmap_home(const struct bk_slot *s)
{
	return s->tag - 1;
}

static __u32 nametab_home(const struct bk_slot *s)
{
	return s->data;
}

/* Make room for one more slot, keeping the table at most half full. */
static int reserve(struct bk_slot **slots, size_t *cap, size_t cnt,
		   size_t factor, __u32 (*home)(const struct bk_slot *))
{
	size_t new_cap, i;
	struct bk_slot *new;

	if ((cnt + 1) * 2 <= *cap)
		return 0;
	new_cap = *cap ? *cap * factor : MIN_CAP;
	new = calloc(new_cap, sizeof(*new));
	if (!new)
		return -ENOMEM;
	for (i = 0; i < *cap; i++) {
		const struct bk_slot *s = &(*slots)[i];

		if (s->tag)
			new[probe(new, new_cap, home(s), NULL, NULL)] = *s;
	}
	free(*slots);
	*slots = new;
	*cap = new_cap;
	return 0;
}

static void free_slots(struct bk_slot **slots, size_t *cap, size_t *cnt)
{
	free(*slots);
	*slots = NULL;
	*cap = *cnt = 0;
}

static bool idmap_hit(const struct bk_slot *s, const void *key)
{
	return s->tag == *(const __u32 *)key + 1;
}

bool bk_idmap__find(const struct bk_idmap *m, __u32 key, __u32 *val)
{
	size_t j;

	if (!m->cnt)
		return false;
	j = probe(m->slots, m->cap, key, idmap_hit, &key);
	if (!m->slots[j].tag)
		return false;
	*val = m->slots[j].data;
	return true;
}

int bk_idmap__add(struct bk_idmap *m, __u32 key, __u32 val)
{
	size_t j;

	if (reserve(&m->slots, &m->cap, m->cnt, 2, idmap_home))
		return -ENOMEM;
	j = probe(m->slots, m->cap, key, NULL, NULL);
	m->slots[j].tag = key + 1;
	m->slots[j].data = val;
	m->cnt++;
	return 0;
}

void bk_idmap__free(struct bk_idmap *m)
{
	free_slots(&m->slots, &m->cap, &m->cnt);
}

/* What a nametab probe looks for. */
struct name_key {
	__u32 hash;
	bk_same_fn same;
	const void *ctx;
	const void *key;
};

static bool nametab_hit(const struct bk_slot *s, const void *key)
{
	const struct name_key *k = key;

	return s->data == k->hash && k->same(k->ctx, s->tag - 1, k->key);
}

long bk_nametab__find(const struct bk_nametab *t, const void *key, __u32 hash,
		      bk_same_fn same, const void *ctx)
{
	struct name_key k = {hash, same, ctx, key};
	size_t j;

	if (!t->cnt)
		return -1;
	j = probe(t->slots, t->cap, hash, nametab_hit, &k);
	return t->slots[j].tag ? (long)t->slots[j].tag - 1 : -1;
}

long bk_nametab__probe(struct bk_nametab *t, const void *key, __u32 hash,
		       bk_same_fn same, const void *ctx, struct bk_slot **slot)
{
	struct name_key k = {hash, same, ctx, key};
	size_t j;

	/* by four: fewer rehashes of tables that end up large */
	if (reserve(&t->slots, &t->cap, t->cnt, 4, nametab_home))
		return -ENOMEM;
	j = probe(t->slots, t->cap, hash, nametab_hit, &k);
	if (t->slots[j].tag)
		return (long)t->slots[j].tag - 1;
	*slot = &t->slots[j];
	return -1;
}

void bk_nametab__fill(struct bk_nametab *t, struct bk_slot *slot, __u32 hash,
		      __u32 idx)
{
	slot->tag = idx + 1;
	slot->data = hash;
	t->cnt++;
}

int bk_nametab__add(struct bk_nametab *t, __u32 hash, __u32 idx)
{
	if (reserve(&t->slots, &t->cap, t->cnt, 4, nametab_home))
		return -ENOMEM;
	bk_nametab__fill(t,
			 &t->slots[probe(t->slots, t->cap, hash, NULL, NULL)],
			 hash, idx);
	return 0;
}

void bk_nametab__free(struct bk_nametab *t)
{
	free_slots(&t->slots, &t->cap, &t->cnt);
}
