// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Unit tests of the linker's library API (src/linker/linker.h) with the
 * progs/ objects of $BPFKIT_BUILD: in-memory inputs and output (what a
 * fuzzer uses), the fixpoint in memory, the report, errors through the
 * diagnostics sink, and the lifecycle rules.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/file.h"
#include "linker/linker.h"
#include "tap.h"

struct sink {
	int errors;
	int warnings;
	char last[2048];
};

static void collect(void *ctx, enum bk_diag_level level, const char *msg)
{
	struct sink *s = ctx;

	if (level == BK_DIAG_ERROR)
		s->errors++;
	else if (level == BK_DIAG_WARN)
		s->warnings++;
	snprintf(s->last, sizeof(s->last), "%s", msg);
}

static const char *build_dir(void)
{
	return getenv("BPFKIT_BUILD") ?: "build";
}

static int read_prog(const char *name, void **buf, size_t *size)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/progs/%s.bpf.o", build_dir(), name);
	return bk_read_file(path, buf, size, NULL);
}

static struct bk_linker *new_linker(struct sink *s)
{
	struct bk_diag diag = {.fn = collect, .ctx = s};
	static struct bk_diag keep;
	struct bk_linker_opts opts = {
		.sz = sizeof(opts),
		.diag = &keep,
	};

	keep = diag;
	memset(s, 0, sizeof(*s));
	return bk_linker__new(NULL, &opts);
}

/* Link the named progs from memory; 0 and the object, or -errno. */
static int link_mem(const char *const *names, int cnt, struct sink *s,
		    void **out, size_t *out_size)
{
	struct bk_linker *l = new_linker(s);
	int i, err = l ? 0 : -ENOMEM;

	for (i = 0; i < cnt && !err; i++) {
		void *buf;
		size_t size;

		err = read_prog(names[i], &buf, &size);
		if (err)
			break;
		err = bk_linker__add_buf(l, buf, size, names[i]);
		free(buf);
	}
	err = err ?: bk_linker__finalize_mem(l, out, out_size);
	bk_linker__free(l);
	return err;
}

static void test_memory_link(void)
{
	static const char *const funcs[] = {"linked_funcs1", "linked_funcs2",
					    "linked_funcs3"};
	struct bk_linker *l;
	void *a = NULL, *b = NULL, *c = NULL;
	size_t as = 0, bs = 0, cs = 0;
	struct sink s;
	int err;

	err = link_mem(funcs, 3, &s, &a, &as);
	CHECK(!err && as > 64 && !memcmp(a, "\177ELF", 4),
	      "three inputs link in memory to an ELF object (%d: %s)", err,
	      s.last);
	err = link_mem(funcs, 3, &s, &b, &bs);
	CHECK(!err && as == bs && !memcmp(a, b, as),
	      "two links of the same inputs give the same bytes");

	l = new_linker(&s);
	err = bk_linker__add_buf(l, a, as, "linked.o");
	err = err ?: bk_linker__finalize_mem(l, &c, &cs);
	CHECK(!err && cs == as && !memcmp(a, c, as),
	      "linking the output again gives it back byte for byte");
	bk_linker__free(l);
	free(a);
	free(b);
	free(c);
}

static bool find_sym(const struct bk_linker *l, const char *name,
		     struct bk_link_sym *sym)
{
	size_t i;

	for (i = 0; i < bk_linker__sym_cnt(l); i++) {
		if (!bk_linker__sym(l, i, sym) && !strcmp(sym->name, name))
			return true;
	}
	return false;
}

static void test_report(void)
{
	static const char *const names[] = {"linked_funcs1", "linked_funcs2",
					    "linked_funcs3"};
	struct bk_link_sym sym;
	struct bk_linker *l;
	struct sink s;
	void *buf, *out = NULL;
	size_t size, out_size;
	int i, err = 0;

	l = new_linker(&s);
	CHECK(bk_linker__sym_cnt(l) == 0, "no report before finalize");
	for (i = 0; i < 3 && !err; i++) {
		err = read_prog(names[i], &buf, &size);
		err = err ?: bk_linker__add_buf(l, buf, size, names[i]);
		if (!err)
			free(buf);
	}
	err = err ?: bk_linker__finalize_mem(l, &out, &out_size);
	CHECK(!err && bk_linker__input_cnt(l) == 3 &&
		      !strcmp(bk_linker__input_name(l, 1), "linked_funcs2"),
	      "the report lists the inputs in order");
	CHECK(find_sym(l, "lf_weak", &sym) && sym.kind == BK_LINK_SYM_FUNC &&
		      sym.def_weak && sym.weak_def_cnt == 3 &&
		      !strcmp(sym.def_file, "linked_funcs1"),
	      "lf_weak: the first of three weak definitions won");
	CHECK(find_sym(l, "lf_whid", &sym) && sym.is_hidden,
	      "lf_whid: hidden visibility of a losing definition spreads");
	CHECK(bk_linker__sym(l, bk_linker__sym_cnt(l), &sym) == -EINVAL,
	      "a symbol index beyond the report is -EINVAL");
	CHECK(bk_linker__finalize_mem(l, &buf, &size) == -EINVAL,
	      "a second finalize is refused");
	free(out);
	bk_linker__free(l);
}

static void test_errors(void)
{
	static const char junk[] = "not an object at all";
	struct bk_linker *l;
	struct sink s;
	void *buf = NULL, *out;
	size_t size;
	int err;

	l = new_linker(&s);
	err = bk_linker__add_buf(l, junk, sizeof(junk), "junk.o");
	CHECK(err < 0 && s.errors == 1 && strstr(s.last, "junk.o"),
	      "a buffer that is not ELF fails, naming it (%s)", s.last);
	err = read_prog("linked_funcs1", &buf, &size);
	CHECK(!err && bk_linker__add_buf(l, buf, size, "f1") < 0,
	      "no input is taken after a failure");
	CHECK(bk_linker__finalize_mem(l, &out, &size) < 0,
	      "no output after a failure");
	free(buf);
	bk_linker__free(l);

	l = new_linker(&s);
	err = read_prog("lerr_var_size", &buf, &size);
	err = err ?: bk_linker__add_buf(l, buf, size, "size.o");
	free(buf);
	err = err ?: read_prog("lerr_defs", &buf, &size);
	if (!err) {
		err = bk_linker__add_buf(l, buf, size, "defs.o");
		free(buf);
	}
	CHECK(err == -EINVAL && strstr(s.last, "size.o") &&
		      strstr(s.last, "defs.o"),
	      "a size mismatch names both inputs (%s)", s.last);
	bk_linker__free(l);
	bk_linker__free(NULL);
}

int main(void)
{
	test_memory_link();
	test_report();
	test_errors();
	return tap_done();
}
