/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_ARCHIVE_LINK_H
#define BPFKIT_LINKER_ARCHIVE_LINK_H

/*
 * Archive members chosen the way ld chooses them (archive_link.c). The
 * caller links each member it is handed, then says so:
 *
 *	err = bk_ld_ar_open(l, path, whole, &sel);
 *	while (!err && (err = bk_ld_ar_next(l, sel, &pick)) > 0)
 *		err = link it ?: bk_ld_ar_linked(l, sel);
 *	bk_ld_ar_close(sel);
 */
#include <stdbool.h>
#include <stddef.h>

struct bk_linker;
struct ld_ar_sel;

struct ld_ar_pick {
	const void *buf;
	size_t size;
	const char *name; /* "ARCHIVE(MEMBER)" */
};

/* path is a regular file that starts with the archive magic. */
bool bk_ld_is_archive_file(const char *path);

int bk_ld_ar_open(struct bk_linker *l, const char *path, bool whole,
		  struct ld_ar_sel **sel);
/* 1 and *pick: the member to link next; 0: none left; or -errno. */
int bk_ld_ar_next(struct bk_linker *l, struct ld_ar_sel *sel,
		  struct ld_ar_pick *pick);
/* The last pick is linked: record why, and look for what it needs. */
int bk_ld_ar_linked(struct bk_linker *l, struct ld_ar_sel *sel);
void bk_ld_ar_close(struct ld_ar_sel *sel);

/* The link report's record of members, freed with the linker. */
void bk_ld_free_ar_members(struct bk_linker *l);

#endif /* BPFKIT_LINKER_ARCHIVE_LINK_H */
