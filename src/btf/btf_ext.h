/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_BTF_BTF_EXT_H
#define BPFKIT_BTF_BTF_EXT_H

/*
 * .BTF.ext (btf_ext.c): one validating walk over func_info, line_info and
 * CO-RE relocation records, used by the dumper's index below and by the
 * linker, so that each fault has one check and one message.
 */
#include <stddef.h>
#include <linux/types.h>

#include "../lib/diag.h"

struct btf;
struct bk_elf;
struct bk_elf_sec;
struct bk_btf_ext;

/* On-disk header; the core_relo fields exist when hdr_len covers them. */
struct bk_btf_ext_header {
	__u16 magic; /* BTF_MAGIC */
	__u8 version;
	__u8 flags;
	__u32 hdr_len;
	__u32 func_info_off; /* offsets are relative to the header's end */
	__u32 func_info_len;
	__u32 line_info_off;
	__u32 line_info_len;
	__u32 core_relo_off;
	__u32 core_relo_len;
};

enum bk_btf_ext_kind {
	BK_BTF_EXT_FUNC_INFO, /* struct bpf_func_info records */
	BK_BTF_EXT_LINE_INFO, /* struct bpf_line_info records */
	BK_BTF_EXT_CORE_RELO, /* struct bpf_core_relo records */
	BK_BTF_EXT_KIND_CNT,
};

/*
 * The records of one kind for one ELF code section, or a run of them. Records
 * are rec_size bytes apart (at least the size of the struct above, a
 * multiple of 4), so reach them through bk_btf_ext_sec__rec(). insn_off
 * fields are byte offsets into the code section, as clang writes them. A
 * walk from memory and the index hand over whole sections (run_idx 0,
 * run_cnt rec_cnt); a walk over a file hands over runs, in order, as many
 * records as its window holds.
 */
struct bk_btf_ext_sec {
	const char *name; /* the ELF section the records describe */
	__u32 name_off;	  /* its offset in the BTF string section */
	__u32 rec_size;
	__u32 rec_cnt; /* the section's records */
	__u32 run_idx; /* recs holds records #run_idx.. */
	__u32 run_cnt; /* ..up to #run_idx + run_cnt - 1 */
	const void *recs;
};

static inline const void *bk_btf_ext_sec__rec(const struct bk_btf_ext_sec *sec,
					      __u32 idx)
{
	return (const char *)sec->recs + (size_t)idx * sec->rec_size;
}

/* A caller's look at each checked section or run, in the walk's order:
 * func_info, line_info, then core_relo. A non-zero return stops the walk. */
typedef int (*bk_btf_ext_sec_fn)(void *ctx, enum bk_btf_ext_kind kind,
				 const struct bk_btf_ext_sec *sec);

/* What a section name of .BTF.ext designates in the caller's object. */
enum bk_btf_ext_target {
	BK_BTF_EXT_CODE,     /* a code section; its size is returned */
	BK_BTF_EXT_NO_SEC,   /* no section of that name */
	BK_BTF_EXT_NOT_CODE, /* a section that holds (or links) no code */
};

/*
 * A walk over one .BTF.ext, described with plain inputs so that any view of
 * the object's BTF (libbpf's, the linker's) can be checked against.
 */
struct bk_btf_ext_walk {
	const char *file; /* names the input in messages */
	const struct bk_diag *diag;
	const char *strs; /* the BTF string section, NUL-terminated */
	__u32 strs_len;
	__u32 type_cnt; /* BTF type IDs, void included */
	enum bk_btf_ext_target (*find_code)(void *ctx, const char *name,
					    size_t *size);
	/* a section's records, or a run of them, every one checked (NULL:
	 * only check); may return an error */
	bk_btf_ext_sec_fn on_sec;
	void *ctx;
};

/*
 * Walk and check data, a .BTF.ext section: the header; each block's bounds,
 * alignment and record size; each section entry's name (a string naming a
 * code section by find_code) and record count (at least one, all inside
 * the block); each record's insn_off (inside the code section, except
 * func_info and line_info at offset 0 of an empty one: a function with no
 * instructions), type IDs (below type_cnt) and string offsets (inside
 * strs). What libbpf 1.1 links is accepted: misaligned insn_off, type ID 0,
 * a func_info type that is not a FUNC, empty access strings, unknown CO-RE
 * kinds and unknown header fields. The first fault is reported through
 * diag as "FILE: .BTF.ext: ..." and returned (-EINVAL).
 */
int bk_btf_ext__walk(const void *data, size_t size,
		     const struct bk_btf_ext_walk *walk);

/* How much of a file bk_btf_ext__walk_file() reads at a time, unless one
 * record or entry head is larger. */
#define BK_BTF_EXT_WINDOW (64 << 10)

/*
 * The same walk over the size bytes at offset off of the file fd, read in
 * windows of BK_BTF_EXT_WINDOW bytes, never whole (and never mapped: a file
 * truncated meanwhile would fault). on_sec gets each section in runs of
 * the records a window holds, each run checked before it is handed over:
 * on a fault, the runs before it have been handed over already. A file
 * shorter than off + size is "FILE: the file changed while being read".
 */
int bk_btf_ext__walk_file(int fd, __u64 off, size_t size,
			  const struct bk_btf_ext_walk *walk);

/* The message of a fault found in record #idx: "FILE: .BTF.ext: KIND for
 * section 'NAME': record #IDX: ...", returning err. */
int bk_btf_ext__rec_err(const struct bk_btf_ext_walk *walk, int err,
			enum bk_btf_ext_kind kind, const char *sec_name,
			__u32 idx, const char *fmt, ...) __printf(6, 7);

/*
 * An index of the .BTF.ext section sec of elf, checked by bk_btf_ext__walk()
 * against btf (the object's validated BTF) and elf's code sections. The
 * bytes are copied: the result does not depend on sec afterwards.
 */
int bk_btf_ext__parse(const struct bk_elf *elf, const struct bk_elf_sec *sec,
		      const struct btf *btf, const struct bk_diag *diag,
		      struct bk_btf_ext **ext);
/*
 * The .BTF.ext section sec of the file elf was opened from (its section
 * headers are enough: bk_elf__open_file_secs()), checked as by
 * bk_btf_ext__parse() but read in windows from the file, and kept there:
 * the result holds a file descriptor, not the bytes, and has no index
 * (sec_cnt() is 0): read it with bk_btf_ext__for_each_sec(). elf is taken
 * over, freed with the result or now if the check fails; btf must outlive
 * the result.
 */
int bk_btf_ext__open_file(struct bk_elf *elf, const struct bk_elf_sec *sec,
			  const struct btf *btf, const struct bk_diag *diag,
			  struct bk_btf_ext **ext);
/*
 * Hand each section, or run of a section, of a checked .BTF.ext to fn.
 * From the index, whole sections; from a file, the section is read and
 * checked again (bytes read again are not trusted): a fault found now is
 * "FILE: the file changed while being read" (-EIO), after fn has seen the
 * runs before it. fn's own error is returned as it is.
 */
int bk_btf_ext__for_each_sec(const struct bk_btf_ext *ext, bk_btf_ext_sec_fn fn,
			     void *ctx, const struct bk_diag *diag);
void bk_btf_ext__free(struct bk_btf_ext *ext);

/* Header fields as read, e.g. to re-emit the same layout. */
const struct bk_btf_ext_header *
bk_btf_ext__header(const struct bk_btf_ext *ext);
size_t bk_btf_ext__sec_cnt(const struct bk_btf_ext *ext,
			   enum bk_btf_ext_kind kind);
const struct bk_btf_ext_sec *bk_btf_ext__sec(const struct bk_btf_ext *ext,
					     enum bk_btf_ext_kind kind,
					     size_t idx);

/* "func_info", "line_info", "core_relo" */
const char *bk_btf_ext__kind_str(enum bk_btf_ext_kind kind);
/* The size of the record struct the kernel's UAPI defines for kind. */
size_t bk_btf_ext__min_rec_size(enum bk_btf_ext_kind kind);
/* libbpf's names of CO-RE relocation kinds ("byte_off", ...), or NULL. */
const char *bk_btf__core_relo_kind_str(__u32 kind);

#endif /* BPFKIT_BTF_BTF_EXT_H */
