/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_H
#define BPFKIT_LINKER_H

/*
 * The BPF static linker: combines relocatable BPF objects (ELF + BTF +
 * BTF.ext, as clang emits them) into one relocatable object that libbpf
 * loads as if all sources had been one file, and that can be linked again.
 *
 *	l = bk_linker__new("out.bpf.o", &opts);
 *	err = bk_linker__add_file(l, "a.bpf.o");
 *	err = err ?: bk_linker__add_file(l, "b.bpf.o");
 *	err = err ?: bk_linker__finalize(l);
 *	bk_linker__free(l);
 *
 * Functions return 0 or a negative errno; what went wrong, naming the
 * input, section or symbol, goes to opts->diag. After a failed call the
 * linker only accepts bk_linker__free(). The output file is written
 * atomically by bk_linker__finalize(): on any failure, nothing exists at
 * the output path (or it keeps its previous content).
 */
#include <stdbool.h>
#include <stddef.h>

#include "../lib/diag.h"

struct bk_linker;

struct bk_linker_opts {
	size_t sz; /* sizeof(struct bk_linker_opts) */
	/* where errors and warnings go; may be NULL (then they are dropped) */
	const struct bk_diag *diag;
	/*
	 * Final link: drop the functions no program reaches, the bodies of
	 * losing __weak functions, and the BTF types and .BTF.ext records
	 * only they used (maps and variables stay).
	 */
	bool gc;
};
#define bk_linker_opts__last_field gc

/*
 * out_path may be NULL when the result is only wanted in memory
 * (bk_linker__finalize_mem()). Returns NULL with errno set on failure.
 */
struct bk_linker *bk_linker__new(const char *out_path,
				 const struct bk_linker_opts *opts);
/* Accepts NULL. Removes any temporary file of an unfinished output. */
void bk_linker__free(struct bk_linker *l);

/*
 * An ar archive (path must be a regular file) is linked as ld links one:
 * a member goes in when it defines a symbol the inputs so far reference
 * strongly and leave undefined, repeated until nothing more is needed;
 * whole links every member. add_file() takes archives this way too.
 * Member inputs are named "ARCHIVE(MEMBER)".
 */
int bk_linker__add_file(struct bk_linker *l, const char *path);
int bk_linker__add_archive(struct bk_linker *l, const char *path, bool whole);
/* buf is used during the call only; name is used in messages. */
int bk_linker__add_buf(struct bk_linker *l, const void *buf, size_t size,
		       const char *name);

/*
 * Check one object the way the linker checks its inputs (ELF, section table,
 * symbols, relocations, BTF, .BTF.ext), without keeping the result: for
 * commands that hand objects to libbpf, which trusts what it opens.
 * Returns 0 or a negative errno, the reason in diag.
 */
int bk_linker__check_buf(const void *buf, size_t size, const char *name,
			 const struct bk_diag *diag);
/*
 * Only the checks the linker makes before it takes anything from an input
 * (ELF, section table, symbols, relocations, BTF): .BTF.ext is not looked
 * at, and nothing is linked, so this costs a fraction of check_buf. For a
 * caller that checks .BTF.ext itself (bk_btf__parse_elf_checked()).
 */
int bk_linker__check_input_buf(const void *buf, size_t size, const char *name,
			       const struct bk_diag *diag);

/*
 * Write the output object to out_path (temporary file, then rename), or
 * build it in memory (*buf malloc'ed, the caller frees it). Either, once:
 * finalizing consumes what was linked.
 */
int bk_linker__finalize(struct bk_linker *l);
int bk_linker__finalize_mem(struct bk_linker *l, void **buf, size_t *size);

/*
 * The link report, read-only, valid after a successful finalize until
 * bk_linker__free(): the inputs in order, and every global symbol of the
 * output in symbol table order (under gc, the functions it removed too,
 * with is_removed set).
 */
enum bk_link_sym_kind {
	BK_LINK_SYM_FUNC,
	BK_LINK_SYM_VAR,
	BK_LINK_SYM_MAP,
	BK_LINK_SYM_KCONFIG, /* .kconfig extern, left for the loader */
	BK_LINK_SYM_KSYM,    /* .ksyms extern, left for the loader */
};

struct bk_link_sym {
	const char *name;
	enum bk_link_sym_kind kind;
	/* input holding the definition in effect; NULL for an extern */
	const char *def_file;
	/* output section of the definition (or .kconfig/.ksyms); NULL for
	 * a plain extern */
	const char *section;
	bool is_extern;	      /* no definition: unresolved, or kconfig/ksym */
	bool is_weak;	      /* final ELF binding is STB_WEAK */
	bool is_hidden;	      /* final visibility is STV_HIDDEN */
	bool def_weak;	      /* the definition in effect is a weak one */
	unsigned int def_cnt; /* definitions seen, weak and strong */
	unsigned int weak_def_cnt; /* of which weak */
	unsigned int decl_cnt;	   /* inputs mentioning the symbol at all */
	bool is_removed;	   /* a function gc cut: not in the output */
};

const char *bk_link_sym_kind__str(enum bk_link_sym_kind kind);

size_t bk_linker__input_cnt(const struct bk_linker *l);
const char *bk_linker__input_name(const struct bk_linker *l, size_t idx);
size_t bk_linker__sym_cnt(const struct bk_linker *l);
/* idx < bk_linker__sym_cnt(); returns 0 or -EINVAL (bad idx, no report). */
int bk_linker__sym(const struct bk_linker *l, size_t idx,
		   struct bk_link_sym *sym);

/* The archive members linked, in link order, and why each was. */
struct bk_link_member {
	const char *input;     /* its name among the inputs */
	const char *archive;   /* path as given */
	const char *member;    /* name inside the archive */
	const char *pulled_by; /* extern it resolved; NULL when whole */
	bool whole;	       /* linked because of "whole" */
};

size_t bk_linker__member_cnt(const struct bk_linker *l);
/* idx < bk_linker__member_cnt(); returns 0 or -EINVAL. */
int bk_linker__member(const struct bk_linker *l, size_t idx,
		      struct bk_link_member *m);

#endif /* BPFKIT_LINKER_H */
