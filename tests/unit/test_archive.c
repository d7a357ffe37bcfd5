// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Unit tests of the ar reader (src/elf/archive.c) on archives built here
 * byte by byte: the forms the bats tests cannot get from ar and llvm-ar
 * on this machine (a 64-bit "/SYM64/" index, an odd last member without
 * its pad byte, BSD names padded with NULs and a BSD index of known
 * offsets) and the edges of each check.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "elf/archive.h"
#include "tap.h"

struct abuf {
	char buf[1024];
	size_t len;
};

static void put(struct abuf *a, const void *p, size_t n)
{
	if (a->len + n > sizeof(a->buf))
		abort();
	memcpy(a->buf + a->len, p, n);
	a->len += n;
}

static void member(struct abuf *a, const char *name, const void *data, size_t n,
		   int pad)
{
	char hdr[61];

	snprintf(hdr, sizeof(hdr), "%-16.16s%-12s%-6s%-6s%-8s%-10zu`\n", name,
		 "0", "0", "0", "644", n);
	put(a, hdr, 60);
	put(a, data, n);
	if (pad && (n & 1))
		put(a, "\n", 1);
}

static struct bk_ar *open_ar(const struct abuf *a)
{
	return bk_ar__open_mem(a->buf, a->len, "t.a", NULL);
}

static void test_gnu_and_odd_sizes(void)
{
	struct abuf a = {.len = 0};
	const struct bk_ar_member *m;
	struct bk_ar *ar;

	put(&a, "!<arch>\n", 8);
	member(&a, "one.o/", "abc", 3, 1);
	member(&a, "two.o/", "xy", 2, 1);
	member(&a, "three.o/", "q", 1, 0); /* last, odd, no pad byte */
	ar = open_ar(&a);
	CHECK(ar && bk_ar__member_cnt(ar) == 3,
	      "gnu: three members, the last without its pad");
	m = ar ? bk_ar__member(ar, 1) : NULL;
	CHECK(m && !strcmp(m->name, "two.o") && m->size == 2 &&
		      !memcmp(m->data, "xy", 2) && m->hdr_off == 8 + 64,
	      "gnu: a member's name, bytes and header offset (after a pad)");
	CHECK(ar && !bk_ar__has_index(ar) && !bk_ar__member(ar, 3),
	      "gnu: no index; out-of-range member is NULL");
	bk_ar__free(ar);
}

static void test_sym64_index(void)
{
	/* two entries at the member's header offset (8 + 60 + 8 + 16 + 4) */
	static const unsigned char idx[] = {0, 0, 0, 0,	 0,   0,  0,   2, 0, 0,
					    0, 0, 0, 0,	 0,   96, 0,   0, 0, 0,
					    0, 0, 0, 96, 'f', 0,  'g', 0};
	struct abuf a = {.len = 0};
	struct bk_ar *ar;

	put(&a, "!<arch>\n", 8);
	member(&a, "/SYM64/", idx, sizeof(idx), 1);
	member(&a, "m.o/", "data", 4, 1);
	ar = open_ar(&a);
	CHECK(ar && bk_ar__has_index(ar) && bk_ar__index_cnt(ar) == 2,
	      "sym64: two index entries");
	CHECK(ar && !strcmp(bk_ar__index_sym(ar, 1)->name, "g") &&
		      bk_ar__index_sym(ar, 1)->member_idx == 0 &&
		      bk_ar__member_cnt(ar) == 1,
	      "sym64: an entry names its member; the index is no member");
	bk_ar__free(ar);
	a.buf[8 + 60 + 15] = 97; /* first offset now inside the member */
	ar = open_ar(&a);
	CHECK(!ar && errno == EINVAL,
	      "sym64: an offset where no member starts is refused");
}

static void test_bsd_names(void)
{
	struct abuf a = {.len = 0};
	struct bk_ar *ar;

	put(&a, "!<arch>\n", 8);
	/*
	 * "#1/12" names, NUL padded, before the data. The index: 8 bytes of
	 * pairs, (name 0, member at 100 = 8 + 60 + 32), then 4 bytes of names.
	 */
	member(&a, "#1/12",
	       "__.SYMDEF\0\0\0"
	       "\x08\0\0\0"
	       "\0\0\0\0\x64\0\0\0"
	       "\x04\0\0\0"
	       "abc",
	       32, 1);
	member(&a, "#1/12", "long_name.o\0abc", 15, 1);
	ar = open_ar(&a);
	CHECK(ar && bk_ar__member_cnt(ar) == 1 && bk_ar__index_cnt(ar) == 1,
	      "bsd: one member, and __.SYMDEF taken as the index");
	CHECK(ar && !strcmp(bk_ar__index_sym(ar, 0)->name, "abc") &&
		      bk_ar__index_sym(ar, 0)->member_idx == 0,
	      "bsd: the index entry names its member");
	CHECK(ar && !strcmp(bk_ar__member(ar, 0)->name, "long_name.o") &&
		      bk_ar__member(ar, 0)->size == 3 &&
		      !memcmp(bk_ar__member(ar, 0)->data, "abc", 3),
	      "bsd: the name is cut at its NULs and taken off the data");
	bk_ar__free(ar);
}

/* An archive holding the same member twice: NULL when it is refused. */
static struct bk_ar *twice(const char *name, const void *data, size_t n)
{
	struct abuf a = {.len = 0};

	put(&a, "!<arch>\n", 8);
	member(&a, name, data, n, 1);
	member(&a, name, data, n, 1);
	return open_ar(&a);
}

static void test_refusals(void)
{
	struct abuf a = {.len = 0};

	CHECK(!twice("//", "", 0) && errno == EINVAL,
	      "a second long-name table is refused");
	CHECK(!twice("/", "\0\0\0\0", 4) && errno == EINVAL,
	      "a second symbol index is refused");
	CHECK(!twice("/", "", 0),
	      "an index too short for its count is refused");
	put(&a, "!<arch>\n", 8);
	member(&a, "/ ", "x", 1, 1);
	a.buf[8] = '/';
	a.buf[9] = 'x';
	CHECK(!open_ar(&a) && errno == EINVAL,
	      "an empty member name is refused");
	CHECK(!bk_ar__open_mem("!<thin>\n", 8, "t.a", NULL) &&
		      errno == EOPNOTSUPP && bk_ar__is_archive("!<thin>\n", 8),
	      "a thin archive is an archive, refused by name");
	CHECK(!bk_ar__is_archive("!<arch>", 7), "7 bytes are no archive");
}

int main(void)
{
	test_gnu_and_odd_sizes();
	test_sym64_index();
	test_bsd_names();
	test_refusals();
	return tap_done();
}
