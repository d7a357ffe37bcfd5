// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * .BTF.ext: the per-instruction side of BTF. A header, then up to three
 * "info" blocks (func_info, line_info, core_relo), each a record size and a
 * list of (section name, record count, records). Parsed into a checked
 * index: every offset, count and size is within the data, and every type ID
 * and string the records hold is valid in the object's BTF.
 */
#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "btf.h"
#include "../elf/elf.h"
#include "../lib/mem.h"

/* The header up to line_info_len is mandatory; core_relo came later. */
#define EXT_MIN_HDR_LEN offsetof(struct bk_btf_ext_header, core_relo_off)

struct bk_btf_ext {
	void *data; /* our copy of the section */
	size_t size;
	struct bk_btf_ext_header hdr; /* fields beyond hdr_len read as 0 */
	struct bk_btf_ext_sec *secs[BK_BTF_EXT_KIND_CNT];
	size_t sec_cnt[BK_BTF_EXT_KIND_CNT];
	size_t sec_cap[BK_BTF_EXT_KIND_CNT];
};

/* Parsing state of one .BTF.ext section. */
struct ext_parser {
	struct bk_btf_ext *ext;
	const char *name; /* the input, for messages */
	const struct btf *btf;
	const struct bk_diag *diag;
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

static int ext_err(const struct ext_parser *p, const char *fmt, ...)
	__printf(2, 3);

static int ext_err(const struct ext_parser *p, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return bk_err(p->diag, -EINVAL, "%s: .BTF.ext: %s", p->name, msg);
}

static int parse_header(struct ext_parser *p)
{
	struct bk_btf_ext *ext = p->ext;
	const struct bk_btf_ext_header *hdr = ext->data;
	const unsigned char *bytes = ext->data;
	size_t i;

	if (ext->size < EXT_MIN_HDR_LEN)
		return ext_err(p, "truncated: %zu bytes, the header needs %zu",
			       ext->size, EXT_MIN_HDR_LEN);
	if (hdr->magic == __builtin_bswap16(BTF_MAGIC))
		return ext_err(p, "byte order differs from this host's");
	if (hdr->magic != BTF_MAGIC)
		return ext_err(p, "bad magic 0x%04x (expected 0x%04x)",
			       hdr->magic, BTF_MAGIC);
	if (hdr->version != BTF_VERSION)
		return ext_err(p, "unsupported version %u", hdr->version);
	if (hdr->flags)
		return ext_err(p, "unsupported header flags 0x%x", hdr->flags);
	if (hdr->hdr_len < EXT_MIN_HDR_LEN || hdr->hdr_len > ext->size)
		return ext_err(p, "header length %u is outside %zu..%zu",
			       hdr->hdr_len, EXT_MIN_HDR_LEN, ext->size);
	for (i = sizeof(*hdr); i < hdr->hdr_len; i++) {
		if (bytes[i])
			return ext_err(
				p,
				"header byte %zu is not zero: unknown header field",
				i);
	}
	memcpy(&ext->hdr, hdr, bk_min(sizeof(*hdr), (size_t)hdr->hdr_len));
	return 0;
}

static int check_type_ref(const struct ext_parser *p, const char *where,
			  __u32 type_id, bool want_func)
{
	__u32 cnt = btf__type_cnt(p->btf);
	const struct btf_type *t;

	if (!type_id || type_id >= cnt)
		return ext_err(p, "%s: type ID %u is not in 1..%u", where,
			       type_id, cnt - 1);
	t = btf__type_by_id(p->btf, type_id);
	if (want_func && !btf_is_func(t))
		return ext_err(p, "%s: type [%u] (%s) is not a FUNC", where,
			       type_id, bk_btf__kind_str(btf_kind(t)));
	return 0;
}

static int check_str_ref(const struct ext_parser *p, const char *where,
			 const char *what, __u32 off, bool need_text)
{
	const char *s = btf__str_by_offset(p->btf, off);

	if (!s)
		return ext_err(p, "%s: %s offset %u is beyond the BTF strings",
			       where, what, off);
	if (need_text && !*s)
		return ext_err(p, "%s: %s is empty", where, what);
	return 0;
}

static int check_rec(const struct ext_parser *p, enum bk_btf_ext_kind kind,
		     const struct bk_btf_ext_sec *sec, __u32 idx)
{
	const void *rec = bk_btf_ext_sec__rec(sec, idx);
	const struct bpf_line_info *li = rec;
	const struct bpf_core_relo *cr = rec;
	__u32 insn_off = *(const __u32 *)rec;
	char where[160];

	snprintf(where, sizeof(where), "%s for section '%s': record #%u",
		 ext_kinds[kind].name, sec->name, idx);
	if (insn_off % sizeof(struct bpf_insn))
		return ext_err(p, "%s: insn_off %u is not a multiple of %zu",
			       where, insn_off, sizeof(struct bpf_insn));
	switch (kind) {
	case BK_BTF_EXT_FUNC_INFO:
		return check_type_ref(
			p, where, ((const struct bpf_func_info *)rec)->type_id,
			true);
	case BK_BTF_EXT_LINE_INFO:
		return check_str_ref(p, where, "file name", li->file_name_off,
				     false)
			       ?: check_str_ref(p, where, "line", li->line_off,
						false);
	case BK_BTF_EXT_CORE_RELO:
		if (!bk_btf__core_relo_kind_str(cr->kind))
			return ext_err(p, "%s: unknown relocation kind %u",
				       where, cr->kind);
		return check_type_ref(p, where, cr->type_id, false)
			       ?: check_str_ref(p, where, "access string",
						cr->access_str_off, true);
	default:
		return 0;
	}
}

static int add_sec(struct ext_parser *p, enum bk_btf_ext_kind kind,
		   const struct bk_btf_ext_sec *sec)
{
	struct bk_btf_ext *ext = p->ext;

	if (bk_ensure_mem((void **)&ext->secs[kind], &ext->sec_cap[kind],
			  sizeof(*sec), ext->sec_cnt[kind] + 1))
		return bk_err(p->diag, -ENOMEM, "%s: out of memory", p->name);
	ext->secs[kind][ext->sec_cnt[kind]++] = *sec;
	return 0;
}

/* One block: rec_size, then (sec_name_off, num_info, records) entries. */
static int parse_info(struct ext_parser *p, enum bk_btf_ext_kind kind,
		      __u32 off, __u32 len)
{
	const struct bk_btf_ext *ext = p->ext;
	const char *what = ext_kinds[kind].name, *block;
	__u32 rec_size, pos, left, i;
	size_t avail = ext->size - ext->hdr.hdr_len;
	struct bk_btf_ext_sec sec;
	int err;

	if (!len)
		return 0;
	if ((__u64)off + len > avail)
		return ext_err(
			p,
			"%s (offset %u, %u bytes) ends beyond the %zu bytes after the header",
			what, off, len, avail);
	if ((ext->hdr.hdr_len + off) % 4)
		return ext_err(p, "%s at byte %u is not 4-byte aligned", what,
			       ext->hdr.hdr_len + off);
	if (len < sizeof(__u32))
		return ext_err(p, "%s is truncated: %u bytes", what, len);
	block = (const char *)ext->data + ext->hdr.hdr_len + off;
	rec_size = *(const __u32 *)block;
	if (rec_size < ext_kinds[kind].min_rec_size || rec_size % 4)
		return ext_err(
			p,
			"%s record size %u is invalid (at least %u, a multiple of 4)",
			what, rec_size, ext_kinds[kind].min_rec_size);
	for (pos = sizeof(__u32); pos < len;
	     pos += 2 * sizeof(__u32) + sec.rec_cnt * rec_size) {
		const __u32 *sec_hdr = (const __u32 *)(block + pos);

		left = len - pos;
		if (left < 2 * sizeof(__u32))
			return ext_err(
				p, "%s: section entry at byte %u is truncated",
				what, pos);
		sec = (struct bk_btf_ext_sec){
			.name_off = sec_hdr[0],
			.rec_size = rec_size,
			.rec_cnt = sec_hdr[1],
			.recs = sec_hdr + 2,
		};
		sec.name = btf__str_by_offset(p->btf, sec.name_off);
		if (!sec.name || !*sec.name)
			return ext_err(p, "%s: section name offset %u is %s",
				       what, sec.name_off,
				       sec.name ? "an empty name"
						: "beyond the BTF strings");
		if (!sec.rec_cnt)
			return ext_err(p, "%s for section '%s' has no records",
				       what, sec.name);
		if ((__u64)sec.rec_cnt * rec_size > left - 2 * sizeof(__u32))
			return ext_err(
				p,
				"%s for section '%s': %u records of %u bytes do not fit in the %zu bytes left",
				what, sec.name, sec.rec_cnt, rec_size,
				left - 2 * sizeof(__u32));
		for (i = 0; i < sec.rec_cnt; i++) {
			err = check_rec(p, kind, &sec, i);
			if (err)
				return err;
		}
		err = add_sec(p, kind, &sec);
		if (err)
			return err;
	}
	return 0;
}

int bk_btf_ext__parse_buf(const void *data, size_t size, const char *name,
			  const struct btf *btf, const struct bk_diag *diag,
			  struct bk_btf_ext **extp)
{
	struct ext_parser p = {.name = name, .btf = btf, .diag = diag};
	struct bk_btf_ext *ext;
	int err;

	ext = calloc(1, sizeof(*ext));
	if (ext)
		ext->data = malloc(size ?: 1);
	if (!ext || !ext->data) {
		bk_btf_ext__free(ext);
		return bk_err(diag, -ENOMEM, "%s: out of memory", name);
	}
	if (size)
		memcpy(ext->data, data, size);
	ext->size = size;
	p.ext = ext;
	err = parse_header(&p);
	err = err
		      ?: parse_info(&p, BK_BTF_EXT_FUNC_INFO,
				    ext->hdr.func_info_off,
				    ext->hdr.func_info_len);
	err = err
		      ?: parse_info(&p, BK_BTF_EXT_LINE_INFO,
				    ext->hdr.line_info_off,
				    ext->hdr.line_info_len);
	err = err
		      ?: parse_info(&p, BK_BTF_EXT_CORE_RELO,
				    ext->hdr.core_relo_off,
				    ext->hdr.core_relo_len);
	if (err) {
		bk_btf_ext__free(ext);
		return err;
	}
	*extp = ext;
	return 0;
}

/*
 * A function with no instructions (a naked one with an empty body, alone
 * in its section) leaves func_info and line_info at offset 0 of an empty
 * section: valid input, which libbpf links and skips at open.
 */
static bool is_empty_func(size_t kind, const struct bk_elf_sec *es,
			  __u32 insn_off)
{
	return !es->size && !insn_off && kind != BK_BTF_EXT_CORE_RELO;
}

int bk_btf_ext__check_elf(const struct bk_btf_ext *ext,
			  const struct bk_elf *elf, const struct bk_diag *diag)
{
	struct ext_parser p = {.name = bk_elf__name(elf), .diag = diag};
	const struct bk_btf_ext_sec *sec;
	const struct bk_elf_sec *es;
	__u32 i, insn_off;
	size_t kind, s;

	for (kind = 0; kind < BK_BTF_EXT_KIND_CNT; kind++) {
		for (s = 0; s < ext->sec_cnt[kind]; s++) {
			sec = &ext->secs[kind][s];
			es = bk_elf__find_sec(elf, sec->name);
			if (!es)
				return ext_err(
					&p,
					"%s names section '%s', which the file does not have",
					ext_kinds[kind].name, sec->name);
			if (!(es->shdr.sh_flags & SHF_EXECINSTR))
				return ext_err(
					&p,
					"%s names section '%s', which holds no code",
					ext_kinds[kind].name, sec->name);
			for (i = 0; i < sec->rec_cnt; i++) {
				insn_off = *(const __u32 *)bk_btf_ext_sec__rec(
					sec, i);
				if (insn_off >= es->size &&
				    !is_empty_func(kind, es, insn_off))
					return ext_err(
						&p,
						"%s for section '%s': record #%u: insn_off %u is beyond the section's %zu bytes",
						ext_kinds[kind].name, sec->name,
						i, insn_off, es->size);
			}
		}
	}
	return 0;
}

void bk_btf_ext__free(struct bk_btf_ext *ext)
{
	size_t kind;

	if (!ext)
		return;
	for (kind = 0; kind < BK_BTF_EXT_KIND_CNT; kind++)
		free(ext->secs[kind]);
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
