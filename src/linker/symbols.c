// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Symbol phase. Locals are copied with their section and offset remapped
 * (one STT_SECTION symbol per output section). Globals go through one
 * hashed table keyed by name, where declarations meet:
 *   - strong + strong definition: error naming both inputs;
 *   - weak + weak: the first definition wins; strong beats weak either way;
 *   - extern + definition resolve to the definition (keeping its binding),
 *     extern + extern stay one extern, strong if any reference is;
 *   - hidden visibility is contagious;
 *   - every pair is checked through BTF (type_match.c, map_defs.c).
 * Bytes of losing data/map definitions are recorded as dead ranges.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linker_internal.h"
#include "dead_bytes.h"
#include "input.h"
#include "map_defs.h"
#include "merged_btf.h"
#include "symbols.h"
#include "type_match.h"
#include "../lib/mem.h"

/* DATASECs of externs that libbpf and the kernel resolve: no ELF bytes */
#define SEC_KCONFIG ".kconfig"
#define SEC_KSYMS ".ksyms"

/* One global declaration or definition of the input being added. */
struct decl {
	const char *name;
	const Elf64_Sym *sym;
	size_t sym_idx;
	bool is_def;
	bool is_weak;
	bool hidden;
	__u32 btf_id; /* input VAR/FUNC, 0 without BTF */
	enum bk_link_sym_kind kind;
	int sec_id; /* dst sec of the definition or of the extern's DATASEC */
	size_t off; /* dst offset of a definition */
	__u32 size; /* DATASEC size */
	struct map_def map;
};

struct dst_sym *bk_ld_add_dst_sym(struct bk_linker *l, int *handle)
{
	struct dst_sym *sym;

	if (bk_grow_mem((void **)&l->syms, &l->sym_cap, sizeof(*l->syms),
			l->sym_cnt + 1))
		return NULL;
	sym = &l->syms[l->sym_cnt];
	memset(sym, 0, sizeof(*sym));
	sym->sec_id = SYM_SEC_UNDEF;
	*handle = (int)l->sym_cnt++;
	return sym;
}

static int set_sym_name(struct bk_linker *l, struct dst_sym *sym,
			const char *name)
{
	int off = bk_arena__add(&l->names, name);

	if (off < 0)
		return off;
	sym->name_off = off;
	return 0;
}

/* ---- locals ---------------------------------------------------------- */

static void warn_static_dup(struct bk_linker *l, const struct src_obj *obj,
			    const char *name, bool is_map)
{
	int off = bk_strset__add_str(l->static_name_strs, name);
	uintptr_t first;

	if (off < 0)
		return;
	if (!bk_hashmap__find(l->static_names, off, &first)) {
		bk_hashmap__add(l->static_names, off, obj->file_idx);
		return;
	}
	if ((int)first == obj->file_idx)
		return;
	bk_warn(l->diag,
		"%s: static %s '%s' has the same name as one in %s (ambiguous for skeletons and look-ups by name)",
		obj->name, is_map ? "map" : "variable", name,
		bk_ld_file(l, first));
}

static int append_sec_sym(struct bk_linker *l, struct src_obj *obj, size_t idx,
			  struct dst_sec *dst)
{
	struct dst_sym *ds;
	int handle;

	if (!dst->sec_sym) {
		ds = bk_ld_add_dst_sym(l, &handle);
		if (!ds)
			return -ENOMEM;
		ds->sym.st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
		ds->sec_id = dst->id;
		ds->is_local = true;
		dst->sec_sym = handle;
	}
	obj->sym_map[idx] = dst->sec_sym;
	return 0;
}

static int append_local(struct bk_linker *l, struct src_obj *obj, size_t idx,
			const struct src_sec *src)
{
	const Elf64_Sym *sym = &obj->syms[idx];
	const char *name = obj->strs + sym->st_name;
	struct dst_sym *ds;
	int handle;

	if (ELF64_ST_TYPE(sym->st_info) == STT_SECTION)
		return append_sec_sym(l, obj, idx, &l->secs[src->dst_id]);
	ds = bk_ld_add_dst_sym(l, &handle);
	if (!ds || set_sym_name(l, ds, name))
		return -ENOMEM;
	ds->sym = *sym;
	ds->is_local = true;
	if (src) {
		ds->sec_id = src->dst_id;
		ds->sym.st_value += src->dst_off;
	} else {
		ds->sec_id = SYM_SEC_ABS;
	}
	obj->sym_map[idx] = handle;
	if (src && ELF64_ST_TYPE(sym->st_info) == STT_OBJECT && !src->is_exec &&
	    name[0] && name[0] != '.')
		warn_static_dup(l, obj, name, strcmp(src->name, SEC_MAPS) == 0);
	return 0;
}

/* ---- globals --------------------------------------------------------- */

static bool same_glob(const void *ctx, __u32 idx, const void *name)
{
	const struct bk_linker *l = ctx;

	return strcmp(bk_ld_glob_name(l, &l->globs[idx]), name) == 0;
}

/*
 * Does the link so far need a definition of name: a global referenced
 * strongly at least once and defined nowhere yet? A weak reference alone
 * needs nothing (as in ld), and .kconfig/.ksyms externs are the loader's.
 */
bool bk_ld_needs_def(const struct bk_linker *l, const char *name)
{
	const struct glob_sym *g;
	long idx;

	idx = bk_nametab__find(&l->glob_tab, name, bk_str_hash(name), same_glob,
			       l);
	if (idx < 0)
		return false;
	g = &l->globs[idx];
	return g->is_extern && !g->is_weak && g->kind != BK_LINK_SYM_KCONFIG &&
	       g->kind != BK_LINK_SYM_KSYM;
}

static const char *kind_desc(enum bk_link_sym_kind kind)
{
	switch (kind) {
	case BK_LINK_SYM_FUNC:
		return "a function";
	case BK_LINK_SYM_VAR:
		return "a variable";
	case BK_LINK_SYM_MAP:
		return "a map";
	case BK_LINK_SYM_KCONFIG:
		return "a .kconfig extern";
	case BK_LINK_SYM_KSYM:
		return "a .ksyms extern";
	}
	return "?";
}

static const char *decl_datasec(const struct src_obj *obj, __u32 btf_id)
{
	__u32 ds = btf_id ? obj->datasec_of[btf_id] : 0;

	if (!ds)
		return NULL;
	return bk_bview__str(obj->btf, bk_bview__type(obj->btf, ds)->name_off);
}

static enum bk_link_sym_kind classify(const struct src_obj *obj,
				      const struct decl *d, const char *datasec)
{
	const char *sec = datasec;

	if (!sec && d->is_def)
		sec = obj->secs[d->sym->st_shndx].name;
	if (d->btf_id ? btf_is_func(bk_bview__type(obj->btf, d->btf_id))
		      : ELF64_ST_TYPE(d->sym->st_info) == STT_FUNC)
		return sec && strcmp(sec, SEC_KSYMS) == 0 ? BK_LINK_SYM_KSYM
							  : BK_LINK_SYM_FUNC;
	if (!sec)
		return BK_LINK_SYM_VAR;
	if (strcmp(sec, SEC_MAPS) == 0)
		return BK_LINK_SYM_MAP;
	if (strcmp(sec, SEC_KCONFIG) == 0)
		return BK_LINK_SYM_KCONFIG;
	if (strcmp(sec, SEC_KSYMS) == 0)
		return BK_LINK_SYM_KSYM;
	return BK_LINK_SYM_VAR;
}

static int fill_decl(struct bk_linker *l, struct src_obj *obj, size_t idx,
		     struct decl *d)
{
	const Elf64_Sym *sym = &obj->syms[idx];
	const char *ds;
	char why[256];

	memset(d, 0, sizeof(*d));
	d->sym = sym;
	d->sym_idx = idx;
	d->name = obj->strs + sym->st_name;
	d->is_def = sym->st_shndx != SHN_UNDEF;
	d->is_weak = ELF64_ST_BIND(sym->st_info) == STB_WEAK;
	d->hidden = ELF64_ST_VISIBILITY(sym->st_other) == STV_HIDDEN;
	d->btf_id = obj->sym_btf[idx];
	d->sec_id = -1;
	ds = decl_datasec(obj, d->btf_id);
	d->kind = classify(obj, d, ds);
	d->size = d->btf_id ? obj->secinfo_size[d->btf_id] : sym->st_size;
	if (d->is_def) {
		const struct src_sec *src = &obj->secs[sym->st_shndx];

		d->sec_id = src->dst_id;
		d->off = src->dst_off + sym->st_value;
		if (!d->btf_id || !obj->datasec_of[d->btf_id])
			d->size = sym->st_size;
	} else if (ds && strcmp(ds, SEC_EXTERN) != 0) {
		d->sec_id = bk_ld_find_src_sec(obj, ds)->dst_id;
	}
	if (d->kind != BK_LINK_SYM_MAP || !d->btf_id)
		return 0;
	if (bk_ld_parse_map_def(obj->btf, d->btf_id, &d->map, obj->file_idx,
				why, sizeof(why)))
		return bk_err(l->diag, -EINVAL, "%s: map '%s': %s", obj->name,
			      d->name, why);
	return 0;
}

static int new_glob(struct bk_linker *l, struct src_obj *obj,
		    const struct decl *d, __u32 hash, struct bk_slot *slot)
{
	struct dst_sym *ds;
	struct glob_sym *g;
	int handle;

	if (bk_grow_mem((void **)&l->globs, &l->glob_cap, sizeof(*l->globs),
			l->glob_cnt + 1))
		return -ENOMEM;
	ds = bk_ld_add_dst_sym(l, &handle);
	if (!ds || set_sym_name(l, ds, d->name))
		return -ENOMEM;
	ds->sym = *d->sym;
	ds->sec_id = d->is_def ? d->sec_id : SYM_SEC_UNDEF;
	ds->sym.st_value = d->is_def ? d->off : 0;

	g = &l->globs[l->glob_cnt];
	memset(g, 0, sizeof(*g));
	g->sym = handle;
	g->name_off = ds->name_off;
	g->kind = d->kind;
	g->sec_id = d->sec_id;
	g->size = d->size;
	g->is_extern = !d->is_def;
	g->is_weak = d->is_weak;
	g->def_weak = d->is_def && d->is_weak;
	g->hidden = d->hidden;
	g->has_btf = d->btf_id != 0;
	g->ext_entry = d->kind == BK_LINK_SYM_MAP ||
		       d->kind == BK_LINK_SYM_KCONFIG ||
		       d->kind == BK_LINK_SYM_KSYM;
	g->def_file = d->is_def ? obj->file_idx : -1;
	g->def_src_type = d->is_def ? d->btf_id : 0;
	g->canon_file = obj->file_idx;
	g->last_file = obj->file_idx;
	g->def_cnt = d->is_def;
	g->weak_def_cnt = d->is_def && d->is_weak;
	g->decl_cnt = 1;
	if (d->kind == BK_LINK_SYM_MAP && d->btf_id) {
		g->map = calloc(1, sizeof(*g->map));
		if (!g->map)
			return -ENOMEM;
		g->map->pending = true;
		g->map->pending_is_def = d->is_def;
		g->map->pend = d->map;
	}
	if (d->btf_id)
		obj->glob_of_type[d->btf_id] = l->glob_cnt + 1;
	obj->sym_map[d->sym_idx] = handle;
	bk_nametab__fill(&l->glob_tab, slot, hash, l->glob_cnt);
	l->glob_cnt++;
	return 0;
}

/* Where the reference declaration of g came from, for messages. */
static int ref_file(const struct glob_sym *g)
{
	return g->def_file >= 0 ? g->def_file : g->canon_file;
}

/* Output BTF id of the type g's declarations are checked against. */
static __u32 ref_type(const struct bk_linker *l, const struct glob_sym *g)
{
	if (!g->is_extern && g->def_type)
		return g->def_type;
	return bk_mbtf__type(&l->mbtf, g->btf_id)->type;
}

static void format_decl(const struct tsrc *ts, __u32 type_id, const char *name,
			bool is_func, char *buf, size_t size)
{
	char type[512];

	bk_ld_format_type(ts, type_id, type, sizeof(type));
	if (!is_func) {
		snprintf(buf, size, "%s", type);
		return;
	}
	/* "ret (args)" -> "ret name(args)" */
	{
		char *paren = strstr(type, " (");

		if (paren)
			snprintf(buf, size, "%.*s %s%s", (int)(paren - type),
				 type, name, paren + 1);
		else
			snprintf(buf, size, "%s", type);
	}
}

static int check_types(struct bk_linker *l, struct src_obj *obj,
		       struct glob_sym *g, const struct decl *d)
{
	const char *other = bk_ld_file(l, ref_file(g));
	struct tsrc here = {.v = obj->btf}, there = {.m = &l->mbtf};
	bool is_func = btf_is_func(bk_bview__type(obj->btf, d->btf_id));
	char sig1[512], sig2[512];
	struct type_diff diff = {};
	__u32 ref, id;

	ref = ref_type(l, g);
	id = bk_bview__type(obj->btf, d->btf_id)->type;
	if (bk_ld_types_compatible(&here, id, &there, ref, &diff) &&
	    !diff.note[0])
		return 0;
	format_decl(&here, id, d->name, is_func, sig1, sizeof(sig1));
	format_decl(&there, ref, d->name, is_func, sig2, sizeof(sig2));
	if (!diff.what[0]) {
		/* ints compare by size, as libbpf's: say so, for -d */
		bk_info(l->diag,
			"%s: symbol '%s': type '%s' links with '%s' in %s: %s",
			obj->name, d->name, sig1, sig2, other, diff.note);
		return 0;
	}
	return bk_err(
		l->diag, -EINVAL,
		"%s: symbol '%s': type '%s' does not match '%s' in %s: %s",
		obj->name, d->name, sig1, sig2, other, diff.what);
}

static int check_maps(struct bk_linker *l, struct src_obj *obj,
		      struct glob_sym *g, const struct decl *d)
{
	struct tsrc here = {.v = obj->btf}, there = {.m = &l->mbtf};
	struct map_info *m = g->map;

	if (!g->is_extern && m->has_def)
		/* two definitions agree fully; an extern, on what it states */
		return bk_ld_check_map_defs(
			l, d->name, &there, &m->def, bk_ld_file(l, g->def_file),
			&here, &d->map, obj->name,
			d->is_def ? MAP_CMP_EXACT : MAP_CMP_STATED_BY_2);
	if (m->has_req)
		return bk_ld_check_map_defs(l, d->name, &there, &m->req, NULL,
					    &here, &d->map, obj->name,
					    d->is_def ? MAP_CMP_STATED_BY_1
						      : MAP_CMP_STATED_BY_BOTH);
	return 0;
}

static int check_decl(struct bk_linker *l, struct src_obj *obj,
		      struct glob_sym *g, const struct decl *d)
{
	const char *other = bk_ld_file(l, ref_file(g));

	if (g->last_file == obj->file_idx)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': appears twice in the symbol table",
			obj->name, d->name);
	if (g->kind != d->kind)
		return bk_err(l->diag, -EINVAL,
			      "%s: symbol '%s': is %s here but %s in %s",
			      obj->name, d->name, kind_desc(d->kind),
			      kind_desc(g->kind), other);
	if (d->is_def && !g->is_extern && !d->is_weak && !g->def_weak)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': defined here and in %s, and neither definition is __weak",
			obj->name, d->name, bk_ld_file(l, g->def_file));
	if (d->sec_id >= 0 && g->sec_id >= 0 && d->sec_id != g->sec_id)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': in section '%s' here but in section '%s' in %s",
			obj->name, d->name, l->secs[d->sec_id].name,
			l->secs[g->sec_id].name, other);
	if (!d->btf_id || !g->has_btf)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': cannot be checked against %s: %s has no BTF for it",
			obj->name, d->name, other,
			d->btf_id ? other : obj->name);
	if (g->kind == BK_LINK_SYM_MAP)
		return check_maps(l, obj, g, d);
	return check_types(l, obj, g, d);
}

static void take_def(struct bk_linker *l, struct src_obj *obj,
		     struct glob_sym *g, const struct decl *d)
{
	struct dst_sym *ds = &l->syms[g->sym];

	ds->sym.st_info = ELF64_ST_INFO(ELF64_ST_BIND(ds->sym.st_info),
					ELF64_ST_TYPE(d->sym->st_info));
	ds->sec_id = d->sec_id;
	ds->sym.st_value = d->off;
	ds->sym.st_size = d->sym->st_size;
	g->is_extern = false;
	g->def_file = obj->file_idx;
	g->def_weak = d->is_weak;
	g->def_src_type = d->btf_id;
	g->def_type = 0; /* set once this input's BTF is appended */
	g->sec_id = d->sec_id;
	g->size = d->size;
	if (g->map) {
		g->map->pending = true;
		g->map->pending_is_def = true;
		g->map->pend = d->map;
	}
}

static int merge_glob(struct bk_linker *l, struct src_obj *obj,
		      struct glob_sym *g, const struct decl *d)
{
	int err = check_decl(l, obj, g, d);

	if (err)
		return err;
	g->last_file = obj->file_idx;
	g->decl_cnt++;
	if (!d->is_weak)
		g->is_weak = false;
	g->hidden |= d->hidden;
	if (d->btf_id)
		obj->glob_of_type[d->btf_id] = g - l->globs + 1;
	obj->sym_map[d->sym_idx] = g->sym;
	if (!d->is_def) {
		if (g->map && g->is_extern) {
			g->map->pending = true;
			g->map->pending_is_def = false;
			g->map->pend = d->map;
		}
		return 0;
	}
	g->def_cnt++;
	g->weak_def_cnt += d->is_weak;
	if (g->is_extern) {
		take_def(l, obj, g, d);
		return 0;
	}
	if (g->def_weak && !d->is_weak) {
		/* strong beats weak: the earlier weak bytes become dead */
		err = bk_ld_add_dead_range(l, &l->secs[g->sec_id],
					   l->syms[g->sym].sym.st_value,
					   l->syms[g->sym].sym.st_size);
		take_def(l, obj, g, d);
		return err;
	}
	/* this definition loses */
	return bk_ld_add_dead_range(l, &l->secs[d->sec_id], d->off,
				    d->sym->st_size);
}

static int append_global(struct bk_linker *l, struct src_obj *obj, size_t idx)
{
	struct bk_slot *slot;
	struct decl d;
	__u32 hash;
	long found;
	int err;

	hash = obj->sym_hash[idx];
	err = fill_decl(l, obj, idx, &d);
	if (err)
		return err;
	found = bk_nametab__probe(&l->glob_tab, d.name, hash, same_glob, l,
				  &slot);
	if (found == -1)
		return new_glob(l, obj, &d, hash, slot);
	if (found < 0)
		return found;
	return merge_glob(l, obj, &l->globs[found], &d);
}

/*
 * A function without instructions (a naked one with an empty body) in an
 * empty section. libbpf skips empty sections at open, but once a file's
 * code lands in a section of the same name the symbol would name a
 * zero-sized program there, which libbpf refuses as corrupted: drop it,
 * and its .BTF.ext records with it (btf_ext_link.c).
 */
static bool is_empty_func(const Elf64_Sym *sym, const struct src_sec *src)
{
	return src->is_exec && !src->size &&
	       ELF64_ST_TYPE(sym->st_info) == STT_FUNC;
}

int bk_ld_append_syms(struct bk_linker *l, struct src_obj *obj)
{
	size_t i;
	int err;

	for (i = 1; i < obj->sym_cnt; i++) {
		const Elf64_Sym *sym = &obj->syms[i];
		const struct src_sec *src = NULL;

		if (sym->st_shndx != SHN_UNDEF &&
		    sym->st_shndx < SHN_LORESERVE) {
			src = &obj->secs[sym->st_shndx];
			if (src->skipped || src->dst_id < 0)
				continue; /* DWARF, a duplicate license... */
			if (is_empty_func(sym, src))
				continue;
		}
		if (ELF64_ST_BIND(sym->st_info) == STB_LOCAL)
			err = append_local(l, obj, i, src);
		else
			err = append_global(l, obj, i);
		if (err == -ENOMEM)
			return bk_err(l->diag, err, "%s: out of memory",
				      obj->name);
		if (err)
			return err;
	}
	return 0;
}
