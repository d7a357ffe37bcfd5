/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_HASHMAP_H
#define BPFKIT_LIB_HASHMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Hash map from uintptr_t keys to uintptr_t values. Keys are
 * opaque to the map: hash_fn and equal_fn interpret them (a string pointer, an
 * offset into a buffer reached through ctx, a plain integer, ...). The map
 * never iterates in an order callers may depend on: keep insertion order in an
 * array of your own when output must be deterministic.
 */
typedef size_t (*bk_hash_fn)(uintptr_t key, void *ctx);
typedef bool (*bk_equal_fn)(uintptr_t k1, uintptr_t k2, void *ctx);

struct bk_hashmap;

struct bk_hashmap *bk_hashmap__new(bk_hash_fn hash_fn, bk_equal_fn equal_fn,
				   void *ctx);
void bk_hashmap__free(struct bk_hashmap *map);
size_t bk_hashmap__size(const struct bk_hashmap *map);

/* Insert key; -EEXIST if an equal key is present, -ENOMEM. */
int bk_hashmap__add(struct bk_hashmap *map, uintptr_t key, uintptr_t value);
/* Insert or replace; returns 0 or -ENOMEM. */
int bk_hashmap__set(struct bk_hashmap *map, uintptr_t key, uintptr_t value);
/* Look key up; on success stores its value in *value (if not NULL). */
bool bk_hashmap__find(const struct bk_hashmap *map, uintptr_t key,
		      uintptr_t *value);
/* Convenience hashes (bk_str_hash() and bk_mem_hash() are in hashtab.h). */
size_t bk_int_hash(uintptr_t key, void *ctx);
bool bk_int_equal(uintptr_t k1, uintptr_t k2, void *ctx);
/* Keys are NUL-terminated strings owned by the caller. */
size_t bk_cstr_hash(uintptr_t key, void *ctx);
bool bk_cstr_equal(uintptr_t k1, uintptr_t k2, void *ctx);

#endif /* BPFKIT_LIB_HASHMAP_H */
