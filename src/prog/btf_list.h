/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_PROG_BTF_LIST_H
#define BPFKIT_PROG_BTF_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

#include "../lib/diag.h"

/* A BTF object the kernel holds: its own, a module's, or a program's. */
struct bk_btf_obj {
	__u32 id;
	__u32 size;	 /* bytes of BTF data */
	bool kernel;	 /* vmlinux or a module */
	char name[64];	 /* "" when it has none */
	__u32 *prog_ids; /* programs using it, increasing */
	size_t prog_cnt;
	__u32 *map_ids; /* maps using it, increasing */
	size_t map_cnt;
};

/*
 * The BTF object with that ID, or every one (id 0) by increasing ID, each
 * with the programs and maps that use it. Returns 0 or -errno (reason to
 * diag).
 */
int bk_btf_obj__query(__u32 id, struct bk_btf_obj **objs, size_t *cnt,
		      const struct bk_diag *diag);
void bk_btf_obj__free(struct bk_btf_obj *objs, size_t cnt);

#endif /* BPFKIT_PROG_BTF_LIST_H */
