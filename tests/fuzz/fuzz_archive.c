// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * libFuzzer target: the ar archive reader, and archives as linker inputs.
 * Each input is opened as an archive in memory (bk_ar__open_mem) and every
 * member and index entry it hands out is read to its last byte; then it is
 * linked after a known-good object (FUZZ_GOOD_OBJ), as an archive whose
 * members are chosen as ld would, and with "whole".
 *
 * Oracle: the sanitizers, and the reader's promises: each member lies
 * inside the input and each index entry names a member.
 */
#include <stdbool.h>

#include "elf/archive.h"
#include "linker/linker.h"
#include "lib/file.h"
#include "fuzz.h"

static void *good_buf;
static size_t good_size;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *good = getenv("FUZZ_GOOD_OBJ");

	if (!good || bk_read_file(good, &good_buf, &good_size, NULL)) {
		fprintf(stderr,
			"fuzz_archive: set FUZZ_GOOD_OBJ to an object\n");
		exit(1);
	}
	return 0;
}

static void check(bool ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz_archive: %s\n", what);
		abort();
	}
}

static void walk(const uint8_t *data, size_t size)
{
	struct bk_ar *ar = bk_ar__open_mem(data, size, "fuzz.a", &fuzz_diag);
	size_t i, sum = 0;

	if (!ar)
		return;
	for (i = 0; i < bk_ar__member_cnt(ar); i++) {
		const struct bk_ar_member *m = bk_ar__member(ar, i);
		const uint8_t *p = m->data;

		check(p >= data && m->size <= size - (size_t)(p - data),
		      "member outside the archive");
		sum += strlen(m->name) + (m->size ? p[0] + p[m->size - 1] : 0);
	}
	for (i = 0; i < bk_ar__index_cnt(ar); i++) {
		const struct bk_ar_sym *s = bk_ar__index_sym(ar, i);

		check(s->member_idx < bk_ar__member_cnt(ar),
		      "index entry names no member");
		sum += strlen(s->name);
	}
	fuzz_diag_total += sum;
	bk_ar__free(ar);
}

static void link_archive(const char *path, bool whole)
{
	struct bk_linker_opts opts = {.sz = sizeof(opts), .diag = &fuzz_diag};
	struct bk_linker *l = bk_linker__new(NULL, &opts);
	void *out = NULL;
	size_t out_size = 0;
	int err = l ? 0 : -1;

	err = err ?: bk_linker__add_buf(l, good_buf, good_size, "good.o");
	err = err ?: bk_linker__add_archive(l, path, whole);
	err = err ?: bk_linker__finalize_mem(l, &out, &out_size);
	free(out);
	bk_linker__free(l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path;

	walk(data, size);
	path = fuzz_file(data, size);
	link_archive(path, false);
	link_archive(path, true);
	return 0;
}
