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

/* Section offsets and the section header table's offset; -errno. */
static int lay_out(const struct bk_elf_wsec *secs, size_t sec_cnt,
		   size_t shstrndx, size_t **offs, size_t *shoff,
		   const struct bk_diag *diag)
{
	size_t i, off = sizeof(Elf64_Ehdr);

	if (!sec_cnt || sec_cnt >= SHN_LORESERVE || shstrndx >= sec_cnt)
		return bk_err(diag, -EINVAL,
			      "cannot write an object of %zu sections",
			      sec_cnt);
	*offs = calloc(sec_cnt, sizeof(**offs));
	if (!*offs)
		return bk_err(diag, -ENOMEM, "out of memory");
	for (i = 1; i < sec_cnt; i++) {
		if (secs[i].type == SHT_NULL)
			continue;
		off = align_up(off, secs[i].addralign);
		(*offs)[i] = off;
		if (has_bytes(&secs[i]))
			off += secs[i].size;
	}
	*shoff = align_up(off, SHDR_ALIGN);
	return 0;
}

static Elf64_Shdr *make_shdrs(const struct bk_elf_wsec *secs, size_t sec_cnt,
			      const size_t *offs)
{
	Elf64_Shdr *shdrs = calloc(sec_cnt, sizeof(*shdrs));
	size_t i;

	if (!shdrs)
		return NULL;
	for (i = 1; i < sec_cnt; i++)
		fill_shdr(&shdrs[i], &secs[i], offs[i]);
	return shdrs;
}

int bk_elf__write_mem(const struct bk_elf_wsec *secs, size_t sec_cnt,
		      size_t shstrndx, __u16 machine, void **buf, size_t *size,
		      const struct bk_diag *diag)
{
	size_t i, off, *offs;
	Elf64_Shdr *shdrs;
	char *out;
	int err;

	err = lay_out(secs, sec_cnt, shstrndx, &offs, &off, diag);
	if (err)
		return err;
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

/* Writes pieces in order; gaps (alignment padding) are written as zeros. */
struct fd_out {
	int fd;
	size_t pos;
	const char *name;
	const struct bk_diag *diag;
};

static int out_bytes(struct fd_out *o, const void *data, size_t size)
{
	const char *p = data;

	while (size) {
		ssize_t n = write(o->fd, p, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return bk_err(o->diag, -errno, "%s: cannot write: %s",
				      o->name, strerror(errno));
		p += n;
		size -= n;
		o->pos += n;
	}
	return 0;
}

static int out_pad(struct fd_out *o, size_t to)
{
	static const char zeros[64];
	int err = 0;

	while (!err && o->pos < to)
		err = out_bytes(o, zeros,
				to - o->pos < sizeof(zeros) ? to - o->pos
							    : sizeof(zeros));
	return err;
}

int bk_elf__write_fd(const struct bk_elf_wsec *secs, size_t sec_cnt,
		     size_t shstrndx, __u16 machine, int fd, const char *name,
		     const struct bk_diag *diag)
{
	struct fd_out o = {.fd = fd, .name = name, .diag = diag};
	size_t i, shoff, *offs;
	Elf64_Shdr *shdrs;
	Elf64_Ehdr eh;
	int err;

	err = lay_out(secs, sec_cnt, shstrndx, &offs, &shoff, diag);
	if (err)
		return err;
	shdrs = make_shdrs(secs, sec_cnt, offs);
	if (!shdrs) {
		free(offs);
		return bk_err(diag, -ENOMEM, "out of memory");
	}
	fill_ehdr(&eh, machine, shoff, sec_cnt, shstrndx);
	err = out_bytes(&o, &eh, sizeof(eh));
	for (i = 1; i < sec_cnt && !err; i++) {
		if (!has_bytes(&secs[i]))
			continue;
		err = out_pad(&o, offs[i]);
		if (!err && secs[i].data)
			err = out_bytes(&o, secs[i].data, secs[i].size);
		else if (!err)
			err = out_pad(&o, offs[i] + secs[i].size);
	}
	err = err ?: out_pad(&o, shoff);
	err = err ?: out_bytes(&o, shdrs, sec_cnt * sizeof(*shdrs));
	free(shdrs);
	free(offs);
	return err;
}
