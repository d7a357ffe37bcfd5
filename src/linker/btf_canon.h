/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_BTF_CANON_H
#define BPFKIT_LINKER_BTF_CANON_H

/*
 * The output's BTF in a canonical order, and its pieces (btf_canon.c).
 */
#include <stddef.h>
#include <linux/btf.h>

struct bk_linker;
struct btf;

/* The output's .BTF in three pieces, and its .BTF.ext. */
struct btf_out {
	struct btf_header hdr;
	const char *types; /* types_owned, or the merged BTF's */
	char *types_owned;
	size_t types_len;
	char *strs;
	size_t strs_len;
	void *ext;
	size_t ext_size;
};

void bk_ld_free_btf_out(struct btf_out *o);
int bk_ld_write_canonical(struct bk_linker *l, struct btf *btf,
			  struct btf_out *out);

#endif /* BPFKIT_LINKER_BTF_CANON_H */
