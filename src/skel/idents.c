// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Field names: what would make two things one field of a skeleton. */
#include <errno.h>
#include <stddef.h>

#include "skel_internal.h"
#include "../lib/hashmap.h"

/*
 * Two things that would become the same field cannot both be reached: a
 * skeleton would either not compile or silently bind one of them. Each
 * namespace (maps, progs, one section's variables) is checked with a map
 * from field name to the index of its first owner.
 */
struct ident_ns {
	const char *what; /* "maps", "progs", "bss", ... */
	void (*describe)(const void *owners, size_t idx, char *buf,
			 size_t buf_sz);
	const void *owners;
	size_t cnt;
	size_t elem_sz;
	size_t ident_off; /* offsetof the char *ident member */
};

static void describe_map(const void *owners, size_t idx, char *buf, size_t sz)
{
	const struct skel_map *m = (const struct skel_map *)owners + idx;

	snprintf(buf, sz, "%s '%s'", m->name[0] == '.' ? "section" : "map",
		 m->name);
}

static void describe_prog(const void *owners, size_t idx, char *buf, size_t sz)
{
	const struct skel_prog *p = (const struct skel_prog *)owners + idx;

	snprintf(buf, sz, "program '%s' (section '%s')", p->name, p->sec_name);
}

static void describe_var(const void *owners, size_t idx, char *buf, size_t sz)
{
	const struct skel_var *v = (const struct skel_var *)owners + idx;

	snprintf(buf, sz, "variable '%s' (offset %u)", v->name, v->offset);
}

static const char *ns_str(const struct ident_ns *ns, size_t idx, size_t off)
{
	const char *owner = (const char *)ns->owners + idx * ns->elem_sz;

	return *(const char *const *)(owner + off);
}

static int report_clash(const struct skel *skel, const struct ident_ns *ns,
			size_t first_idx, size_t idx)
{
	char first[256], second[256];

	ns->describe(ns->owners, first_idx, first, sizeof(first));
	ns->describe(ns->owners, idx, second, sizeof(second));
	return bk_err(skel->diag, -EEXIST,
		      "%s: %s and %s would both be the skeleton field '%s.%s'",
		      skel->path, first, second, ns->what,
		      ns_str(ns, idx, ns->ident_off));
}

static int check_ns(const struct skel *skel, const struct ident_ns *ns)
{
	struct bk_hashmap *seen;
	uintptr_t prev;
	size_t i;
	int err = 0;

	seen = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!seen)
		return bk_err(skel->diag, -ENOMEM, "out of memory");
	for (i = 0; i < ns->cnt && !err; i++) {
		const char *ident = ns_str(ns, i, ns->ident_off);

		err = bk_hashmap__add(seen, (uintptr_t)ident, i);
		/* Valid C, as in the BPF source, but not C++. */
		if (!err && bk_skel__is_keyword(ident))
			bk_warn(skel->diag,
				"%s: the skeleton field '%s.%s' is a C++ keyword: the header compiles as C only",
				skel->path, ns->what, ident);
		if (err == -ENOMEM) {
			err = bk_err(skel->diag, -ENOMEM, "out of memory");
		} else if (err) {
			bk_hashmap__find(seen, (uintptr_t)ident, &prev);
			err = report_clash(skel, ns, prev, i);
		}
	}
	bk_hashmap__free(seen);
	return err;
}

#define IDENT_NS(what_, describe_, arr, cnt_)                              \
	{                                                                  \
		.what = (what_), .describe = (describe_), .owners = (arr), \
		.cnt = (cnt_), .elem_sz = sizeof(*(arr)),                  \
		.ident_off = offsetof(__typeof__(*(arr)), ident),          \
	}

int bk_skel__check_idents(const struct skel *skel)
{
	const struct ident_ns maps =
		IDENT_NS("maps", describe_map, skel->maps, skel->map_cnt);
	const struct ident_ns progs =
		IDENT_NS("progs", describe_prog, skel->progs, skel->prog_cnt);
	size_t i;
	int err;

	err = check_ns(skel, &maps);
	err = err ?: check_ns(skel, &progs);
	for (i = 0; i < skel->sec_cnt && !err; i++) {
		const struct skel_sec *sec = &skel->secs[i];
		const struct ident_ns vars = IDENT_NS(sec->ident, describe_var,
						      sec->vars, sec->var_cnt);

		err = check_ns(skel, &vars);
	}
	return err;
}
