/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_SKEL_H
#define BPFKIT_SKEL_H

#include <stddef.h>
#include <stdio.h>

#include "../lib/diag.h"

/*
 * C skeletons for BPF objects, with the API bpftool's skeletons have, so
 * that user code written for one compiles against the other:
 *
 *   skeleton     struct NAME with obj, maps, progs, links and one typed
 *                struct per memory-mapped data section (bss, data, rodata,
 *                kconfig, data_*, rodata_*); NAME__open(), __open_opts(),
 *                __load(), __open_and_load(), __attach(), __detach(),
 *                __destroy(), __elf_bytes(); layout checks.
 *   subskeleton  the view of a BPF library linked into a bigger object:
 *                pointers to the library's variables, maps and programs,
 *                NAME__open(const struct bpf_object *), NAME__destroy().
 *   header       for the BPF code of applications linked with a library:
 *                extern declarations of the library's exported functions,
 *                variables and maps, with the types they need.
 *
 * The generators write C to out and nothing else anywhere; on error they
 * return -errno after reporting through opts->diag, and out may hold a
 * partial header, so callers generate into memory and print on success.
 */
struct bk_skel_opts {
	size_t sz; /* sizeof(struct bk_skel_opts) */
	/* Prefix of everything generated; NULL: derived from the file name. */
	const char *obj_name;
	const struct bk_diag *diag;
};

int bk_skel__gen_skeleton(const char *path, FILE *out,
			  const struct bk_skel_opts *opts);
int bk_skel__gen_subskeleton(const char *path, FILE *out,
			     const struct bk_skel_opts *opts);
int bk_skel__gen_header(const char *path, FILE *out,
			const struct bk_skel_opts *opts);

/*
 * The default object name of path: its base name without ".bpf.o" or ".o",
 * every character that cannot appear in a C identifier made '_'. Returns 0
 * and a malloc'ed *name, or -errno.
 */
int bk_skel__default_name(const char *path, char **name,
			  const struct bk_diag *diag);

/* 0 if name can prefix C and C++ identifiers, else -EINVAL and a message. */
int bk_skel__check_name(const char *name, const struct bk_diag *diag);

#endif /* BPFKIT_SKEL_H */
