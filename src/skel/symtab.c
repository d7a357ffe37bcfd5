// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The object's ELF symbol table as the skeleton generators need it: the
 * defined global data and function symbols by name (where code finds a
 * variable, a map or a function), and the whole table to walk (programs).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "skel_internal.h"
#include "../elf/elf.h"
#include "../lib/hashmap.h"

static bool is_defined_global(const Elf64_Sym *sym, size_t sec_cnt)
{
	int bind = ELF64_ST_BIND(sym->st_info);

	return (bind == STB_GLOBAL || bind == STB_WEAK) &&
	       sym->st_shndx != SHN_UNDEF && sym->st_shndx < sec_cnt;
}

/* One namespace: a function and a variable cannot share a name. */
static bool is_data_or_func(const Elf64_Sym *sym)
{
	int type = ELF64_ST_TYPE(sym->st_info);

	return type == STT_OBJECT || type == STT_FUNC;
}

static int find_symtab(struct skel_syms *syms, const struct skel *skel)
{
	const struct bk_elf_sec *symtab = NULL, *strtab;
	size_t i, sec_cnt = bk_elf__sec_cnt(syms->elf);

	for (i = 1; i < sec_cnt && !symtab; i++) {
		if (bk_elf__sec(syms->elf, i)->shdr.sh_type == SHT_SYMTAB)
			symtab = bk_elf__sec(syms->elf, i);
	}
	strtab = symtab ? bk_elf__sec(syms->elf, symtab->shdr.sh_link) : NULL;
	if (!symtab || !symtab->data || !strtab || !strtab->data ||
	    ((const char *)strtab->data)[strtab->size - 1])
		return bk_err(skel->diag, -EINVAL,
			      "%s: no symbol table with a valid string table",
			      skel->path);
	/* Read in place: entries must be whole and aligned. */
	if (symtab->shdr.sh_entsize != sizeof(Elf64_Sym) ||
	    symtab->size % sizeof(Elf64_Sym) ||
	    (uintptr_t)symtab->data % __alignof__(Elf64_Sym))
		return bk_err(
			skel->diag, -EINVAL,
			"%s: section '%s': not an aligned array of %zu-byte symbols",
			skel->path, symtab->name, sizeof(Elf64_Sym));
	syms->syms = symtab->data;
	syms->cnt = symtab->size / sizeof(Elf64_Sym);
	syms->strs = strtab->data;
	syms->strs_sz = strtab->size;
	return 0;
}

int bk_skel__syms_load(const struct skel *skel, const struct bk_elf *elf,
		       struct skel_syms *syms)
{
	size_t i, sec_cnt = bk_elf__sec_cnt(elf);
	int err;

	memset(syms, 0, sizeof(*syms));
	syms->elf = elf;
	err = find_symtab(syms, skel);
	if (err)
		return err;
	syms->by_name = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!syms->by_name)
		return bk_err(skel->diag, -ENOMEM, "out of memory");
	for (i = 1; i < syms->cnt; i++) {
		const Elf64_Sym *sym = &syms->syms[i];
		const char *name = bk_skel__sym_name(syms, sym);

		if (!name || !is_defined_global(sym, sec_cnt) ||
		    !is_data_or_func(sym))
			continue;
		if (bk_hashmap__set(syms->by_name, (uintptr_t)name,
				    (uintptr_t)sym))
			return bk_err(skel->diag, -ENOMEM, "out of memory");
	}
	return 0;
}

void bk_skel__syms_free(struct skel_syms *syms)
{
	bk_hashmap__free(syms->by_name);
	syms->by_name = NULL;
}

const char *bk_skel__sym_name(const struct skel_syms *syms,
			      const Elf64_Sym *sym)
{
	return sym->st_name < syms->strs_sz ? syms->strs + sym->st_name : NULL;
}

const Elf64_Sym *bk_skel__syms_find(const struct skel_syms *syms,
				    const char *name)
{
	uintptr_t sym;

	if (!bk_hashmap__find(syms->by_name, (uintptr_t)name, &sym))
		return NULL;
	return (const Elf64_Sym *)sym;
}

const char *bk_skel__sym_sec(const struct skel_syms *syms, const Elf64_Sym *sym)
{
	const struct bk_elf_sec *sec = bk_elf__sec(syms->elf, sym->st_shndx);

	return sec ? sec->name : "";
}
