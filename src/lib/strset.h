/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_STRSET_H
#define BPFKIT_LIB_STRSET_H

#include <stddef.h>

/*
 * A deduplicated string table: one contiguous buffer of NUL-terminated
 * strings (the exact bytes of an ELF .strtab or a BTF string section) plus a
 * hash index over it. Offset 0 always holds the empty string.
 */
struct bk_strset;

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
/* Offset of s, appending it first if absent; -ENOMEM/-E2BIG on failure. */
int bk_strset__add_str(struct bk_strset *set, const char *s);

#endif /* BPFKIT_LIB_STRSET_H */
