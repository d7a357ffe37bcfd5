// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Write side of the ELF module: serialize a relocatable object from a list
 * of sections. The layout is computed here rather than by libelf so that it
 * is fixed by the input alone (same sections, same bytes) and the result can
 * be built in memory for callers that never touch a file.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf.h"
#include "../lib/mem.h"

#define SHDR_ALIGN 8

static size_t align_up(size_t x, __u64 a)
{
	if (a <= 1)
		return x;
	return (x + a - 1) & ~(size_t)(a - 1);
}

static bool has_bytes(const struct bk_elf_wsec *sec)
{
	return sec->type != SHT_NOBITS && sec->type != SHT_NULL && sec->size;
}

static void fill_ehdr(Elf64_Ehdr *eh, __u16 machine, size_t shoff,
		      size_t sec_cnt, size_t shstrndx)
{
	memset(eh, 0, sizeof(*eh));
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
				       ? ELFDATA2LSB
				       : ELFDATA2MSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_ident[EI_OSABI] = ELFOSABI_NONE;
	eh->e_type = ET_REL;
	eh->e_machine = machine;
	eh->e_version = EV_CURRENT;
	eh->e_shoff = shoff;
	eh->e_ehsize = sizeof(Elf64_Ehdr);
	eh->e_shentsize = sizeof(Elf64_Shdr);
	eh->e_shnum = sec_cnt;
	eh->e_shstrndx = shstrndx;
}

static void fill_shdr(Elf64_Shdr *sh, const struct bk_elf_wsec *sec,
		      size_t offset)
{
	memset(sh, 0, sizeof(*sh));
	sh->sh_name = sec->name;
	sh->sh_type = sec->type;
	sh->sh_flags = sec->flags;
	sh->sh_offset = offset;
	sh->sh_size = sec->size;
	sh->sh_link = sec->link;
	sh->sh_info = sec->info;
	sh->sh_addralign = sec->addralign;
	sh->sh_entsize = sec->entsize;
}

/*
 * An object written as its sections become ready, so a caller can free each
 * section's bytes once they are out. Room for the ELF header is left at the
 * start; the header and the section header table come last.
 */
struct bk_elf_out {
	int fd; /* -1: into mem */
	char *mem;
	size_t mem_cap;
	size_t pos;
	size_t *offs; /* per section index */
	size_t offs_cnt;
	size_t offs_cap;
	const char *name;
	const struct bk_diag *diag;
};

static int out_write(struct bk_elf_out *o, size_t at, const void *data,
		     size_t size)
{
	const char *p = data;

	if (o->fd < 0) {
		size_t need = at + size;

		if (need > o->mem_cap) {
			size_t cap = o->mem_cap ? o->mem_cap : 4096;
			char *mem;

			while (cap < need)
				cap *= 2;
			mem = realloc(o->mem, cap);
			if (!mem)
				return bk_err(o->diag, -ENOMEM,
					      "out of memory");
			memset(mem + o->mem_cap, 0, cap - o->mem_cap);
			o->mem = mem;
			o->mem_cap = cap;
		}
		memcpy(o->mem + at, data, size);
		return 0;
	}
	while (size) {
		ssize_t n = pwrite(o->fd, p, size, at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return bk_err(o->diag, -errno, "%s: cannot write: %s",
				      o->name, strerror(errno));
		p += n;
		at += n;
		size -= n;
	}
	return 0;
}

struct bk_elf_out *bk_elf_out__new(int fd, const char *name,
				   const struct bk_diag *diag)
{
	struct bk_elf_out *o = calloc(1, sizeof(*o));

	if (!o) {
		bk_err(diag, -ENOMEM, "out of memory");
		errno = ENOMEM;
		return NULL;
	}
	o->fd = fd;
	o->name = name;
	o->diag = diag;
	o->pos = sizeof(Elf64_Ehdr);
	return o;
}

void bk_elf_out__free(struct bk_elf_out *o)
{
	if (!o)
		return;
	free(o->mem);
	free(o->offs);
	free(o);
}

int bk_elf_out__add(struct bk_elf_out *o, size_t idx,
		    const struct bk_elf_wsec *sec)
{
	struct bk_elf_part part = {sec->data, sec->size};

	return bk_elf_out__add_parts(o, idx, sec, &part, 1);
}

int bk_elf_out__add_parts(struct bk_elf_out *o, size_t idx,
			  const struct bk_elf_wsec *sec,
			  const struct bk_elf_part *parts, size_t part_cnt)
{
	size_t i;
	int err = 0;

	if (idx >= SHN_LORESERVE)
		return bk_err(o->diag, -E2BIG,
			      "%s: too many sections: more than %d", o->name,
			      SHN_LORESERVE - 1);
	/* grown geometrically: one realloc per section was quadratic */
	if (idx >= o->offs_cnt) {
		if (bk_ensure_mem((void **)&o->offs, &o->offs_cap,
				  sizeof(*o->offs), idx + 1))
			return bk_err(o->diag, -ENOMEM, "out of memory");
		o->offs_cnt = idx + 1;
	}
	o->pos = align_up(o->pos, sec->addralign);
	o->offs[idx] = o->pos;
	if (!has_bytes(sec))
		return 0;
	for (i = 0; i < part_cnt && !err; i++) {
		if (!parts[i].size)
			continue;
		err = out_write(o, o->pos, parts[i].data, parts[i].size);
		o->pos += parts[i].size;
	}
	return err;
}

int bk_elf_out__finish(struct bk_elf_out *o, const struct bk_elf_wsec *secs,
		       size_t sec_cnt, size_t shstrndx, __u16 machine)
{
	size_t i, shoff = align_up(o->pos, SHDR_ALIGN);
	Elf64_Shdr *shdrs;
	Elf64_Ehdr eh;
	int err;

	if (!sec_cnt || sec_cnt >= SHN_LORESERVE || shstrndx >= sec_cnt ||
	    sec_cnt > o->offs_cnt + 1)
		return bk_err(o->diag, -EINVAL,
			      "%s: cannot write an object of %zu sections",
			      o->name, sec_cnt);
	shdrs = calloc(sec_cnt, sizeof(*shdrs));
	if (!shdrs)
		return bk_err(o->diag, -ENOMEM, "out of memory");
	for (i = 1; i < sec_cnt; i++)
		fill_shdr(&shdrs[i], &secs[i],
			  i < o->offs_cnt ? o->offs[i] : 0);
	fill_ehdr(&eh, machine, shoff, sec_cnt, shstrndx);
	/* gaps are holes in a new file, zeroed memory in a buffer */
	err = out_write(o, shoff, shdrs, sec_cnt * sizeof(*shdrs));
	err = err ?: out_write(o, 0, &eh, sizeof(eh));
	free(shdrs);
	o->pos = shoff + sec_cnt * sizeof(Elf64_Shdr);
	return err;
}

/* The bytes written into memory (fd -1); the caller frees them. */
void *bk_elf_out__take(struct bk_elf_out *o, size_t *size)
{
	void *mem = o->mem;

	if (!mem)
		mem = calloc(1, o->pos ?: 1);
	o->mem = NULL;
	o->mem_cap = 0;
	*size = o->pos;
	return mem;
}
