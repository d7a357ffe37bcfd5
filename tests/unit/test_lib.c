// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Unit tests of src/lib: hashmap, strset, growth, atomic output files. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/file.h"
#include "lib/hashmap.h"
#include "lib/mem.h"
#include "lib/strset.h"
#include "tap.h"

/* Every key collides: probing and equality alone must keep keys apart. */
static size_t const_hash(uintptr_t key, void *ctx)
{
	return 42;
}

static void test_hashmap(void)
{
	struct bk_hashmap *map =
		bk_hashmap__new(bk_int_hash, bk_int_equal, NULL);
	uintptr_t v = 0;
	size_t i, bad = 0;

	for (i = 0; i < 100000; i++)
		bad += bk_hashmap__add(map, i * 7, i) != 0;
	CHECK(bad == 0 && bk_hashmap__size(map) == 100000,
	      "hashmap: 100000 distinct keys added");
	for (i = 0, bad = 0; i < 100000; i++)
		bad += !bk_hashmap__find(map, i * 7, &v) || v != i;
	CHECK(bad == 0, "hashmap: every key finds its value");
	CHECK(!bk_hashmap__find(map, 3, NULL), "hashmap: absent key not found");
	CHECK(bk_hashmap__add(map, 14, 0) == -EEXIST,
	      "hashmap: add of a present key is -EEXIST");
	CHECK(bk_hashmap__set(map, 14, 99) == 0 &&
		      bk_hashmap__find(map, 14, &v) && v == 99,
	      "hashmap: set replaces the value");
	bk_hashmap__free(map);

	map = bk_hashmap__new(const_hash, bk_int_equal, NULL);
	for (i = 0, bad = 0; i < 200; i++)
		bad += bk_hashmap__add(map, i, i + 1) != 0;
	for (i = 0; i < 200; i++)
		bad += !bk_hashmap__find(map, i, &v) || v != i + 1;
	CHECK(bad == 0, "hashmap: colliding hashes stay distinct keys");
	bk_hashmap__free(map);
	bk_hashmap__free(NULL);
}

static void test_strset(void)
{
	static const char init[] = "\0foo\0bar\0foo";
	struct bk_strset *set = bk_strset__new(init, sizeof(init));
	char name[32];
	int off, bad = 0, i;

	CHECK(set != NULL, "strset: built from an existing table");
	CHECK(bk_strset__find_str(set, "") == 0, "strset: \"\" is at 0");
	CHECK(bk_strset__find_str(set, "foo") == 1,
	      "strset: duplicate in the input keeps its first offset");
	CHECK(bk_strset__add_str(set, "bar") == 5,
	      "strset: add of a present string returns its offset");
	off = bk_strset__add_str(set, "baz");
	CHECK(off == (int)sizeof(init) &&
		      strcmp(bk_strset__data(set) + off, "baz") == 0,
	      "strset: a new string is appended");
	for (i = 0; i < 50000; i++) {
		snprintf(name, sizeof(name), "sym_%d", i);
		off = bk_strset__add_str(set, name);
		bad += off < 0 || strcmp(bk_strset__data(set) + off, name);
	}
	for (i = 0; i < 50000; i += 97) {
		snprintf(name, sizeof(name), "sym_%d", i);
		bad += bk_strset__find_str(set, name) < 0;
	}
	CHECK(bad == 0, "strset: 50000 strings survive buffer growth");
	CHECK(bk_strset__find_str(set, "nope") == -ENOENT,
	      "strset: absent string is -ENOENT");
	bk_strset__free(set);

	set = bk_strset__new("abc", 3);
	CHECK(!set && errno == EINVAL,
	      "strset: a table without a final NUL is rejected");
}

static void test_mem(void)
{
	size_t cap = 0;
	int *arr = NULL;

	/* an object with no sections asks for none: nothing to zero, and
	 * no arithmetic on the NULL array (UBSan in make san) */
	CHECK(bk_ensure_mem((void **)&arr, &cap, sizeof(*arr), 0) == 0 &&
		      !arr && !cap,
	      "ensure_mem: room for 0 elements leaves an empty array alone");
	CHECK(bk_ensure_mem((void **)&arr, &cap, sizeof(*arr), 1) == 0 &&
		      cap >= 16 && arr[15] == 0,
	      "ensure_mem: first growth is at least 16 zeroed elements");
	CHECK(bk_reallocarray(NULL, (size_t)-1, 16) == NULL && errno == ENOMEM,
	      "reallocarray: multiplication overflow is ENOMEM");
	free(arr);
}

static void test_out_file(void)
{
	char dir[] = "/tmp/bk_unit_XXXXXX", path[64];
	struct bk_out_file f;
	struct stat st;

	if (!mkdtemp(dir)) {
		CHECK(0, "out_file: mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/out.o", dir);
	CHECK(bk_out_file__open(&f, path, NULL) == 0 && stat(path, &st) < 0,
	      "out_file: nothing at the target before commit");
	bk_out_file__abort(&f);
	CHECK(rmdir(dir) == 0, "out_file: abort leaves the directory empty");
	mkdir(dir, 0700);
	bk_out_file__open(&f, path, NULL);
	CHECK(write(f.fd, "x", 1) == 1 && bk_out_file__commit(&f, NULL) == 0 &&
		      stat(path, &st) == 0 && st.st_size == 1,
	      "out_file: commit renames the file into place");
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	test_hashmap();
	test_strset();
	test_mem();
	test_out_file();
	return tap_done();
}
