/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_SKEL_INTERNAL_H
#define BPFKIT_SKEL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <elf.h>
#include <linux/types.h>

#include "../lib/compiler.h"
#include "../lib/diag.h"

struct btf;
struct btf_dump;
struct bk_elf;
struct bk_hashmap;

/*
 * What a skeleton shows of one BPF object: the model (model.c) is built
 * once from the object's symbols and BTF, with the names and layouts libbpf
 * gives the same things at run time, checked for fields that would be
 * ambiguous or misplaced, then printed by the skeleton or subskeleton
 * generator.
 */

/* A global variable of a data section, as a field of its section struct. */
struct skel_var {
	const char *name; /* BTF name: what libbpf looks up */
	char *ident;	  /* C field name */
	__u32 type_id;	  /* the variable's type */
	__u32 offset;	  /* in the section */
	size_t size;	  /* of the type, as a C compiler lays it out */
	size_t btf_idx;	  /* position in the DATASEC, to break offset ties */
	__u32 align;	  /* .kconfig only: of the type */
};

/*
 * A memory-mapped data section (.bss, .data, .rodata, .kconfig, ...): one
 * that holds global variables.
 */
struct skel_sec {
	const char *real_name; /* ".data.custom": the section name */
	char *ident;	       /* "data_custom": the field name */
	struct skel_var *vars; /* its global variables, by offset */
	size_t var_cnt;
	bool keep_mods; /* .kconfig keeps const/volatile */
};

struct skel_map {
	const char *name; /* what the skeleton looks the map up by */
	char *ident;
	int sec_idx; /* index into secs[] if memory-mapped, else -1 */
};

struct skel_prog {
	const char *name;
	const char *sec_name; /* for messages */
	char *ident;
};

struct skel {
	const char *path;     /* for messages */
	const char *obj_name; /* C identifier naming everything generated */
	char *guard;	      /* include guard: __NAME_SKEL_H__ */
	const void *elf_buf;  /* the object's bytes, embedded in skeletons */
	size_t elf_sz;
	struct bk_elf *elf;
	const struct btf *btf; /* = btf_owned, validated */
	struct btf *btf_owned;
	struct skel_map *maps;
	size_t map_cnt;
	struct skel_sec *secs;
	size_t sec_cnt;
	struct skel_prog *progs;
	size_t prog_cnt;
	FILE *out;
	struct btf_dump *dump; /* prints C types into out */
	const struct bk_diag *diag;
};

/*
 * model.c: the model of a skeleton (lib false: the object must be
 * complete) or of a subskeleton (lib true: a library).
 */
int bk_skel__model_load(struct skel *skel, bool lib);
/*
 * Only the checked object and its validated BTF, no model: for a header,
 * which none of the skeleton's naming rules concern. model_free frees it.
 */
int bk_skel__object_load(struct skel *skel);
void bk_skel__model_free(struct skel *skel);

/* idents.c: no two things may become one field. */
int bk_skel__check_idents(const struct skel *skel);

/* symtab.c */
struct skel_syms {
	const struct bk_elf *elf;
	const Elf64_Sym *syms; /* the whole table */
	size_t cnt;
	const char *strs;
	size_t strs_sz;
	/* defined global STT_OBJECT and STT_FUNC symbols */
	struct bk_hashmap *by_name;
};

int bk_skel__syms_load(const struct skel *skel, const struct bk_elf *elf,
		       struct skel_syms *syms);
void bk_skel__syms_free(struct skel_syms *syms);
/* NULL if the name offset is out of range. */
const char *bk_skel__sym_name(const struct skel_syms *syms,
			      const Elf64_Sym *sym);
const Elf64_Sym *bk_skel__syms_find(const struct skel_syms *syms,
				    const char *name);
/* The name of the section sym is defined in. */
const char *bk_skel__sym_sec(const struct skel_syms *syms,
			     const Elf64_Sym *sym);

/* codegen.c */
/*
 * Print a code template. Templates are written indented like the C code that
 * holds them; the tabs of the first line are the baseline, removed from
 * every line (and trailing blanks dropped), so the output starts at column
 * zero. Positional printf arguments (%1$s) may repeat.
 */
int bk_skel__codegen(struct skel *skel, const char *tmpl, ...) __printf(2, 3);
/* The maps, progs and (with_links) links members of a (sub)skeleton struct. */
void bk_skel__emit_handles(struct skel *skel, bool with_links);
/* Print s as the body of a C string literal (no quotes). */
void bk_skel__put_c_str(FILE *out, const char *s);
/* Print buf as a C string literal body, split into lines with "\\\n". */
void bk_skel__put_bytes(FILE *out, const void *buf, size_t size);
/* Print the declaration of a variable of type_id named field. */
int bk_skel__put_decl(struct skel *skel, __u32 type_id, const char *field,
		      int indent, bool strip_mods);

/* names.c */
/* Upper-cased "__NAME_SUFFIX__" include guard, malloc'ed. */
char *bk_skel__guard(const char *obj_name, const char *suffix);
/* A copy of name with every non-identifier character made '_'. */
char *bk_skel__sanitize(const char *name);
/* A keyword of C or C++. */
bool bk_skel__is_keyword(const char *name);
/* name is pfx or starts with pfx and a '.': ".data", ".data.custom". */
bool bk_skel__sec_has_pfx(const char *name, const char *pfx);
/* A .data, .bss or .rodata section, or a custom one of those families. */
bool bk_skel__is_data_sec_name(const char *name);

/* skeleton.c, subskeleton.c, header.c */
int bk_skel__emit_skeleton(struct skel *skel);
int bk_skel__emit_subskeleton(struct skel *skel);
int bk_skel__emit_header(struct skel *skel);

#endif /* BPFKIT_SKEL_INTERNAL_H */
