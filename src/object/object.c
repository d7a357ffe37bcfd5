// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * bk_object__open(): read a BPF object once, read-only, and describe it:
 * the symbol table, license, BTF and .BTF.ext here; functions and their
 * instructions in code.c; maps in maps.c. Every index and offset read from
 * the file is checked before use: the input is untrusted.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "object_internal.h"
#include "../lib/mem.h"

static int find_symtab(struct obj_ctx *ctx)
{
	const struct bk_elf_sec *symtab = NULL, *strtab = NULL;
	size_t i, sec_cnt = bk_elf__sec_cnt(ctx->elf);
	const char *path = ctx->obj->path;

	for (i = 1; i < sec_cnt && !symtab; i++) {
		if (bk_elf__sec(ctx->elf, i)->shdr.sh_type == SHT_SYMTAB)
			symtab = bk_elf__sec(ctx->elf, i);
	}
	if (!symtab)
		return bk_err(ctx->diag, -EINVAL, "%s: no symbol table", path);
	if (symtab->shdr.sh_link < sec_cnt)
		strtab = bk_elf__sec(ctx->elf, symtab->shdr.sh_link);
	if (!strtab || strtab->shdr.sh_type != SHT_STRTAB || !strtab->size ||
	    ((const char *)strtab->data)[strtab->size - 1])
		return bk_err(ctx->diag, -EINVAL,
			      "%s: section '%s': no valid string table", path,
			      symtab->name);
	if (symtab->shdr.sh_entsize != sizeof(Elf64_Sym) ||
	    symtab->size % sizeof(Elf64_Sym) ||
	    (uintptr_t)symtab->data % __alignof__(Elf64_Sym))
		return bk_err(
			ctx->diag, -EINVAL,
			"%s: section '%s': not an aligned array of %zu-byte symbols",
			path, symtab->name, sizeof(Elf64_Sym));
	ctx->syms = symtab->data;
	ctx->sym_cnt = symtab->size / sizeof(Elf64_Sym);
	ctx->strs = strtab->data;
	ctx->strs_sz = strtab->size;
	return 0;
}

static int check_syms(struct obj_ctx *ctx)
{
	size_t i, sec_cnt = bk_elf__sec_cnt(ctx->elf);

	for (i = 1; i < ctx->sym_cnt; i++) {
		const Elf64_Sym *sym = &ctx->syms[i];

		if (sym->st_name >= ctx->strs_sz)
			return bk_err(
				ctx->diag, -EINVAL,
				"%s: symbol #%zu: name offset %u is beyond the string table",
				ctx->obj->path, i, sym->st_name);
		if (sym->st_shndx >= sec_cnt && sym->st_shndx < SHN_LORESERVE)
			return bk_err(
				ctx->diag, -EINVAL,
				"%s: symbol '%s': section #%u beyond %zu sections",
				ctx->obj->path, bk_obj_sym_name(ctx, sym),
				sym->st_shndx, sec_cnt);
	}
	return 0;
}

static int load_license(struct obj_ctx *ctx)
{
	const struct bk_elf_sec *sec = bk_elf__find_sec(ctx->elf, "license");

	if (!sec)
		return 0;
	if (!sec->size || !memchr(sec->data, 0, sec->size))
		return bk_err(
			ctx->diag, -EINVAL,
			"%s: section 'license': not a NUL-terminated string",
			ctx->obj->path);
	ctx->obj->license = sec->data;
	return 0;
}

static int load_btf(struct obj_ctx *ctx)
{
	int err;

	if (!bk_elf__find_sec(ctx->elf, ".BTF"))
		return 0;
	err = bk_btf__parse_elf(ctx->elf, ctx->diag, &ctx->btf, &ctx->ext);
	if (err)
		return err;
	ctx->obj->has_btf = true;
	ctx->obj->has_btf_ext = ctx->ext != NULL;
	return 0;
}

static enum obj_loader_sec loader_kind(const struct btf *btf, __u32 id,
				       bool kconfig)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	if (kconfig)
		return OBJ_KCONFIG;
	if (btf_is_func(t))
		return OBJ_KSYMS_FUNC;
	return t->type ? OBJ_KSYMS_VAR : OBJ_KSYMS_UNTYPED;
}

/* Index BTF: FUNC/VAR names, and the externs of .kconfig and .ksyms. */
static int index_btf(struct obj_ctx *ctx)
{
	const struct btf_type *t;
	__u32 id;

	ctx->btf_ids = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	ctx->loader_externs =
		bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!ctx->btf_ids || !ctx->loader_externs)
		return -ENOMEM;
	if (!ctx->btf)
		return 0;
	bk_for_each_type(id, t, ctx->btf) {
		const char *name = btf__name_by_offset(ctx->btf, t->name_off);
		const struct btf_var_secinfo *vi;
		bool kconfig;
		int i;

		if ((btf_is_func(t) || btf_is_var(t)) &&
		    bk_hashmap__set(ctx->btf_ids, (uintptr_t)name, id))
			return -ENOMEM;
		kconfig = !strcmp(name, ".kconfig");
		if (!btf_is_datasec(t) || (!kconfig && strcmp(name, ".ksyms")))
			continue;
		vi = btf_var_secinfos(t);
		for (i = 0; i < btf_vlen(t); i++, vi++) {
			const struct btf_type *v =
				btf__type_by_id(ctx->btf, vi->type);
			const char *vname =
				btf__name_by_offset(ctx->btf, v->name_off);

			if (bk_hashmap__set(
				    ctx->loader_externs, (uintptr_t)vname,
				    loader_kind(ctx->btf, vi->type, kconfig)))
				return -ENOMEM;
		}
	}
	return 0;
}

static enum bk_obj_sym_kind sym_kind(const struct obj_ctx *ctx,
				     const Elf64_Sym *sym, const char *sec)
{
	uintptr_t id;

	if (ELF64_ST_TYPE(sym->st_info) == STT_FUNC)
		return BK_OBJ_SYM_FUNC;
	if (bk_obj_is_map_sec(sec))
		return BK_OBJ_SYM_MAP;
	/* clang gives externs STT_NOTYPE: BTF knows what they are. */
	if (ctx->btf &&
	    bk_hashmap__find(ctx->btf_ids, (uintptr_t)bk_obj_sym_name(ctx, sym),
			     &id) &&
	    btf_is_func(btf__type_by_id(ctx->btf, id)))
		return BK_OBJ_SYM_FUNC;
	return BK_OBJ_SYM_VAR;
}

static const char *extern_sec(const struct obj_ctx *ctx, const char *name)
{
	switch (bk_obj_loader_sec(ctx, name)) {
	case OBJ_KCONFIG:
		return ".kconfig";
	case OBJ_NOT_LOADER:
		return "";
	default:
		return ".ksyms";
	}
}

static char *sym_btf_type(struct obj_ctx *ctx, const char *name,
			  enum bk_obj_sym_kind kind)
{
	const struct btf_type *t;
	uintptr_t id;

	if (!ctx->btf || kind == BK_OBJ_SYM_MAP ||
	    !bk_hashmap__find(ctx->btf_ids, (uintptr_t)name, &id))
		return NULL;
	t = btf__type_by_id(ctx->btf, id);
	/* FUNC -> its FUNC_PROTO, VAR -> its type; both named after sym. */
	return bk_obj_btf_decl(ctx, t->type, name);
}

static int add_sym(struct obj_ctx *ctx, const Elf64_Sym *sym)
{
	struct bk_object *obj = ctx->obj;
	struct bk_obj_sym *s;
	const char *name = bk_obj_sym_name(ctx, sym);

	if (bk_ensure_mem((void **)&obj->syms, &ctx->sym_cap,
			  sizeof(*obj->syms), obj->sym_cnt + 1))
		return -ENOMEM;
	s = &obj->syms[obj->sym_cnt++];
	s->name = name;
	s->defined = sym->st_shndx != SHN_UNDEF;
	s->sec = s->defined ? bk_obj_sec_name(ctx, sym->st_shndx)
			    : extern_sec(ctx, name);
	s->kind = sym_kind(ctx, sym, s->sec);
	s->weak = ELF64_ST_BIND(sym->st_info) == STB_WEAK;
	s->hidden = ELF64_ST_VISIBILITY(sym->st_other) == STV_HIDDEN;
	s->size = sym->st_size;
	s->btf_type = sym_btf_type(ctx, name, s->kind);
	return 0;
}

/* Every non-static symbol but sections and files, in table order. */
static int load_syms(struct obj_ctx *ctx)
{
	size_t i;
	int err;

	for (i = 1; i < ctx->sym_cnt; i++) {
		const Elf64_Sym *sym = &ctx->syms[i];
		int bind = ELF64_ST_BIND(sym->st_info);
		int type = ELF64_ST_TYPE(sym->st_info);

		if ((bind != STB_GLOBAL && bind != STB_WEAK) ||
		    type == STT_SECTION || type == STT_FILE ||
		    !*bk_obj_sym_name(ctx, sym))
			continue;
		err = add_sym(ctx, sym);
		if (err)
			return err;
	}
	return 0;
}

static void free_names(struct bk_obj_names *names)
{
	free(names->v);
}

static void free_func(struct bk_obj_func *f)
{
	free(f->helpers.v);
	free_names(&f->kfuncs);
	free_names(&f->maps);
	free_names(&f->globals);
	free_names(&f->subprogs);
	free_names(&f->imports);
	free(f->callees);
}

static void free_ctx(struct obj_ctx *ctx)
{
	bk_hashmap__free(ctx->relos);
	bk_hashmap__free(ctx->func_at);
	bk_hashmap__free(ctx->var_at);
	bk_hashmap__free(ctx->loader_externs);
	bk_hashmap__free(ctx->btf_ids);
	btf_dump__free(ctx->dump);
	bk_btf_ext__free(ctx->ext);
	btf__free(ctx->btf);
	bk_elf__free(ctx->elf);
	free(ctx);
}

void bk_object__free(struct bk_object *obj)
{
	size_t i;

	if (!obj)
		return;
	for (i = 0; i < obj->func_cnt; i++)
		free_func(&obj->funcs[i]);
	for (i = 0; i < obj->map_cnt; i++) {
		free(obj->maps[i].key_type);
		free(obj->maps[i].value_type);
	}
	for (i = 0; i < obj->sym_cnt; i++)
		free(obj->syms[i].btf_type);
	free(obj->funcs);
	free(obj->maps);
	free(obj->syms);
	if (obj->priv)
		free_ctx(obj->priv);
	free(obj);
}

int bk_object__open(const char *path, const struct bk_diag *diag,
		    struct bk_object **objp)
{
	struct bk_object *obj = calloc(1, sizeof(*obj));
	struct obj_ctx *ctx = calloc(1, sizeof(*ctx));
	int err;

	if (!obj || !ctx) {
		free(obj);
		free(ctx);
		return bk_err(diag, -ENOMEM, "out of memory");
	}
	obj->priv = ctx;
	obj->path = path;
	ctx->obj = obj;
	ctx->diag = diag;
	ctx->elf = bk_elf__open_file(path, BK_ELF_BPF_OBJ, diag);
	err = ctx->elf ? 0 : -errno ?: -EINVAL;
	err = err ?: find_symtab(ctx);
	err = err ?: check_syms(ctx);
	err = err ?: load_license(ctx);
	err = err ?: load_btf(ctx);
	err = err ?: index_btf(ctx);
	err = err ?: load_syms(ctx);
	err = err ?: bk_obj_load_maps(ctx);
	err = err ?: bk_obj_load_funcs(ctx);
	if (err == -ENOMEM)
		bk_err(diag, err, "%s: out of memory", path);
	if (err) {
		bk_object__free(obj);
		return err;
	}
	*objp = obj;
	return 0;
}

const char *bk_obj_func__kind_str(enum bk_obj_func_kind kind)
{
	switch (kind) {
	case BK_OBJ_PROG:
		return "program";
	case BK_OBJ_GLOBAL_SUBPROG:
		return "global subprogram";
	default:
		return "static subprogram";
	}
}

const char *bk_obj_sym__kind_str(enum bk_obj_sym_kind kind)
{
	switch (kind) {
	case BK_OBJ_SYM_FUNC:
		return "func";
	case BK_OBJ_SYM_MAP:
		return "map";
	default:
		return "var";
	}
}

static const char *or_unknown(const char *s)
{
	return s ? s : "unknown";
}

const char *bk_object__prog_type_str(int type)
{
	return type < 0 ? "unknown"
			: or_unknown(libbpf_bpf_prog_type_str(type));
}

const char *bk_object__attach_type_str(int type)
{
	return type < 0 ? "none" : or_unknown(libbpf_bpf_attach_type_str(type));
}

const char *bk_object__map_type_str(int type)
{
	return type < 0 ? "unknown" : or_unknown(libbpf_bpf_map_type_str(type));
}
