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
#include <bpf/btf.h>

#include "linker.h"
#include "../btf/btf.h"
#include "../lib/compiler.h"
#include "../lib/diag.h"
#include "../lib/file.h"
#include "../lib/hashmap.h"
#include "../lib/hashtab.h"
#include "../lib/strset.h"

struct bk_elf;
struct btf_out;

/* BPF relocation types not in every elf.h. */
#ifndef R_BPF_64_ABS64
#define R_BPF_64_ABS64 2
#endif
#ifndef R_BPF_64_ABS32
#define R_BPF_64_ABS32 3
#endif
#ifndef R_BPF_64_NODYLD32
#define R_BPF_64_NODYLD32 4
#endif
#ifndef SHT_LLVM_ADDRSIG
#define SHT_LLVM_ADDRSIG 0x6FFF4C03
#endif

#define BPF_INSN_SZ 8
#define STATIC_NAME_DUP ((uintptr_t)-1)

/* A FUNC's linkage lives in its vlen bits (libbpf 1.1 has no accessor). */
static inline int func_linkage(const struct btf_type *t)
{
	return btf_vlen(t);
}

static inline __u32 func_info_word(int linkage)
{
	return ((__u32)BTF_KIND_FUNC << 24) | (__u32)linkage;
}

/* Sections that exist only as BTF DATASECs (no ELF bytes of their own). */
#define SEC_KCONFIG ".kconfig"
#define SEC_KSYMS ".ksyms"
#define SEC_MAPS ".maps"
/* clang's DATASEC for extern variables without a section attribute */
#define SEC_EXTERN ".extern"

/* The merged BTF while linking (merged_btf.c). */
struct mbtf {
	char *types;
	size_t types_len;
	size_t types_cap;
	__u32 *offs; /* type ID -> offset in types */
	size_t cnt;  /* type IDs in use, void included */
	size_t offs_cap;
	/* strings of types and of CO-RE relocations (what libbpf's dedup
	 * sees); line_info strings go to the linker's ext_strs */
	struct bk_strset strs;
};

int bk_mbtf__init(struct mbtf *m);
void bk_mbtf__free(struct mbtf *m);
void bk_mbtf__free_types(struct mbtf *m);
const struct btf_type *bk_mbtf__type(const struct mbtf *m, __u32 id);
struct btf_type *bk_mbtf__mut(struct mbtf *m, __u32 id);
const char *bk_mbtf__str(const struct mbtf *m, __u32 off);
int bk_mbtf__add(struct mbtf *m, const void *rec, size_t size);
long bk_mbtf__add_str(struct mbtf *m, const char *s);
void *bk_mbtf__raw(const struct mbtf *m, size_t *size);
int bk_ld_visit_str_offs(struct btf_type *t, int (*fn)(__u32 *off, void *ctx),
			 void *ctx);

/*
 * An input's BTF, read where it lies (the mapped file): validated by the
 * BTF module, indexed here. No copy, and libbpf is not involved.
 */
struct bview {
	const char *types;
	__u32 *offs; /* type ID -> offset in types; [0] unused */
	__u32 cnt;   /* type IDs, void included */
	const char *strs;
	__u32 strs_len;
};

int bk_bview__init(struct bview *v, const void *data, size_t size);
void bk_bview__free(struct bview *v);
const struct btf_type *bk_bview__type(const struct bview *v, __u32 id);
const char *bk_bview__str(const struct bview *v, __u32 off);

/* Where types are read from: an input's BTF, the merged one, or libbpf's. */
struct tsrc {
	const struct btf *btf;
	const struct mbtf *m;
	const struct bview *v;
};

static inline const struct btf_type *ts_type(const struct tsrc *s, __u32 id)
{
	if (s->v)
		return bk_bview__type(s->v, id);
	return s->btf ? btf__type_by_id(s->btf, id) : bk_mbtf__type(s->m, id);
}

static inline const char *ts_str(const struct tsrc *s, __u32 off)
{
	const char *str;

	if (s->v)
		str = bk_bview__str(s->v, off);
	else
		str = s->btf ? btf__name_by_offset(s->btf, off)
			     : bk_mbtf__str(s->m, off);
	return str ?: "";
}

__s64 bk_ld_resolve_size(const struct tsrc *ts, __u32 id);

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
	/* input string offset -> l->mbtf.strs offset / l->ext_strs offset */
	struct bk_idmap str_map;
	struct bk_idmap ext_str_map;
};

/* ---- outputs --------------------------------------------------------- */

/* A byte range of a dst sec that no symbol uses any more (losing weak). */
struct dead_range {
	size_t off;
	size_t size;
};

/* One DATASEC entry whose offset is known when its input is added. */
struct sec_var {
	__u32 type_id; /* output BTF id of the VAR */
	__u32 size;
	size_t off;
	size_t seq; /* order of arrival, to sort equal offsets stably */
};

/* .BTF.ext records of one kind for one code section, already remapped. */
struct ext_recs {
	void *recs;
	size_t cnt;
	size_t cap;
};

enum ext_kind {
	EXT_FUNC_INFO,
	EXT_LINE_INFO,
	EXT_CORE_RELO,
	EXT_KIND_CNT,
};

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

	struct ext_recs ext[EXT_KIND_CNT];

	struct dead_range *dead;
	size_t dead_cnt;
	size_t dead_cap;

	/* set by compaction: kept chunks, old offset -> new offset */
	struct chunk *chunks;
	size_t chunk_cnt;

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
	size_t final_idx;
};

/* The attributes of a BTF-defined map (libbpf's __uint/__type/__array). */
enum map_part {
	MAP_PART_TYPE,
	MAP_PART_KEY_SIZE,
	MAP_PART_KEY,
	MAP_PART_VALUE_SIZE,
	MAP_PART_VALUE,
	MAP_PART_MAX_ENTRIES,
	MAP_PART_FLAGS,
	MAP_PART_NUMA_NODE,
	MAP_PART_PINNING,
	MAP_PART_MAP_EXTRA,
	MAP_PART_INNER,
	MAP_PART_CNT,
};

struct map_attrs {
	__u32 parts; /* bit (1 << enum map_part) per attribute stated */
	__u32 type;
	__u32 key_size;
	__u32 value_size;
	__u32 max_entries;
	__u32 flags;
	__u32 numa_node;
	__u32 pinning;
	__u64 map_extra;
	__u32 key_type;	  /* BTF id of the key type (MAP_PART_KEY) */
	__u32 value_type; /* BTF id of the value type (MAP_PART_VALUE) */
	/* input that stated each attribute (for merged extern demands) */
	int part_file[MAP_PART_CNT];
};

struct map_def {
	struct map_attrs outer;
	struct map_attrs inner; /* valid when outer has MAP_PART_INNER */
};

struct map_info {
	bool has_def;
	struct map_def def; /* the definition in effect (output BTF ids) */
	bool has_req;
	struct map_def req; /* union of what externs demand (output BTF ids) */
	/* what the input being added brings, in input BTF ids */
	bool pending_is_def;
	bool pending;
	struct map_def pend;
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

/* An extern FUNC's prototype, completed with parameter names at the end. */
struct extern_proto {
	int glob;
	__u32 proto_id; /* output BTF id */
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
	__u32 ext_rec_size[EXT_KIND_CNT];

	struct extern_proto *ext_protos;
	size_t ext_proto_cnt;
	size_t ext_proto_cap;
};

/* btf.c */
int bk_ld_map_input_str(struct bk_linker *l, struct src_obj *obj, __u32 *off,
			bool ext);

static inline const char *bk_ld_file(const struct bk_linker *l, int file_idx)
{
	if (file_idx < 0 || (size_t)file_idx >= l->input_cnt)
		return "?";
	return l->inputs[file_idx];
}

static inline struct dst_sec *bk_ld_sec(struct bk_linker *l, int id)
{
	return &l->secs[id];
}

static inline const char *bk_ld_glob_name(const struct bk_linker *l,
					  const struct glob_sym *g)
{
	return l->names.buf + g->name_off;
}

/* input.c: read the ELF, index sections, symbols and BTF */
int bk_ld_open_input(struct bk_linker *l, struct src_obj *obj, const void *buf,
		     size_t size);
int bk_ld_load_input_btf(struct bk_linker *l, struct src_obj *obj);
int bk_ld_index_input(struct bk_linker *l, struct src_obj *obj);
void bk_ld_free_obj(struct src_obj *obj);
struct src_sec *bk_ld_find_src_sec(const struct src_obj *obj, const char *name);
__u32 bk_ld_find_btf_by_name(const struct src_obj *obj, const char *name,
			     __u32 hash);

/* input_check.c: sanity of one input, before anything is taken from it */
int bk_ld_check_elf(struct bk_linker *l, struct src_obj *obj);
int bk_ld_check_btf(struct bk_linker *l, struct src_obj *obj);

/* sections.c */
int bk_ld_append_sec_data(struct bk_linker *l, struct src_obj *obj);
struct dst_sec *bk_ld_find_dst_sec(struct bk_linker *l, const char *name);
int bk_ld_get_dst_sec(struct bk_linker *l, struct src_obj *obj,
		      struct src_sec *src, struct dst_sec **out);

/* dead_bytes.c */
int bk_ld_add_dead_range(struct bk_linker *l, struct dst_sec *sec, size_t off,
			 size_t size);
int bk_ld_compact_secs(struct bk_linker *l);
size_t bk_ld_remap_sec_off(const struct dst_sec *sec, size_t off);
bool bk_ld_is_dead_off(const struct dst_sec *sec, size_t off);

/* symbols.c */
int bk_ld_append_syms(struct bk_linker *l, struct src_obj *obj);
struct dst_sym *bk_ld_add_dst_sym(struct bk_linker *l, int *handle);

/* type_match.c: BTF signature checks and printing */
struct type_diff {
	char what[256]; /* which part differs, readable */
};
bool bk_ld_types_compatible(const struct tsrc *ts1, __u32 id1,
			    const struct tsrc *ts2, __u32 id2,
			    struct type_diff *diff);
void bk_ld_format_type(const struct tsrc *ts, __u32 id, char *buf, size_t size);
const struct btf_type *bk_ld_skip_mods(const struct tsrc *ts, __u32 id,
				       __u32 *res_id);

/* map_defs.c */
int bk_ld_parse_map_def(const struct bview *btf, __u32 var_id,
			struct map_def *def, int file_idx, char *err,
			size_t err_sz);
enum map_cmp {
	MAP_CMP_EXACT,		/* same attributes, same values */
	MAP_CMP_STATED_BY_1,	/* what d1 states (d2 may state more) */
	MAP_CMP_STATED_BY_2,	/* what d2 states */
	MAP_CMP_STATED_BY_BOTH, /* what both state */
};
/* file1 NULL: d1 is a union of externs, its part_file[] names inputs. */
int bk_ld_check_map_defs(struct bk_linker *l, const char *name,
			 const struct tsrc *ts1, const struct map_def *d1,
			 const char *file1, const struct tsrc *ts2,
			 const struct map_def *d2, const char *file2,
			 enum map_cmp mode);
void bk_ld_merge_map_req(struct map_def *req, const struct map_def *add);
void bk_ld_remap_map_def(struct map_def *def, const __u32 *type_map);

/* relocs.c */
int bk_ld_append_relos(struct bk_linker *l, struct src_obj *obj);
int bk_ld_fixup_relos(struct bk_linker *l);

/* btf.c */
int bk_ld_append_btf(struct bk_linker *l, struct src_obj *obj);
int bk_ld_prepare_btf(struct bk_linker *l);
bool bk_ld_has_btf_ext(const struct bk_linker *l);
int bk_ld_finalize_btf(struct bk_linker *l, struct btf_out *out);
int bk_ld_visit_type_ids(struct btf_type *t, int (*fn)(__u32 *id, void *ctx),
			 void *ctx);

/* btf_ext.c */
int bk_ld_append_btf_ext(struct bk_linker *l, struct src_obj *obj);
/* How a .BTF.ext being laid out gets its strings. */
struct ext_strs {
	void *ctx;
	int (*sec_name)(void *ctx, const char *name, __u32 *off);
	/* rewrite a copied record's string offsets; NULL: keep them */
	int (*rec)(void *ctx, int kind, char *rec);
	/* free each section's records once copied (the last layout) */
	bool consume;
};

int bk_ld_build_btf_ext(struct bk_linker *l, unsigned int mask,
			const struct ext_strs *strs, void **data, size_t *size);
int bk_ld_read_btf_ext_ids(struct bk_linker *l, const void *data);
size_t bk_ld_ext_rec_min_size(enum ext_kind kind);

/* btf_fold.c */
int bk_ld_fold_exact_dups(struct bk_linker *l, bool *need_dedup);

/* btf_canon.c */
/* The output's .BTF in three pieces, and its .BTF.ext. */
struct btf_out {
	struct btf_header hdr;
	const char *types; /* types_owned, or the merged BTF's */
	char *types_owned;
	size_t types_len;
	char *strs;
	size_t strs_len;
	void *ext;
	size_t ext_size;
};

void bk_ld_free_btf_out(struct btf_out *o);
int bk_ld_write_canonical(struct bk_linker *l, struct btf *btf,
			  struct btf_out *out);

/* finalize.c */
struct bk_elf_out;
int bk_ld_finalize_output(struct bk_linker *l, struct bk_elf_out *out);

#endif /* BPFKIT_LINKER_INTERNAL_H */
