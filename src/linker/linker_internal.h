/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_INTERNAL_H
#define BPFKIT_LINKER_INTERNAL_H

/*
 * Shared by the linker's files only. One input is a src_obj with src_secs;
 * the output is built in dst_secs, an array of output symbols, one hashed
 * table of glob_syms and the merged BTF (struct mbtf). Index spaces are
 * named in each field's comment:
 *   - "input sym idx":  index into the input's ELF symbol table;
 *   - "sym handle":     index into linker->syms (creation order); the final
 *                       ELF index is assigned when the output is written;
 *   - "dst sec id":     index into linker->secs (creation order);
 *   - "input BTF id" / "output BTF id": type IDs of src_obj->btf / l->mbtf
 *                       (renumbered once more when duplicates fold).
 */
#include <stdbool.h>
#include <stddef.h>
#include <elf.h>
#include <linux/types.h>

#include "linker.h"
#include "../btf/btf.h"
#include "../lib/compiler.h"
#include "../lib/diag.h"
#include "../lib/hashmap.h"
#include "../lib/hashtab.h"
#include "../lib/strset.h"
#include "btf_ext_link.h"
#include "btf_view.h"

struct bk_elf;
struct bk_ld_gc;
struct extern_proto;
struct ld_ar_log;

#define STATIC_NAME_DUP ((uintptr_t)-1)

/* Section names that several linker files treat specially. */
#define SEC_MAPS ".maps"
/* clang's DATASEC for extern variables without a section attribute */
#define SEC_EXTERN ".extern"

/* ---- inputs ---------------------------------------------------------- */

struct src_sec {
	const char *name;
	/* ELF bytes; NULL for an ephemeral section and for SHT_NOBITS */
	const void *data;
	size_t size; /* sh_size (also for NOBITS) */
	Elf64_Shdr shdr;
	size_t elf_idx; /* ELF section index, 0 for an ephemeral section */
	int dst_id;	/* dst sec id, -1 when not copied */
	size_t dst_off; /* where this section's bytes start in the dst sec */
	bool skipped;	/* consumed or dropped: DWARF, BTF, symtab, rel... */
	bool ephemeral; /* only a DATASEC in BTF (.kconfig, extern .maps) */
	bool is_exec;
	__u32 datasec_id; /* input BTF id of its DATASEC, 0 when none */
};

struct src_obj {
	const char *name; /* as given by the caller, for messages */
	int file_idx;	  /* position among the inputs */
	struct bk_elf *elf;
	void *map; /* the input file, mapped (or NULL) */
	size_t map_size;

	/* by ELF index, then the ephemeral sections (elf_idx 0) */
	struct src_sec *secs;
	size_t sec_cnt;
	size_t sec_cap;
	size_t elf_sec_cnt;
	struct bk_hashmap *sec_by_name; /* name -> src sec index */

	size_t symtab_idx;
	size_t btf_idx; /* ELF index of .BTF, 0 none */
	size_t ext_idx; /* ELF index of .BTF.ext, 0 none */
	const Elf64_Sym *syms;
	size_t sym_cnt;
	const char *strs; /* the symbol string table */
	size_t strs_sz;

	struct bview *btf; /* NULL when the input has no .BTF */
	struct bview btf_view;
	__u32 type_cnt; /* btf__type_cnt(), 1 without BTF */
	/* non-static VAR/FUNC name -> input BTF id */
	struct bk_nametab btf_tab;
	/* input BTF id of a VAR/FUNC -> input BTF id of its DATASEC, or 0 */
	__u32 *datasec_of;
	/* input BTF id of a VAR/FUNC -> its DATASEC entry's size */
	__u32 *secinfo_size;
	/* static data symbol name -> input sym idx (DATASEC offsets), or
	 * STATIC_NAME_DUP when several statics share the name */
	struct bk_hashmap *static_by_name;

	int *sym_map; /* input sym idx -> sym handle; 0 = dropped */
	/* of each global symbol: the name's hash and its BTF VAR/FUNC */
	__u32 *sym_hash;
	__u32 *sym_btf;
	int *glob_of_type; /* input BTF id -> glob idx + 1, 0 when none */
	__u32 *type_map;   /* input BTF id -> output BTF id */
	/* input string offset -> l->mbtf.strs offset */
	struct bk_idmap str_map;
};

/* ---- outputs --------------------------------------------------------- */

struct dst_sec {
	char *name;
	int id;
	/* only known from BTF so far: no ELF section, no bytes */
	bool ephemeral;
	bool is_exec;
	bool is_license; /* "license" or "version": one copy, all equal */
	Elf64_Shdr shdr; /* type, flags, entsize, addralign of the output */
	int first_file;	 /* input that created the section (messages) */
	size_t real_seq; /* order in which it became a real ELF section */

	void *data; /* NULL for NOBITS */
	size_t size;
	size_t cap;

	int sec_sym; /* sym handle of its STT_SECTION symbol, 0 none */

	Elf64_Rel *rels; /* r_info holds (sym handle, type) until written */
	size_t rel_cnt;
	size_t rel_cap;

	struct sec_var *vars; /* static VARs (globals come from glob_syms) */
	size_t var_cnt;
	size_t var_cap;

	struct ext_recs ext[BK_BTF_EXT_KIND_CNT];

	struct dead_range *dead;
	size_t dead_cnt;
	size_t dead_cap;

	/* set by compaction: kept chunks, old offset -> new offset */
	struct chunk *chunks;
	size_t chunk_cnt;
	bool compacted; /* chunks apply (even none: everything was cut) */

	/* assigned when writing */
	size_t elf_idx;
	size_t rel_elf_idx;
};

#define SYM_SEC_UNDEF (-1)
#define SYM_SEC_ABS (-2)

/* Output symbol: the ELF symbol plus where it lives. */
struct dst_sym {
	Elf64_Sym sym;	/* st_name and st_shndx are set when written */
	int sec_id;	/* dst sec id, or SYM_SEC_UNDEF / SYM_SEC_ABS */
	__u32 name_off; /* in l->names */
	bool is_local;
	bool dropped; /* in code cut by gc: not written */
	size_t final_idx;
};

/* One global symbol; 108k of them in a big link, so kept small. */
struct glob_sym {
	int sym; /* sym handle (its name is the symbol's) */
	/* dst sec id of the definition; for an extern, of the section its
	 * BTF DATASEC names (.kconfig, .ksyms, .maps...), else -1 */
	int sec_id;
	__u32 btf_id;	/* output BTF VAR/FUNC, 0 until its input is added */
	__u32 def_type; /* output BTF id the definition's VAR/FUNC points to */
	__u32 size;	/* DATASEC size of the definition (or extern) */
	int def_file;	/* input of the definition in effect, -1: extern */
	__u32 def_src_type; /* input BTF id of that VAR/FUNC (while added) */
	int canon_file;	    /* input whose VAR/FUNC the output keeps */
	int last_file;	    /* last input that mentioned it */
	unsigned int def_cnt;
	unsigned int weak_def_cnt;
	unsigned int decl_cnt;
	__u32 name_off; /* in l->names: compared on every look-up */
	__u8 kind;	/* enum bk_link_sym_kind */
	bool is_extern : 1;
	/* binding: an extern's is weak until a strong reference comes; at
	 * the end, a definition's own binding */
	bool is_weak : 1;
	bool def_weak : 1; /* the definition in effect is weak */
	bool hidden : 1;
	bool has_btf : 1;   /* every declaration so far came with BTF */
	bool ext_entry : 1; /* extern keeps a DATASEC entry (.kconfig/...) */
	struct map_info *map;
};

struct bk_linker {
	const struct bk_diag *diag;
	char *out_path;
	bool failed;
	bool finalized;

	char **inputs;
	size_t input_cnt;
	size_t input_cap;

	struct dst_sec *secs;
	size_t sec_cnt;
	size_t sec_cap;
	struct bk_hashmap *sec_by_name; /* name -> dst sec id */
	size_t real_sec_cnt;

	struct dst_sym *syms; /* [0] is the null symbol */
	size_t sym_cnt;
	size_t sym_cap;
	struct bk_arena names; /* symbol names */

	struct glob_sym *globs;
	size_t glob_cnt;
	size_t glob_cap;
	struct bk_nametab glob_tab; /* name -> glob idx */

	/* static variable/map name -> input index, for the duplicate warning */
	struct bk_hashmap *static_names;
	struct bk_strset *static_name_strs;

	struct mbtf mbtf;	   /* merged BTF, before dedup */
	struct bk_strset ext_strs; /* line_info file names and lines */
	bool has_btf;		   /* some input had BTF */
	size_t var_seq;

	struct extern_proto *ext_protos; /* btf_link.c */
	size_t ext_proto_cnt;
	size_t ext_proto_cap;

	struct ld_ar_log *ar_log; /* archive members linked (archive_link.c) */
	struct bk_ld_gc *gc; /* NULL unless unreachable code is cut (gc.c) */
	struct bk_btf_scratch btf_scratch; /* reused from input to input */
};

static inline const char *bk_ld_file(const struct bk_linker *l, int file_idx)
{
	if (file_idx < 0 || (size_t)file_idx >= l->input_cnt)
		return "?";
	return l->inputs[file_idx];
}

static inline const char *bk_ld_glob_name(const struct bk_linker *l,
					  const struct glob_sym *g)
{
	return l->names.buf + g->name_off;
}

#endif /* BPFKIT_LINKER_INTERNAL_H */
