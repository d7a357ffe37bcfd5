// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Load phase: open one input, describe its sections, find its symbol table
 * and BTF, and build the per-input indexes later phases look names up in
 * (sections, global VAR/FUNC types, static symbols), each in one pass.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linker_internal.h"
#include "input.h"
#include "../btf/btf.h"
#include "../elf/elf.h"
#include "../lib/mem.h"

#ifndef SHT_LLVM_ADDRSIG
#define SHT_LLVM_ADDRSIG 0x6FFF4C03
#endif

static bool is_dwarf_sec(const char *name)
{
	return strncmp(name, ".debug", sizeof(".debug") - 1) == 0;
}

/* Sections whose bytes are not copied as they are. */
static bool is_consumed_sec(const struct src_sec *sec)
{
	switch (sec->shdr.sh_type) {
	case SHT_NULL:
	case SHT_SYMTAB:
	case SHT_STRTAB:
	case SHT_REL:
	case SHT_LLVM_ADDRSIG:
		return true;
	default:
		break;
	}
	return strcmp(sec->name, ".BTF") == 0 ||
	       strcmp(sec->name, ".BTF.ext") == 0 || is_dwarf_sec(sec->name);
}

static struct src_sec *add_src_sec(struct src_obj *obj)
{
	struct src_sec *sec;

	if (bk_ensure_mem((void **)&obj->secs, &obj->sec_cap,
			  sizeof(*obj->secs), obj->sec_cnt + 1))
		return NULL;
	sec = &obj->secs[obj->sec_cnt++];
	memset(sec, 0, sizeof(*sec));
	sec->dst_id = -1;
	return sec;
}

static int collect_secs(struct bk_linker *l, struct src_obj *obj)
{
	size_t i, n = bk_elf__sec_cnt(obj->elf);

	obj->sec_by_name = bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	/* sized once for the ELF sections (ephemeral ones may follow) */
	if (!obj->sec_by_name ||
	    bk_ensure_mem((void **)&obj->secs, &obj->sec_cap,
			  sizeof(*obj->secs), n))
		return -ENOMEM;
	obj->elf_sec_cnt = n;
	for (i = 0; i < n; i++) {
		const struct bk_elf_sec *esec = bk_elf__sec(obj->elf, i);
		struct src_sec *sec = add_src_sec(obj);
		int err;

		if (!sec)
			return -ENOMEM;
		sec->name = esec->name;
		sec->shdr = esec->shdr;
		sec->data = esec->data;
		sec->size = esec->shdr.sh_size;
		sec->elf_idx = i;
		sec->is_exec = esec->shdr.sh_flags & SHF_EXECINSTR;
		sec->skipped = is_consumed_sec(sec);
		if (strcmp(sec->name, ".BTF") == 0)
			obj->btf_idx = i;
		else if (strcmp(sec->name, ".BTF.ext") == 0)
			obj->ext_idx = i;
		if (esec->shdr.sh_type == SHT_SYMTAB) {
			if (obj->symtab_idx)
				return bk_err(l->diag, -EINVAL,
					      "%s: more than one symbol table",
					      obj->name);
			obj->symtab_idx = i;
		}
		if (sec->skipped)
			continue;
		err = bk_hashmap__add(obj->sec_by_name, (uintptr_t)sec->name,
				      i);
		if (err == -EEXIST)
			return bk_err(l->diag, -EINVAL,
				      "%s: section '%s': name used twice",
				      obj->name, sec->name);
		if (err)
			return err;
	}
	if (!obj->symtab_idx)
		return bk_err(l->diag, -EINVAL, "%s: no symbol table",
			      obj->name);
	return 0;
}

struct src_sec *bk_ld_find_src_sec(const struct src_obj *obj, const char *name)
{
	uintptr_t idx;

	if (!bk_hashmap__find(obj->sec_by_name, (uintptr_t)name, &idx))
		return NULL;
	return &obj->secs[idx];
}

static bool same_btf_name(const void *ctx, __u32 id, const void *name)
{
	const struct bview *btf = ctx;

	return strcmp(bk_bview__str(btf, bk_bview__type(btf, id)->name_off),
		      name) == 0;
}

/* hash: bk_str_hash(name), shared with the global symbol table */
__u32 bk_ld_find_btf_by_name(const struct src_obj *obj, const char *name,
			     __u32 hash)
{
	long id;

	if (!obj->btf)
		return 0;
	id = bk_nametab__find(&obj->btf_tab, name, hash, same_btf_name,
			      obj->btf);
	return id < 0 ? 0 : id;
}

static bool is_global_btf(const struct btf_type *t)
{
	if (btf_is_var(t))
		return btf_var(t)->linkage != BTF_VAR_STATIC;
	if (btf_is_func(t))
		return func_linkage(t) != BTF_FUNC_STATIC;
	return false;
}

/* An ephemeral section for a DATASEC that has no ELF section. */
static int add_ephemeral_sec(struct src_obj *obj, const char *name,
			     __u32 datasec_id)
{
	struct src_sec *sec = add_src_sec(obj);
	int err;

	if (!sec)
		return -ENOMEM;
	sec->name = name;
	sec->ephemeral = true;
	sec->datasec_id = datasec_id;
	err = bk_hashmap__add(obj->sec_by_name, (uintptr_t)name,
			      obj->sec_cnt - 1);
	return err == -EEXIST ? 0 : err;
}

static int index_datasec(struct bk_linker *l, struct src_obj *obj, __u32 id,
			 const struct btf_type *t)
{
	const char *name = bk_bview__str(obj->btf, t->name_off);
	const struct btf_var_secinfo *vi = btf_var_secinfos(t);
	struct src_sec *sec;
	int i, n = btf_vlen(t);

	for (i = 0; i < n; i++, vi++) {
		if (obj->datasec_of[vi->type])
			return bk_err(l->diag, -EINVAL,
				      "%s: BTF [%u] is listed in two DATASECs",
				      obj->name, vi->type);
		obj->datasec_of[vi->type] = id;
		obj->secinfo_size[vi->type] = vi->size;
	}
	if (strcmp(name, SEC_EXTERN) == 0)
		return 0;
	sec = bk_ld_find_src_sec(obj, name);
	if (!sec)
		return add_ephemeral_sec(obj, name, id);
	if (sec->datasec_id)
		return bk_err(l->diag, -EINVAL,
			      "%s: section '%s': two DATASECs describe it",
			      obj->name, name);
	sec->datasec_id = id;
	return 0;
}

static int index_btf(struct bk_linker *l, struct src_obj *obj)
{
	__u32 id;
	int err;

	obj->type_cnt = obj->btf->cnt;
	obj->datasec_of = calloc(obj->type_cnt, sizeof(*obj->datasec_of));
	obj->secinfo_size = calloc(obj->type_cnt, sizeof(*obj->secinfo_size));
	if (!obj->datasec_of || !obj->secinfo_size)
		return -ENOMEM;
	for (id = 1; id < obj->type_cnt; id++) {
		const struct btf_type *t = bk_bview__type(obj->btf, id);
		struct bk_slot *slot;
		const char *name;
		long found;
		__u32 hash;

		if (btf_is_datasec(t)) {
			err = index_datasec(l, obj, id, t);
			if (err)
				return err;
			continue;
		}
		if (!is_global_btf(t))
			continue;
		name = bk_bview__str(obj->btf, t->name_off);
		hash = bk_str_hash(name);
		found = bk_nametab__probe(&obj->btf_tab, name, hash,
					  same_btf_name, obj->btf, &slot);
		if (found >= 0)
			return bk_err(
				l->diag, -EINVAL,
				"%s: symbol '%s': described by two BTF types",
				obj->name, name);
		if (found < -1)
			return -ENOMEM;
		bk_nametab__fill(&obj->btf_tab, slot, hash, id);
	}
	return 0;
}

/* Read and index the BTF of an input whose ELF is checked. */
int bk_ld_load_input_btf(struct bk_linker *l, struct src_obj *obj)
{
	const struct src_sec *sec;
	int err;

	obj->type_cnt = 1;
	if (!obj->btf_idx)
		return 0;
	sec = &obj->secs[obj->btf_idx];
	if (!sec->data)
		return bk_err(l->diag, -EINVAL, "%s: section '.BTF' is empty",
			      obj->name);
	/* .BTF.ext is checked while its records are appended (btf_ext.c) */
	err = bk_btf__validate_with(sec->data, sec->size, obj->name, NULL,
				    l->diag, &l->btf_scratch);
	if (err)
		return err;
	err = bk_bview__init(&obj->btf_view, sec->data, sec->size);
	if (err == -EOPNOTSUPP)
		return bk_err(
			l->diag, err,
			"%s: section '.BTF': byte order differs from this host's",
			obj->name);
	if (err)
		return err;
	obj->btf = &obj->btf_view;
	return index_btf(l, obj);
}

/* Static data symbols by name: DATASEC entries of statics get their
 * offsets from these (clang leaves the BTF offsets at 0). */
static int index_static_syms(struct src_obj *obj)
{
	size_t i;
	int err;

	obj->static_by_name =
		bk_hashmap__new(bk_cstr_hash, bk_cstr_equal, NULL);
	if (!obj->static_by_name)
		return -ENOMEM;
	for (i = 1; i < obj->sym_cnt; i++) {
		const Elf64_Sym *sym = &obj->syms[i];

		if (ELF64_ST_BIND(sym->st_info) != STB_LOCAL ||
		    ELF64_ST_TYPE(sym->st_info) != STT_OBJECT)
			continue;
		err = bk_hashmap__add(obj->static_by_name,
				      (uintptr_t)(obj->strs + sym->st_name), i);
		/* a linked input may hold same-named statics of several
		 * sources: its DATASEC offsets are right, use those */
		if (err == -EEXIST)
			err = bk_hashmap__set(
				obj->static_by_name,
				(uintptr_t)(obj->strs + sym->st_name),
				STATIC_NAME_DUP);
		if (err)
			return err;
	}
	return 0;
}

static int alloc_maps(struct src_obj *obj)
{
	obj->sym_map = calloc(obj->sym_cnt, sizeof(*obj->sym_map));
	obj->glob_of_type = calloc(obj->type_cnt, sizeof(*obj->glob_of_type));
	obj->type_map = calloc(obj->type_cnt, sizeof(*obj->type_map));
	if (!obj->sym_map || !obj->glob_of_type || !obj->type_map)
		return -ENOMEM;
	return 0;
}

/*
 * Map a regular file rather than read it: DWARF, often most of an object,
 * is then never touched. Anything else goes through bk_elf__open_file(),
 * which must be the only open of a FIFO: a writer's data is gone once the
 * first reader closes it, so stat() decides before anything opens it.
 */
static struct bk_elf *open_input(struct bk_linker *l, struct src_obj *obj)
{
	struct stat st;
	void *map;
	int fd;

	if (stat(obj->name, &st) < 0 || !S_ISREG(st.st_mode) || !st.st_size)
		return bk_elf__open_file(obj->name, BK_ELF_BPF_OBJ, l->diag);
	fd = open(obj->name, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    !st.st_size) {
		if (fd >= 0)
			close(fd);
		return bk_elf__open_file(obj->name, BK_ELF_BPF_OBJ, l->diag);
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return bk_elf__open_file(obj->name, BK_ELF_BPF_OBJ, l->diag);
	obj->map = map;
	obj->map_size = st.st_size;
	return bk_elf__open_mem(map, st.st_size, obj->name, BK_ELF_BPF_OBJ,
				l->diag);
}

/* Open the ELF and collect its sections (input_check.c checks them next). */
int bk_ld_open_input(struct bk_linker *l, struct src_obj *obj, const void *buf,
		     size_t size)
{
	if (buf)
		obj->elf = bk_elf__open_mem(buf, size, obj->name,
					    BK_ELF_BPF_OBJ, l->diag);
	else
		obj->elf = open_input(l, obj);
	if (!obj->elf)
		return -errno;
	return collect_secs(l, obj);
}

/* Index what the later phases look up, once the BTF is checked too. */
int bk_ld_index_input(struct bk_linker *l, struct src_obj *obj)
{
	int err = index_static_syms(obj);

	return err ?: alloc_maps(obj);
}

void bk_ld_free_obj(struct src_obj *obj)
{
	bk_hashmap__free(obj->sec_by_name);
	bk_nametab__free(&obj->btf_tab);
	bk_hashmap__free(obj->static_by_name);
	free(obj->datasec_of);
	free(obj->secinfo_size);
	free(obj->sym_map);
	free(obj->sym_hash);
	free(obj->sym_btf);
	free(obj->glob_of_type);
	free(obj->type_map);
	bk_idmap__free(&obj->str_map);
	free(obj->secs);
	bk_bview__free(&obj->btf_view);
	bk_elf__free(obj->elf);
	if (obj->map)
		munmap(obj->map, obj->map_size);
}
