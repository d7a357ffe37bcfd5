// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Open addressing with linear probing over a power-of-two table kept at most
 * 3/4 full. Each slot caches the key's full hash, so probing compares hashes
 * first and calls equal_fn only on a likely match.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hashmap.h"

struct slot {
	uintptr_t key;
	uintptr_t value;
	size_t hash;
	bool used;
};

struct bk_hashmap {
	bk_hash_fn hash_fn;
	bk_equal_fn equal_fn;
	void *ctx;
	struct slot *slots;
	size_t cap; /* 0 or a power of two */
	size_t cnt;
};

struct bk_hashmap *bk_hashmap__new(bk_hash_fn hash_fn, bk_equal_fn equal_fn,
				   void *ctx)
{
	struct bk_hashmap *map = calloc(1, sizeof(*map));

	if (!map)
		return NULL;
	map->hash_fn = hash_fn;
	map->equal_fn = equal_fn;
	map->ctx = ctx;
	return map;
}

void bk_hashmap__free(struct bk_hashmap *map)
{
	if (!map)
		return;
	free(map->slots);
	free(map);
}

size_t bk_hashmap__size(const struct bk_hashmap *map)
{
	return map->cnt;
}

/* Slot holding key, or the empty slot where it would go. */
static struct slot *find_slot(const struct bk_hashmap *map, uintptr_t key,
			      size_t hash)
{
	size_t mask = map->cap - 1, i;

	for (i = hash & mask;; i = (i + 1) & mask) {
		struct slot *s = &map->slots[i];

		if (!s->used)
			return s;
		if (s->hash == hash && map->equal_fn(s->key, key, map->ctx))
			return s;
	}
}

static int grow(struct bk_hashmap *map)
{
	size_t new_cap = map->cap ? map->cap * 2 : 16, i;
	struct slot *old = map->slots, *s;
	size_t old_cap = map->cap;

	if (new_cap < map->cap)
		return -ENOMEM;
	map->slots = calloc(new_cap, sizeof(*map->slots));
	if (!map->slots) {
		map->slots = old;
		return -ENOMEM;
	}
	map->cap = new_cap;
	for (i = 0; i < old_cap; i++) {
		if (!old[i].used)
			continue;
		for (s = &map->slots[old[i].hash & (new_cap - 1)]; s->used;) {
			size_t next =
				(size_t)(s - map->slots + 1) & (new_cap - 1);

			s = &map->slots[next];
		}
		*s = old[i];
	}
	free(old);
	return 0;
}

static int insert(struct bk_hashmap *map, uintptr_t key, uintptr_t value,
		  bool replace)
{
	size_t hash = map->hash_fn(key, map->ctx);
	struct slot *s;
	int err;

	if ((map->cnt + 1) * 4 > map->cap * 3) {
		err = grow(map);
		if (err)
			return err;
	}
	s = find_slot(map, key, hash);
	if (s->used) {
		if (!replace)
			return -EEXIST;
		s->value = value;
		return 0;
	}
	s->used = true;
	s->key = key;
	s->value = value;
	s->hash = hash;
	map->cnt++;
	return 0;
}

int bk_hashmap__add(struct bk_hashmap *map, uintptr_t key, uintptr_t value)
{
	return insert(map, key, value, false);
}

int bk_hashmap__set(struct bk_hashmap *map, uintptr_t key, uintptr_t value)
{
	return insert(map, key, value, true);
}

bool bk_hashmap__find(const struct bk_hashmap *map, uintptr_t key,
		      uintptr_t *value)
{
	struct slot *s;

	if (!map->cnt)
		return false;
	s = find_slot(map, key, map->hash_fn(key, map->ctx));
	if (!s->used)
		return false;
	if (value)
		*value = s->value;
	return true;
}

bool bk_hashmap__find_with(const struct bk_hashmap *map, size_t hash,
			   bool (*match)(uintptr_t key, const void *probe,
					 void *ctx),
			   const void *probe, uintptr_t *key, uintptr_t *value)
{
	size_t mask = map->cap - 1, i;

	if (!map->cnt)
		return false;
	for (i = hash & mask; map->slots[i].used; i = (i + 1) & mask) {
		const struct slot *s = &map->slots[i];

		if (s->hash != hash || !match(s->key, probe, map->ctx))
			continue;
		if (key)
			*key = s->key;
		if (value)
			*value = s->value;
		return true;
	}
	return false;
}

/* FNV-1a, then a final mix so that linear probing sees well-spread bits. */
static size_t mix(size_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

size_t bk_mem_hash(const void *p, size_t len)
{
	const unsigned char *b = p;
	size_t h = 0xcbf29ce484222325ULL;

	while (len--) {
		h ^= *b++;
		h *= 0x100000001b3ULL;
	}
	return mix(h);
}

size_t bk_str_hash(const char *s)
{
	size_t h = 0xcbf29ce484222325ULL;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 0x100000001b3ULL;
	}
	return mix(h);
}

size_t bk_int_hash(uintptr_t key, void *ctx)
{
	return mix(key);
}

bool bk_int_equal(uintptr_t k1, uintptr_t k2, void *ctx)
{
	return k1 == k2;
}

size_t bk_cstr_hash(uintptr_t key, void *ctx)
{
	return bk_str_hash((const char *)key);
}

bool bk_cstr_equal(uintptr_t k1, uintptr_t k2, void *ctx)
{
	return strcmp((const char *)k1, (const char *)k2) == 0;
}
