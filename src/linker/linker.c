// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Linker lifecycle and the phase chain. Each input goes through
 *
 *	read ELF -> check ELF -> read BTF -> check BTF -> index ->
 *	section data -> symbols -> relocations -> BTF -> BTF.ext
 *
 * and finalize compacts the sections, builds BTF (DATASECs from the final
 * symbol values, dedup, canonical order) and writes the object. Any error
 * marks the linker failed: a half-added input cannot be taken back.
 * src/linker/README maps each phase to its file and entry point, and
 * names the one place where each linking decision is made.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "linker_internal.h"
#include "archive_link.h"
#include "btf_link.h"
#include "finalize.h"
#include "gc.h"
#include "input.h"
#include "input_check.h"
#include "merged_btf.h"
#include "relocs.h"
#include "sections.h"
#include "symbols.h"
#include "../elf/elf.h"
#include "../lib/file.h"
#include "../lib/mem.h"

struct bk_linker *bk_linker__new(const char *out_path,
				 const struct bk_linker_opts *opts)
{
	struct bk_linker *l;
	struct dst_sym *null_sym;
	int handle;

	if (opts && opts->sz < offsetof(struct bk_linker_opts, diag) +
				       sizeof(opts->diag)) {
		errno = EINVAL;
		return NULL;
	}
	l = calloc(1, sizeof(*l));
	if (!l)
		goto err_nomem;
	l->diag = opts ? opts->diag : NULL;
	if (opts &&
	    opts->sz >=
		    offsetof(struct bk_linker_opts, gc) + sizeof(opts->gc) &&
	    opts->gc && bk_ld_gc_new(l))
		goto err_nomem;
	if (out_path && !(l->out_path = strdup(out_path)))
		goto err_nomem;
	l->static_name_strs = bk_strset__new(NULL, 0);
	l->sec_by_name = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	l->static_names = bk_hashmap__new(bk_int_hash, bk_int_equal, NULL);
	if (bk_arena__add(&l->names, "") < 0 || !l->static_name_strs ||
	    !l->sec_by_name || !l->static_names || bk_mbtf__init(&l->mbtf) ||
	    bk_strset__init(&l->ext_strs, true))
		goto err_nomem;
	/* symbol #0 is the null symbol */
	null_sym = bk_ld_add_dst_sym(l, &handle);
	if (!null_sym)
		goto err_nomem;
	null_sym->is_local = true;
	return l;

err_nomem:
	bk_linker__free(l);
	errno = ENOMEM;
	return NULL;
}

void bk_linker__free(struct bk_linker *l)
{
	size_t i;
	int k;

	if (!l)
		return;
	for (i = 0; i < l->sec_cnt; i++) {
		struct dst_sec *sec = &l->secs[i];

		free(sec->name);
		free(sec->data);
		free(sec->rels);
		free(sec->vars);
		free(sec->dead);
		free(sec->chunks);
		for (k = 0; k < BK_BTF_EXT_KIND_CNT; k++)
			free(sec->ext[k].recs);
	}
	free(l->secs);
	for (i = 0; i < l->glob_cnt; i++)
		free(l->globs[i].map);
	free(l->globs);
	free(l->syms);
	free(l->ext_protos);
	bk_ld_free_ar_members(l);
	bk_ld_gc_free(l->gc);
	for (i = 0; i < l->input_cnt; i++)
		free(l->inputs[i]);
	free(l->inputs);
	bk_hashmap__free(l->sec_by_name);
	bk_nametab__free(&l->glob_tab);
	bk_hashmap__free(l->static_names);
	free(l->names.buf);
	bk_strset__free(l->static_name_strs);
	bk_mbtf__free(&l->mbtf);
	bk_strset__release(&l->ext_strs);
	bk_btf_scratch__free(&l->btf_scratch);
	free(l->out_path);
	free(l);
}

static int add_input_name(struct bk_linker *l, const char *name)
{
	char *copy;

	if (bk_ensure_mem((void **)&l->inputs, &l->input_cap,
			  sizeof(*l->inputs), l->input_cnt + 1))
		return -ENOMEM;
	copy = strdup(name);
	if (!copy)
		return -ENOMEM;
	l->inputs[l->input_cnt++] = copy;
	return 0;
}

/* Read one input and check it before anything is taken from it. */
static int load_input(struct bk_linker *l, struct src_obj *obj, const void *buf,
		      size_t size)
{
	int err;

	err = bk_ld_open_input(l, obj, buf, size);
	err = err ?: bk_ld_check_out_sec_cnt(l, obj);
	err = err ?: bk_ld_check_elf(l, obj);
	err = err ?: bk_ld_load_input_btf(l, obj);
	err = err ?: bk_ld_check_btf(l, obj);
	err = err ?: bk_ld_index_input(l, obj);
	if (err == -ENOMEM)
		return bk_err(l->diag, err, "%s: out of memory", obj->name);
	return err;
}

static int link_obj(struct bk_linker *l, const char *name, const void *buf,
		    size_t size)
{
	struct src_obj obj = {};
	int err;

	if (l->failed || l->finalized)
		return bk_err(l->diag, -EINVAL,
			      "%s: linker cannot take more inputs", name);
	err = add_input_name(l, name);
	if (err)
		return bk_err(l->diag, err, "%s: out of memory", name);
	obj.name = l->inputs[l->input_cnt - 1];
	obj.file_idx = (int)l->input_cnt - 1;

	err = load_input(l, &obj, buf, size);
	err = err ?: bk_ld_append_sec_data(l, &obj);
	err = err ?: bk_ld_append_syms(l, &obj);
	err = err ?: bk_ld_append_relos(l, &obj);
	err = err ?: bk_ld_append_btf(l, &obj);
	err = err ?: bk_ld_append_btf_ext(l, &obj);

	bk_ld_free_obj(&obj);
	if (err)
		l->failed = true;
	return err;
}

/* Linking a file into itself would destroy the input when written. */
static int check_not_output(struct bk_linker *l, const char *path)
{
	if (l->out_path && bk_is_same_file(path, l->out_path)) {
		l->failed = true;
		return bk_err(l->diag, -EINVAL,
			      "%s: the output file is also an input", path);
	}
	return 0;
}

int bk_linker__add_file(struct bk_linker *l, const char *path)
{
	int err = check_not_output(l, path);

	if (err)
		return err;
	if (bk_ld_is_archive_file(path))
		return bk_linker__add_archive(l, path, false);
	return link_obj(l, path, NULL, 0);
}

/* Members go through link_obj() one by one, as archive_link.c picks them. */
int bk_linker__add_archive(struct bk_linker *l, const char *path, bool whole)
{
	struct ld_ar_sel *sel = NULL;
	struct ld_ar_pick pick;
	int err;

	if (l->failed || l->finalized)
		return bk_err(l->diag, -EINVAL,
			      "%s: linker cannot take more inputs", path);
	err = check_not_output(l, path);
	err = err ?: bk_ld_ar_open(l, path, whole, &sel);
	while (!err && (err = bk_ld_ar_next(l, sel, &pick)) > 0) {
		err = link_obj(l, pick.name, pick.buf, pick.size);
		err = err ?: bk_ld_ar_linked(l, sel);
	}
	bk_ld_ar_close(sel);
	if (err)
		l->failed = true;
	return err;
}

int bk_linker__add_buf(struct bk_linker *l, const void *buf, size_t size,
		       const char *name)
{
	if (!buf)
		return bk_err(l->diag, -EINVAL, "%s: no data", name);
	return link_obj(l, name, buf, size);
}

int bk_linker__check_buf(const void *buf, size_t size, const char *name,
			 const struct bk_diag *diag)
{
	struct bk_linker_opts opts = {.sz = sizeof(opts), .diag = diag};
	struct bk_linker *l = bk_linker__new(NULL, &opts);
	int err;

	if (!l)
		return bk_err(diag, -errno, "%s: %s", name, strerror(errno));
	err = bk_linker__add_buf(l, buf, size, name);
	bk_linker__free(l);
	return err;
}

int bk_linker__check_input_buf(const void *buf, size_t size, const char *name,
			       const struct bk_diag *diag)
{
	struct bk_linker_opts opts = {.sz = sizeof(opts), .diag = diag};
	struct bk_linker *l = bk_linker__new(NULL, &opts);
	struct src_obj obj = {.name = name};
	int err;

	if (!l)
		return bk_err(diag, -errno, "%s: %s", name, strerror(errno));
	err = load_input(l, &obj, buf, size);
	bk_ld_free_obj(&obj);
	bk_linker__free(l);
	return err;
}

/* Finalizing consumes the linked data: it happens once. */
static int finalize_into(struct bk_linker *l, struct bk_elf_out *out)
{
	int err;

	if (l->failed)
		return bk_err(l->diag, -EINVAL,
			      "cannot finalize after a failed link step");
	if (l->finalized)
		return bk_err(l->diag, -EINVAL, "already finalized");
	err = bk_ld_finalize_output(l, out);
	if (err)
		l->failed = true;
	else
		l->finalized = true;
	return err;
}

/* Devices, FIFOs and files written in place take the bytes in order. */
static int finalize_in_place(struct bk_linker *l, struct bk_out_file *file)
{
	void *buf = NULL;
	size_t size = 0;
	int err;

	err = bk_linker__finalize_mem(l, &buf, &size);
	err = err ?: bk_out_file__write(file, buf, size, l->diag);
	free(buf);
	return err;
}

int bk_linker__finalize(struct bk_linker *l)
{
	struct bk_elf_out *out = NULL;
	struct bk_out_file file;
	int err;

	if (!l->out_path)
		return bk_err(l->diag, -EINVAL, "no output file was given");
	err = bk_out_file__open(&file, l->out_path, l->diag);
	if (err) {
		l->failed = true;
		return err;
	}
	if (bk_out_file__is_in_place(&file)) {
		err = finalize_in_place(l, &file);
	} else {
		out = bk_elf_out__new(file.fd, l->out_path, l->diag);
		err = out ? finalize_into(l, out) : -ENOMEM;
	}
	err = err ?: bk_out_file__commit(&file, l->diag);
	bk_out_file__abort(&file);
	bk_elf_out__free(out);
	if (err)
		l->failed = true;
	return err;
}

int bk_linker__finalize_mem(struct bk_linker *l, void **buf, size_t *size)
{
	struct bk_elf_out *out = bk_elf_out__new(-1, "(memory)", l->diag);
	int err;

	err = out ? finalize_into(l, out) : -ENOMEM;
	if (!err) {
		*buf = bk_elf_out__take(out, size);
		if (!*buf)
			err = bk_err(l->diag, -ENOMEM, "out of memory");
	}
	bk_elf_out__free(out);
	return err;
}

/* ---- the link report ------------------------------------------------- */

const char *bk_link_sym_kind__str(enum bk_link_sym_kind kind)
{
	switch (kind) {
	case BK_LINK_SYM_FUNC:
		return "func";
	case BK_LINK_SYM_VAR:
		return "var";
	case BK_LINK_SYM_MAP:
		return "map";
	case BK_LINK_SYM_KCONFIG:
		return "kconfig";
	case BK_LINK_SYM_KSYM:
		return "ksym";
	}
	return "unknown";
}

size_t bk_linker__input_cnt(const struct bk_linker *l)
{
	return l->input_cnt;
}

const char *bk_linker__input_name(const struct bk_linker *l, size_t idx)
{
	return idx < l->input_cnt ? l->inputs[idx] : NULL;
}

size_t bk_linker__sym_cnt(const struct bk_linker *l)
{
	return l->finalized ? l->glob_cnt : 0;
}

int bk_linker__sym(const struct bk_linker *l, size_t idx,
		   struct bk_link_sym *sym)
{
	const struct glob_sym *g;

	if (!l->finalized || idx >= l->glob_cnt)
		return -EINVAL;
	g = &l->globs[idx];
	memset(sym, 0, sizeof(*sym));
	sym->name = bk_ld_glob_name(l, g);
	sym->kind = g->kind;
	sym->def_file = g->def_file >= 0 ? l->inputs[g->def_file] : NULL;
	if (g->sec_id >= 0 && (g->def_file >= 0 || g->ext_entry))
		sym->section = l->secs[g->sec_id].name;
	sym->is_extern = g->is_extern;
	sym->is_weak = g->is_weak;
	sym->is_hidden = g->hidden;
	sym->def_weak = g->def_weak;
	sym->def_cnt = g->def_cnt;
	sym->weak_def_cnt = g->weak_def_cnt;
	sym->decl_cnt = g->decl_cnt;
	sym->is_removed = l->syms[g->sym].dropped;
	return 0;
}
