// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * libFuzzer target: the linker on memory buffers. Each input is linked
 * with a known-good object in both orders (bk_linker__add_buf, then
 * bk_linker__finalize_mem); a successful output is linked again on its own.
 * A successful output is also linked again with gc (dead code removed).
 * FUZZ_GOOD_OBJ names the good object. With FUZZ_LINK_FIXPOINT=1 the
 * relinked output must equal the first output byte for byte (the linker
 * promises a fixpoint after one link); a difference aborts.
 *
 * Oracle: a link that succeeds gives an object that opens wherever its
 * inputs open. When libbpf opens both inputs (only after the link accepted
 * them: libbpf trusts what it opens), it must open the output; if not,
 * this aborts. The same holds for the output linked again with gc.
 */
#include <stdbool.h>
#include <bpf/libbpf.h>

#include "linker/linker.h"
#include "lib/file.h"
#include "fuzz.h"

static void *good_buf;
static size_t good_size;
static bool check_fixpoint;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *good = getenv("FUZZ_GOOD_OBJ");

	if (!good || bk_read_file(good, &good_buf, &good_size, NULL)) {
		fprintf(stderr, "fuzz_link: set FUZZ_GOOD_OBJ to an object\n");
		exit(1);
	}
	check_fixpoint = getenv("FUZZ_LINK_FIXPOINT") &&
			 strcmp(getenv("FUZZ_LINK_FIXPOINT"), "1") == 0;
	libbpf_set_print(NULL);
	return 0;
}

static bool libbpf_opens(const void *buf, size_t size)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = "fuzz");
	struct bpf_object *obj = bpf_object__open_mem(buf, size, &opts);

	if (!obj)
		return false;
	bpf_object__close(obj);
	return true;
}

struct input {
	const void *buf;
	size_t size;
	const char *name;
};

/* Link the inputs in memory; returns 0 and *out on success. */
static int link_bufs(const struct input *in, size_t cnt, bool gc, void **out,
		     size_t *out_size)
{
	struct bk_linker_opts opts = {
		.sz = sizeof(opts),
		.diag = &fuzz_diag,
		.gc = gc,
	};
	struct bk_linker *l = bk_linker__new(NULL, &opts);
	int err = l ? 0 : -1;
	size_t i;

	for (i = 0; i < cnt && !err; i++)
		err = bk_linker__add_buf(l, in[i].buf, in[i].size, in[i].name);
	err = err ?: bk_linker__finalize_mem(l, out, out_size);
	bk_linker__free(l);
	return err;
}

static void relink(const void *buf, size_t size)
{
	struct input in = {buf, size, "linked.o"};
	void *again = NULL;
	size_t again_size = 0;

	if (link_bufs(&in, 1, false, &again, &again_size) == 0 &&
	    check_fixpoint &&
	    (again_size != size || memcmp(again, buf, size) != 0)) {
		fprintf(stderr, "fuzz_link: relinking the output changed it\n");
		abort();
	}
	free(again);
}

/* Without the code no program reaches, what libbpf opened it still opens. */
static void relink_gc(const void *buf, size_t size)
{
	struct input in = {buf, size, "linked.o"};
	void *out = NULL;
	size_t out_size = 0;

	if (link_bufs(&in, 1, true, &out, &out_size) == 0 &&
	    libbpf_opens(buf, size) && !libbpf_opens(out, out_size)) {
		fprintf(stderr, "fuzz_link: libbpf opens the output, "
				"not its gc link\n");
		abort();
	}
	free(out);
}

static void link_pair(const struct input *a, const struct input *b)
{
	struct input in[2] = {*a, *b};
	void *out = NULL;
	size_t out_size = 0;

	if (link_bufs(in, 2, false, &out, &out_size) == 0) {
		if (libbpf_opens(a->buf, a->size) &&
		    libbpf_opens(b->buf, b->size) &&
		    !libbpf_opens(out, out_size)) {
			fprintf(stderr, "fuzz_link: libbpf opens both inputs, "
					"not the output\n");
			abort();
		}
		relink(out, out_size);
		relink_gc(out, out_size);
	}
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input fuzz = {data, size, "fuzz.o"};
	struct input good = {good_buf, good_size, "good.o"};

	link_pair(&fuzz, &good);
	link_pair(&good, &fuzz);
	return 0;
}
