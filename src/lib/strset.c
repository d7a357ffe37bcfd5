// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Keys of the index are offsets into the buffer; hashing and comparing reach
 * the bytes through the set itself (the map's ctx), so the buffer can move
 * when it grows without rehashing anything.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "hashmap.h"
#include "mem.h"
#include "strset.h"

struct bk_strset {
	char *data;
	size_t data_len;
	size_t data_cap;
	struct bk_hashmap *index; /* offset -> offset */
};

static size_t off_hash(uintptr_t off, void *ctx)
{
	const struct bk_strset *set = ctx;

	return bk_str_hash(set->data + off);
}

static bool off_equal(uintptr_t a, uintptr_t b, void *ctx)
{
	const struct bk_strset *set = ctx;

	return strcmp(set->data + a, set->data + b) == 0;
}

static bool off_match(uintptr_t off, const void *probe, void *ctx)
{
	const struct bk_strset *set = ctx;

	return strcmp(set->data + off, probe) == 0;
}

struct bk_strset *bk_strset__new(const char *init_data, size_t init_sz)
{
	struct bk_strset *set;
	size_t off;

	if (init_sz && init_data[init_sz - 1] != '\0') {
		errno = EINVAL;
		return NULL;
	}
	set = calloc(1, sizeof(*set));
	if (!set)
		return NULL;
	set->index = bk_hashmap__new(off_hash, off_equal, set);
	if (!set->index)
		goto err;
	if (!init_sz) {
		init_data = "";
		init_sz = 1;
	}
	if (bk_ensure_mem((void **)&set->data, &set->data_cap, 1, init_sz))
		goto err;
	memcpy(set->data, init_data, init_sz);
	set->data_len = init_sz;

	/* Index every string; duplicates keep their first offset. */
	for (off = 0; off < init_sz; off += strlen(set->data + off) + 1) {
		int err = bk_hashmap__add(set->index, off, off);

		if (err && err != -EEXIST)
			goto err;
	}
	return set;
err:
	bk_strset__free(set);
	errno = ENOMEM;
	return NULL;
}

void bk_strset__free(struct bk_strset *set)
{
	if (!set)
		return;
	bk_hashmap__free(set->index);
	free(set->data);
	free(set);
}

const char *bk_strset__data(const struct bk_strset *set)
{
	return set->data;
}

size_t bk_strset__data_size(const struct bk_strset *set)
{
	return set->data_len;
}

int bk_strset__find_str(const struct bk_strset *set, const char *s)
{
	uintptr_t off;

	if (!bk_hashmap__find_with(set->index, bk_str_hash(s), off_match, s,
				   &off, NULL))
		return -ENOENT;
	return (int)off;
}

int bk_strset__add_str(struct bk_strset *set, const char *s)
{
	size_t len = strlen(s) + 1, off = set->data_len;
	int found, err;

	found = bk_strset__find_str(set, s);
	if (found >= 0)
		return found;
	if (off + len > INT_MAX)
		return -E2BIG;
	if (bk_ensure_mem((void **)&set->data, &set->data_cap, 1, off + len))
		return -ENOMEM;
	memcpy(set->data + off, s, len);
	set->data_len += len;
	err = bk_hashmap__add(set->index, off, off);
	if (err) {
		set->data_len = off;
		return err;
	}
	return (int)off;
}
