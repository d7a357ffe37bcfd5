// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Sanity checks of one input, done once and up front so that later phases
 * may index sections, symbols and instructions without further checks.
 * Every message names the input and the section, symbol or relocation.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "linker_internal.h"
#include "input.h"
#include "input_check.h"
#include "relocs.h"
#include "../elf/elf.h"

/* Far beyond what BPF objects use, and offsets cannot overflow. */
#define MAX_SEC_ALIGN (1 << 20)
#define SEC_LEGACY_MAPS "maps" /* struct bpf_map_def, before BTF */

static bool is_pow2(__u64 x)
{
	return x && !(x & (x - 1));
}

static int check_symtab(struct bk_linker *l, struct src_obj *obj)
{
	const struct src_sec *symtab = &obj->secs[obj->symtab_idx];
	const struct src_sec *strtab;
	size_t link = symtab->shdr.sh_link;

	if (symtab->shdr.sh_entsize != sizeof(Elf64_Sym) ||
	    symtab->size % sizeof(Elf64_Sym))
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': symbol table entry size %llu or size %zu is invalid",
			obj->name, symtab->name,
			(unsigned long long)symtab->shdr.sh_entsize,
			symtab->size);
	if (!link || link >= obj->elf_sec_cnt ||
	    obj->secs[link].shdr.sh_type != SHT_STRTAB)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': string table #%zu is missing or not a string table",
			obj->name, symtab->name, link);
	strtab = &obj->secs[link];
	if (!strtab->data || strtab->size == 0 ||
	    ((const char *)strtab->data)[strtab->size - 1] != '\0')
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': string table is empty or does not end with NUL",
			obj->name, strtab->name);
	obj->strs = strtab->data;
	obj->strs_sz = strtab->size;
	obj->syms = symtab->data;
	obj->sym_cnt = symtab->size / sizeof(Elf64_Sym);
	if (!obj->sym_cnt || !obj->syms)
		return bk_err(l->diag, -EINVAL, "%s: symbol table is empty",
			      obj->name);
	return 0;
}

static int check_sym_sec(struct bk_linker *l, struct src_obj *obj,
			 const Elf64_Sym *sym, size_t idx, const char *name)
{
	int type = ELF64_ST_TYPE(sym->st_info);
	const struct src_sec *sec;

	if (sym->st_shndx >= obj->elf_sec_cnt)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol #%zu '%s': section #%u is beyond %zu sections",
			obj->name, idx, name, sym->st_shndx, obj->elf_sec_cnt);
	sec = &obj->secs[sym->st_shndx];
	if (type == STT_SECTION) {
		if (sym->st_value != 0)
			return bk_err(
				l->diag, -EINVAL,
				"%s: section symbol #%zu has value %llu, not 0",
				obj->name, idx,
				(unsigned long long)sym->st_value);
		return 0;
	}
	if (sec->skipped)
		return 0;
	if (sym->st_value > sec->size ||
	    sym->st_size > sec->size - sym->st_value)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': offset %llu size %llu lies beyond section '%s' (%zu bytes)",
			obj->name, name, (unsigned long long)sym->st_value,
			(unsigned long long)sym->st_size, sec->name, sec->size);
	/* libbpf cuts programs at function symbols and refuses a cut
	 * inside an instruction; the output would not open */
	if (type == STT_FUNC && sec->is_exec &&
	    (sym->st_value % 8 || sym->st_size % 8))
		return bk_err(
			l->diag, -EINVAL,
			"%s: function '%s': offset %llu size %llu in section '%s' is not whole instructions (8 bytes each)",
			obj->name, name, (unsigned long long)sym->st_value,
			(unsigned long long)sym->st_size, sec->name);
	/* libbpf finds each map of .maps by its object symbol */
	if (type != STT_OBJECT && !strcmp(sec->name, ".maps"))
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s' in section '.maps' is not an object: libbpf cannot find the map",
			obj->name, name);
	return 0;
}

static int check_sym(struct bk_linker *l, struct src_obj *obj, size_t idx)
{
	const Elf64_Sym *sym = &obj->syms[idx];
	int bind = ELF64_ST_BIND(sym->st_info);
	int type = ELF64_ST_TYPE(sym->st_info);
	int vis = ELF64_ST_VISIBILITY(sym->st_other);
	const char *name;

	if (sym->st_name >= obj->strs_sz)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol #%zu: name offset %u is beyond the string table",
			obj->name, idx, sym->st_name);
	name = obj->strs + sym->st_name;
	if (bind != STB_LOCAL && bind != STB_GLOBAL && bind != STB_WEAK)
		return bk_err(l->diag, -EINVAL,
			      "%s: symbol '%s': unsupported binding %d",
			      obj->name, name, bind);
	if (type != STT_NOTYPE && type != STT_OBJECT && type != STT_FUNC &&
	    type != STT_SECTION && type != STT_FILE)
		return bk_err(l->diag, -EINVAL,
			      "%s: symbol '%s': unsupported type %d", obj->name,
			      name, type);
	if (vis != STV_DEFAULT && vis != STV_HIDDEN)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': visibility %d is not supported (only default and hidden)",
			obj->name, name, vis);
	if (bind != STB_LOCAL &&
	    (!*name || type == STT_SECTION || type == STT_FILE))
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol #%zu '%s': a global symbol needs a name and an object or function type",
			obj->name, idx, name);
	if (type == STT_SECTION &&
	    (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE))
		return bk_err(
			l->diag, -EINVAL,
			"%s: section symbol #%zu: section index %#x is not a section",
			obj->name, idx, sym->st_shndx);
	switch (sym->st_shndx) {
	case SHN_UNDEF:
		if (bind == STB_LOCAL)
			return bk_err(
				l->diag, -EINVAL,
				"%s: symbol #%zu '%s': local symbol without a section",
				obj->name, idx, name);
		return 0;
	case SHN_ABS:
		if (bind != STB_LOCAL)
			return bk_err(
				l->diag, -EINVAL,
				"%s: symbol '%s': absolute global symbols are not supported",
				obj->name, name);
		return 0;
	case SHN_COMMON:
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': common symbols are not supported (compile with -fno-common)",
			obj->name, name);
	default:
		if (sym->st_shndx >= SHN_LORESERVE)
			return bk_err(
				l->diag, -EINVAL,
				"%s: symbol '%s': special section index %#x is not supported",
				obj->name, name, sym->st_shndx);
		return check_sym_sec(l, obj, sym, idx, name);
	}
}

static int check_syms(struct bk_linker *l, struct src_obj *obj)
{
	size_t i;
	int err;

	for (i = 1; i < obj->sym_cnt; i++) {
		err = check_sym(l, obj, i);
		if (err)
			return err;
	}
	return 0;
}

static int check_sec(struct bk_linker *l, struct src_obj *obj,
		     const struct src_sec *sec)
{
	if (sec->shdr.sh_addralign && !is_pow2(sec->shdr.sh_addralign))
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': alignment %llu is not a power of 2",
			obj->name, sec->name,
			(unsigned long long)sec->shdr.sh_addralign);
	if (!sec->skipped && sec->shdr.sh_addralign > MAX_SEC_ALIGN)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': alignment %llu is beyond the %d supported",
			obj->name, sec->name,
			(unsigned long long)sec->shdr.sh_addralign,
			MAX_SEC_ALIGN);
	if (sec->skipped)
		return 0;
	if (strcmp(sec->name, SEC_LEGACY_MAPS) == 0)
		/* libbpf 1.0+ refuses to open such an object: linking one
		 * would only make a larger object nothing can load */
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': legacy map definitions are not supported (libbpf 1.0+ refuses them): define maps with BTF in '%s'",
			obj->name, sec->name, SEC_MAPS);
	switch (sec->shdr.sh_type) {
	case SHT_PROGBITS:
		if (sec->size && !sec->data)
			return bk_err(l->diag, -EINVAL,
				      "%s: section '%s': no data", obj->name,
				      sec->name);
		break;
	case SHT_NOBITS:
		if (sec->is_exec)
			return bk_err(l->diag, -EINVAL,
				      "%s: section '%s': code without bytes",
				      obj->name, sec->name);
		break;
	default:
		return bk_err(l->diag, -EINVAL,
			      "%s: section '%s': unsupported section type %u",
			      obj->name, sec->name, sec->shdr.sh_type);
	}
	if (sec->is_exec && sec->size % BPF_INSN_SZ)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': code size %zu is not a multiple of %d",
			obj->name, sec->name, sec->size, BPF_INSN_SZ);
	return 0;
}

static const char *rel_type_str(int type)
{
	switch (type) {
	case R_BPF_64_64:
		return "R_BPF_64_64";
	case R_BPF_64_32:
		return "R_BPF_64_32";
	case R_BPF_64_ABS64:
		return "R_BPF_64_ABS64";
	case R_BPF_64_ABS32:
		return "R_BPF_64_ABS32";
	case R_BPF_64_NODYLD32:
		return "R_BPF_64_NODYLD32";
	}
	return "unknown";
}

/* Bytes a relocation patches; 0 when the type is not allowed there. */
static size_t rel_width(const struct src_sec *target, int type)
{
	if (target->is_exec) {
		if (type == R_BPF_64_64)
			return 2 * BPF_INSN_SZ;
		if (type == R_BPF_64_32)
			return BPF_INSN_SZ;
		return 0;
	}
	switch (type) {
	case R_BPF_64_64:
	case R_BPF_64_ABS64:
		return 8;
	case R_BPF_64_ABS32:
	case R_BPF_64_NODYLD32:
		return 4;
	}
	return 0;
}

static int check_insn_rel(struct bk_linker *l, struct src_obj *obj,
			  const struct src_sec *target, size_t i,
			  const Elf64_Rel *rel)
{
	const struct bpf_insn *insn =
		(const void *)((const char *)target->data + rel->r_offset);
	int type = ELF64_R_TYPE(rel->r_info);
	__u8 want = type == R_BPF_64_64 ? (BPF_LD | BPF_IMM | BPF_DW)
					: (BPF_JMP | BPF_CALL);

	if (rel->r_offset % BPF_INSN_SZ)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocation #%zu offset %llu is not instruction aligned",
			obj->name, target->name, i,
			(unsigned long long)rel->r_offset);
	if (insn->code != want)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocation #%zu (%s) at offset %llu points at instruction code %#x, not %#x",
			obj->name, target->name, i, rel_type_str(type),
			(unsigned long long)rel->r_offset, insn->code, want);
	return 0;
}

static int check_rel(struct bk_linker *l, struct src_obj *obj,
		     const struct src_sec *target, size_t i,
		     const Elf64_Rel *rel)
{
	size_t sym_idx = ELF64_R_SYM(rel->r_info);
	int type = ELF64_R_TYPE(rel->r_info);
	size_t width = rel_width(target, type);
	const Elf64_Sym *sym;

	if (!width)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocation #%zu has type %d (%s), not allowed in %s",
			obj->name, target->name, i, type, rel_type_str(type),
			target->is_exec ? "code" : "data");
	if (!sym_idx || sym_idx >= obj->sym_cnt)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocation #%zu references symbol #%zu beyond %zu symbols",
			obj->name, target->name, i, sym_idx, obj->sym_cnt);
	if (rel->r_offset > target->size ||
	    width > target->size - rel->r_offset)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocation #%zu offset %llu is beyond the section (%zu bytes)",
			obj->name, target->name, i,
			(unsigned long long)rel->r_offset, target->size);
	sym = &obj->syms[sym_idx];
	if (ELF64_ST_TYPE(sym->st_info) == STT_FILE ||
	    (sym->st_shndx && sym->st_shndx < SHN_LORESERVE &&
	     obj->secs[sym->st_shndx].skipped))
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocation #%zu references symbol '%s' that is not linkable",
			obj->name, target->name, i, obj->strs + sym->st_name);
	if (target->is_exec)
		return check_insn_rel(l, obj, target, i, rel);
	return 0;
}

static int check_rel_sec(struct bk_linker *l, struct src_obj *obj,
			 const struct src_sec *sec)
{
	const struct src_sec *target;
	const Elf64_Rel *rels = sec->data;
	size_t i, n, info = sec->shdr.sh_info;
	int err;

	if (sec->shdr.sh_entsize != sizeof(Elf64_Rel) ||
	    sec->size % sizeof(Elf64_Rel))
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocation entry size %llu or size %zu is invalid",
			obj->name, sec->name,
			(unsigned long long)sec->shdr.sh_entsize, sec->size);
	if (sec->shdr.sh_link != obj->symtab_idx)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': links to section #%u, not the symbol table",
			obj->name, sec->name, sec->shdr.sh_link);
	if (!info || info >= obj->elf_sec_cnt)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocates section #%zu beyond %zu sections",
			obj->name, sec->name, info, obj->elf_sec_cnt);
	target = &obj->secs[info];
	if (strncmp(sec->name, ".rel", 4) ||
	    strcmp(sec->name + 4, target->name))
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocates section '%s' (name should be '.rel%s')",
			obj->name, sec->name, target->name, target->name);
	if (target->skipped)
		return 0; /* BTF, BTF.ext, DWARF: consumed, not copied */
	if (target->shdr.sh_type != SHT_PROGBITS)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocates '%s', which holds no bytes",
			obj->name, sec->name, target->name);
	n = sec->size / sizeof(Elf64_Rel);
	for (i = 0; i < n; i++) {
		err = check_rel(l, obj, target, i, &rels[i]);
		if (err)
			return err;
	}
	return 0;
}

int bk_ld_check_elf(struct bk_linker *l, struct src_obj *obj)
{
	size_t i;
	int err;

	err = check_symtab(l, obj);
	if (err)
		return err;
	for (i = 1; i < obj->elf_sec_cnt; i++) {
		err = check_sec(l, obj, &obj->secs[i]);
		if (err)
			return err;
	}
	err = check_syms(l, obj);
	if (err)
		return err;
	for (i = 1; i < obj->elf_sec_cnt; i++) {
		if (obj->secs[i].shdr.sh_type != SHT_REL)
			continue;
		err = check_rel_sec(l, obj, &obj->secs[i]);
		if (err)
			return err;
	}
	return 0;
}

/* ---- BTF against ELF ------------------------------------------------- */

static const char *datasec_name(const struct src_obj *obj, __u32 type_id)
{
	__u32 ds = obj->datasec_of[type_id];

	if (!ds)
		return NULL;
	return bk_bview__str(obj->btf, bk_bview__type(obj->btf, ds)->name_off);
}

static int check_glob_btf(struct bk_linker *l, struct src_obj *obj, size_t idx,
			  const char *name)
{
	const Elf64_Sym *sym = &obj->syms[idx];
	bool is_extern = sym->st_shndx == SHN_UNDEF;
	int type = ELF64_ST_TYPE(sym->st_info);
	const struct btf_type *t;
	const char *ds;
	__u32 id;

	if (!obj->btf) {
		if (is_extern)
			return bk_err(
				l->diag, -EINVAL,
				"%s: symbol '%s': extern without BTF (the input has no .BTF section)",
				obj->name, name);
		return 0;
	}
	/* kept for the symbol phase: one look-up per name */
	id = bk_ld_find_btf_by_name(obj, name, obj->sym_hash[idx]);
	obj->sym_btf[idx] = id;
	if (!id)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': no BTF VAR or FUNC describes this %s",
			obj->name, name,
			is_extern ? "extern" : "global symbol");
	t = bk_bview__type(obj->btf, id);
	if ((type == STT_FUNC && !btf_is_func(t)) ||
	    (type == STT_OBJECT && !btf_is_var(t)))
		return bk_err(l->diag, -EINVAL,
			      "%s: symbol '%s': ELF says %s, BTF says %s",
			      obj->name, name,
			      type == STT_FUNC ? "function" : "object",
			      btf_is_func(t) ? "FUNC" : "VAR");
	ds = datasec_name(obj, id);
	if (!is_extern && ds && strcmp(ds, obj->secs[sym->st_shndx].name) != 0)
		return bk_err(
			l->diag, -EINVAL,
			"%s: symbol '%s': defined in section '%s' but its BTF is in DATASEC '%s'",
			obj->name, name, obj->secs[sym->st_shndx].name, ds);
	return 0;
}

static int check_datasec_sizes(struct bk_linker *l, struct src_obj *obj,
			       const struct src_sec *sec)
{
	const struct btf_type *t = bk_bview__type(obj->btf, sec->datasec_id);
	const struct btf_var_secinfo *vi = btf_var_secinfos(t);
	int i, n = btf_vlen(t);

	for (i = 0; i < n; i++, vi++) {
		if (vi->offset > sec->size || vi->size > sec->size - vi->offset)
			return bk_err(
				l->diag, -EINVAL,
				"%s: section '%s': DATASEC entry #%d (offset %u size %u) is beyond the section (%zu bytes)",
				obj->name, sec->name, i, vi->offset, vi->size,
				sec->size);
	}
	return 0;
}

int bk_ld_check_btf(struct bk_linker *l, struct src_obj *obj)
{
	size_t i;
	int err;

	obj->sym_hash = calloc(obj->sym_cnt, sizeof(*obj->sym_hash));
	obj->sym_btf = calloc(obj->sym_cnt, sizeof(*obj->sym_btf));
	if (!obj->sym_hash || !obj->sym_btf)
		return bk_err(l->diag, -ENOMEM, "%s: out of memory", obj->name);
	for (i = 1; i < obj->sym_cnt; i++) {
		const Elf64_Sym *sym = &obj->syms[i];

		if (ELF64_ST_BIND(sym->st_info) == STB_LOCAL)
			continue;
		if (sym->st_shndx != SHN_UNDEF &&
		    obj->secs[sym->st_shndx].skipped)
			continue;
		obj->sym_hash[i] = bk_str_hash(obj->strs + sym->st_name);
		err = check_glob_btf(l, obj, i, obj->strs + sym->st_name);
		if (err)
			return err;
	}
	if (!obj->btf)
		return 0;
	for (i = 1; i < obj->elf_sec_cnt; i++) {
		const struct src_sec *sec = &obj->secs[i];

		if (sec->skipped || !sec->datasec_id)
			continue;
		err = check_datasec_sizes(l, obj, sec);
		if (err)
			return err;
	}
	return 0;
}
