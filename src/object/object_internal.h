/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_OBJECT_INTERNAL_H
#define BPFKIT_OBJECT_INTERNAL_H

#include <stdio.h>
#include <bpf/btf.h>

#include "object.h"
#include "../btf/btf.h"
#include "../elf/elf.h"
#include "../lib/hashmap.h"

_Static_assert(sizeof(uintptr_t) >= sizeof(__u64),
	       "place keys pack a section index and an offset");

/* Key of a byte offset in a section, for the by-place hash maps. */
static inline uintptr_t obj_place(size_t sec_idx, size_t off)
{
	return (uintptr_t)sec_idx << 32 | (__u32)off;
}

/* Where an extern is left for the loader (libbpf), by BTF DATASEC. */
enum obj_loader_sec {
	OBJ_NOT_LOADER = 0,
	OBJ_KCONFIG,
	OBJ_KSYMS_FUNC,
	OBJ_KSYMS_VAR,	   /* typed: the kernel resolves it by BTF ID */
	OBJ_KSYMS_UNTYPED, /* void: libbpf resolves it from kallsyms */
};

/* State of one analysis; freed with the object (names point into it). */
struct obj_ctx {
	struct bk_object *obj;
	const struct bk_diag *diag;
	struct bk_elf *elf;
	struct btf *btf;
	struct bk_btf_ext *ext;
	const Elf64_Sym *syms;
	size_t sym_cnt;
	const char *strs;
	size_t strs_sz;
	struct bk_hashmap *relos;   /* place -> const Elf64_Rel * */
	struct bk_hashmap *func_at; /* place of entry -> index + 1 */
	struct bk_hashmap *var_at;  /* place -> name of the object there */
	struct bk_hashmap *loader_externs; /* name -> enum obj_loader_sec */
	struct bk_hashmap *btf_ids;	   /* FUNC/VAR name -> BTF type ID */
	struct btf_dump *dump; /* C declarations, made on first use */
	FILE *dump_out;	       /* where the current one goes */
	size_t func_cap;
	size_t map_cap;
	size_t sym_cap;
};

const char *bk_obj_sym_name(const struct obj_ctx *ctx, const Elf64_Sym *sym);
const char *bk_obj_sec_name(const struct obj_ctx *ctx, size_t sec_idx);
bool bk_obj_is_map_sec(const char *name);
bool bk_obj_is_data_sec(const char *name);
enum obj_loader_sec bk_obj_loader_sec(const struct obj_ctx *ctx,
				      const char *name);
/* C spelling of BTF type id with name as declarator; NULL on failure. */
char *bk_obj_btf_decl(struct obj_ctx *ctx, __u32 id, const char *name);

/* Append s to a name list (sorted and deduplicated by bk_obj_names_finish). */
int bk_obj_names_add(struct bk_obj_names *names, const char *s);
void bk_obj_names_finish(struct bk_obj_names *names);

int bk_obj_load_funcs(struct obj_ctx *ctx);
int bk_obj_load_maps(struct obj_ctx *ctx);

#endif /* BPFKIT_OBJECT_INTERNAL_H */
