// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Archive inputs: which members to link, in which order, as ld does.
 *
 * A member is linked when it defines (strongly or weakly) a global that the
 * link so far references strongly and defines nowhere (symbols.c
 * bk_ld_needs_def()). A weak reference alone pulls nothing, and a symbol
 * already defined, even weakly, pulls nothing either. Like ld, members are
 * taken in passes over the archive: a member pulled in a pass may need
 * symbols that later members define (taken in the same pass) or earlier
 * ones (taken in the next pass), until a pass takes nothing. Members whose
 * symbols nobody needs stay out. Each archive is done when the next input
 * comes: a later input's externs are not looked up in an earlier archive
 * (name it again for that), but an earlier member's externs are looked up
 * in a later archive, since they are the link's unresolved externs.
 *
 * What each member defines comes from its own symbol table, read and
 * checked as the linker checks any input; the archive's symbol index, when
 * there is one, is only compared with that (ar q leaves it stale), and a
 * disagreement is reported as a warning. Candidates wait in a min-heap by
 * archive position, so each pass costs the members it takes, not the
 * whole archive.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linker_internal.h"
#include "archive_link.h"
#include "input.h"
#include "input_check.h"
#include "symbols.h"
#include "../elf/archive.h"
#include "../lib/hashmap.h"
#include "../lib/mem.h"
#include "../lib/strset.h"

#define AR_PEEK_LEN 8

struct ar_mem {
	char *input_name; /* "ARCHIVE(MEMBER)" */
	void *copy;	  /* 8-byte aligned copy of the bytes, or NULL */
	size_t def_first; /* its definitions: sel->names[def_first..] */
	size_t def_cnt;
	size_t ref_first; /* its strong undefined references */
	size_t ref_cnt;
	bool pulled;
	bool queued;
};

/* A list of member indexes; kept as a min-heap for the current pass. */
struct idx_list {
	size_t *v;
	size_t cnt;
	size_t cap;
};

struct ld_ar_sel {
	const char *path;
	bool whole;
	void *map;
	size_t map_size;
	struct bk_ar *ar;
	struct ar_mem *mems;
	size_t mem_cnt;
	/* symbol names; each string's slot: the first member defining it */
	struct bk_strset names_set;
	__u32 *names; /* string offsets, per member: definitions, refs */
	size_t name_cnt;
	size_t name_cap;
	struct idx_list pass;  /* min-heap of this pass's candidates */
	struct idx_list later; /* candidates before the cursor: next pass */
	size_t next_whole;     /* "whole": the next member to hand out */
	long picked;	       /* member of the last bk_ld_ar_next() */
	__u32 picked_by;       /* the needed name that picked it */
};

bool bk_ld_is_archive_file(const char *path)
{
	char magic[AR_PEEK_LEN];
	struct stat st;
	bool is_ar;
	int fd;

	/*
	 * Only regular files: a pipe could not be read again as an object,
	 * and opening a FIFO to peek would take a writer's data away.
	 */
	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	is_ar = pread(fd, magic, sizeof(magic), 0) == sizeof(magic) &&
		bk_ar__is_archive(magic, sizeof(magic));
	close(fd);
	return is_ar;
}

/* ---- candidates ------------------------------------------------------ */

static int list_push(struct idx_list *list, size_t idx)
{
	if (bk_grow_mem((void **)&list->v, &list->cap, sizeof(*list->v),
			list->cnt + 1))
		return -ENOMEM;
	list->v[list->cnt++] = idx;
	return 0;
}

static void swap_idx(size_t *a, size_t *b)
{
	size_t t = *a;

	*a = *b;
	*b = t;
}

static int heap_push(struct idx_list *h, size_t idx)
{
	size_t i = h->cnt;

	if (list_push(h, idx))
		return -ENOMEM;
	while (i && h->v[(i - 1) / 2] > h->v[i]) {
		swap_idx(&h->v[(i - 1) / 2], &h->v[i]);
		i = (i - 1) / 2;
	}
	return 0;
}

static size_t heap_pop(struct idx_list *h)
{
	size_t top = h->v[0], i = 0;

	h->v[0] = h->v[--h->cnt];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, min = i;

		if (l < h->cnt && h->v[l] < h->v[min])
			min = l;
		if (r < h->cnt && h->v[r] < h->v[min])
			min = r;
		if (min == i)
			return top;
		swap_idx(&h->v[min], &h->v[i]);
		i = min;
	}
}

/* Member idx defines a needed symbol: take it in this pass or the next. */
static int queue_member(struct ld_ar_sel *sel, size_t idx)
{
	struct ar_mem *m = &sel->mems[idx];

	if (m->pulled || m->queued)
		return 0;
	m->queued = true;
	if (sel->picked >= 0 && idx < (size_t)sel->picked)
		return list_push(&sel->later, idx);
	return heap_push(&sel->pass, idx);
}

static const char *name_at(const struct ld_ar_sel *sel, __u32 off)
{
	return bk_strset__data(&sel->names_set) + off;
}

/* The first symbol member idx defines that the link needs, or 0. */
static __u32 needed_def(const struct bk_linker *l, const struct ld_ar_sel *sel,
			size_t idx)
{
	const struct ar_mem *m = &sel->mems[idx];
	size_t i;

	for (i = m->def_first; i < m->def_first + m->def_cnt; i++) {
		if (bk_ld_needs_def(l, name_at(sel, sel->names[i])))
			return sel->names[i];
	}
	return 0;
}

/* ---- what each member defines and needs ------------------------------ */

static int add_name(struct ld_ar_sel *sel, const char *name, size_t idx,
		    bool is_def)
{
	int off = bk_strset__add_str(&sel->names_set, name);

	if (off < 0 || bk_grow_mem((void **)&sel->names, &sel->name_cap,
				   sizeof(*sel->names), sel->name_cnt + 1))
		return -ENOMEM;
	if (is_def &&
	    bk_strset__slot(&sel->names_set, off) == BK_STRSET_SLOT_UNSET)
		bk_strset__set_slot(&sel->names_set, off, idx);
	sel->names[sel->name_cnt++] = off;
	return 0;
}

static bool is_global_def(const Elf64_Sym *sym)
{
	int bind = ELF64_ST_BIND(sym->st_info);

	return (bind == STB_GLOBAL || bind == STB_WEAK) &&
	       sym->st_shndx != SHN_UNDEF;
}

static bool is_strong_ref(const Elf64_Sym *sym)
{
	return ELF64_ST_BIND(sym->st_info) == STB_GLOBAL &&
	       sym->st_shndx == SHN_UNDEF;
}

static int collect_names(struct ld_ar_sel *sel, size_t idx,
			 const struct src_obj *obj,
			 bool (*want)(const Elf64_Sym *sym), size_t *cnt)
{
	size_t i, first = sel->name_cnt;
	int err;

	for (i = 1; i < obj->sym_cnt; i++) {
		const Elf64_Sym *sym = &obj->syms[i];

		if (!want(sym) || !obj->strs[sym->st_name])
			continue;
		err = add_name(sel, obj->strs + sym->st_name, idx,
			       want == is_global_def);
		if (err)
			return err;
	}
	*cnt = sel->name_cnt - first;
	return 0;
}

/* The member's bytes, copied where they are not 8-byte aligned. */
static int member_buf(struct ld_ar_sel *sel, size_t idx,
		      struct ld_ar_pick *pick)
{
	const struct bk_ar_member *am = bk_ar__member(sel->ar, idx);
	struct ar_mem *m = &sel->mems[idx];

	pick->name = m->input_name;
	pick->size = am->size;
	pick->buf = am->data;
	if ((uintptr_t)am->data % 8 == 0)
		return 0;
	if (!m->copy) {
		m->copy = malloc(am->size ? am->size : 1);
		if (!m->copy)
			return -ENOMEM;
		memcpy(m->copy, am->data, am->size);
	}
	pick->buf = m->copy;
	return 0;
}

/* Read one member as the linker reads an input; keep its global names. */
static int scan_member(struct bk_linker *l, struct ld_ar_sel *sel, size_t idx)
{
	struct ar_mem *m = &sel->mems[idx];
	struct src_obj obj = {.name = m->input_name,
			      .file_idx = (int)l->input_cnt};
	struct ld_ar_pick pick;
	int err;

	err = member_buf(sel, idx, &pick);
	err = err ?: bk_ld_open_input(l, &obj, pick.buf, pick.size);
	err = err ?: bk_ld_check_elf(l, &obj);
	if (!err) {
		m->def_first = sel->name_cnt;
		err = collect_names(sel, idx, &obj, is_global_def, &m->def_cnt);
	}
	if (!err) {
		m->ref_first = sel->name_cnt;
		err = collect_names(sel, idx, &obj, is_strong_ref, &m->ref_cnt);
	}
	bk_ld_free_obj(&obj);
	if (err == -ENOMEM)
		return bk_err(l->diag, err, "%s: out of memory", m->input_name);
	return err;
}

static uintptr_t def_key(__u32 name_off, size_t idx)
{
	return (uintptr_t)name_off << 32 | (__u32)idx;
}

/*
 * The index claims what each member defines: compare with what the
 * members' symbol tables say. A stale index misleads ld; here it only
 * earns a warning.
 */
static int check_index(struct bk_linker *l, struct ld_ar_sel *sel)
{
	struct bk_hashmap *defs = NULL;
	size_t i, j, matched = 0, def_cnt = 0;
	const char *why = NULL;
	uintptr_t seen;
	int err = 0;

	if (!bk_ar__has_index(sel->ar))
		return 0;
	defs = bk_hashmap__new(bk_int_hash, bk_int_equal, NULL);
	if (!defs)
		return -ENOMEM;
	for (i = 0; i < sel->mem_cnt && !err; i++) {
		const struct ar_mem *m = &sel->mems[i];

		for (j = m->def_first; j < m->def_first + m->def_cnt; j++) {
			err = bk_hashmap__set(defs, def_key(sel->names[j], i),
					      0);
			if (err)
				break;
		}
	}
	def_cnt = bk_hashmap__size(defs);
	for (i = 0; i < bk_ar__index_cnt(sel->ar) && !err && !why; i++) {
		const struct bk_ar_sym *s = bk_ar__index_sym(sel->ar, i);
		int off = bk_strset__find_str(&sel->names_set, s->name);

		if (off < 0 ||
		    !bk_hashmap__find(defs, def_key(off, s->member_idx), &seen))
			why = s->name;
		else if (!seen)
			matched++;
		if (!why && !seen)
			err = bk_hashmap__set(defs, def_key(off, s->member_idx),
					      1);
	}
	if (!err && why)
		bk_warn(l->diag,
			"%s: the symbol index says '%s' is defined where it is not: using the members' symbol tables",
			sel->path, why);
	else if (!err && matched < def_cnt)
		bk_warn(l->diag,
			"%s: the symbol index lacks %zu definition%s the members hold: using the members' symbol tables",
			sel->path, def_cnt - matched,
			def_cnt - matched == 1 ? "" : "s");
	bk_hashmap__free(defs);
	return err;
}

/* Every member the link needs goes into the first pass. */
static int queue_needed(struct bk_linker *l, struct ld_ar_sel *sel)
{
	size_t i;
	int err;

	for (i = 0; i < sel->mem_cnt; i++) {
		if (!needed_def(l, sel, i))
			continue;
		err = queue_member(sel, i);
		if (err)
			return err;
	}
	return 0;
}

/* ---- opening ---------------------------------------------------------- */

static int map_archive(struct bk_linker *l, struct ld_ar_sel *sel)
{
	struct stat st;
	int fd, err = 0;

	fd = open(sel->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0)
		err = bk_err(l->diag, -errno, "%s: %s", sel->path,
			     strerror(errno));
	else if (!S_ISREG(st.st_mode))
		err = bk_err(l->diag, -EINVAL,
			     "%s: an archive must be a regular file",
			     sel->path);
	else if (!st.st_size)
		err = bk_err(l->diag, -EINVAL, "%s: not an ar archive",
			     sel->path);
	if (!err) {
		sel->map =
			mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		sel->map_size = st.st_size;
		if (sel->map == MAP_FAILED) {
			sel->map = NULL;
			err = bk_err(l->diag, -errno, "%s: %s", sel->path,
				     strerror(errno));
		}
	}
	if (fd >= 0)
		close(fd);
	return err;
}

static int name_members(struct bk_linker *l, struct ld_ar_sel *sel)
{
	size_t i;

	sel->mem_cnt = bk_ar__member_cnt(sel->ar);
	sel->mems = calloc(sel->mem_cnt ? sel->mem_cnt : 1, sizeof(*sel->mems));
	if (!sel->mems)
		return -ENOMEM;
	for (i = 0; i < sel->mem_cnt; i++) {
		const struct bk_ar_member *am = bk_ar__member(sel->ar, i);

		if (asprintf(&sel->mems[i].input_name, "%s(%s)", sel->path,
			     am->name) < 0) {
			sel->mems[i].input_name = NULL;
			return -ENOMEM;
		}
	}
	return 0;
}

static int scan_members(struct bk_linker *l, struct ld_ar_sel *sel)
{
	size_t i;
	int err = 0;

	for (i = 0; i < sel->mem_cnt && !err; i++)
		err = scan_member(l, sel, i);
	if (err)
		return err;
	err = check_index(l, sel);
	err = err ?: queue_needed(l, sel);
	if (err)
		return bk_err(l->diag, err, "%s: out of memory", sel->path);
	return 0;
}

int bk_ld_ar_open(struct bk_linker *l, const char *path, bool whole,
		  struct ld_ar_sel **selp)
{
	struct ld_ar_sel *sel = calloc(1, sizeof(*sel));
	int err;

	*selp = sel;
	if (!sel || bk_strset__init(&sel->names_set, true))
		return bk_err(l->diag, -ENOMEM, "%s: out of memory", path);
	sel->path = path;
	sel->whole = whole;
	sel->picked = -1;
	err = map_archive(l, sel);
	if (err)
		return err;
	sel->ar = bk_ar__open_mem(sel->map, sel->map_size, path, l->diag);
	if (!sel->ar)
		return -errno;
	err = name_members(l, sel);
	if (err)
		return bk_err(l->diag, err, "%s: out of memory", path);
	return whole ? 0 : scan_members(l, sel);
}

void bk_ld_ar_close(struct ld_ar_sel *sel)
{
	size_t i;

	if (!sel)
		return;
	for (i = 0; i < sel->mem_cnt; i++) {
		free(sel->mems[i].input_name);
		free(sel->mems[i].copy);
	}
	free(sel->mems);
	free(sel->names);
	free(sel->pass.v);
	free(sel->later.v);
	bk_strset__release(&sel->names_set);
	bk_ar__free(sel->ar);
	if (sel->map)
		munmap(sel->map, sel->map_size);
	free(sel);
}

/* ---- handing out members ---------------------------------------------- */

static int cmp_idx(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* The next member of this pass that still resolves something, or -1. */
static long next_needed(struct bk_linker *l, struct ld_ar_sel *sel)
{
	for (;;) {
		size_t idx;

		if (!sel->pass.cnt) {
			struct idx_list empty = sel->pass;

			if (!sel->later.cnt)
				return -1;
			/* a new pass over what waited: sorted is a min-heap */
			sel->pass = sel->later;
			sel->later = empty;
			sel->picked = -1;
			qsort(sel->pass.v, sel->pass.cnt, sizeof(*sel->pass.v),
			      cmp_idx);
		}
		idx = heap_pop(&sel->pass);
		sel->mems[idx].queued = false;
		if (sel->mems[idx].pulled)
			continue;
		sel->picked_by = needed_def(l, sel, idx);
		if (sel->picked_by)
			return (long)idx;
	}
}

int bk_ld_ar_next(struct bk_linker *l, struct ld_ar_sel *sel,
		  struct ld_ar_pick *pick)
{
	long idx;
	int err;

	if (sel->whole)
		idx = sel->next_whole < sel->mem_cnt ? (long)sel->next_whole++
						     : -1;
	else
		idx = next_needed(l, sel);
	if (idx < 0)
		return 0;
	sel->picked = idx;
	err = member_buf(sel, idx, pick);
	if (err)
		return bk_err(l->diag, err, "%s: out of memory",
			      sel->mems[idx].input_name);
	return 1;
}

/* An input taken from an archive, for the link report. */
struct ar_member_rec {
	int file_idx;
	char *archive;
	char *member;
	char *pulled_by; /* the extern it resolved; NULL for "whole" */
};

struct ld_ar_log {
	struct ar_member_rec *recs;
	size_t cnt;
	size_t cap;
};

static int record_member(struct bk_linker *l, const struct ld_ar_sel *sel)
{
	const struct bk_ar_member *am = bk_ar__member(sel->ar, sel->picked);
	struct ld_ar_log *log = l->ar_log;
	struct ar_member_rec *rec;

	if (!log && !(log = l->ar_log = calloc(1, sizeof(*log))))
		return -ENOMEM;
	if (bk_ensure_mem((void **)&log->recs, &log->cap, sizeof(*log->recs),
			  log->cnt + 1))
		return -ENOMEM;
	rec = &log->recs[log->cnt++];
	memset(rec, 0, sizeof(*rec));
	rec->file_idx = (int)l->input_cnt - 1;
	rec->archive = strdup(sel->path);
	rec->member = strdup(am->name);
	if (!sel->whole)
		rec->pulled_by = strdup(name_at(sel, sel->picked_by));
	if (!rec->archive || !rec->member || (!sel->whole && !rec->pulled_by))
		return -ENOMEM;
	return 0;
}

int bk_ld_ar_linked(struct bk_linker *l, struct ld_ar_sel *sel)
{
	struct ar_mem *m = &sel->mems[sel->picked];
	size_t i;
	int err;

	m->pulled = true;
	err = record_member(l, sel);
	for (i = m->ref_first; !err && i < m->ref_first + m->ref_cnt; i++) {
		__u32 off = sel->names[i];
		__u32 definer = bk_strset__slot(&sel->names_set, off);

		if (definer == BK_STRSET_SLOT_UNSET ||
		    !bk_ld_needs_def(l, name_at(sel, off)))
			continue;
		err = queue_member(sel, definer);
	}
	if (err)
		return bk_err(l->diag, err, "%s: out of memory", m->input_name);
	return 0;
}

void bk_ld_free_ar_members(struct bk_linker *l)
{
	struct ld_ar_log *log = l->ar_log;
	size_t i;

	if (!log)
		return;
	for (i = 0; i < log->cnt; i++) {
		free(log->recs[i].archive);
		free(log->recs[i].member);
		free(log->recs[i].pulled_by);
	}
	free(log->recs);
	free(log);
}

size_t bk_linker__member_cnt(const struct bk_linker *l)
{
	return l->finalized && l->ar_log ? l->ar_log->cnt : 0;
}

int bk_linker__member(const struct bk_linker *l, size_t idx,
		      struct bk_link_member *m)
{
	const struct ar_member_rec *rec;

	if (idx >= bk_linker__member_cnt(l))
		return -EINVAL;
	rec = &l->ar_log->recs[idx];
	m->input = l->inputs[rec->file_idx];
	m->archive = rec->archive;
	m->member = rec->member;
	m->pulled_by = rec->pulled_by;
	m->whole = !rec->pulled_by;
	return 0;
}
