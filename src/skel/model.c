// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The model both generators print: the maps, programs and data-section
 * variables of one BPF object that become fields, with the names under
 * which libbpf 1.1 finds them in an opened object, read from the object's
 * ELF symbols and BTF, then checked so that no field is ambiguous or lies
 * about where its bytes are.
 *
 * libbpf's rules, as applied here:
 *   - maps: each variable of .maps, then one internal map per data section
 *     (.data, .data.*, .rodata, .rodata.* with contents, .bss, .bss.*) in
 *     ELF order named as the section, then .kconfig, then each variable of
 *     .struct_ops and .struct_ops.link;
 *   - a data section is memory-mapped when it holds a global variable;
 *     __hidden globals count as static;
 *   - programs: the global functions of code sections other than .text,
 *     by section then offset;
 *   - .kconfig externs are laid out by alignment (largest first), then size
 *     (smallest first), then name.
 * libbpf itself is not asked: libbpf 1.1.2 matches every global variable
 * to its symbol by a linear search, quadratic on large linked objects, and
 * cannot open a library whose externs only the application defines.
 *
 * A skeleton needs a complete object: an extern that no linked file
 * defined (other than .kconfig and .ksyms ones), an extern or static map,
 * or a static program is an error, as libbpf would fail to open it. A
 * subskeleton (lib) is made from a library: its own maps, and only data
 * sections holding its globals, are listed.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "skel_internal.h"
#include "../btf/btf.h"
#include "../elf/elf.h"
#include "../lib/hashmap.h"
#include "../linker/linker.h"

struct model {
	struct skel *skel;
	bool lib;
	struct skel_syms syms;
	struct bk_hashmap *datasecs; /* DATASEC name -> BTF type ID */
};

static int err_nomem(const struct skel *skel)
{
	return bk_err(skel->diag, -ENOMEM, "%s: out of memory", skel->path);
}

/* A skeleton cannot do without BTF. */
static int require_btf(const struct skel *skel)
{
	const struct bk_elf_sec *sec = bk_elf__find_sec(skel->elf, ".BTF");

	if (!sec || !sec->data)
		return bk_err(
			skel->diag, -ENOENT,
			"%s: no BTF (.BTF section): a generated header needs it; compile with clang -g",
			skel->path);
	return 0;
}

/*
 * The object as the linker checks its inputs (section table, symbols,
 * relocations, BTF): what libbpf would refuse to open is refused here,
 * before a header embeds it. The BTF it validated is then only parsed, and
 * .BTF.ext is checked once, by the BTF module: each is checked once.
 */
static int load_btf(struct skel *skel)
{
	struct bk_btf_ext *ext = NULL;
	int err;

	err = bk_linker__check_input_buf(skel->elf_buf, skel->elf_sz,
					 skel->path, skel->diag);
	err = err
		      ?: bk_btf__parse_elf_checked(skel->elf, skel->diag,
						   &skel->btf_owned, &ext);
	bk_btf_ext__free(ext);
	skel->btf = skel->btf_owned;
	return err;
}

static int index_datasecs(struct model *m)
{
	const struct btf *btf = m->skel->btf;
	size_t id, n = btf__type_cnt(btf);

	m->datasecs = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!m->datasecs)
		return err_nomem(m->skel);
	for (id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (btf_is_datasec(t) &&
		    bk_hashmap__set(
			    m->datasecs,
			    (uintptr_t)btf__name_by_offset(btf, t->name_off),
			    id))
			return err_nomem(m->skel);
	}
	return 0;
}

static const struct btf_type *find_datasec(const struct model *m,
					   const char *name)
{
	uintptr_t id;

	if (!bk_hashmap__find(m->datasecs, (uintptr_t)name, &id))
		return NULL;
	return btf__type_by_id(m->skel->btf, id);
}

static const char *var_name(const struct model *m, __u32 type_id)
{
	const struct btf_type *t = btf__type_by_id(m->skel->btf, type_id);

	return btf__name_by_offset(m->skel->btf, t->name_off);
}

/* Names declared in .kconfig and .ksyms: externs the loader resolves. */
static int index_loader_externs(const struct model *m, struct bk_hashmap *set)
{
	static const char *const secs[] = {".kconfig", ".ksyms"};
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(secs); i++) {
		const struct btf_type *ds = find_datasec(m, secs[i]);
		const struct btf_var_secinfo *vi;

		if (!ds)
			continue;
		vi = btf_var_secinfos(ds);
		for (j = 0; j < btf_vlen(ds); j++, vi++) {
			if (bk_hashmap__set(
				    set, (uintptr_t)var_name(m, vi->type), 1))
				return err_nomem(m->skel);
		}
	}
	return 0;
}

static bool is_extern_sym(const Elf64_Sym *sym)
{
	int bind = ELF64_ST_BIND(sym->st_info);

	return sym->st_shndx == SHN_UNDEF && sym->st_name &&
	       (bind == STB_GLOBAL || bind == STB_WEAK);
}

/* Every extern of a skeleton's object is one the loader resolves. */
static int check_externs(const struct model *m)
{
	const struct skel_syms *syms = &m->syms;
	struct bk_hashmap *loader;
	size_t i;
	int err;

	loader = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!loader)
		return err_nomem(m->skel);
	err = index_loader_externs(m, loader);
	for (i = 1; i < syms->cnt && !err; i++) {
		const char *name = bk_skel__sym_name(syms, &syms->syms[i]);

		if (!is_extern_sym(&syms->syms[i]) || !name ||
		    bk_hashmap__find(loader, (uintptr_t)name, NULL))
			continue;
		err = bk_err(
			m->skel->diag, -ENOENT,
			"%s: symbol '%s' is extern and defined nowhere: a skeleton needs the complete object (link the file that defines it; a library gets a subskeleton)",
			m->skel->path, name);
	}
	bk_hashmap__free(loader);
	return err;
}

static bool is_hidden(const Elf64_Sym *sym)
{
	int vis = ELF64_ST_VISIBILITY(sym->st_other);

	return vis == STV_HIDDEN || vis == STV_INTERNAL;
}

/*
 * Whether a DATASEC entry is a field, and where: a global the object
 * defines, at its DATASEC offset, or at its symbol's where clang left the
 * DATASEC unsized (objects no linker has seen). .kconfig entries are all
 * externs, laid out later.
 */
static bool data_var(const struct model *m, const struct btf_type *ds,
		     const struct btf_var_secinfo *vi, bool kconfig,
		     struct skel_var *var)
{
	const struct btf_type *t = btf__type_by_id(m->skel->btf, vi->type);
	const Elf64_Sym *sym;

	if (!btf_is_var(t))
		return false;
	var->name = btf__name_by_offset(m->skel->btf, t->name_off);
	var->type_id = t->type;
	var->offset = vi->offset;
	if (kconfig)
		return true;
	if (btf_var(t)->linkage != BTF_VAR_GLOBAL_ALLOCATED)
		return false;
	sym = bk_skel__syms_find(&m->syms, var->name);
	if (!sym || is_hidden(sym))
		return false;
	if (!ds->size)
		var->offset = sym->st_value;
	return true;
}

static int collect_vars(const struct model *m, struct skel_sec *sec,
			const struct btf_type *ds)
{
	const struct btf_var_secinfo *vi = btf_var_secinfos(ds);
	size_t i, vlen = btf_vlen(ds);

	sec->vars = calloc(vlen ?: 1, sizeof(*sec->vars));
	if (!sec->vars)
		return err_nomem(m->skel);
	for (i = 0; i < vlen; i++, vi++) {
		struct skel_var *var = &sec->vars[sec->var_cnt];
		long long size;

		if (!data_var(m, ds, vi, sec->keep_mods, var))
			continue;
		size = btf__resolve_size(m->skel->btf, var->type_id);
		if (size < 0)
			return bk_err(
				m->skel->diag, (int)size,
				"%s: section '%s': variable '%s': cannot size its type [%u]",
				m->skel->path, sec->real_name, var->name,
				var->type_id);
		var->size = size;
		var->btf_idx = i;
		var->ident = bk_skel__sanitize(var->name);
		if (!var->ident)
			return err_nomem(m->skel);
		sec->var_cnt++;
	}
	return 0;
}

static int cmp_var_offset(const void *a, const void *b)
{
	const struct skel_var *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->btf_idx < y->btf_idx ? -1 : x->btf_idx > y->btf_idx;
}

/* libbpf's order: largest alignment first, then smallest size, then name. */
static int cmp_kconfig(const void *a, const void *b)
{
	const struct skel_var *x = a, *y = b;

	if (x->align != y->align)
		return x->align > y->align ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int layout_kconfig(const struct model *m, struct skel_sec *sec)
{
	__u32 off = 0;
	size_t i;

	for (i = 0; i < sec->var_cnt; i++) {
		int align = btf__align_of(m->skel->btf, sec->vars[i].type_id);

		if (align <= 0)
			return bk_err(
				m->skel->diag, -EINVAL,
				"%s: section '.kconfig': cannot align '%s'",
				m->skel->path, sec->vars[i].name);
		sec->vars[i].align = align;
	}
	qsort(sec->vars, sec->var_cnt, sizeof(*sec->vars), cmp_kconfig);
	for (i = 0; i < sec->var_cnt; i++) {
		off = (off + sec->vars[i].align - 1) / sec->vars[i].align *
		      sec->vars[i].align;
		sec->vars[i].offset = off;
		off += sec->vars[i].size;
	}
	return 0;
}

/* Each variable must fit its section and end before the next one starts. */
static int check_sec_layout(const struct model *m, const struct skel_sec *sec,
			    __u64 sec_sz)
{
	const char *path = m->skel->path;
	size_t i;

	for (i = 0; i < sec->var_cnt; i++) {
		const struct skel_var *v = &sec->vars[i], *prev = v - 1;

		if (v->offset + (__u64)v->size > sec_sz)
			return bk_err(
				m->skel->diag, -EINVAL,
				"%s: section '%s': variable '%s' (offset %u, size %zu) extends beyond the section's %llu bytes",
				path, sec->real_name, v->name, v->offset,
				v->size, (unsigned long long)sec_sz);
		if (i && prev->offset + (__u64)prev->size > v->offset)
			return bk_err(
				m->skel->diag, -EINVAL,
				"%s: section '%s': variables '%s' (offset %u, size %zu) and '%s' (offset %u) overlap",
				path, sec->real_name, prev->name, prev->offset,
				prev->size, v->name, v->offset);
	}
	return 0;
}

static struct skel_map *add_map(struct model *m, const char *name)
{
	struct skel *skel = m->skel;
	struct skel_map *map = &skel->maps[skel->map_cnt];

	map->name = name;
	/* ".data.custom" becomes the field "data_custom". */
	map->ident = bk_skel__sanitize(name + (name[0] == '.'));
	map->sec_idx = -1;
	if (!map->ident) {
		err_nomem(skel);
		return NULL;
	}
	skel->map_cnt++;
	return map;
}

static void drop_vars(struct skel_sec *sec)
{
	size_t i;

	for (i = 0; i < sec->var_cnt; i++)
		free(sec->vars[i].ident);
	free(sec->vars);
	sec->vars = NULL;
	sec->var_cnt = 0;
}

/* In the order of their offsets; .kconfig's are set by layout_kconfig(). */
static int place_vars(const struct model *m, struct skel_sec *sec, __u64 sec_sz)
{
	int err = 0;

	if (sec->keep_mods) {
		err = layout_kconfig(m, sec);
		sec_sz = UINT64_MAX;
	}
	qsort(sec->vars, sec->var_cnt, sizeof(*sec->vars), cmp_var_offset);
	return err ?: check_sec_layout(m, sec, sec_sz);
}

/*
 * A data section (or .kconfig) and its internal map. Its struct lists the
 * global variables; with none, libbpf does not map it into memory, and a
 * library does not list it at all.
 */
static int add_data_sec(struct model *m, const char *name, __u64 elf_sz)
{
	const struct btf_type *ds = find_datasec(m, name);
	struct skel *skel = m->skel;
	struct skel_sec *sec = &skel->secs[skel->sec_cnt];
	struct skel_map *map;
	int err = 0;

	memset(sec, 0, sizeof(*sec));
	sec->real_name = name;
	sec->keep_mods = strcmp(name, ".kconfig") == 0;
	if (ds) {
		err = collect_vars(m, sec, ds);
		err = err ?: place_vars(m, sec, ds->size ?: elf_sz);
	}
	if (err || (m->lib && !sec->var_cnt)) {
		drop_vars(sec);
		return err;
	}
	map = add_map(m, name);
	if (!map || !sec->var_cnt) {
		drop_vars(sec);
		return map ? 0 : -ENOMEM;
	}
	sec->ident = strdup(map->ident);
	if (!sec->ident) {
		drop_vars(sec);
		return err_nomem(skel);
	}
	map->sec_idx = skel->sec_cnt++;
	return 0;
}

/* What libbpf 1.1 makes an internal data map of. */
static bool is_data_sec(const struct bk_elf_sec *sec)
{
	const GElf_Shdr *sh = &sec->shdr;

	if (sh->sh_type == SHT_NOBITS)
		return bk_skel__sec_has_pfx(sec->name, ".bss");
	return sh->sh_type == SHT_PROGBITS && sh->sh_size &&
	       !(sh->sh_flags & SHF_EXECINSTR) &&
	       (bk_skel__sec_has_pfx(sec->name, ".data") ||
		bk_skel__sec_has_pfx(sec->name, ".rodata"));
}

static int add_data_secs(struct model *m)
{
	const struct bk_elf *elf = m->skel->elf;
	size_t i, n = bk_elf__sec_cnt(elf);
	int err = 0;

	for (i = 1; i < n && !err; i++) {
		const struct bk_elf_sec *sec = bk_elf__sec(elf, i);

		if (is_data_sec(sec))
			err = add_data_sec(m, sec->name, sec->shdr.sh_size);
	}
	/* .kconfig is no ELF section; libbpf adds its map after them. */
	if (!err && find_datasec(m, ".kconfig"))
		err = add_data_sec(m, ".kconfig", 0);
	return err;
}

/*
 * Code reaches a global through its ELF symbol, a skeleton field or a
 * libbpf map through its DATASEC entry: a linker that updates one and not
 * the other (bpftool 7.1 does, for a __weak variable overridden by a later
 * strong one, and for a map declared extern before its definition) makes
 * a field read bytes the program never touches, or a map that libbpf
 * cannot match with its relocations. Refuse such objects.
 */
static int check_var_symbol(const struct model *m, const char *sec_name,
			    const char *name, __u32 btf_off, const Elf64_Sym *s,
			    bool is_map)
{
	const char *sym_sec = s ? bk_skel__sym_sec(&m->syms, s) : "";
	const char *what = is_map ? "map" : "variable";
	const char *harm =
		is_map ? "libbpf cannot match the map with the code using it"
		       : "its skeleton field would read the wrong bytes";

	if (s && strcmp(sym_sec, sec_name) == 0 && s->st_value == btf_off)
		return 0;
	if (!s)
		return bk_err(
			m->skel->diag, -EINVAL,
			"%s: section '%s': %s '%s' is at offset %u in BTF but has no symbol: the object was linked inconsistently and %s",
			m->skel->path, sec_name, what, name, btf_off, harm);
	return bk_err(
		m->skel->diag, -EINVAL,
		"%s: section '%s': %s '%s' is at offset %u in BTF but its symbol is at offset %llu of section '%s': the object was linked inconsistently and %s",
		m->skel->path, sec_name, what, name, btf_off,
		(unsigned long long)s->st_value, sym_sec, harm);
}

static int check_var_symbols(const struct model *m)
{
	const struct skel *skel = m->skel;
	size_t i, j;
	int err;

	for (i = 0; i < skel->sec_cnt; i++) {
		const struct skel_sec *sec = &skel->secs[i];

		/* .kconfig holds externs, laid out by the loader. */
		if (sec->keep_mods)
			continue;
		for (j = 0; j < sec->var_cnt; j++) {
			const struct skel_var *v = &sec->vars[j];

			err = check_var_symbol(
				m, sec->real_name, v->name, v->offset,
				bk_skel__syms_find(&m->syms, v->name), false);
			if (err)
				return err;
		}
	}
	return 0;
}

/*
 * Maps declared as variables of a DATASEC (.maps, .struct_ops), in the
 * order of their symbols. libbpf 1.1 opens neither static nor extern maps;
 * a library leaves its externs to the application.
 */
static int add_var_maps(struct model *m, const char *sec_name)
{
	const struct btf_type *ds = find_datasec(m, sec_name);
	struct skel_sec defs = {.real_name = sec_name};
	const struct btf_var_secinfo *vi;
	size_t i;
	int err = 0;

	if (!ds)
		return 0;
	defs.vars = calloc(btf_vlen(ds) ?: 1, sizeof(*defs.vars));
	if (!defs.vars)
		return err_nomem(m->skel);
	vi = btf_var_secinfos(ds);
	for (i = 0; i < btf_vlen(ds) && !err; i++, vi++) {
		const struct btf_type *t =
			btf__type_by_id(m->skel->btf, vi->type);
		struct skel_var *v = &defs.vars[defs.var_cnt];
		const Elf64_Sym *sym;

		if (!btf_is_var(t))
			continue;
		v->name = var_name(m, vi->type);
		v->btf_idx = i;
		if (btf_var(t)->linkage == BTF_VAR_GLOBAL_EXTERN && m->lib)
			continue;
		if (btf_var(t)->linkage != BTF_VAR_GLOBAL_ALLOCATED) {
			err = bk_err(
				m->skel->diag, -EINVAL,
				"%s: section '%s': map '%s' is %s: libbpf opens only maps defined as globals",
				m->skel->path, sec_name, v->name,
				btf_var(t)->linkage == BTF_VAR_STATIC
					? "static"
					: "extern and defined nowhere");
			break;
		}
		sym = bk_skel__syms_find(&m->syms, v->name);
		v->offset = sym ? sym->st_value : vi->offset;
		/* libbpf finds a map's relocations by its DATASEC offset */
		if (ds->size)
			err = check_var_symbol(m, sec_name, v->name, vi->offset,
					       sym, true);
		defs.var_cnt++;
	}
	qsort(defs.vars, defs.var_cnt, sizeof(*defs.vars), cmp_var_offset);
	for (i = 0; i < defs.var_cnt && !err; i++) {
		if (!add_map(m, defs.vars[i].name))
			err = -ENOMEM;
	}
	free(defs.vars);
	return err;
}

static bool is_prog_sec(const struct bk_elf_sec *sec)
{
	return sec && sec->shdr.sh_type == SHT_PROGBITS &&
	       (sec->shdr.sh_flags & SHF_EXECINSTR) && sec->size &&
	       strcmp(sec->name, ".text") != 0;
}

static int cmp_prog_sym(const void *a, const void *b)
{
	const Elf64_Sym *x = *(const Elf64_Sym *const *)a;
	const Elf64_Sym *y = *(const Elf64_Sym *const *)b;

	if (x->st_shndx != y->st_shndx)
		return x->st_shndx < y->st_shndx ? -1 : 1;
	return x->st_value < y->st_value ? -1 : x->st_value > y->st_value;
}

/* The functions of code sections other than .text that may be programs. */
static int find_prog_syms(const struct model *m, const Elf64_Sym **funcs,
			  size_t *cnt)
{
	const struct skel_syms *syms = &m->syms;
	size_t i;

	*cnt = 0;
	for (i = 1; i < syms->cnt; i++) {
		const Elf64_Sym *sym = &syms->syms[i];
		const char *name = bk_skel__sym_name(syms, sym);

		if (ELF64_ST_TYPE(sym->st_info) != STT_FUNC || !name ||
		    !is_prog_sec(bk_elf__sec(syms->elf, sym->st_shndx)))
			continue;
		if (ELF64_ST_BIND(sym->st_info) == STB_LOCAL)
			return bk_err(
				m->skel->diag, -EINVAL,
				"%s: section '%s': program '%s' is static: libbpf opens only global programs",
				m->skel->path, bk_skel__sym_sec(syms, sym),
				name);
		funcs[(*cnt)++] = sym;
	}
	qsort(funcs, *cnt, sizeof(*funcs), cmp_prog_sym);
	return 0;
}

static int add_progs(struct model *m)
{
	struct skel *skel = m->skel;
	const Elf64_Sym **funcs;
	size_t i, cnt;
	int err;

	funcs = calloc(m->syms.cnt ?: 1, sizeof(*funcs));
	if (!funcs)
		return err_nomem(skel);
	err = find_prog_syms(m, funcs, &cnt);
	skel->progs = calloc(cnt ?: 1, sizeof(*skel->progs));
	if (!err && !skel->progs)
		err = err_nomem(skel);
	for (i = 0; i < cnt && !err; i++) {
		struct skel_prog *p = &skel->progs[skel->prog_cnt];

		p->name = bk_skel__sym_name(&m->syms, funcs[i]);
		p->sec_name = bk_skel__sym_sec(&m->syms, funcs[i]);
		p->ident = bk_skel__sanitize(p->name);
		if (!p->ident)
			err = err_nomem(skel);
		else
			skel->prog_cnt++;
	}
	free(funcs);
	return err;
}

/* Room for every map and section the object can have. */
static int alloc_model(struct model *m)
{
	struct skel *skel = m->skel;
	size_t i, n = btf__type_cnt(skel->btf), maps = 1, secs = 1;

	for (i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(skel->btf, i);

		if (btf_is_datasec(t))
			maps += btf_vlen(t);
	}
	secs += bk_elf__sec_cnt(skel->elf);
	maps += secs;
	skel->maps = calloc(maps, sizeof(*skel->maps));
	skel->secs = calloc(secs, sizeof(*skel->secs));
	return skel->maps && skel->secs ? 0 : err_nomem(skel);
}

int bk_skel__object_load(struct skel *skel)
{
	skel->elf = bk_elf__open_mem(skel->elf_buf, skel->elf_sz, skel->path,
				     BK_ELF_BPF_OBJ, skel->diag);
	if (!skel->elf)
		return -errno;
	return require_btf(skel) ?: load_btf(skel);
}

int bk_skel__model_load(struct skel *skel, bool lib)
{
	struct model m = {.skel = skel, .lib = lib};
	int err;

	err = bk_skel__object_load(skel);
	err = err ?: bk_skel__syms_load(skel, skel->elf, &m.syms);
	err = err ?: index_datasecs(&m);
	err = err ?: (lib ? 0 : check_externs(&m));
	err = err ?: alloc_model(&m);
	err = err ?: add_var_maps(&m, ".maps");
	err = err ?: add_data_secs(&m);
	err = err ?: add_var_maps(&m, ".struct_ops");
	err = err ?: add_var_maps(&m, ".struct_ops.link");
	err = err ?: add_progs(&m);
	err = err ?: bk_skel__check_idents(skel);
	err = err ?: check_var_symbols(&m);
	bk_hashmap__free(m.datasecs);
	bk_skel__syms_free(&m.syms);
	return err;
}

void bk_skel__model_free(struct skel *skel)
{
	size_t i;

	for (i = 0; i < skel->sec_cnt; i++) {
		drop_vars(&skel->secs[i]);
		free(skel->secs[i].ident);
	}
	for (i = 0; i < skel->map_cnt; i++)
		free(skel->maps[i].ident);
	for (i = 0; i < skel->prog_cnt; i++)
		free(skel->progs[i].ident);
	free(skel->secs);
	free(skel->maps);
	free(skel->progs);
	btf__free(skel->btf_owned);
	bk_elf__free(skel->elf);
}
