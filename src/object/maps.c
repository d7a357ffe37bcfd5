// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Map definitions as libbpf reads them: BTF-defined maps are the variables
 * of the .maps DATASEC, each a struct whose members encode attributes
 * (__uint(name, val) is "int (*name)[val]", __type(key, T) is "T *key",
 * __array(values, struct inner) the inner map); legacy maps are
 * struct bpf_map_def records in SEC("maps").
 */
#include <errno.h>
#include <string.h>
#include <linux/bpf.h>

#include "object_internal.h"
#include "../lib/mem.h"

static struct bk_obj_map *new_map(struct obj_ctx *ctx, const char *name,
				  const char *sec)
{
	struct bk_object *obj = ctx->obj;
	struct bk_obj_map *m;

	if (bk_ensure_mem((void **)&obj->maps, &ctx->map_cap,
			  sizeof(*obj->maps), obj->map_cnt + 1))
		return NULL;
	m = &obj->maps[obj->map_cnt++];
	m->name = name;
	m->sec = sec;
	m->type = m->inner_type = -1;
	return m;
}

/* __uint(): a pointer to an array whose length is the value. */
static bool uint_attr(const struct btf *btf, __u32 type_id, __u32 *val)
{
	const struct btf_type *t = btf__type_by_id(btf, type_id);

	if (!btf_is_ptr(t))
		return false;
	t = btf__type_by_id(btf, t->type);
	if (!btf_is_array(t))
		return false;
	*val = btf_array(t)->nelems;
	return true;
}

/* __type(): a pointer to the type; its size and C spelling. */
static void type_attr(struct obj_ctx *ctx, __u32 type_id, __u32 *size,
		      char **spelling)
{
	const struct btf_type *t = btf__type_by_id(ctx->btf, type_id);
	int sz;

	if (!btf_is_ptr(t))
		return;
	sz = btf__resolve_size(ctx->btf, t->type);
	*size = sz < 0 ? 0 : (__u32)sz;
	*spelling = bk_obj_btf_decl(ctx, t->type, "");
}

/* __array(values, struct inner): the inner definition's map type. */
static int inner_type(const struct btf *btf, __u32 type_id)
{
	const struct btf_type *t = btf__type_by_id(btf, type_id);
	const struct btf_member *m;
	__u32 val;
	int i;

	if (!btf_is_array(t))
		return -1;
	t = btf__type_by_id(btf, btf_array(t)->type);
	if (!btf_is_ptr(t))
		return -1;
	t = btf__type_by_id(btf, btf__resolve_type(btf, t->type));
	if (!t || !btf_is_composite(t))
		return -1;
	m = btf_members(t);
	for (i = 0; i < btf_vlen(t); i++, m++) {
		if (!strcmp(btf__name_by_offset(btf, m->name_off), "type") &&
		    uint_attr(btf, m->type, &val))
			return (int)val;
	}
	return -1;
}

static void read_member(struct obj_ctx *ctx, struct bk_obj_map *map,
			const struct btf_member *m)
{
	const char *name = btf__name_by_offset(ctx->btf, m->name_off);
	__u32 val = 0;
	bool is_uint = uint_attr(ctx->btf, m->type, &val);

	if (!strcmp(name, "type") && is_uint)
		map->type = (int)val;
	else if (!strcmp(name, "max_entries") && is_uint)
		map->max_entries = val;
	else if (!strcmp(name, "map_flags") && is_uint)
		map->flags = val;
	else if (!strcmp(name, "pinning") && is_uint)
		map->pinning = val;
	else if (!strcmp(name, "key_size") && is_uint)
		map->key_size = val;
	else if (!strcmp(name, "value_size") && is_uint)
		map->value_size = val;
	else if (!strcmp(name, "key") && !map->key_type)
		type_attr(ctx, m->type, &map->key_size, &map->key_type);
	else if (!strcmp(name, "value") && !map->value_type)
		type_attr(ctx, m->type, &map->value_size, &map->value_type);
	else if (!strcmp(name, "values"))
		map->inner_type = inner_type(ctx->btf, m->type);
}

static int read_btf_map(struct obj_ctx *ctx, const struct btf_var_secinfo *vi)
{
	const struct btf_type *var = btf__type_by_id(ctx->btf, vi->type);
	const char *name = btf__name_by_offset(ctx->btf, var->name_off);
	const struct btf_type *def;
	const struct btf_member *m;
	struct bk_obj_map *map;
	int i;

	if (!btf_is_var(var))
		return 0;
	def = btf__type_by_id(ctx->btf, btf__resolve_type(ctx->btf, var->type));
	if (!def || !btf_is_struct(def))
		return bk_err(ctx->diag, -EINVAL,
			      "%s: section '.maps': map '%s' is not a struct",
			      ctx->obj->path, name);
	map = new_map(ctx, name, ".maps");
	if (!map)
		return -ENOMEM;
	m = btf_members(def);
	for (i = 0; i < btf_vlen(def); i++, m++)
		read_member(ctx, map, m);
	return 0;
}

static int load_btf_maps(struct obj_ctx *ctx)
{
	const struct btf_type *sec;
	const struct btf_var_secinfo *vi;
	__s32 id;
	int i, err;

	if (!bk_elf__find_sec(ctx->elf, ".maps"))
		return 0;
	if (!ctx->btf)
		return bk_err(
			ctx->diag, -EINVAL,
			"%s: section '.maps' needs BTF to describe its maps",
			ctx->obj->path);
	id = btf__find_by_name_kind(ctx->btf, ".maps", BTF_KIND_DATASEC);
	if (id < 0)
		return bk_err(ctx->diag, -EINVAL,
			      "%s: section '.maps' has no DATASEC in BTF",
			      ctx->obj->path);
	sec = btf__type_by_id(ctx->btf, id);
	vi = btf_var_secinfos(sec);
	for (i = 0; i < btf_vlen(sec); i++, vi++) {
		err = read_btf_map(ctx, vi);
		if (err)
			return err;
	}
	return 0;
}

/* The five leading fields of struct bpf_map_def, as libbpf reads them. */
struct legacy_def {
	__u32 type, key_size, value_size, max_entries, map_flags;
};

static int read_legacy_map(struct obj_ctx *ctx, const Elf64_Sym *sym,
			   const struct bk_elf_sec *sec)
{
	struct legacy_def def;
	struct bk_obj_map *map;

	if (!sec->data || sym->st_value > sec->size ||
	    sec->size - sym->st_value < sizeof(def))
		return bk_err(
			ctx->diag, -EINVAL,
			"%s: section '%s': map '%s' does not hold a struct bpf_map_def",
			ctx->obj->path, sec->name, bk_obj_sym_name(ctx, sym));
	memcpy(&def, (const char *)sec->data + sym->st_value, sizeof(def));
	map = new_map(ctx, bk_obj_sym_name(ctx, sym), sec->name);
	if (!map)
		return -ENOMEM;
	map->legacy = true;
	map->type = (int)def.type;
	map->key_size = def.key_size;
	map->value_size = def.value_size;
	map->max_entries = def.max_entries;
	map->flags = def.map_flags;
	return 0;
}

static int load_legacy_maps(struct obj_ctx *ctx)
{
	size_t i, sec_cnt = bk_elf__sec_cnt(ctx->elf);
	int err;

	for (i = 1; i < ctx->sym_cnt; i++) {
		const Elf64_Sym *sym = &ctx->syms[i];
		const struct bk_elf_sec *sec;

		if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= sec_cnt ||
		    ELF64_ST_TYPE(sym->st_info) == STT_SECTION)
			continue;
		sec = bk_elf__sec(ctx->elf, sym->st_shndx);
		if (strncmp(sec->name, "maps", 4) ||
		    !*bk_obj_sym_name(ctx, sym))
			continue;
		err = read_legacy_map(ctx, sym, sec);
		if (err)
			return err;
	}
	return 0;
}

int bk_obj_load_maps(struct obj_ctx *ctx)
{
	return load_btf_maps(ctx) ?: load_legacy_maps(ctx);
}
