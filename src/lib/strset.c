// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The index holds offsets into the arena; comparing reaches the bytes
 * through the set itself, so the buffer can move when it grows without
 * rehashing anything.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "strset.h"

int bk_arena__add(struct bk_arena *a, const char *s)
{
	size_t len = strlen(s) + 1, off = a->len;

	if (off + len > INT32_MAX ||
	    bk_grow_mem((void **)&a->buf, &a->cap, 1, off + len))
		return -ENOMEM;
	memcpy(a->buf + off, s, len);
	a->len += len;
	return off;
}

static bool same_str(const void *ctx, __u32 off, const void *s)
{
	const struct bk_strset *set = ctx;

	return strcmp(set->a.buf + off, s) == 0;
}

int bk_strset__init(struct bk_strset *set, bool slotted)
{
	memset(set, 0, sizeof(*set));
	if (bk_strset__add_str(set, "") < 0)
		return -ENOMEM;
	set->slotted = slotted;
	return 0;
}

void bk_strset__release(struct bk_strset *set)
{
	free(set->a.buf);
	bk_nametab__free(&set->tab);
	memset(set, 0, sizeof(*set));
}

/* Index the strings of init (a copy of a string section). */
static int index_init(struct bk_strset *set)
{
	size_t off;

	for (off = 0; off < set->a.len; off += strlen(set->a.buf + off) + 1) {
		const char *s = set->a.buf + off;
		__u32 hash = bk_str_hash(s);
		struct bk_slot *slot;
		long found;

		found = bk_nametab__probe(&set->tab, s, hash, same_str, set,
					  &slot);
		if (found < -1)
			return -ENOMEM;
		/* duplicates keep their first offset */
		if (found == -1)
			bk_nametab__fill(&set->tab, slot, hash, off);
	}
	return 0;
}

struct bk_strset *bk_strset__new(const char *init_data, size_t init_sz)
{
	struct bk_strset *set;

	if (init_sz && init_data[init_sz - 1] != '\0') {
		errno = EINVAL;
		return NULL;
	}
	set = calloc(1, sizeof(*set));
	if (!set)
		return NULL;
	if (!init_sz) {
		init_data = "";
		init_sz = 1;
	}
	if (init_sz > INT32_MAX ||
	    bk_grow_mem((void **)&set->a.buf, &set->a.cap, 1, init_sz))
		goto err;
	memcpy(set->a.buf, init_data, init_sz);
	set->a.len = init_sz;
	if (index_init(set))
		goto err;
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
	bk_strset__release(set);
	free(set);
}

const char *bk_strset__data(const struct bk_strset *set)
{
	return set->a.buf;
}

size_t bk_strset__data_size(const struct bk_strset *set)
{
	return set->a.len;
}

int bk_strset__find_str(const struct bk_strset *set, const char *s)
{
	long off =
		bk_nametab__find(&set->tab, s, bk_str_hash(s), same_str, set);

	return off < 0 ? -ENOENT : (int)off;
}

__u32 bk_strset__slot(const struct bk_strset *set, __u32 off)
{
	__u32 val;

	memcpy(&val, set->a.buf + off - sizeof(val), sizeof(val));
	return val;
}

void bk_strset__set_slot(struct bk_strset *set, __u32 off, __u32 val)
{
	memcpy(set->a.buf + off - sizeof(val), &val, sizeof(val));
}

int bk_strset__add_str(struct bk_strset *set, const char *s)
{
	__u32 hash = bk_str_hash(s);
	struct bk_slot *slot;
	long off = bk_nametab__probe(&set->tab, s, hash, same_str, set, &slot);

	if (off != -1)
		return off; /* found, or -ENOMEM */
	if (set->slotted) {
		/* 4 bytes of 0xff: a "string" no offset points at */
		if (bk_grow_mem((void **)&set->a.buf, &set->a.cap, 1,
				set->a.len + sizeof(__u32)))
			return -ENOMEM;
		memset(set->a.buf + set->a.len, 0xff, sizeof(__u32));
		set->a.len += sizeof(__u32);
	}
	off = bk_arena__add(&set->a, s);
	if (off < 0)
		return -ENOMEM;
	bk_nametab__fill(&set->tab, slot, hash, off);
	return off;
}
