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

#include "elf.h"

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

int bk_elf__write_mem(const struct bk_elf_wsec *secs, size_t sec_cnt,
		      size_t shstrndx, __u16 machine, void **buf, size_t *size,
		      const struct bk_diag *diag)
{
	size_t i, off = sizeof(Elf64_Ehdr), *offs;
	Elf64_Shdr *shdrs;
	char *out;

	if (!sec_cnt || sec_cnt >= SHN_LORESERVE || shstrndx >= sec_cnt)
		return bk_err(diag, -EINVAL,
			      "cannot write an object of %zu sections",
			      sec_cnt);
	offs = calloc(sec_cnt, sizeof(*offs));
	if (!offs)
		return bk_err(diag, -ENOMEM, "out of memory");
	for (i = 1; i < sec_cnt; i++) {
		if (secs[i].type == SHT_NULL)
			continue;
		off = align_up(off, secs[i].addralign);
		offs[i] = off;
		if (has_bytes(&secs[i]))
			off += secs[i].size;
	}
	off = align_up(off, SHDR_ALIGN);
	out = calloc(1, off + sec_cnt * sizeof(Elf64_Shdr));
	if (!out) {
		free(offs);
		return bk_err(diag, -ENOMEM, "out of memory");
	}
	fill_ehdr((Elf64_Ehdr *)out, machine, off, sec_cnt, shstrndx);
	shdrs = (Elf64_Shdr *)(out + off);
	for (i = 1; i < sec_cnt; i++) {
		if (has_bytes(&secs[i]) && secs[i].data)
			memcpy(out + offs[i], secs[i].data, secs[i].size);
		fill_shdr(&shdrs[i], &secs[i], offs[i]);
	}
	free(offs);
	*buf = out;
	*size = off + sec_cnt * sizeof(Elf64_Shdr);
	return 0;
}
