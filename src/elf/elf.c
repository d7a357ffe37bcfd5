// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Read side of the ELF module: open an object from a file or a buffer, check
 * the header and every section header against the file, and hand out
 * sections as (name, header, bytes). Section bytes are taken from the file
 * image directly: bpfkit only accepts host byte order for BPF objects, and a
 * raw view is what BTF and relocation parsing want anyway.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <libelf.h>

#include "elf.h"
#include "../lib/file.h"

struct bk_elf {
	char *name;
	void *owned_buf; /* set when we read the file ourselves */
	const char *buf;
	size_t size;
	Elf *elf;
	GElf_Ehdr ehdr;
	struct bk_elf_sec *secs;
	void **copies; /* per section: aligned copy of misplaced bytes, or NULL */
	size_t sec_cnt;
	const char *const *only; /* NULL, or the only sections read from file */
	__u32 only_seen;	 /* bit i: a section named only[i] was met */
};

bool bk_elf__is_elf(const void *buf, size_t size)
{
	return size >= SELFMAG && memcmp(buf, ELFMAG, SELFMAG) == 0;
}

#define HOST_ELFDATA \
	(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB)

static int check_bpf_obj(const struct bk_elf *elf, const struct bk_diag *diag)
{
	const GElf_Ehdr *eh = &elf->ehdr;
	unsigned char host = HOST_ELFDATA;

	if (eh->e_ident[EI_CLASS] != ELFCLASS64)
		return bk_err(diag, -EINVAL, "%s: not a 64-bit ELF object",
			      elf->name);
	if (eh->e_type != ET_REL)
		return bk_err(diag, -EINVAL,
			      "%s: not a relocatable object (ELF type %u)",
			      elf->name, eh->e_type);
	if (eh->e_machine != EM_BPF)
		return bk_err(diag, -EINVAL,
			      "%s: not a BPF object (ELF machine %u)",
			      elf->name, eh->e_machine);
	if (eh->e_ident[EI_DATA] != host)
		return bk_err(diag, -EOPNOTSUPP,
			      "%s: byte order differs from this host's",
			      elf->name);
	return 0;
}

/*
 * Whether section name holds the file's bytes: always for a whole file; for
 * a partly read one (elf_sparse.c), the first section of each wanted name,
 * in section order.
 */
static bool claim_read(struct bk_elf *elf, const char *name)
{
	int i;

	if (!elf->only)
		return true;
	for (i = 0; i < 32 && elf->only[i]; i++) {
		if (!(elf->only_seen & 1U << i) &&
		    strcmp(elf->only[i], name) == 0) {
			elf->only_seen |= 1U << i;
			return true;
		}
	}
	return false;
}

/* BTF and .BTF.ext hold 32-bit fields only, and are 4-byte aligned. */
static size_t sec_align(const char *name)
{
	return strcmp(name, ".BTF") == 0 || strcmp(name, ".BTF.ext") == 0 ? 4
									  : 8;
}

/*
 * Readers take symbols, relocations, instructions and BTF records straight
 * from sec->data as arrays of structs. clang places every section at an
 * offset aligned for its contents, but a crafted file need not: copy such
 * bytes to memory that is 8-byte aligned (malloc's), rather than let every
 * reader make misaligned accesses.
 */
static int align_sec(struct bk_elf *elf, size_t idx, const struct bk_diag *diag)
{
	struct bk_elf_sec *sec = &elf->secs[idx];

	/* DWARF is only ever copied or dropped, never read as structs; the
	 * bytes of a section that was not read are never read either. */
	if (!claim_read(elf, sec->name) ||
	    (uintptr_t)sec->data % sec_align(sec->name) == 0 ||
	    strncmp(sec->name, ".debug_", 7) == 0)
		return 0;
	elf->copies[idx] = malloc(sec->size);
	if (!elf->copies[idx])
		return bk_err(diag, -ENOMEM, "%s: out of memory", elf->name);
	memcpy(elf->copies[idx], sec->data, sec->size);
	sec->data = elf->copies[idx];
	return 0;
}

/*
 * A 64-bit object in this host's byte order (every BPF object bpfkit links)
 * is read straight from the image, without libelf: libelf keeps a
 * descriptor of some 400 bytes per section, the largest part of the memory
 * an object of 10^6 sections takes. Other objects go through libelf.
 */
static bool is_direct(const struct bk_elf *elf)
{
	return !elf->elf;
}

static int get_shdr(const struct bk_elf *elf, size_t idx, GElf_Shdr *shdr)
{
	Elf_Scn *scn;

	if (is_direct(elf)) {
		/* check_shdr_table() made sure the table is in the file */
		memcpy(shdr, elf->buf + elf->ehdr.e_shoff + idx * sizeof(*shdr),
		       sizeof(*shdr));
		return 0;
	}
	scn = elf_getscn(elf->elf, idx);
	return scn && gelf_getshdr(scn, shdr) ? 0 : -EINVAL;
}

/* As elf_strptr(): a string of a STRTAB section, ending inside it. */
static const char *get_sec_name(const struct bk_elf *elf, size_t shstrndx,
				size_t off)
{
	GElf_Shdr strs;
	const char *p;

	if (!is_direct(elf))
		return elf_strptr(elf->elf, shstrndx, off);
	get_shdr(elf, shstrndx, &strs);
	if (strs.sh_type != SHT_STRTAB || strs.sh_offset > elf->size ||
	    strs.sh_size > elf->size - strs.sh_offset || off >= strs.sh_size)
		return NULL;
	p = elf->buf + strs.sh_offset;
	return memchr(p + off, 0, strs.sh_size - off) ? p + off : NULL;
}

static int load_sec(struct bk_elf *elf, size_t idx, size_t shstrndx,
		    const struct bk_diag *diag)
{
	struct bk_elf_sec *sec = &elf->secs[idx];
	const char *name;

	sec->idx = idx;
	if (get_shdr(elf, idx, &sec->shdr))
		return bk_err(diag, -EINVAL,
			      "%s: section #%zu: corrupt header: %s", elf->name,
			      idx, elf_errmsg(-1));
	if (idx == 0) {
		sec->name = "";
		return 0;
	}
	name = get_sec_name(elf, shstrndx, sec->shdr.sh_name);
	if (!name)
		return bk_err(
			diag, -EINVAL,
			"%s: section #%zu: name offset %u is out of range",
			elf->name, idx, sec->shdr.sh_name);
	sec->name = name;
	if (sec->shdr.sh_type == SHT_NOBITS || sec->shdr.sh_size == 0)
		return 0;
	if (sec->shdr.sh_offset > elf->size ||
	    sec->shdr.sh_size > elf->size - sec->shdr.sh_offset)
		return bk_err(
			diag, -EINVAL,
			"%s: section '%s': offset %llu size %llu is beyond the end of the file (%zu bytes)",
			elf->name, name,
			(unsigned long long)sec->shdr.sh_offset,
			(unsigned long long)sec->shdr.sh_size, elf->size);
	sec->data = elf->buf + sec->shdr.sh_offset;
	sec->size = sec->shdr.sh_size;
	return align_sec(elf, idx, diag);
}

/*
 * libelf quietly reports no sections for a table cut short, which would
 * surface later as a misleading "no .BTF section": say what is wrong here.
 */
static int check_shdr_table(const struct bk_elf *elf, size_t shnum,
			    const struct bk_diag *diag)
{
	const GElf_Ehdr *eh = &elf->ehdr;
	size_t entsize = eh->e_ident[EI_CLASS] == ELFCLASS64
				 ? sizeof(Elf64_Shdr)
				 : sizeof(Elf32_Shdr);

	if (!eh->e_shoff && !eh->e_shnum)
		return 0;
	if (eh->e_shentsize != entsize)
		return bk_err(diag, -EINVAL,
			      "%s: section header size %u, expected %zu",
			      elf->name, eh->e_shentsize, entsize);
	if (eh->e_shoff > elf->size ||
	    (elf->size - eh->e_shoff) / entsize < (shnum ?: eh->e_shnum))
		return bk_err(
			diag, -EINVAL,
			"%s: section header table (offset %llu, %zu headers) is beyond the end of the file (%zu bytes)",
			elf->name, (unsigned long long)eh->e_shoff,
			shnum ?: (size_t)eh->e_shnum, elf->size);
	return 0;
}

static bool can_read_direct(const struct bk_elf *elf)
{
	/* anything else libelf refuses with its own message */
	return elf->size >= sizeof(Elf64_Ehdr) &&
	       elf->buf[EI_CLASS] == ELFCLASS64 &&
	       elf->buf[EI_DATA] == HOST_ELFDATA &&
	       elf->buf[EI_VERSION] == EV_CURRENT;
}

/*
 * The section count and the name table's index; beyond 65279 sections
 * (extended numbering) section header #0 holds them.
 */
static int read_counts_direct(struct bk_elf *elf, size_t *shnum,
			      size_t *shstrndx, const struct bk_diag *diag)
{
	const GElf_Ehdr *eh = &elf->ehdr;
	Elf64_Shdr sh0;

	*shnum = eh->e_shnum;
	*shstrndx = eh->e_shstrndx;
	if (!eh->e_shoff || (*shnum && *shstrndx != SHN_XINDEX))
		return 0;
	if (eh->e_shoff > elf->size || elf->size - eh->e_shoff < sizeof(sh0))
		return bk_err(
			diag, -EINVAL,
			"%s: corrupt section table: header #0 at offset %llu is beyond the end of the file (%zu bytes)",
			elf->name, (unsigned long long)eh->e_shoff, elf->size);
	memcpy(&sh0, elf->buf + eh->e_shoff, sizeof(sh0));
	if (!*shnum)
		*shnum = sh0.sh_size;
	if (*shstrndx == SHN_XINDEX)
		*shstrndx = sh0.sh_link;
	return 0;
}

static int open_libelf(struct bk_elf *elf, const struct bk_diag *diag)
{
	if (elf_version(EV_CURRENT) == EV_NONE)
		return bk_err(diag, -EINVAL, "libelf is unusable: %s",
			      elf_errmsg(-1));
	elf->elf = elf_memory((char *)elf->buf, elf->size);
	if (!elf->elf || !gelf_getehdr(elf->elf, &elf->ehdr))
		return bk_err(diag, -EINVAL, "%s: corrupt ELF header: %s",
			      elf->name, elf_errmsg(-1));
	return 0;
}

static int read_counts_libelf(struct bk_elf *elf, size_t *shnum,
			      size_t *shstrndx, const struct bk_diag *diag)
{
	if (elf_getshdrnum(elf->elf, shnum) ||
	    elf_getshdrstrndx(elf->elf, shstrndx))
		return bk_err(diag, -EINVAL, "%s: corrupt section table: %s",
			      elf->name, elf_errmsg(-1));
	return 0;
}

static int load_elf(struct bk_elf *elf, unsigned int flags,
		    const struct bk_diag *diag)
{
	size_t shnum, shstrndx, i;
	bool direct;
	int err;

	if (!bk_elf__is_elf(elf->buf, elf->size))
		return bk_err(diag, -EINVAL, "%s: not an ELF file", elf->name);
	direct = can_read_direct(elf);
	if (direct)
		memcpy(&elf->ehdr, elf->buf, sizeof(Elf64_Ehdr));
	else if ((err = open_libelf(elf, diag)))
		return err;
	if (flags & BK_ELF_BPF_OBJ) {
		err = check_bpf_obj(elf, diag);
		if (err)
			return err;
	}
	if (direct)
		err = read_counts_direct(elf, &shnum, &shstrndx, diag);
	else
		err = read_counts_libelf(elf, &shnum, &shstrndx, diag);
	if (err)
		return err;
	err = check_shdr_table(elf, shnum, diag);
	if (err)
		return err;
	if (shnum && shstrndx >= shnum)
		return bk_err(
			diag, -EINVAL,
			"%s: section name table index #%zu is beyond %zu sections",
			elf->name, shstrndx, shnum);
	/* Each header takes 64 bytes of the file: a count beyond that is a lie. */
	if (shnum > elf->size / sizeof(Elf32_Shdr))
		return bk_err(diag, -EINVAL,
			      "%s: %zu section headers cannot fit in %zu bytes",
			      elf->name, shnum, elf->size);
	elf->secs = calloc(shnum ?: 1, sizeof(*elf->secs));
	elf->copies = calloc(shnum ?: 1, sizeof(*elf->copies));
	if (!elf->secs || !elf->copies)
		return bk_err(diag, -ENOMEM, "%s: out of memory", elf->name);
	elf->sec_cnt = shnum;
	for (i = 0; i < shnum; i++) {
		err = load_sec(elf, i, shstrndx, diag);
		if (err)
			return err;
	}
	return 0;
}

static struct bk_elf *open_buf(void *owned, const void *buf, size_t size,
			       const char *name, unsigned int flags,
			       const char *const *only,
			       const struct bk_diag *diag)
{
	struct bk_elf *elf = calloc(1, sizeof(*elf));
	int err;

	if (!elf || !(elf->name = strdup(name))) {
		free(elf);
		free(owned);
		bk_err(diag, -ENOMEM, "%s: out of memory", name);
		errno = ENOMEM;
		return NULL;
	}
	elf->owned_buf = owned;
	elf->buf = buf;
	elf->size = size;
	elf->only = only;
	err = load_elf(elf, flags, diag);
	if (err) {
		bk_elf__free(elf);
		errno = -err;
		return NULL;
	}
	return elf;
}

struct bk_elf *bk_elf__open_file(const char *path, unsigned int flags,
				 const struct bk_diag *diag)
{
	size_t size;
	void *buf;
	int err;

	err = bk_read_file(path, &buf, &size, diag);
	if (err) {
		errno = -err;
		return NULL;
	}
	return open_buf(buf, buf, size, path, flags, NULL, diag);
}

struct bk_elf *bk_elf__open_mem(const void *buf, size_t size, const char *name,
				unsigned int flags, const struct bk_diag *diag)
{
	return open_buf(NULL, buf, size, name, flags, NULL, diag);
}

struct bk_elf *bk_elf__open_owned(void *buf, size_t size, const char *name,
				  unsigned int flags, const char *const *names,
				  const struct bk_diag *diag)
{
	return open_buf(buf, buf, size, name, flags, names, diag);
}

void bk_elf__free(struct bk_elf *elf)
{
	size_t i;

	if (!elf)
		return;
	if (elf->elf)
		elf_end(elf->elf);
	for (i = 0; elf->copies && i < elf->sec_cnt; i++)
		free(elf->copies[i]);
	free(elf->copies);
	free(elf->secs);
	free(elf->owned_buf);
	free(elf->name);
	free(elf);
}

const char *bk_elf__name(const struct bk_elf *elf)
{
	return elf->name;
}

const GElf_Ehdr *bk_elf__ehdr(const struct bk_elf *elf)
{
	return &elf->ehdr;
}

size_t bk_elf__sec_cnt(const struct bk_elf *elf)
{
	return elf->sec_cnt;
}

const struct bk_elf_sec *bk_elf__sec(const struct bk_elf *elf, size_t idx)
{
	return idx < elf->sec_cnt ? &elf->secs[idx] : NULL;
}

const struct bk_elf_sec *bk_elf__find_sec(const struct bk_elf *elf,
					  const char *name)
{
	size_t i;

	for (i = 1; i < elf->sec_cnt; i++) {
		if (strcmp(elf->secs[i].name, name) == 0)
			return &elf->secs[i];
	}
	return NULL;
}
