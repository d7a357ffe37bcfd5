/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_HASHTAB_H
#define BPFKIT_LIB_HASHTAB_H

/*
 * The hash function and the compact open-addressing tables everything else
 * is built on (bk_hashmap, bk_strset, the linker's tables). A slot is 8
 * bytes, a table is at most half full and never iterated, so output order
 * never depends on it.
 *   - bk_idmap: __u32 -> __u32 (string offsets, type IDs);
 *   - bk_nametab: key -> index, the keys kept by the caller (the table
 *     stores the index and a 32-bit hash, and asks the caller to compare).
 */
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

/* The one hash of bytes and strings, eight bytes at a time. */
__u32 bk_mem_hash(const void *p, size_t len);
__u32 bk_str_hash(const char *s);

struct bk_slot {
	__u32 tag;  /* key + 1 (idmap) or index + 1 (nametab); 0: empty */
	__u32 data; /* value (idmap) or the key's hash (nametab) */
};

struct bk_idmap {
	struct bk_slot *slots;
	size_t cap;
	size_t cnt;
};

bool bk_idmap__find(const struct bk_idmap *m, __u32 key, __u32 *val);
/* key must not be in the map yet, and not be UINT32_MAX. */
int bk_idmap__add(struct bk_idmap *m, __u32 key, __u32 val);
void bk_idmap__free(struct bk_idmap *m);

/* Is the caller's entry idx equal to the key being looked for? */
typedef bool (*bk_same_fn)(const void *ctx, __u32 idx, const void *key);

struct bk_nametab {
	struct bk_slot *slots;
	size_t cap;
	size_t cnt;
};

/* Index of the entry equal to key, or -1. */
long bk_nametab__find(const struct bk_nametab *t, const void *key, __u32 hash,
		      bk_same_fn same, const void *ctx);
/*
 * One probe for look-up and insertion: the index of an equal key, or -1
 * and *slot, the empty slot the key goes to (fill it with
 * bk_nametab__fill() before touching the table again), or -ENOMEM.
 */
long bk_nametab__probe(struct bk_nametab *t, const void *key, __u32 hash,
		       bk_same_fn same, const void *ctx, struct bk_slot **slot);
void bk_nametab__fill(struct bk_nametab *t, struct bk_slot *slot, __u32 hash,
		      __u32 idx);
/* The key must not be in the table yet. */
int bk_nametab__add(struct bk_nametab *t, __u32 hash, __u32 idx);
void bk_nametab__free(struct bk_nametab *t);

#endif /* BPFKIT_LIB_HASHTAB_H */
