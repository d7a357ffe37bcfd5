// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Unit tests of src/lib's compact tables, slotted string sets and arenas. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/hashtab.h"
#include "lib/mem.h"
#include "lib/strset.h"
#include "tap.h"

static void test_idmap(void)
{
	struct bk_idmap m = {0};
	__u32 i, v, bad = 0;

	CHECK(!bk_idmap__find(&m, 0, &v), "idmap: empty map finds nothing");
	for (i = 0; i < 200000; i++)
		bad += bk_idmap__add(&m, i * 3, i) != 0;
	CHECK(bad == 0 && m.cnt == 200000 && m.cnt * 2 <= m.cap,
	      "idmap: 200000 keys added, at most half full");
	for (i = 0; i < 200000; i++)
		bad += !bk_idmap__find(&m, i * 3, &v) || v != i;
	CHECK(bad == 0, "idmap: every key finds its value after rehashes");
	CHECK(!bk_idmap__find(&m, 1, &v), "idmap: absent key not found");
	CHECK(bk_idmap__add(&m, UINT32_MAX - 1, 7) == 0 &&
		      bk_idmap__find(&m, UINT32_MAX - 1, &v) && v == 7,
	      "idmap: the largest allowed key works");
	bk_idmap__free(&m);
	CHECK(m.slots == NULL && m.cnt == 0 && m.cap == 0,
	      "idmap: free leaves an empty map");
}

/* nametab keys: strings in a caller's array, compared by the callback. */
static bool same_name(const void *ctx, __u32 idx, const void *key)
{
	char(*const names)[16] = (char(*)[16])ctx;

	return strcmp(names[idx], key) == 0;
}

static void test_nametab(void)
{
	static char names[50000][16];
	struct bk_nametab t = {0};
	struct bk_slot *slot;
	__u32 i, bad = 0;
	long found;

	for (i = 0; i < 50000; i++) {
		snprintf(names[i], sizeof(names[i]), "n%u", i);
		found = bk_nametab__probe(&t, names[i], bk_str_hash(names[i]),
					  same_name, names, &slot);
		bad += found != -1;
		if (found == -1)
			bk_nametab__fill(&t, slot, bk_str_hash(names[i]), i);
	}
	CHECK(bad == 0 && t.cnt == 50000, "nametab: 50000 new names probed");
	for (i = 0; i < 50000; i++)
		bad += bk_nametab__find(&t, names[i], bk_str_hash(names[i]),
					same_name, names) != i;
	CHECK(bad == 0, "nametab: every name finds its index");
	CHECK(bk_nametab__probe(&t, "n77", bk_str_hash("n77"), same_name, names,
				&slot) == 77,
	      "nametab: probe of a present name returns its index");
	CHECK(bk_nametab__find(&t, "nope", bk_str_hash("nope"), same_name,
			       names) == -1,
	      "nametab: absent name is -1");
	bk_nametab__free(&t);
	/* every hash equal: only the callback tells keys apart */
	for (i = 0; i < 100; i++)
		bad += bk_nametab__add(&t, 5, i) != 0;
	for (i = 0; i < 100; i++)
		bad += bk_nametab__find(&t, names[i], 5, same_name, names) != i;
	CHECK(bad == 0, "nametab: colliding hashes stay distinct keys");
	bk_nametab__free(&t);
}

static void test_hash(void)
{
	char a[] = "abcdefghij", b[] = "abcdefghij";

	CHECK(bk_str_hash(a) == bk_mem_hash(b, strlen(b)),
	      "hash: a string hashes as its bytes");
	b[9] = 'k';
	CHECK(bk_str_hash(a) != bk_str_hash(b),
	      "hash: a change in the tail changes the hash");
	CHECK(bk_mem_hash("", 0) != bk_mem_hash("\0", 1),
	      "hash: the length is part of the hash");
}

static void test_slotted_strset(void)
{
	struct bk_strset set;
	int foo, bar;

	CHECK(bk_strset__init(&set, true) == 0 &&
		      bk_strset__data_size(&set) == 1,
	      "strset: an embedded set starts as \"\"");
	foo = bk_strset__add_str(&set, "foo");
	bar = bk_strset__add_str(&set, "bar");
	CHECK(foo == 1 + 4 && bar == foo + 4 + 4,
	      "strset: a slotted set keeps 4 bytes before each string");
	CHECK(bk_strset__slot(&set, foo) == BK_STRSET_SLOT_UNSET,
	      "strset: a new slot is unset");
	bk_strset__set_slot(&set, foo, 42);
	CHECK(bk_strset__slot(&set, foo) == 42 &&
		      bk_strset__slot(&set, bar) == BK_STRSET_SLOT_UNSET,
	      "strset: a slot keeps its value, its neighbour is untouched");
	CHECK(bk_strset__add_str(&set, "foo") == foo &&
		      bk_strset__find_str(&set, "bar") == bar,
	      "strset: slotted strings are deduplicated");
	bk_strset__release(&set);
}

static void test_arena_and_growth(void)
{
	struct bk_arena a = {0};
	size_t cap = 0;
	int *arr = NULL, o1, o2;

	o1 = bk_arena__add(&a, "x");
	o2 = bk_arena__add(&a, "x");
	CHECK(o1 == 0 && o2 == 2 && a.len == 4,
	      "arena: appends without deduplicating");
	free(a.buf);
	CHECK(bk_grow_mem((void **)&arr, &cap, sizeof(*arr), 1) == 0 &&
		      cap == 16,
	      "grow_mem: first growth is 16 elements");
	CHECK(bk_grow_mem((void **)&arr, &cap, sizeof(*arr), 17) == 0 &&
		      cap == 24,
	      "grow_mem: then grows by half");
	CHECK(bk_grow_mem((void **)&arr, &cap, sizeof(*arr), 100) == 0 &&
		      cap == 100,
	      "grow_mem: to the need when that is more");
	free(arr);
}

int main(void)
{
	test_idmap();
	test_nametab();
	test_hash();
	test_slotted_strset();
	test_arena_and_growth();
	return tap_done();
}
