/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_STRSET_H
#define BPFKIT_LIB_STRSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/types.h>

#include "hashtab.h"

/* Append-only string storage (no deduplication). */
struct bk_arena {
	char *buf;
	size_t len;
	size_t cap;
};

/* Offset of the copy of s, or -ENOMEM. */
int bk_arena__add(struct bk_arena *a, const char *s);

/*
 * The one deduplicated string table: an arena of NUL-terminated strings
 * (the exact bytes of an ELF .strtab or a BTF string section) plus a hash
 * index over it. Offset 0 always holds the empty string.
 *
 * A slotted set keeps a __u32 before each string (but "" at 0) for its
 * user, initially BK_STRSET_SLOT_UNSET: what the string maps to, without
 * another table. Its buffer is then not a string section.
 */
struct bk_strset {
	struct bk_arena a;
	struct bk_nametab tab;
	bool slotted;
};

#define BK_STRSET_SLOT_UNSET UINT32_MAX

/* An embedded set: init, then release. */
int bk_strset__init(struct bk_strset *set, bool slotted);
void bk_strset__release(struct bk_strset *set);

/*
 * New set whose buffer starts as a copy of init_data (init_sz bytes, may be
 * NULL/0: then just ""). Strings already in init_data are indexed, so
 * add_str() finds them. Returns NULL with errno set on failure
 * (EINVAL when init_data does not end with a NUL).
 */
struct bk_strset *bk_strset__new(const char *init_data, size_t init_sz);
void bk_strset__free(struct bk_strset *set);

const char *bk_strset__data(const struct bk_strset *set);
size_t bk_strset__data_size(const struct bk_strset *set);

/* Offset of s in the set, or -ENOENT. */
int bk_strset__find_str(const struct bk_strset *set, const char *s);
/* Offset of s, appending it first if absent; -ENOMEM on failure. */
int bk_strset__add_str(struct bk_strset *set, const char *s);

/* The slot of the string at off in a slotted set. */
__u32 bk_strset__slot(const struct bk_strset *set, __u32 off);
void bk_strset__set_slot(struct bk_strset *set, __u32 off, __u32 val);

#endif /* BPFKIT_LIB_STRSET_H */
