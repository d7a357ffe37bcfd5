/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_OBJECT_H
#define BPFKIT_OBJECT_H

/*
 * What a BPF ELF object (linked or not) defines, uses and needs, read in one
 * read-only pass through the ELF and BTF modules. Nothing here prints.
 */
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

#include "features.h"
#include "../lib/diag.h"

/* A sorted set of names, owned by the object. */
struct bk_obj_names {
	const char **v;
	size_t cnt;
	size_t cap; /* internal */
};

/* A sorted set of helper IDs. */
struct bk_obj_ids {
	__u32 *v;
	size_t cnt;
	size_t cap; /* internal */
};

enum bk_obj_func_kind {
	BK_OBJ_PROG, /* entry point: a function in a program section */
	BK_OBJ_GLOBAL_SUBPROG, /* .text, global: the kernel verifies it alone */
	BK_OBJ_STATIC_SUBPROG, /* .text, static or hidden: verified inline */
};

/*
 * One function. Its facts include those of every subprogram it calls,
 * directly or not, since a program needs them all to load.
 */
struct bk_obj_func {
	const char *name;
	const char *sec;
	enum bk_obj_func_kind kind;
	int prog_type;	 /* enum bpf_prog_type as libbpf maps sec; -1 unknown */
	int attach_type; /* enum bpf_attach_type; -1 when none */
	size_t insn_cnt; /* its own instructions */
	size_t core_relo_cnt;
	struct bk_obj_ids helpers;
	struct bk_obj_names kfuncs;
	struct bk_obj_names maps;
	struct bk_obj_names globals;  /* variables it references */
	struct bk_obj_names subprogs; /* functions it calls */
	struct bk_obj_names imports;  /* extern functions it calls */
	__u32 features;		      /* 1 << enum bk_feature */
	/* internal */
	size_t sec_idx;
	size_t off;
	size_t *callees;
	size_t callee_cnt;
};

struct bk_obj_map {
	const char *name;
	const char *sec;
	int type; /* enum bpf_map_type; -1 not stated */
	__u32 key_size, value_size, max_entries, flags, pinning;
	char *key_type;	  /* C spelling from BTF, or NULL */
	char *value_type; /* C spelling from BTF, or NULL */
	int inner_type;	  /* map type of the inner map; -1 without one */
	bool legacy;	  /* SEC("maps") struct bpf_map_def */
};

enum bk_obj_sym_kind {
	BK_OBJ_SYM_FUNC,
	BK_OBJ_SYM_VAR,
	BK_OBJ_SYM_MAP,
};

/* A global (non-static) ELF symbol. */
struct bk_obj_sym {
	const char *name;
	enum bk_obj_sym_kind kind;
	bool weak;
	bool hidden;
	bool defined;
	const char *sec; /* section; for externs .kconfig, .ksyms or "" */
	__u64 size;
	char *btf_type; /* C declaration from BTF, or NULL */
};

struct bk_object {
	const char *path;
	const char *license; /* NULL without a license section */
	bool has_btf;
	bool has_btf_ext;
	struct bk_obj_func *funcs; /* programs first, in section order */
	size_t func_cnt;
	struct bk_obj_map *maps;
	size_t map_cnt;
	struct bk_obj_sym *syms; /* in symbol table order */
	size_t sym_cnt;
	void *priv;
};

int bk_object__open(const char *path, const struct bk_diag *diag,
		    struct bk_object **obj);
void bk_object__free(struct bk_object *obj);

const char *bk_obj_func__kind_str(enum bk_obj_func_kind kind);
const char *bk_obj_sym__kind_str(enum bk_obj_sym_kind kind);
/* libbpf's names; "unknown" for -1 or values libbpf does not know. */
const char *bk_object__prog_type_str(int type);
const char *bk_object__attach_type_str(int type);
const char *bk_object__map_type_str(int type);

/* ---- needs ------------------------------------------------------------ */

struct bk_need {
	enum bk_fact_kind kind;
	const char *name;
	const struct bk_fact
		*fact; /* NULL: not in the table (kfuncs, new IDs) */
};

struct bk_needs {
	struct bk_need *v;
	size_t cnt;
	__u8 major, minor;	     /* minimum Linux release for all of them */
	enum bk_win_support windows; /* YES only if every item is YES */
};

/* What func (a program) needs; func NULL: the whole object. */
int bk_object__needs(const struct bk_object *obj,
		     const struct bk_obj_func *func, struct bk_needs *needs);
void bk_needs__free(struct bk_needs *needs);

#endif /* BPFKIT_OBJECT_H */
