/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_ELF_ARCHIVE_H
#define BPFKIT_ELF_ARCHIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "../lib/diag.h"

/*
 * A checked, read-only view of an `ar` archive held in memory, as GNU ar and
 * llvm-ar write them: the GNU/SysV format ("name/", a "/" or "/SYM64/"
 * symbol index, a "//" table of long names referenced as "/N") and the BSD
 * format ("#1/N" names stored before the data, a "__.SYMDEF" index).
 *
 * Opening walks every member header once: each header, size field and name
 * is checked against the archive before anything is handed out, so callers
 * may trust member->data[0..member->size). The symbol index (GNU or BSD)
 * is parsed and each entry tied to its member; it is what the archive claims, never
 * more: callers that need the truth read the members themselves.
 */
struct bk_ar;

struct bk_ar_member {
	const char *name; /* NUL-terminated, without GNU's trailing '/' */
	const void *data; /* inside the caller's buffer; any alignment */
	size_t size;
	size_t hdr_off; /* offset of the member's header */
};

/* One entry of the symbol index: member idx claims to define name. */
struct bk_ar_sym {
	const char *name;
	size_t member_idx;
};

/*
 * True if buf starts with an archive magic: "!<arch>\n", or a thin
 * archive's "!<thin>\n", which bk_ar__open_mem() refuses by name.
 */
bool bk_ar__is_archive(const void *buf, size_t size);

/*
 * buf is not copied: it must outlive the view. name is used in messages
 * ("NAME: member #3 at offset 68: ..."). Returns NULL and sets errno; the
 * reason went to diag.
 */
struct bk_ar *bk_ar__open_mem(const void *buf, size_t size, const char *name,
			      const struct bk_diag *diag);
void bk_ar__free(struct bk_ar *ar);

size_t bk_ar__member_cnt(const struct bk_ar *ar);
/* idx < member_cnt; the index and long-name tables are not members. */
const struct bk_ar_member *bk_ar__member(const struct bk_ar *ar, size_t idx);

/* The archive has a symbol index (GNU or BSD), even an empty one. */
bool bk_ar__has_index(const struct bk_ar *ar);
/* Its entries, in index order. */
size_t bk_ar__index_cnt(const struct bk_ar *ar);
const struct bk_ar_sym *bk_ar__index_sym(const struct bk_ar *ar, size_t idx);

#endif /* BPFKIT_ELF_ARCHIVE_H */
