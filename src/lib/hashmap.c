// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Entries live in an array in insertion order; a bk_nametab indexes them by
 * the hash of their key and calls equal_fn only on a likely match.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hashmap.h"
#include "hashtab.h"
#include "mem.h"

struct entry {
	uintptr_t key;
	uintptr_t value;
};

struct bk_hashmap {
	bk_hash_fn hash_fn;
	bk_equal_fn equal_fn;
	void *ctx;
	struct entry *entries;
	size_t cnt;
	size_t cap;
	struct bk_nametab index; /* key hash -> entry index */
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
	bk_nametab__free(&map->index);
	free(map->entries);
	free(map);
}

size_t bk_hashmap__size(const struct bk_hashmap *map)
{
	return map->cnt;
}

static bool same_key(const void *ctx, __u32 idx, const void *key)
{
	const struct bk_hashmap *map = ctx;

	return map->equal_fn(map->entries[idx].key, *(const uintptr_t *)key,
			     map->ctx);
}

static int insert(struct bk_hashmap *map, uintptr_t key, uintptr_t value,
		  bool replace)
{
	__u32 hash = map->hash_fn(key, map->ctx);
	struct bk_slot *slot;
	long idx;

	idx = bk_nametab__probe(&map->index, &key, hash, same_key, map, &slot);
	if (idx < -1)
		return idx;
	if (idx >= 0) {
		if (!replace)
			return -EEXIST;
		map->entries[idx].value = value;
		return 0;
	}
	if (bk_grow_mem((void **)&map->entries, &map->cap,
			sizeof(*map->entries), map->cnt + 1))
		return -ENOMEM;
	map->entries[map->cnt].key = key;
	map->entries[map->cnt].value = value;
	bk_nametab__fill(&map->index, slot, hash, map->cnt++);
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
	long idx = bk_nametab__find(&map->index, &key,
				    map->hash_fn(key, map->ctx), same_key, map);

	if (idx < 0)
		return false;
	if (value)
		*value = map->entries[idx].value;
	return true;
}

size_t bk_int_hash(uintptr_t key, void *ctx)
{
	__u64 k = key;

	return bk_mem_hash(&k, sizeof(k));
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
