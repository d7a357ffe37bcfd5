// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Finalize: under gc, cut unreachable code (gc.c); compact away bytes of
 * losing definitions, settle relocations,
 * build BTF and BTF.ext, then lay the object out in a fixed order that
 * depends only on what was linked:
 *
 *	null, .strtab, .symtab, sections (in the order they became real),
 *	their .rel sections (same order), .BTF, .BTF.ext
 *
 * Symbols: the null symbol, locals in arrival order, then globals in the
 * order they were first seen. .strtab holds section names, then symbol
 * names, in that order, not deduplicated (no hashing at the end). Linking
 * the result again reproduces it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linker_internal.h"
#include "btf_canon.h"
#include "btf_link.h"
#include "dead_bytes.h"
#include "finalize.h"
#include "gc.h"
#include "merged_btf.h"
#include "relocs.h"
#include "../elf/elf.h"

#define FIRST_SEC_IDX 3 /* after null, .strtab, .symtab */

struct layout {
	int *order; /* real dst sec ids in output order */
	size_t real_cnt;
	struct bk_elf_wsec *wsecs; /* every section header, in index order */
	size_t wsec_cnt;
	size_t btf_idx; /* 0: no .BTF */
	size_t ext_idx; /* 0: no .BTF.ext */
	Elf64_Sym *syms;
	size_t sym_cnt;
	size_t first_global;
	struct bk_arena strtab; /* section names, then symbol names */
};

/*
 * Offsets of the surviving bytes moved: move the symbols that point at
 * them (DATASEC entries are placed from these in btf_link.c).
 */
static void apply_compaction(struct bk_linker *l)
{
	size_t i;

	for (i = 1; i < l->sym_cnt; i++) {
		struct dst_sym *s = &l->syms[i];

		if (s->sec_id >= 0 && l->secs[s->sec_id].compacted &&
		    ELF64_ST_TYPE(s->sym.st_info) != STT_SECTION)
			s->sym.st_value = bk_ld_remap_sec_off(
				&l->secs[s->sec_id], s->sym.st_value);
	}
}

/*
 * A definition keeps its own binding, so a weak one stays overridable when
 * the output is linked again; an extern is weak only if every reference
 * was. Hidden visibility is contagious.
 */
static void settle_glob_syms(struct bk_linker *l)
{
	size_t i;

	for (i = 0; i < l->glob_cnt; i++) {
		struct glob_sym *g = &l->globs[i];
		Elf64_Sym *s = &l->syms[g->sym].sym;

		if (!g->is_extern)
			g->is_weak = g->def_weak;
		s->st_info = ELF64_ST_INFO(g->is_weak ? STB_WEAK : STB_GLOBAL,
					   ELF64_ST_TYPE(s->st_info));
		s->st_other = g->hidden ? STV_HIDDEN : STV_DEFAULT;
	}
}

static int cmp_real_seq(const void *a, const void *b, void *ctx)
{
	const struct bk_linker *l = ctx;
	size_t x = l->secs[*(const int *)a].real_seq;
	size_t y = l->secs[*(const int *)b].real_seq;

	return x < y ? -1 : x > y;
}

static int order_secs(struct bk_linker *l, struct layout *lo)
{
	size_t i;

	lo->order = malloc((l->sec_cnt ?: 1) * sizeof(*lo->order));
	if (!lo->order)
		return -ENOMEM;
	for (i = 0; i < l->sec_cnt; i++) {
		if (!l->secs[i].ephemeral)
			lo->order[lo->real_cnt++] = i;
	}
	qsort_r(lo->order, lo->real_cnt, sizeof(*lo->order), cmp_real_seq, l);
	return 0;
}

static struct bk_elf_wsec *add_wsec(struct layout *lo, const char *name,
				    __u32 type)
{
	struct bk_elf_wsec *w = &lo->wsecs[lo->wsec_cnt++];
	int off = bk_arena__add(&lo->strtab, name);

	memset(w, 0, sizeof(*w));
	w->name = off < 0 ? 0 : off;
	w->type = type;
	w->addralign = 1;
	return off < 0 ? NULL : w;
}

/* Every section header but the data of .strtab and .symtab. */
static int lay_out_secs(struct bk_linker *l, struct layout *lo)
{
	size_t i, max = FIRST_SEC_IDX + 2 * lo->real_cnt + 2;
	struct bk_elf_wsec *w;
	char *rel_name;

	lo->wsecs = calloc(max, sizeof(*lo->wsecs));
	if (!lo->wsecs)
		return -ENOMEM;
	lo->wsec_cnt = 1; /* the null section */
	if (!add_wsec(lo, ".strtab", SHT_STRTAB) ||
	    !add_wsec(lo, ".symtab", SHT_SYMTAB))
		return -ENOMEM;
	for (i = 0; i < lo->real_cnt; i++) {
		struct dst_sec *sec = &l->secs[lo->order[i]];

		sec->elf_idx = lo->wsec_cnt;
		w = add_wsec(lo, sec->name, sec->shdr.sh_type);
		if (!w)
			return -ENOMEM;
		w->flags = sec->shdr.sh_flags;
		w->addralign = sec->shdr.sh_addralign;
		w->entsize = sec->shdr.sh_entsize;
		w->data = sec->data;
		w->size = sec->size;
	}
	for (i = 0; i < lo->real_cnt; i++) {
		struct dst_sec *sec = &l->secs[lo->order[i]];

		if (!sec->rel_cnt)
			continue;
		sec->rel_elf_idx = lo->wsec_cnt;
		if (asprintf(&rel_name, ".rel%s", sec->name) < 0)
			return -ENOMEM;
		w = add_wsec(lo, rel_name, SHT_REL);
		free(rel_name);
		if (!w)
			return -ENOMEM;
		w->flags = SHF_INFO_LINK;
		w->link = 2;
		w->info = sec->elf_idx;
		w->addralign = 8;
		w->entsize = sizeof(Elf64_Rel);
		w->data = sec->rels;
		w->size = sec->rel_cnt * sizeof(Elf64_Rel);
	}
	if (l->has_btf) {
		lo->btf_idx = lo->wsec_cnt;
		w = add_wsec(lo, ".BTF", SHT_PROGBITS);
		if (!w)
			return -ENOMEM;
		w->addralign = 4;
	}
	if (l->has_btf && bk_ld_has_btf_ext(l)) {
		lo->ext_idx = lo->wsec_cnt;
		w = add_wsec(lo, ".BTF.ext", SHT_PROGBITS);
		if (!w)
			return -ENOMEM;
		w->addralign = 4;
	}
	return 0;
}

static int emit_sym(struct bk_linker *l, struct layout *lo, size_t handle)
{
	struct dst_sym *ds = &l->syms[handle];
	Elf64_Sym *s = &lo->syms[lo->sym_cnt];
	const char *name = l->names.buf + ds->name_off;
	int off = 0;

	if (*name) {
		off = bk_arena__add(&lo->strtab, name);
		if (off < 0)
			return off;
	}
	*s = ds->sym;
	s->st_name = off;
	if (ds->sec_id >= 0)
		s->st_shndx = l->secs[ds->sec_id].elf_idx;
	else
		s->st_shndx = ds->sec_id == SYM_SEC_ABS ? SHN_ABS : SHN_UNDEF;
	ds->final_idx = lo->sym_cnt++;
	return 0;
}

static int lay_out_syms(struct bk_linker *l, struct layout *lo)
{
	size_t i;
	int pass, err;

	lo->syms = calloc(l->sym_cnt, sizeof(*lo->syms));
	if (!lo->syms)
		return -ENOMEM;
	lo->sym_cnt = 1;
	for (pass = 0; pass < 2; pass++) {
		if (pass == 1)
			lo->first_global = lo->sym_cnt;
		for (i = 1; i < l->sym_cnt; i++) {
			if (l->syms[i].is_local != (pass == 0) ||
			    l->syms[i].dropped)
				continue;
			err = emit_sym(l, lo, i);
			if (err)
				return err;
		}
	}
	lo->wsecs[2].link = 1;
	lo->wsecs[2].info = lo->first_global;
	lo->wsecs[2].addralign = 8;
	lo->wsecs[2].entsize = sizeof(Elf64_Sym);
	lo->wsecs[2].data = lo->syms;
	lo->wsecs[2].size = lo->sym_cnt * sizeof(Elf64_Sym);
	return 0;
}

/* Relocations name symbols by handle until now. */
static void finish_rels(struct bk_linker *l)
{
	size_t i, j;

	for (i = 0; i < l->sec_cnt; i++) {
		struct dst_sec *sec = &l->secs[i];

		for (j = 0; j < sec->rel_cnt; j++) {
			Elf64_Rel *r = &sec->rels[j];

			r->r_info = ELF64_R_INFO(
				l->syms[ELF64_R_SYM(r->r_info)].final_idx,
				ELF64_R_TYPE(r->r_info));
		}
	}
}

static int lay_out_object(struct bk_linker *l, struct layout *lo)
{
	int err;

	if (bk_arena__add(&lo->strtab, "") < 0)
		return -ENOMEM;
	err = order_secs(l, lo);
	err = err ?: lay_out_secs(l, lo);
	err = err ?: lay_out_syms(l, lo);
	if (err)
		return err;
	finish_rels(l);
	lo->wsecs[1].data = lo->strtab.buf;
	lo->wsecs[1].size = lo->strtab.len;
	return 0;
}

static void free_layout(struct layout *lo)
{
	free(lo->order);
	free(lo->wsecs);
	free(lo->syms);
	free(lo->strtab.buf);
}

/* Add section idx, then let its bytes go. */
static int emit(struct bk_elf_out *out, struct layout *lo, size_t idx,
		void **owner)
{
	int err = bk_elf_out__add(out, idx, &lo->wsecs[idx]);

	lo->wsecs[idx].data = NULL;
	if (owner) {
		free(*owner);
		*owner = NULL;
	}
	return err;
}

/* Everything but BTF: the biggest part, out before BTF needs memory. */
static int emit_elf_secs(struct bk_linker *l, struct layout *lo,
			 struct bk_elf_out *out)
{
	size_t i;
	int err = 0;

	for (i = 0; i < lo->real_cnt && !err; i++) {
		struct dst_sec *sec = &l->secs[lo->order[i]];

		err = emit(out, lo, sec->elf_idx, &sec->data);
	}
	for (i = 0; i < lo->real_cnt && !err; i++) {
		struct dst_sec *sec = &l->secs[lo->order[i]];

		if (sec->rel_cnt)
			err = emit(out, lo, sec->rel_elf_idx,
				   (void **)&sec->rels);
	}
	err = err ?: emit(out, lo, 2, (void **)&lo->syms);
	err = err ?: emit(out, lo, 1, (void **)&lo->strtab.buf);
	return err;
}

static int emit_btf(struct bk_linker *l, struct layout *lo,
		    struct bk_elf_out *out)
{
	struct btf_out btf;
	int err;

	if (!lo->btf_idx)
		return 0;
	err = bk_ld_finalize_btf(l, &btf);
	if (err)
		return err;
	{
		const struct bk_elf_part parts[] = {
			{&btf.hdr, sizeof(btf.hdr)},
			{btf.types, btf.types_len},
			{btf.strs, btf.strs_len},
		};

		lo->wsecs[lo->btf_idx].size =
			sizeof(btf.hdr) + btf.types_len + btf.strs_len;
		err = bk_elf_out__add_parts(out, lo->btf_idx,
					    &lo->wsecs[lo->btf_idx], parts,
					    ARRAY_SIZE(parts));
	}
	if (!err && lo->ext_idx) {
		lo->wsecs[lo->ext_idx].data = btf.ext;
		lo->wsecs[lo->ext_idx].size = btf.ext_size;
		err = emit(out, lo, lo->ext_idx, NULL);
	}
	bk_ld_free_btf_out(&btf);
	bk_mbtf__free_types(&l->mbtf); /* btf.types may have pointed there */
	return err;
}

/*
 * Everything that depends on final symbol values is settled first; then
 * sections go out (and are freed) before BTF dedup, the other big user
 * of memory, runs. out is a file or a memory buffer.
 */
int bk_ld_finalize_output(struct bk_linker *l, struct bk_elf_out *out)
{
	struct layout lo = {};
	int err;

	err = bk_ld_gc_code(l);
	err = err ?: bk_ld_compact_secs(l);
	if (err)
		return err;
	apply_compaction(l);
	bk_ld_fixup_relos(l);
	err = bk_ld_gc_fixup_code(l);
	if (err)
		return err;
	settle_glob_syms(l);
	err = bk_ld_prepare_btf(l);
	err = err ?: bk_ld_gc_btf(l);
	if (err)
		return err;
	err = lay_out_object(l, &lo);
	if (err == -ENOMEM)
		bk_err(l->diag, err, "out of memory");
	err = err ?: emit_elf_secs(l, &lo, out);
	err = err ?: emit_btf(l, &lo, out);
	err = err ?: bk_elf_out__finish(out, lo.wsecs, lo.wsec_cnt, 1, EM_BPF);
	free_layout(&lo);
	return err;
}
