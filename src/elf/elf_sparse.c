// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Opening a large object for a few of its sections (btf dump wants .BTF and
 * .BTF.ext of a 20 MB linked object): the file image is a buffer of the
 * file's size whose pages stay untouched, hence unallocated, except where
 * the ELF header, the section header table, the section name table and the
 * wanted sections are read into place with pread(). The image then goes
 * through the same checks as a fully read file: every offset is checked
 * against the file size, so bytes that were not read are never reached by
 * a section the caller asked for.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf.h"
#include "../lib/mem.h"

/* Inputs larger than this are read whole, and refused there (lib/file.c). */
#define MAX_SPARSE_SIZE (1UL << 31)

struct sparse {
	int fd;
	char *buf;
	size_t size;
};

/* Read [off, off + len) of the file into place, cut at the end of the file. */
static int read_range(const struct sparse *s, __u64 off, __u64 len)
{
	ssize_t n;

	if (off >= s->size)
		return 0;
	if (len > s->size - off)
		len = s->size - off;
	while (len) {
		n = pread(s->fd, s->buf + off, len, off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO; /* the file shrank since fstat() */
		off += n;
		len -= n;
	}
	return 0;
}

static const Elf64_Shdr *shdr_at(const struct sparse *s, __u64 shoff,
				 size_t idx)
{
	__u64 off = shoff + (__u64)idx * sizeof(Elf64_Shdr);

	if (shoff > s->size || off > s->size - sizeof(Elf64_Shdr))
		return NULL;
	return (const Elf64_Shdr *)(s->buf + off);
}

/*
 * Index in names of a wanted section's name not seen yet (seen: a bit per
 * index), else -1. Only the first section of a name is read, as
 * bk_elf__find_sec() finds only that one: a file of many sections of one
 * name cannot make the same bytes be read again and again.
 */
static int wanted_idx(const char *name, size_t room, const char *const *names,
		      __u32 seen)
{
	int i;

	if (strnlen(name, room) == room)
		return -1;
	for (i = 0; i < 32 && names[i]; i++) {
		if (!(seen & 1U << i) && strcmp(name, names[i]) == 0)
			return i;
	}
	return -1;
}

/*
 * The section header table, the name table and the wanted sections, as far
 * as the file holds them: what is missing or out of range is left for
 * load_elf()'s checks to report.
 */
static int read_wanted(const struct sparse *s, const Elf64_Ehdr *eh,
		       const char *const *names)
{
	const Elf64_Shdr *sh0, *strtab, *sh;
	size_t shnum = eh->e_shnum, shstrndx = eh->e_shstrndx, i;
	__u64 name_off;
	__u32 seen = 0;
	int err, idx;

	if (!eh->e_shoff)
		return 0;
	sh0 = shdr_at(s, eh->e_shoff, 0);
	err = sh0 ? read_range(s, eh->e_shoff, sizeof(*sh0)) : 0;
	if (err || !sh0)
		return err;
	if (!shnum)
		shnum = sh0->sh_size; /* more sections than e_shnum holds */
	if (shstrndx == SHN_XINDEX)
		shstrndx = sh0->sh_link;
	if (shnum > s->size / sizeof(Elf64_Shdr))
		return 0;
	err = read_range(s, eh->e_shoff, (__u64)shnum * sizeof(Elf64_Shdr));
	strtab = shdr_at(s, eh->e_shoff, shstrndx);
	if (err || shstrndx >= shnum || !strtab)
		return err;
	err = read_range(s, strtab->sh_offset, strtab->sh_size);
	for (i = 1; i < shnum && !err; i++) {
		sh = shdr_at(s, eh->e_shoff, i);
		if (!sh || sh->sh_type == SHT_NOBITS ||
		    sh->sh_name >= strtab->sh_size ||
		    strtab->sh_offset >= s->size ||
		    sh->sh_name >= s->size - strtab->sh_offset)
			continue;
		name_off = strtab->sh_offset + sh->sh_name;
		idx = wanted_idx(s->buf + name_off, s->size - name_off, names,
				 seen);
		if (idx < 0)
			continue;
		seen |= 1U << idx;
		/* read whole: megabytes of BTF fault 512 times less */
		if (sh->sh_offset < s->size &&
		    sh->sh_size <= s->size - sh->sh_offset)
			bk_mem__ask_huge_pages(s->buf + sh->sh_offset,
					       sh->sh_size);
		err = read_range(s, sh->sh_offset, sh->sh_size);
	}
	return err;
}

/*
 * A 64-bit ELF file of the host's byte order whose section headers can be
 * read in place (aligned), else one to read whole.
 */
static bool is_sparse_candidate(const Elf64_Ehdr *eh)
{
	unsigned char host = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
				     ? ELFDATA2LSB
				     : ELFDATA2MSB;

	return memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 &&
	       eh->e_ident[EI_CLASS] == ELFCLASS64 &&
	       eh->e_ident[EI_DATA] == host &&
	       eh->e_shentsize == sizeof(Elf64_Shdr) &&
	       eh->e_shoff % __alignof__(Elf64_Shdr) == 0;
}

static int open_sparse(struct sparse *s, const char *path,
		       const char *const *names, const struct bk_diag *diag)
{
	struct stat st;
	int err;

	if (fstat(s->fd, &st) || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size < sizeof(Elf64_Ehdr) ||
	    (size_t)st.st_size > MAX_SPARSE_SIZE)
		return -ENOEXEC;
	s->size = st.st_size;
	/*
	 * calloc() of this size maps fresh zero pages without writing them:
	 * only the pages read into become memory of ours.
	 */
	s->buf = calloc(1, s->size);
	if (!s->buf)
		return bk_err(diag, -ENOMEM, "%s: out of memory", path);
	err = read_range(s, 0, sizeof(Elf64_Ehdr));
	if (!err && !is_sparse_candidate((const Elf64_Ehdr *)s->buf))
		return -ENOEXEC;
	err = err ?: read_wanted(s, (const Elf64_Ehdr *)s->buf, names);
	if (err)
		return bk_err(diag, err, "%s: %s", path,
			      err == -EIO ? "the file shrank while being read"
					  : strerror(-err));
	return 0;
}

int bk_elf__open_file_secs(const char *path, const char *const *names,
			   unsigned int flags, const struct bk_diag *diag,
			   struct bk_elf **elf)
{
	struct sparse s = {.fd = -1};
	int err;

	s.fd = open(path, O_RDONLY | O_CLOEXEC);
	if (s.fd < 0)
		return -ENOEXEC; /* the whole-file reader says why */
	err = open_sparse(&s, path, names, diag);
	close(s.fd);
	if (err) {
		free(s.buf);
		return err;
	}
	*elf = bk_elf__open_owned(s.buf, s.size, path, flags, names, diag);
	return *elf ? 0 : -errno;
}
