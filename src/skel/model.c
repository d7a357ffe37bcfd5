// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The skeleton model: the object opened by libbpf exactly as a skeleton
 * opens it at run time, reduced to the maps, programs and data-section
 * variables that become fields, then checked so that no field is ambiguous
 * or lies about where its bytes are.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "skel_internal.h"
#include "../btf/btf.h"
#include "../elf/elf.h"
#include "../lib/hashmap.h"
#include "../lib/mem.h"

static int err_nomem(const struct skel *skel)
{
	return bk_err(skel->diag, -ENOMEM, "%s: out of memory", skel->path);
}

/*
 * libbpf treats bad BTF as optional and drops it with a warning, and trusts
 * what it keeps; a skeleton cannot do without BTF, so it is required here
 * and validated (with .BTF.ext) before libbpf walks it.
 */
static int check_btf(struct skel *skel, const struct bk_elf *elf)
{
	const struct bk_elf_sec *sec = bk_elf__find_sec(elf, ".BTF");
	struct bk_btf_ext *ext = NULL;
	struct btf *btf = NULL;
	int err;

	if (!sec || !sec->data)
		return bk_err(
			skel->diag, -ENOENT,
			"%s: no BTF (.BTF section): a skeleton needs it; compile with clang -g",
			skel->path);
	err = bk_btf__parse_elf(elf, skel->diag, &btf, &ext);
	bk_btf_ext__free(ext);
	btf__free(btf);
	return err;
}

static int open_object(struct skel *skel)
{
	/* The object name is the one the skeleton gives libbpf at run time. */
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = skel->obj_name);

	skel->obj = bpf_object__open_mem(skel->elf_buf, skel->elf_sz, &opts);
	if (!skel->obj)
		return bk_err(skel->diag, -errno,
			      "%s: libbpf cannot open the object: %s",
			      skel->path, strerror(errno));
	skel->btf = bpf_object__btf(skel->obj);
	if (!skel->btf)
		return bk_err(skel->diag, -ENOENT, "%s: libbpf found no BTF",
			      skel->path);
	return 0;
}

static int cmp_var_offset(const void *a, const void *b)
{
	const struct skel_var *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->btf_idx < y->btf_idx ? -1 : x->btf_idx > y->btf_idx;
}

/*
 * Static variables are not fields, as in bpftool: two linked files may each
 * have one of the same name, and libbpf makes __hidden globals static too.
 */
static int collect_sec_vars(struct skel *skel, struct skel_sec *sec,
			    const struct btf_type *datasec)
{
	const struct btf_var_secinfo *vi = btf_var_secinfos(datasec);
	size_t i, vlen = btf_vlen(datasec);

	sec->vars = calloc(vlen ?: 1, sizeof(*sec->vars));
	if (!sec->vars)
		return err_nomem(skel);
	for (i = 0; i < vlen; i++, vi++) {
		const struct btf_type *t = btf__type_by_id(skel->btf, vi->type);
		struct skel_var *var = &sec->vars[sec->var_cnt];
		long long size;

		if (!t || !btf_is_var(t))
			return bk_err(
				skel->diag, -EINVAL,
				"%s: section '%s': entry #%zu is not a variable",
				skel->path, sec->real_name, i);
		if (btf_var(t)->linkage == BTF_VAR_STATIC)
			continue;
		var->name = btf__name_by_offset(skel->btf, t->name_off);
		var->type_id = t->type;
		var->offset = vi->offset;
		var->btf_idx = i;
		size = btf__resolve_size(skel->btf, t->type);
		if (size < 0)
			return bk_err(
				skel->diag, (int)size,
				"%s: section '%s': variable '%s': cannot size its type #%u",
				skel->path, sec->real_name, var->name, t->type);
		var->size = size;
		var->ident = bk_skel__sanitize(var->name);
		if (!var->ident)
			return err_nomem(skel);
		sec->var_cnt++;
	}
	/* libbpf sorts them already; a field order must not depend on it. */
	qsort(sec->vars, sec->var_cnt, sizeof(*sec->vars), cmp_var_offset);
	return 0;
}

/* Each variable must fit its section and end before the next one starts. */
static int check_sec_layout(const struct skel *skel, const struct skel_sec *sec,
			    __u32 sec_sz)
{
	size_t i;

	for (i = 0; i < sec->var_cnt; i++) {
		const struct skel_var *v = &sec->vars[i], *prev = v - 1;

		if (v->offset + (__u64)v->size > sec_sz)
			return bk_err(
				skel->diag, -EINVAL,
				"%s: section '%s': variable '%s' (offset %u, size %zu) extends beyond the section's %u bytes",
				skel->path, sec->real_name, v->name, v->offset,
				v->size, sec_sz);
		if (i && prev->offset + (__u64)prev->size > v->offset)
			return bk_err(
				skel->diag, -EINVAL,
				"%s: section '%s': variables '%s' (offset %u, size %zu) and '%s' (offset %u) overlap",
				skel->path, sec->real_name, prev->name,
				prev->offset, prev->size, v->name, v->offset);
	}
	return 0;
}

/*
 * The section an internal map stands for: its DATASEC's name, or for maps
 * without one (.rodata.str1.1) the map name without libbpf's object-name
 * prefix. Skeletons look internal maps up by this name, which libbpf
 * matches whatever object name the caller opens the object with.
 */
static const char *internal_map_sec(const struct skel *skel,
				    const struct bpf_map *map,
				    const struct btf_type **datasec)
{
	__u32 id = bpf_map__btf_value_type_id(map);
	const struct btf_type *t = id ? btf__type_by_id(skel->btf, id) : NULL;
	const char *name = bpf_map__name(map), *dot;

	*datasec = t && btf_is_datasec(t) ? t : NULL;
	if (*datasec)
		return btf__name_by_offset(skel->btf, t->name_off);
	dot = strchr(name, '.');
	return dot ?: name;
}

static int add_sec(struct skel *skel, struct skel_map *m,
		   const struct btf_type *datasec)
{
	struct skel_sec *sec = &skel->secs[skel->sec_cnt];
	int err;

	sec->real_name = m->name;
	sec->ident = strdup(m->ident);
	if (!sec->ident)
		return err_nomem(skel);
	sec->keep_mods = strcmp(m->name, ".kconfig") == 0;
	sec->has_btf = datasec != NULL;
	m->sec_idx = skel->sec_cnt++;
	if (!datasec)
		return 0;
	err = collect_sec_vars(skel, sec, datasec);
	return err ?: check_sec_layout(skel, sec, datasec->size);
}

static int collect_maps(struct skel *skel)
{
	struct bpf_map *map;
	size_t cnt = 0;
	int err;

	for (map = bpf_object__next_map(skel->obj, NULL); map;
	     map = bpf_object__next_map(skel->obj, map))
		cnt++;
	skel->maps = calloc(cnt ?: 1, sizeof(*skel->maps));
	skel->secs = calloc(cnt ?: 1, sizeof(*skel->secs));
	if (!skel->maps || !skel->secs)
		return err_nomem(skel);
	for (map = bpf_object__next_map(skel->obj, NULL); map;
	     map = bpf_object__next_map(skel->obj, map)) {
		struct skel_map *m = &skel->maps[skel->map_cnt++];
		const struct btf_type *datasec = NULL;

		m->sec_idx = -1;
		m->name = bpf_map__is_internal(map)
				  ? internal_map_sec(skel, map, &datasec)
				  : bpf_map__name(map);
		/* ".data.custom" becomes the field "data_custom". */
		m->ident = bk_skel__sanitize(m->name + (m->name[0] == '.'));
		if (!m->ident)
			return err_nomem(skel);
		if (!bpf_map__is_internal(map) ||
		    !(bpf_map__map_flags(map) & BPF_F_MMAPABLE))
			continue;
		err = add_sec(skel, m, datasec);
		if (err)
			return err;
	}
	return 0;
}

static int collect_progs(struct skel *skel)
{
	struct bpf_program *prog;
	size_t cnt = 0;

	for (prog = bpf_object__next_program(skel->obj, NULL); prog;
	     prog = bpf_object__next_program(skel->obj, prog))
		cnt++;
	skel->progs = calloc(cnt ?: 1, sizeof(*skel->progs));
	if (!skel->progs)
		return err_nomem(skel);
	for (prog = bpf_object__next_program(skel->obj, NULL); prog;
	     prog = bpf_object__next_program(skel->obj, prog)) {
		struct skel_prog *p = &skel->progs[skel->prog_cnt++];

		p->name = bpf_program__name(prog);
		p->sec_name = bpf_program__section_name(prog);
		p->ident = bk_skel__sanitize(p->name);
		if (!p->ident)
			return err_nomem(skel);
	}
	return 0;
}

/*
 * Two things that would become the same field cannot both be reached: a
 * skeleton would either not compile or silently bind one of them. Each
 * namespace (maps, progs, one section's variables) is checked with a map
 * from field name to the index of its first owner.
 */
struct ident_ns {
	const char *what; /* "maps", "progs", "bss", ... */
	const char *(*describe)(const struct skel *skel, const void *owners,
				size_t idx, char *buf, size_t buf_sz);
	const void *owners;
	size_t cnt;
	size_t elem_sz;
	size_t name_off;  /* offsetof the const char *name member */
	size_t ident_off; /* offsetof the char *ident member */
};

static const char *describe_map(const struct skel *skel, const void *owners,
				size_t idx, char *buf, size_t sz)
{
	const struct skel_map *m = (const struct skel_map *)owners + idx;

	snprintf(buf, sz, "%s '%s'", m->name[0] == '.' ? "section" : "map",
		 m->name);
	return buf;
}

static const char *describe_prog(const struct skel *skel, const void *owners,
				 size_t idx, char *buf, size_t sz)
{
	const struct skel_prog *p = (const struct skel_prog *)owners + idx;

	snprintf(buf, sz, "program '%s' (section '%s')", p->name, p->sec_name);
	return buf;
}

static const char *describe_var(const struct skel *skel, const void *owners,
				size_t idx, char *buf, size_t sz)
{
	const struct skel_var *v = (const struct skel_var *)owners + idx;

	snprintf(buf, sz, "variable '%s' (offset %u)", v->name, v->offset);
	return buf;
}

static const char *ns_str(const struct ident_ns *ns, size_t idx, size_t off)
{
	const char *owner = (const char *)ns->owners + idx * ns->elem_sz;

	return *(const char *const *)(owner + off);
}

static int report_clash(const struct skel *skel, const struct ident_ns *ns,
			size_t first_idx, size_t idx)
{
	bool same = strcmp(ns_str(ns, first_idx, ns->name_off),
			   ns_str(ns, idx, ns->name_off)) == 0;
	char first[256], second[256];

	ns->describe(skel, ns->owners, first_idx, first, sizeof(first));
	ns->describe(skel, ns->owners, idx, second, sizeof(second));
	return bk_err(
		skel->diag, -EEXIST,
		"%s: %s and %s would both be the skeleton field '%s.%s'%s",
		skel->path, first, second, ns->what,
		ns_str(ns, idx, ns->ident_off),
		same ? " (static definitions from two linked files?)" : "");
}

static int check_ns(const struct skel *skel, const struct ident_ns *ns)
{
	struct bk_hashmap *seen;
	uintptr_t prev;
	size_t i;
	int err = 0;

	seen = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!seen)
		return err_nomem(skel);
	for (i = 0; i < ns->cnt && !err; i++) {
		const char *ident = ns_str(ns, i, ns->ident_off);

		err = bk_hashmap__add(seen, (uintptr_t)ident, i);
		if (err == -ENOMEM) {
			err = err_nomem(skel);
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
		.name_off = offsetof(__typeof__(*(arr)), name),            \
		.ident_off = offsetof(__typeof__(*(arr)), ident),          \
	}

static int check_idents(const struct skel *skel)
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

/* A defined global data symbol: where the code's relocations point. */
struct data_sym {
	const char *sec_name;
	__u64 value;
};

static bool is_global_data_sym(const Elf64_Sym *sym, size_t sec_cnt)
{
	int bind = ELF64_ST_BIND(sym->st_info);

	return (bind == STB_GLOBAL || bind == STB_WEAK) &&
	       ELF64_ST_TYPE(sym->st_info) == STT_OBJECT &&
	       sym->st_shndx != SHN_UNDEF && sym->st_shndx < sec_cnt;
}

/* Global data symbols by name; returns NULL and reports on error. */
static struct bk_hashmap *index_data_syms(const struct skel *skel,
					  const struct bk_elf *elf,
					  struct data_sym **syms)
{
	const struct bk_elf_sec *symtab = NULL, *strtab;
	struct bk_hashmap *index = NULL;
	size_t i, cnt, sec_cnt = bk_elf__sec_cnt(elf), n = 0;

	for (i = 1; i < sec_cnt && !symtab; i++) {
		if (bk_elf__sec(elf, i)->shdr.sh_type == SHT_SYMTAB)
			symtab = bk_elf__sec(elf, i);
	}
	strtab = symtab ? bk_elf__sec(elf, symtab->shdr.sh_link) : NULL;
	if (!symtab || !symtab->data || !strtab || !strtab->data ||
	    ((const char *)strtab->data)[strtab->size - 1]) {
		bk_err(skel->diag, -EINVAL,
		       "%s: no symbol table with a valid string table",
		       skel->path);
		return NULL;
	}
	cnt = symtab->size / sizeof(Elf64_Sym);
	*syms = calloc(cnt ?: 1, sizeof(**syms));
	index = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!*syms || !index)
		goto nomem;
	for (i = 1; i < cnt; i++) {
		const Elf64_Sym *sym = (const Elf64_Sym *)symtab->data + i;
		struct data_sym *ds;

		if (!is_global_data_sym(sym, sec_cnt) ||
		    sym->st_name >= strtab->size)
			continue;
		ds = &(*syms)[n++];
		ds->sec_name = bk_elf__sec(elf, sym->st_shndx)->name;
		ds->value = sym->st_value;
		if (bk_hashmap__set(index,
				    (uintptr_t)strtab->data + sym->st_name,
				    (uintptr_t)ds))
			goto nomem;
	}
	return index;
nomem:
	bk_hashmap__free(index);
	err_nomem(skel);
	return NULL;
}

/*
 * Code reaches a global through its ELF symbol, a skeleton field through
 * its DATASEC entry: a linker that updates one and not the other (bpftool
 * 7.1 does, for a __weak variable overridden by a later strong one) makes a
 * field read bytes the program never touches. Refuse such objects.
 */
static int check_var_symbols(const struct skel *skel, const struct bk_elf *elf)
{
	struct data_sym *syms = NULL;
	struct bk_hashmap *index;
	size_t i, j;
	int err = 0;

	index = index_data_syms(skel, elf, &syms);
	if (!index) {
		free(syms);
		return -EINVAL;
	}
	for (i = 0; i < skel->sec_cnt && !err; i++) {
		const struct skel_sec *sec = &skel->secs[i];

		/* .kconfig holds externs, laid out by libbpf itself. */
		if (sec->keep_mods)
			continue;
		for (j = 0; j < sec->var_cnt && !err; j++) {
			const struct skel_var *v = &sec->vars[j];
			uintptr_t found;
			const struct data_sym *s;

			if (!bk_hashmap__find(index, (uintptr_t)v->name,
					      &found))
				continue;
			s = (const struct data_sym *)found;
			if (strcmp(s->sec_name, sec->real_name) == 0 &&
			    s->value == v->offset)
				continue;
			err = bk_err(
				skel->diag, -EINVAL,
				"%s: section '%s': variable '%s' is at offset %u in BTF but its symbol is at offset %llu of section '%s': the object was linked inconsistently and its skeleton field would read the wrong bytes",
				skel->path, sec->real_name, v->name, v->offset,
				(unsigned long long)s->value, s->sec_name);
		}
	}
	bk_hashmap__free(index);
	free(syms);
	return err;
}

int bk_skel__model_load(struct skel *skel)
{
	struct bk_elf *elf;
	int err;

	elf = bk_elf__open_mem(skel->elf_buf, skel->elf_sz, skel->path,
			       BK_ELF_BPF_OBJ, skel->diag);
	if (!elf)
		return -errno;
	err = check_btf(skel, elf);
	err = err ?: open_object(skel);
	err = err ?: collect_maps(skel);
	err = err ?: collect_progs(skel);
	err = err ?: check_idents(skel);
	err = err ?: check_var_symbols(skel, elf);
	bk_elf__free(elf);
	return err;
}

void bk_skel__model_free(struct skel *skel)
{
	size_t i, j;

	for (i = 0; i < skel->sec_cnt; i++) {
		for (j = 0; j < skel->secs[i].var_cnt; j++)
			free(skel->secs[i].vars[j].ident);
		free(skel->secs[i].vars);
		free(skel->secs[i].ident);
	}
	for (i = 0; i < skel->map_cnt; i++)
		free(skel->maps[i].ident);
	for (i = 0; i < skel->prog_cnt; i++)
		free(skel->progs[i].ident);
	free(skel->secs);
	free(skel->maps);
	free(skel->progs);
	bpf_object__close(skel->obj);
}
