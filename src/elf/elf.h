/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_ELF_H
#define BPFKIT_ELF_H

#include <stdbool.h>
#include <stddef.h>
#include <gelf.h>
#include <linux/types.h>

#include "../lib/diag.h"

/*
 * The only libelf user. bk_elf is a checked, read-only view of one ELF file
 * held in memory: every section header's name, offset and size has been
 * checked against the file before anything is handed out, so callers may
 * trust sec->data[0..sec->size).
 */
struct bk_elf;

struct bk_elf_sec {
	size_t idx;	  /* ELF section index */
	const char *name; /* never NULL; "" for the null section */
	GElf_Shdr shdr;
	const void *data; /* NULL for SHT_NOBITS and empty sections */
	size_t size;	  /* bytes at data (0 for SHT_NOBITS) */
};

enum bk_elf_flags {
	/* Require ELFCLASS64, ET_REL, EM_BPF and host byte order. */
	BK_ELF_BPF_OBJ = 1 << 0,
};

/*
 * Open path (read fully into memory) or a caller's buffer (not copied: it
 * must outlive the bk_elf). name is used in messages. Returns NULL and sets
 * errno; the reason went to diag.
 */
struct bk_elf *bk_elf__open_file(const char *path, unsigned int flags,
				 const struct bk_diag *diag);
struct bk_elf *bk_elf__open_mem(const void *buf, size_t size, const char *name,
				unsigned int flags, const struct bk_diag *diag);
/*
 * As open_mem, taking buf (malloc'ed) over: freed with the bk_elf, or now if
 * the open fails. names NULL: buf is the whole file; else only the sections
 * named there (NULL-terminated) hold the file's bytes (see below).
 */
struct bk_elf *bk_elf__open_owned(void *buf, size_t size, const char *name,
				  unsigned int flags, const char *const *names,
				  const struct bk_diag *diag);
/*
 * Open path reading only what the given sections need (elf_sparse.c): the
 * ELF header, the section header table, the section name table and the
 * sections named in names (NULL-terminated). Every section header is
 * checked as by open_file, but only the named sections' bytes may be read:
 * the others' are zeros. Returns 0 and *elf; -ENOEXEC, with no message,
 * when path is not a regular 64-bit ELF file of this host's byte order (read
 * it whole with open_file, which says what is wrong); else -errno, the
 * reason in diag.
 */
int bk_elf__open_file_secs(const char *path, const char *const *names,
			   unsigned int flags, const struct bk_diag *diag,
			   struct bk_elf **elf);
void bk_elf__free(struct bk_elf *elf);

/* True if buf starts with the ELF magic. */
bool bk_elf__is_elf(const void *buf, size_t size);

const char *bk_elf__name(const struct bk_elf *elf);
const GElf_Ehdr *bk_elf__ehdr(const struct bk_elf *elf);
size_t bk_elf__sec_cnt(const struct bk_elf *elf);
/* idx < sec_cnt; section 0 is the null section. */
const struct bk_elf_sec *bk_elf__sec(const struct bk_elf *elf, size_t idx);
/* First section with that name, or NULL. */
const struct bk_elf_sec *bk_elf__find_sec(const struct bk_elf *elf,
					  const char *name);

/* ---- write side ------------------------------------------------------- */

/*
 * One section of an object to write. Names are offsets into the section
 * name table, which is one of the sections (shstrndx). Section 0 must be
 * the null section (all zero).
 */
struct bk_elf_wsec {
	__u32 name;
	__u32 type;
	__u64 flags;
	__u32 link;
	__u32 info;
	__u64 addralign;
	__u64 entsize;
	const void *data; /* NULL for SHT_NOBITS (and empty sections) */
	__u64 size;
};

/*
 * A relocatable ELF64 object of the host's byte order, written section by
 * section as the caller's bytes become ready (each may be freed once
 * added): fd >= 0 writes the file (positioned writes from offset 0), fd -1
 * builds the object in memory. Room for the ELF header is left first; each
 * section lands at the next offset of its alignment; finish() writes the
 * section header table after the last one and then the ELF header. The same
 * sections added in the same order always give the same bytes.
 */
struct bk_elf_out;

struct bk_elf_out *bk_elf_out__new(int fd, const char *name,
				   const struct bk_diag *diag);
int bk_elf_out__add(struct bk_elf_out *o, size_t idx,
		    const struct bk_elf_wsec *sec);
/* A section whose bytes are in pieces; sec->size is their total. */
struct bk_elf_part {
	const void *data;
	size_t size;
};
int bk_elf_out__add_parts(struct bk_elf_out *o, size_t idx,
			  const struct bk_elf_wsec *sec,
			  const struct bk_elf_part *parts, size_t part_cnt);
/* secs[idx] describes section idx (data not needed); secs[0] is null. */
int bk_elf_out__finish(struct bk_elf_out *o, const struct bk_elf_wsec *secs,
		       size_t sec_cnt, size_t shstrndx, __u16 machine);
/* fd -1: the object's bytes, malloc'ed; the caller frees them. */
void *bk_elf_out__take(struct bk_elf_out *o, size_t *size);
void bk_elf_out__free(struct bk_elf_out *o);

#endif /* BPFKIT_ELF_H */
