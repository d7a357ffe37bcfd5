// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * What the reading phases (object.c, code.c, maps.c) share: names of
 * symbols and sections, section classes, loader externs, C declarations
 * from BTF and name sets. It calls no phase, so phases only call down.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "object_internal.h"
#include "../lib/mem.h"

const char *bk_obj_sym_name(const struct obj_ctx *ctx, const Elf64_Sym *sym)
{
	return sym->st_name < ctx->strs_sz ? ctx->strs + sym->st_name : "";
}

const char *bk_obj_sec_name(const struct obj_ctx *ctx, size_t sec_idx)
{
	const struct bk_elf_sec *sec = sec_idx < bk_elf__sec_cnt(ctx->elf)
					       ? bk_elf__sec(ctx->elf, sec_idx)
					       : NULL;

	return sec ? sec->name : "";
}

/* libbpf: BTF-defined maps live in .maps, legacy ones in maps*. */
bool bk_obj_is_map_sec(const char *name)
{
	return !strcmp(name, ".maps") || !strncmp(name, "maps", 4);
}

bool bk_obj_is_data_sec(const char *name)
{
	static const char *const prefixes[] = {".data", ".rodata", ".bss"};
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(prefixes); i++) {
		len = strlen(prefixes[i]);
		if (!strncmp(name, prefixes[i], len) &&
		    (!name[len] || name[len] == '.'))
			return true;
	}
	return false;
}

enum obj_loader_sec bk_obj_loader_sec(const struct obj_ctx *ctx,
				      const char *name)
{
	uintptr_t v;

	if (!ctx->loader_externs ||
	    !bk_hashmap__find(ctx->loader_externs, (uintptr_t)name, &v))
		return OBJ_NOT_LOADER;
	return (enum obj_loader_sec)v;
}

int bk_obj_names_add(struct bk_obj_names *names, const char *s)
{
	if (bk_ensure_mem((void **)&names->v, &names->cap, sizeof(*names->v),
			  names->cnt + 1))
		return -ENOMEM;
	names->v[names->cnt++] = s;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void bk_obj_names_finish(struct bk_obj_names *names)
{
	size_t i, n = 0;

	if (!names->cnt)
		return;
	qsort(names->v, names->cnt, sizeof(*names->v), cmp_str);
	for (i = 1; i < names->cnt; i++) {
		if (strcmp(names->v[i], names->v[n]))
			names->v[++n] = names->v[i];
	}
	names->cnt = n + 1;
}

/* btf_dump writes declarations through printf: collect them in memory. */
static __printf(2, 0) void dump_to_stream(void *ctx, const char *fmt,
					  va_list args)
{
	vfprintf(((struct obj_ctx *)ctx)->dump_out, fmt, args);
}

/* One btf_dump for all declarations: making one indexes every type. */
char *bk_obj_btf_decl(struct obj_ctx *ctx, __u32 id, const char *name)
{
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, opts, .field_name = name);
	char *buf = NULL;
	size_t size = 0;
	int err;

	if (!ctx->dump) {
		ctx->dump = btf_dump__new(ctx->btf, dump_to_stream, ctx, NULL);
		if (!ctx->dump)
			return NULL;
	}
	ctx->dump_out = open_memstream(&buf, &size);
	if (!ctx->dump_out)
		return NULL;
	err = btf_dump__emit_type_decl(ctx->dump, id, &opts);
	if (fclose(ctx->dump_out) || err) {
		free(buf);
		buf = NULL;
	}
	ctx->dump_out = NULL;
	return buf;
}
