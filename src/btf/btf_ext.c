// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * .BTF.ext: the per-instruction side of BTF. A header, then up to three
 * "info" blocks (func_info, line_info, core_relo), each a record size and a
 * list of (section name, record count, records). One walk checks it all
 * (bk_btf_ext__walk(), for the linker and for the index below); the index
 * (bk_btf_ext__parse()) is what the dumper and the skeleton read.
 */
#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <linux/bpf.h>

#include "btf.h"
#include "btf_ext.h"
#include "../elf/elf.h"
#include "../lib/mem.h"

/* The header up to line_info_len is mandatory; core_relo came later. */
#define EXT_MIN_HDR_LEN offsetof(struct bk_btf_ext_header, core_relo_off)

/*
 * Either an index of our copy of the section (data), or, for a file opened
 * by bk_btf_ext__open_file(), what it takes to walk the file again: no
 * bytes are kept, no index is built.
 */
struct bk_btf_ext {
	void *data; /* our copy of the section */
	size_t size;
	int fd;		       /* >= 0: the file whose section is walked */
	__u64 file_off;	       /* where the section starts in the file */
	struct bk_elf *elf;    /* its section headers, for the code sections */
	const struct btf *btf; /* the caller's, checked against */
	struct bk_btf_ext_header hdr; /* fields beyond hdr_len read as 0 */
	struct bk_btf_ext_sec *secs[BK_BTF_EXT_KIND_CNT];
	size_t sec_cnt[BK_BTF_EXT_KIND_CNT];
	size_t sec_cap[BK_BTF_EXT_KIND_CNT];
};

static const struct {
	const char *name;
	__u32 min_rec_size;
} ext_kinds[BK_BTF_EXT_KIND_CNT] = {
	[BK_BTF_EXT_FUNC_INFO] = {"func_info", sizeof(struct bpf_func_info)},
	[BK_BTF_EXT_LINE_INFO] = {"line_info", sizeof(struct bpf_line_info)},
	[BK_BTF_EXT_CORE_RELO] = {"core_relo", sizeof(struct bpf_core_relo)},
};

static const char *const core_relo_kinds[] = {
	[BPF_CORE_FIELD_BYTE_OFFSET] = "byte_off",
	[BPF_CORE_FIELD_BYTE_SIZE] = "byte_sz",
	[BPF_CORE_FIELD_EXISTS] = "field_exists",
	[BPF_CORE_FIELD_SIGNED] = "signed",
	[BPF_CORE_FIELD_LSHIFT_U64] = "lshift_u64",
	[BPF_CORE_FIELD_RSHIFT_U64] = "rshift_u64",
	[BPF_CORE_TYPE_ID_LOCAL] = "local_type_id",
	[BPF_CORE_TYPE_ID_TARGET] = "target_type_id",
	[BPF_CORE_TYPE_EXISTS] = "type_exists",
	[BPF_CORE_TYPE_SIZE] = "type_size",
	[BPF_CORE_ENUMVAL_EXISTS] = "enumval_exists",
	[BPF_CORE_ENUMVAL_VALUE] = "enumval_value",
	[BPF_CORE_TYPE_MATCHES] = "type_matches",
};

const char *bk_btf_ext__kind_str(enum bk_btf_ext_kind kind)
{
	return kind < BK_BTF_EXT_KIND_CNT ? ext_kinds[kind].name : NULL;
}

size_t bk_btf_ext__min_rec_size(enum bk_btf_ext_kind kind)
{
	return kind < BK_BTF_EXT_KIND_CNT ? ext_kinds[kind].min_rec_size : 0;
}

const char *bk_btf__core_relo_kind_str(__u32 kind)
{
	return kind < ARRAY_SIZE(core_relo_kinds) ? core_relo_kinds[kind]
						  : NULL;
}

/* Read in place: the linker's input may be misaligned. */
static __u32 get_u32(const void *p)
{
	__u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static int report(const struct bk_btf_ext_walk *w, int err, const char *where,
		  const char *fmt, va_list ap) __printf(4, 0);

static int report(const struct bk_btf_ext_walk *w, int err, const char *where,
		  const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	return bk_err(w->diag, err, "%s: .BTF.ext: %s%s", w->file, where, msg);
}

static int ext_err(const struct bk_btf_ext_walk *w, const char *fmt, ...)
	__printf(2, 3);

static int ext_err(const struct bk_btf_ext_walk *w, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = report(w, -EINVAL, "", fmt, ap);
	va_end(ap);
	return err;
}

/* The record's place is formatted here, on error only: never per record. */
int bk_btf_ext__rec_err(const struct bk_btf_ext_walk *w, int err,
			enum bk_btf_ext_kind kind, const char *sec_name,
			__u32 idx, const char *fmt, ...)
{
	char where[320];
	va_list ap;

	snprintf(where, sizeof(where), "%s for section '%s': record #%u: ",
		 bk_btf_ext__kind_str(kind), sec_name, idx);
	va_start(ap, fmt);
	err = report(w, err, where, fmt, ap);
	va_end(ap);
	return err;
}

/*
 * Where the walk reads .BTF.ext's bytes: all of them in memory, or a
 * window over a file, refilled with pread() as the walk moves on, so that
 * a file's section of any size costs one window of memory. Every read
 * asks for one piece (the header, a record size, a section entry's head,
 * a run of records): a window holds at least that, grown for a piece
 * larger than BK_BTF_EXT_WINDOW. A file is never mapped: truncated
 * meanwhile, a mapping would fault where a read just comes up short.
 */
struct ext_src {
	const char *mem; /* the whole section, or NULL: read from fd */
	size_t size;	 /* the section's bytes */
	int fd;
	__u64 file_off; /* where the section starts in the file */
	char *win;	/* the window: bytes [win_off, win_off + win_len) */
	size_t win_cap, win_off, win_len;
	int err; /* why the last read failed, reported */
};

static int src_read(const struct bk_btf_ext_walk *w, struct ext_src *s,
		    size_t off, size_t len)
{
	size_t want = bk_min(bk_max(len, (size_t)BK_BTF_EXT_WINDOW),
			     s->size - off),
	       done = 0;
	ssize_t n;

	if (want > s->win_cap) {
		free(s->win);
		s->win_cap = 0;
		s->win = malloc(want);
		if (!s->win)
			return s->err = bk_err(w->diag, -ENOMEM,
					       "%s: out of memory", w->file);
		s->win_cap = want;
	}
	s->win_off = off;
	s->win_len = 0;
	while (done < want) {
		n = pread(s->fd, s->win + done, want - done,
			  s->file_off + off + done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return s->err = bk_err(w->diag, -errno, "%s: %s",
					       w->file, strerror(errno));
		if (n == 0) /* the file shrank since its headers were read */
			return s->err = bk_err(
				       w->diag, -EIO,
				       "%s: the file changed while being read",
				       w->file);
		done += n;
	}
	s->win_len = want;
	return 0;
}

/* Bytes [off, off + len) of the section, which the caller checked are
 * inside it; NULL after a failed read, reported. */
static const char *src_get(const struct bk_btf_ext_walk *w, struct ext_src *s,
			   size_t off, size_t len)
{
	if (s->mem)
		return s->mem + off;
	if (off < s->win_off || off + len > s->win_off + s->win_len) {
		if (src_read(w, s, off, len))
			return NULL;
	}
	return s->win + (off - s->win_off);
}

/* Records from byte off on, of cnt left: as many as the window holds (at
 * least one), all of them from memory. *n is how many. */
static const char *src_recs(const struct bk_btf_ext_walk *w, struct ext_src *s,
			    size_t off, __u32 rec_size, __u32 cnt, __u32 *n)
{
	size_t avail;

	if (s->mem) {
		*n = cnt;
		return s->mem + off;
	}
	avail = off >= s->win_off && off < s->win_off + s->win_len
			? s->win_off + s->win_len - off
			: 0;
	if (avail < rec_size) {
		if (src_read(w, s, off, rec_size))
			return NULL;
		avail = s->win_len;
	}
	*n = bk_min((size_t)cnt, avail / rec_size);
	return s->win + (off - s->win_off);
}

/* As libbpf's btf_ext_parse_hdr() checks it; a header alone is accepted. */
static int walk_header(const struct bk_btf_ext_walk *w, struct ext_src *src,
		       struct bk_btf_ext_header *hdr)
{
	size_t size = src->size, len = bk_min(sizeof(*hdr), size);
	const char *data;

	if (size < EXT_MIN_HDR_LEN)
		return ext_err(w, "truncated: %zu bytes, the header needs %zu",
			       size, EXT_MIN_HDR_LEN);
	data = src_get(w, src, 0, len);
	if (!data)
		return src->err;
	memset(hdr, 0, sizeof(*hdr));
	memcpy(hdr, data, len);
	if (hdr->magic == __builtin_bswap16(BTF_MAGIC))
		return ext_err(w, "byte order differs from this host's");
	if (hdr->magic != BTF_MAGIC)
		return ext_err(w, "bad magic 0x%04x (expected 0x%04x)",
			       hdr->magic, BTF_MAGIC);
	if (hdr->version != BTF_VERSION)
		return ext_err(w, "unsupported version %u", hdr->version);
	if (hdr->flags)
		return ext_err(w, "unsupported header flags 0x%x", hdr->flags);
	if (hdr->hdr_len < EXT_MIN_HDR_LEN || hdr->hdr_len > size)
		return ext_err(w, "header length %u is outside %zu..%zu",
			       hdr->hdr_len, EXT_MIN_HDR_LEN, size);
	/* a shorter header predates CO-RE; a longer one's extra fields are
	 * ignored, as libbpf does */
	if (hdr->hdr_len < sizeof(*hdr))
		hdr->core_relo_off = hdr->core_relo_len = 0;
	return 0;
}

static int check_type_id(const struct bk_btf_ext_walk *w,
			 enum bk_btf_ext_kind kind,
			 const struct bk_btf_ext_sec *sec, __u32 idx, __u32 id)
{
	if (id < w->type_cnt)
		return 0;
	return bk_btf_ext__rec_err(w, -EINVAL, kind, sec->name, idx,
				   "type ID %u is beyond the last type [%u]",
				   id, w->type_cnt - 1);
}

static int check_str_off(const struct bk_btf_ext_walk *w,
			 enum bk_btf_ext_kind kind,
			 const struct bk_btf_ext_sec *sec, __u32 idx,
			 const char *what, __u32 off)
{
	if (off < w->strs_len)
		return 0;
	return bk_btf_ext__rec_err(w, -EINVAL, kind, sec->name, idx,
				   "%s offset %u is beyond the BTF strings",
				   what, off);
}

/*
 * A function with no instructions (a naked one with an empty body, alone
 * in its section) leaves func_info and line_info at offset 0 of an empty
 * section: valid input, which libbpf links and skips at open.
 */
static bool is_past_code(enum bk_btf_ext_kind kind, __u32 insn_off,
			 size_t code_size)
{
	return insn_off >= code_size &&
	       (insn_off || kind == BK_BTF_EXT_CORE_RELO);
}

/* Record #idx of a run: #run_idx + idx of its section. */
static int check_rec(const struct bk_btf_ext_walk *w, enum bk_btf_ext_kind kind,
		     const struct bk_btf_ext_sec *sec, __u32 idx,
		     size_t code_size)
{
	const char *rec = bk_btf_ext_sec__rec(sec, idx);
	__u32 insn_off = get_u32(rec);

	idx += sec->run_idx;

	if (is_past_code(kind, insn_off, code_size))
		return bk_btf_ext__rec_err(
			w, -EINVAL, kind, sec->name, idx,
			"insn_off %u is beyond the section's %zu bytes",
			insn_off, code_size);
	switch (kind) {
	case BK_BTF_EXT_FUNC_INFO:
		return check_type_id(
			w, kind, sec, idx,
			get_u32(rec + offsetof(struct bpf_func_info, type_id)));
	case BK_BTF_EXT_LINE_INFO:
		return check_str_off(
			       w, kind, sec, idx, "file name",
			       get_u32(rec + offsetof(struct bpf_line_info,
						      file_name_off)))
			       ?: check_str_off(
					  w, kind, sec, idx, "line",
					  get_u32(rec +
						  offsetof(struct bpf_line_info,
							   line_off)));
	default:
		return check_type_id(
			       w, kind, sec, idx,
			       get_u32(rec +
				       offsetof(struct bpf_core_relo, type_id)))
			       ?: check_str_off(
					  w, kind, sec, idx, "access string",
					  get_u32(rec +
						  offsetof(struct bpf_core_relo,
							   access_str_off)));
	}
}

/* The code section a section entry names, or why it names none. */
static int find_code(const struct bk_btf_ext_walk *w, enum bk_btf_ext_kind kind,
		     const struct bk_btf_ext_sec *sec, size_t *code_size)
{
	switch (w->find_code(w->ctx, sec->name, code_size)) {
	case BK_BTF_EXT_CODE:
		return 0;
	case BK_BTF_EXT_NO_SEC:
		return ext_err(
			w,
			"%s names section '%s', which the file does not have",
			ext_kinds[kind].name, sec->name);
	default:
		return ext_err(w, "%s names section '%s', which holds no code",
			       ext_kinds[kind].name, sec->name);
	}
}

/* The records of a section entry whose head sec holds, the first at byte
 * off: checked and handed to on_sec in runs (one from memory). */
static int walk_recs(const struct bk_btf_ext_walk *w, struct ext_src *src,
		     enum bk_btf_ext_kind kind, struct bk_btf_ext_sec *sec,
		     size_t off, size_t code_size)
{
	__u32 i;
	int err = 0;

	for (sec->run_idx = 0; sec->run_idx < sec->rec_cnt && !err;
	     sec->run_idx += sec->run_cnt) {
		sec->recs = src_recs(w, src,
				     off + (size_t)sec->run_idx * sec->rec_size,
				     sec->rec_size, sec->rec_cnt - sec->run_idx,
				     &sec->run_cnt);
		if (!sec->recs)
			return src->err;
		for (i = 0; i < sec->run_cnt && !err; i++)
			err = check_rec(w, kind, sec, i, code_size);
		if (!err && w->on_sec)
			err = w->on_sec(w->ctx, kind, sec);
	}
	return err;
}

/* One section entry at byte *pos of a block of len bytes starting at byte
 * block: name, count, records. *pos moves past it. */
static int walk_sec(const struct bk_btf_ext_walk *w, struct ext_src *src,
		    enum bk_btf_ext_kind kind, size_t block, __u32 len,
		    __u32 rec_size, __u32 *pos)
{
	const char *what = ext_kinds[kind].name, *head;
	struct bk_btf_ext_sec sec = {.rec_size = rec_size};
	size_t code_size = 0, left = len - *pos;
	int err;

	if (left < 2 * sizeof(__u32))
		return ext_err(w, "%s: section entry at byte %u is truncated",
			       what, *pos);
	head = src_get(w, src, block + *pos, 2 * sizeof(__u32));
	if (!head)
		return src->err;
	sec.name_off = get_u32(head);
	sec.rec_cnt = get_u32(head + sizeof(__u32));
	left -= 2 * sizeof(__u32);
	if (sec.name_off >= w->strs_len)
		return ext_err(
			w,
			"%s: section name offset %u is beyond the BTF strings",
			what, sec.name_off);
	sec.name = w->strs + sec.name_off;
	if (!sec.rec_cnt)
		return ext_err(w, "%s for section '%s' has no records", what,
			       sec.name);
	if ((__u64)sec.rec_cnt * rec_size > left)
		return ext_err(
			w,
			"%s for section '%s': %u records of %u bytes do not fit in the %zu bytes left",
			what, sec.name, sec.rec_cnt, rec_size, left);
	err = find_code(w, kind, &sec, &code_size);
	err = err
		      ?: walk_recs(w, src, kind, &sec,
				   block + *pos + 2 * sizeof(__u32), code_size);
	*pos += 2 * sizeof(__u32) + sec.rec_cnt * rec_size;
	return err;
}

/* One block: rec_size, then (sec_name_off, num_info, records) entries. */
static int walk_block(const struct bk_btf_ext_walk *w, struct ext_src *src,
		      __u32 hdr_len, enum bk_btf_ext_kind kind, __u32 off,
		      __u32 len)
{
	const char *what = ext_kinds[kind].name, *head;
	size_t avail = src->size - hdr_len, block = (size_t)hdr_len + off;
	__u32 rec_size, pos = sizeof(__u32);
	int err = 0;

	if (!len)
		return 0;
	if ((__u64)off + len > avail)
		return ext_err(
			w,
			"%s (offset %u, %u bytes) ends beyond the %zu bytes after the header",
			what, off, len, avail);
	if (block % 4)
		return ext_err(w, "%s at byte %zu is not 4-byte aligned", what,
			       block);
	if (len < sizeof(__u32))
		return ext_err(w, "%s is truncated: %u bytes", what, len);
	head = src_get(w, src, block, sizeof(__u32));
	if (!head)
		return src->err;
	rec_size = get_u32(head);
	if (rec_size < ext_kinds[kind].min_rec_size || rec_size % 4)
		return ext_err(
			w,
			"%s record size %u is invalid (at least %u, a multiple of 4)",
			what, rec_size, ext_kinds[kind].min_rec_size);
	while (pos < len && !err)
		err = walk_sec(w, src, kind, block, len, rec_size, &pos);
	return err;
}

/* The walk from src; *hdrp, if set, gets the header (fields beyond
 * hdr_len as 0). */
static int walk_src(struct ext_src *src, const struct bk_btf_ext_walk *w,
		    struct bk_btf_ext_header *hdrp)
{
	struct bk_btf_ext_header hdr;
	int err;

	err = walk_header(w, src, &hdr);
	err = err
		      ?: walk_block(w, src, hdr.hdr_len, BK_BTF_EXT_FUNC_INFO,
				    hdr.func_info_off, hdr.func_info_len);
	err = err
		      ?: walk_block(w, src, hdr.hdr_len, BK_BTF_EXT_LINE_INFO,
				    hdr.line_info_off, hdr.line_info_len);
	err = err
		      ?: walk_block(w, src, hdr.hdr_len, BK_BTF_EXT_CORE_RELO,
				    hdr.core_relo_off, hdr.core_relo_len);
	if (!err && hdrp)
		*hdrp = hdr;
	return err;
}

static int walk_mem(const void *data, size_t size,
		    const struct bk_btf_ext_walk *w,
		    struct bk_btf_ext_header *hdr)
{
	/* a .BTF.ext without bytes (NOBITS) is found truncated */
	struct ext_src src = {.mem = data ?: "", .size = data ? size : 0};

	return walk_src(&src, w, hdr);
}

int bk_btf_ext__walk(const void *data, size_t size,
		     const struct bk_btf_ext_walk *w)
{
	return walk_mem(data, size, w, NULL);
}

static int walk_file(int fd, __u64 off, size_t size,
		     const struct bk_btf_ext_walk *w,
		     struct bk_btf_ext_header *hdr)
{
	struct ext_src src = {.size = size, .fd = fd, .file_off = off};
	int err = walk_src(&src, w, hdr);

	free(src.win);
	return err;
}

int bk_btf_ext__walk_file(int fd, __u64 off, size_t size,
			  const struct bk_btf_ext_walk *w)
{
	return walk_file(fd, off, size, w, NULL);
}

/* ---- the dumper's index ----------------------------------------------- */

/* What the index needs while it is walked. */
struct ext_index {
	struct bk_btf_ext *ext;
	const struct bk_elf *elf;
	const struct bk_diag *diag;
	/* bk_btf_ext__for_each_sec()'s caller, on a file's second walk */
	bk_btf_ext_sec_fn fn;
	void *fn_ctx;
	int fn_err;
};

static enum bk_btf_ext_target elf_code_sec(void *ctx, const char *name,
					   size_t *size)
{
	const struct ext_index *x = ctx;
	const struct bk_elf_sec *es = bk_elf__find_sec(x->elf, name);

	if (!es)
		return BK_BTF_EXT_NO_SEC;
	if (!(es->shdr.sh_flags & SHF_EXECINSTR))
		return BK_BTF_EXT_NOT_CODE;
	*size = es->size;
	return BK_BTF_EXT_CODE;
}

static int add_sec(void *ctx, enum bk_btf_ext_kind kind,
		   const struct bk_btf_ext_sec *sec)
{
	struct ext_index *x = ctx;
	struct bk_btf_ext *ext = x->ext;

	if (bk_ensure_mem((void **)&ext->secs[kind], &ext->sec_cap[kind],
			  sizeof(*sec), ext->sec_cnt[kind] + 1))
		return bk_err(x->diag, -ENOMEM, "%s: out of memory",
			      bk_elf__name(x->elf));
	ext->secs[kind][ext->sec_cnt[kind]++] = *sec;
	return 0;
}

static int pass_sec(void *ctx, enum bk_btf_ext_kind kind,
		    const struct bk_btf_ext_sec *sec)
{
	struct ext_index *x = ctx;

	x->fn_err = x->fn(x->fn_ctx, kind, sec);
	return x->fn_err;
}

/* A walk checking against btf (the object's validated BTF, whose string
 * section libbpf has checked ends with a NUL) and x's ELF. */
static void init_walk(struct bk_btf_ext_walk *w, struct ext_index *x,
		      const struct btf *btf,
		      int (*on_sec)(void *ctx, enum bk_btf_ext_kind kind,
				    const struct bk_btf_ext_sec *sec))
{
	__u32 size;
	const struct btf_header *h = btf__raw_data(btf, &size);

	*w = (struct bk_btf_ext_walk){
		.file = bk_elf__name(x->elf),
		.diag = x->diag,
		.strs = (const char *)h + h->hdr_len + h->str_off,
		.strs_len = h->str_len,
		.type_cnt = btf__type_cnt(btf),
		.find_code = elf_code_sec,
		.on_sec = on_sec,
		.ctx = x,
	};
}

int bk_btf_ext__parse(const struct bk_elf *elf, const struct bk_elf_sec *sec,
		      const struct btf *btf, const struct bk_diag *diag,
		      struct bk_btf_ext **extp)
{
	struct ext_index x = {.elf = elf, .diag = diag};
	struct bk_btf_ext_walk w;
	struct bk_btf_ext *ext;
	int err;

	ext = calloc(1, sizeof(*ext));
	if (ext)
		ext->data = malloc(sec->size ?: 1);
	if (!ext || !ext->data) {
		bk_btf_ext__free(ext);
		return bk_err(diag, -ENOMEM, "%s: out of memory",
			      bk_elf__name(elf));
	}
	ext->fd = -1;
	/* NOBITS has no bytes: the walk finds the header truncated */
	ext->size = sec->data ? sec->size : 0;
	if (ext->size)
		memcpy(ext->data, sec->data, ext->size);
	x.ext = ext;
	init_walk(&w, &x, btf, add_sec);
	err = walk_mem(ext->data, ext->size, &w, &ext->hdr);
	if (err) {
		bk_btf_ext__free(ext);
		return err;
	}
	*extp = ext;
	return 0;
}

/*
 * No copy and no index: a .BTF.ext of a linked object is megabytes, which
 * the dumper would otherwise hold while it prints. The first walk checks
 * it all; bk_btf_ext__for_each_sec() walks again.
 */
int bk_btf_ext__open_file(struct bk_elf *elf, const struct bk_elf_sec *sec,
			  const struct btf *btf, const struct bk_diag *diag,
			  struct bk_btf_ext **extp)
{
	struct ext_index x = {.elf = elf, .diag = diag};
	struct bk_btf_ext *ext = calloc(1, sizeof(*ext));
	struct bk_btf_ext_walk w;
	int err;

	if (!ext) {
		err = bk_err(diag, -ENOMEM, "%s: out of memory",
			     bk_elf__name(elf));
		bk_elf__free(elf);
		return err;
	}
	ext->elf = elf;
	ext->btf = btf;
	ext->file_off = sec->shdr.sh_offset;
	ext->size = sec->size;
	ext->fd = open(bk_elf__name(elf), O_RDONLY | O_CLOEXEC);
	if (ext->fd < 0) {
		err = bk_err(diag, -errno, "%s: %s", bk_elf__name(elf),
			     strerror(errno));
		goto out;
	}
	x.ext = ext;
	init_walk(&w, &x, btf, NULL);
	err = walk_file(ext->fd, ext->file_off, ext->size, &w, &ext->hdr);
out:
	if (err) {
		bk_btf_ext__free(ext);
		return err;
	}
	*extp = ext;
	return 0;
}

/* Read again, the file is checked again: a fault now means it changed. */
static int walk_file_again(const struct bk_btf_ext *ext, bk_btf_ext_sec_fn fn,
			   void *ctx, const struct bk_diag *diag)
{
	struct ext_index x = {.elf = ext->elf, .fn = fn, .fn_ctx = ctx};
	struct bk_btf_ext_walk w;
	int err;

	init_walk(&w, &x, ext->btf, pass_sec);
	err = walk_file(ext->fd, ext->file_off, ext->size, &w, NULL);
	if (err && !x.fn_err)
		return bk_err(diag, -EIO,
			      "%s: the file changed while being read",
			      bk_elf__name(ext->elf));
	return err;
}

int bk_btf_ext__for_each_sec(const struct bk_btf_ext *ext, bk_btf_ext_sec_fn fn,
			     void *ctx, const struct bk_diag *diag)
{
	size_t kind, i;
	int err = 0;

	if (ext->fd >= 0)
		return walk_file_again(ext, fn, ctx, diag);
	for (kind = 0; kind < BK_BTF_EXT_KIND_CNT && !err; kind++) {
		for (i = 0; i < ext->sec_cnt[kind] && !err; i++)
			err = fn(ctx, kind, &ext->secs[kind][i]);
	}
	return err;
}

void bk_btf_ext__free(struct bk_btf_ext *ext)
{
	size_t kind;

	if (!ext)
		return;
	for (kind = 0; kind < BK_BTF_EXT_KIND_CNT; kind++)
		free(ext->secs[kind]);
	if (ext->fd >= 0)
		close(ext->fd);
	bk_elf__free(ext->elf);
	free(ext->data);
	free(ext);
}

const struct bk_btf_ext_header *bk_btf_ext__header(const struct bk_btf_ext *ext)
{
	return &ext->hdr;
}

size_t bk_btf_ext__sec_cnt(const struct bk_btf_ext *ext,
			   enum bk_btf_ext_kind kind)
{
	return kind < BK_BTF_EXT_KIND_CNT ? ext->sec_cnt[kind] : 0;
}

const struct bk_btf_ext_sec *bk_btf_ext__sec(const struct bk_btf_ext *ext,
					     enum bk_btf_ext_kind kind,
					     size_t idx)
{
	if (kind >= BK_BTF_EXT_KIND_CNT || idx >= ext->sec_cnt[kind])
		return NULL;
	return &ext->secs[kind][idx];
}
