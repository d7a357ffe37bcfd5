// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The `ar` archive reader. An archive is the 8-byte magic, then members,
 * each a 60-byte text header (name, date, uid, gid, mode, decimal size,
 * "`\n") followed by its bytes, padded to an even offset. Special members
 * hold the symbol index ("/" with 32-bit big-endian offsets, "/SYM64/" with
 * 64-bit ones, "__.SYMDEF" in BSD archives) and the GNU long-name table
 * ("//"). Every number comes from the file: each is parsed strictly and
 * checked against what is left before it is used, in size_t arithmetic that
 * cannot wrap.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "../lib/mem.h"
#include "../lib/strset.h"

#define AR_MAGIC "!<arch>\n"
#define AR_THIN_MAGIC "!<thin>\n"
#define AR_MAGIC_LEN 8

struct ar_hdr {
	char name[16];
	char date[12];
	char uid[6];
	char gid[6];
	char mode[8];
	char size[10];
	char fmag[2];
};

_Static_assert(sizeof(struct ar_hdr) == 60, "ar header is 60 bytes");

enum index_kind {
	INDEX_NONE,
	INDEX_GNU32,
	INDEX_GNU64,
	INDEX_BSD32,
	INDEX_BSD64,
};

struct bk_ar {
	const char *name;
	const unsigned char *buf;
	size_t size;
	const struct bk_diag *diag;

	struct bk_ar_member *members;
	size_t member_cnt;
	size_t member_cap;
	size_t *name_offs; /* per member: its name in names, until fixed */
	size_t name_off_cap;
	struct bk_arena names;

	const unsigned char *long_names; /* the "//" member, or NULL */
	size_t long_names_size;

	enum index_kind index_kind;
	const unsigned char *index;
	size_t index_size;
	size_t index_off; /* header offset, for messages */
	struct bk_ar_sym *syms;
	size_t sym_cnt;
};

bool bk_ar__is_archive(const void *buf, size_t size)
{
	return size >= AR_MAGIC_LEN &&
	       (memcmp(buf, AR_MAGIC, AR_MAGIC_LEN) == 0 ||
		memcmp(buf, AR_THIN_MAGIC, AR_MAGIC_LEN) == 0);
}

/* A header field: decimal digits, then only spaces; at least one digit. */
static bool parse_dec(const char *field, size_t len, size_t *val)
{
	size_t i = 0, v = 0;

	for (; i < len && field[i] >= '0' && field[i] <= '9'; i++) {
		if (v > (SIZE_MAX - 9) / 10)
			return false;
		v = v * 10 + (size_t)(field[i] - '0');
	}
	if (i == 0)
		return false;
	for (; i < len; i++) {
		if (field[i] != ' ')
			return false;
	}
	*val = v;
	return true;
}

/* name[0..len) with trailing spaces dropped: does it equal s? */
static bool is_name(const char *name, size_t len, const char *s)
{
	size_t n = strlen(s), i;

	if (n > len || memcmp(name, s, n) != 0)
		return false;
	for (i = n; i < len; i++) {
		if (name[i] != ' ')
			return false;
	}
	return true;
}

static int add_name(struct bk_ar *ar, const char *s, size_t len)
{
	char tmp[4096];
	int off;

	if (len >= sizeof(tmp) || memchr(s, '\0', len))
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member #%zu: name of %zu bytes is not a file name",
			ar->name, ar->member_cnt, len);
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	off = bk_arena__add(&ar->names, tmp);
	if (off < 0)
		return bk_err(ar->diag, off, "%s: out of memory", ar->name);
	ar->name_offs[ar->member_cnt] = off;
	return 0;
}

/* "/N": the name at offset N of the "//" table, up to "/\n" or "\n". */
static int long_name(struct bk_ar *ar, const struct ar_hdr *h, size_t hdr_off)
{
	const unsigned char *start, *end;
	size_t off, len;

	if (!parse_dec(h->name + 1, sizeof(h->name) - 1, &off))
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member at offset %zu: bad long name reference '%.16s'",
			ar->name, hdr_off, h->name);
	if (!ar->long_names)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member at offset %zu: long name '/%zu' but no long-name table before it",
			ar->name, hdr_off, off);
	if (off >= ar->long_names_size)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member at offset %zu: long name offset %zu is past the long-name table (%zu bytes)",
			ar->name, hdr_off, off, ar->long_names_size);
	start = ar->long_names + off;
	end = memchr(start, '\n', ar->long_names_size - off);
	if (!end)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member at offset %zu: long name at table offset %zu is not terminated",
			ar->name, hdr_off, off);
	len = end - start;
	if (len && start[len - 1] == '/')
		len--;
	return add_name(ar, (const char *)start, len);
}

/* "#1/N": the name is the first N bytes of the data (NUL padded). */
static int bsd_name(struct bk_ar *ar, const struct ar_hdr *h, size_t hdr_off,
		    struct bk_ar_member *m)
{
	const char *name;
	size_t len;

	if (!parse_dec(h->name + 3, sizeof(h->name) - 3, &len))
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member at offset %zu: bad BSD name length '%.16s'",
			ar->name, hdr_off, h->name);
	if (len > m->size)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member at offset %zu: BSD name of %zu bytes is longer than the member (%zu bytes)",
			ar->name, hdr_off, len, m->size);
	/* llvm-ar pads the name with NULs */
	name = m->data;
	m->data = (const char *)m->data + len;
	m->size -= len;
	return add_name(ar, name, strnlen(name, len));
}

/* A short name: up to '/' (GNU) or the trailing spaces (BSD). */
static int short_name(struct bk_ar *ar, const struct ar_hdr *h)
{
	size_t len = sizeof(h->name);
	const char *slash = memchr(h->name, '/', len);

	if (slash)
		len = slash - h->name;
	else
		while (len && h->name[len - 1] == ' ')
			len--;
	return add_name(ar, h->name, len);
}

/*
 * BSD's index is named "__.SYMDEF" ("__.SYMDEF_64" with 64-bit fields,
 * either maybe " SORTED"), in the header or, as llvm-ar writes it, as a
 * "#1/N" name before the table. *skip: the name's bytes in the data.
 */
static enum index_kind bsd_index_kind(const struct ar_hdr *h,
				      const struct bk_ar_member *m,
				      size_t *skip)
{
	const char *name = h->name;
	size_t len = sizeof(h->name);

	*skip = 0;
	if (memcmp(h->name, "#1/", 3) == 0) {
		if (!parse_dec(h->name + 3, sizeof(h->name) - 3, &len) ||
		    len > m->size)
			return INDEX_NONE; /* bsd_name() says why */
		name = m->data;
		*skip = len;
	}
	if (len < 12 || memcmp(name, "__.SYMDEF", 9) != 0)
		return INDEX_NONE;
	return memcmp(name + 9, "_64", 3) == 0 ? INDEX_BSD64 : INDEX_BSD32;
}

static enum index_kind index_kind(const struct ar_hdr *h,
				  const struct bk_ar_member *m, size_t *skip)
{
	enum index_kind kind = bsd_index_kind(h, m, skip);

	if (kind != INDEX_NONE)
		return kind;
	if (is_name(h->name, sizeof(h->name), "/"))
		return INDEX_GNU32;
	if (is_name(h->name, sizeof(h->name), "/SYM64/"))
		return INDEX_GNU64;
	return INDEX_NONE;
}

/* The symbol index and the long-name table: not members. 1 if h is one. */
static int take_special(struct bk_ar *ar, const struct ar_hdr *h,
			const struct bk_ar_member *m)
{
	enum index_kind kind;
	size_t skip;

	if (is_name(h->name, sizeof(h->name), "//")) {
		if (ar->long_names)
			return bk_err(
				ar->diag, -EINVAL,
				"%s: member at offset %zu: a second long-name table",
				ar->name, m->hdr_off);
		ar->long_names = m->data;
		ar->long_names_size = m->size;
		return 1;
	}
	kind = index_kind(h, m, &skip);
	if (kind == INDEX_NONE)
		return 0;
	if (ar->index_kind != INDEX_NONE)
		return bk_err(ar->diag, -EINVAL,
			      "%s: member at offset %zu: a second symbol index",
			      ar->name, m->hdr_off);
	ar->index_kind = kind;
	ar->index = (const unsigned char *)m->data + skip;
	ar->index_size = m->size - skip;
	ar->index_off = m->hdr_off;
	return 1;
}

static int take_name(struct bk_ar *ar, const struct ar_hdr *h,
		     struct bk_ar_member *m)
{
	if (h->name[0] == '/' && h->name[1] >= '0' && h->name[1] <= '9')
		return long_name(ar, h, m->hdr_off);
	if (memcmp(h->name, "#1/", 3) == 0)
		return bsd_name(ar, h, m->hdr_off, m);
	return short_name(ar, h);
}

static int add_member(struct bk_ar *ar, const struct ar_hdr *h,
		      struct bk_ar_member *m)
{
	int err;

	if (bk_grow_mem((void **)&ar->members, &ar->member_cap,
			sizeof(*ar->members), ar->member_cnt + 1) ||
	    bk_grow_mem((void **)&ar->name_offs, &ar->name_off_cap,
			sizeof(*ar->name_offs), ar->member_cnt + 1))
		return bk_err(ar->diag, -ENOMEM, "%s: out of memory", ar->name);
	err = take_name(ar, h, m);
	if (err)
		return err;
	if (!ar->names.buf[ar->name_offs[ar->member_cnt]])
		return bk_err(ar->diag, -EINVAL,
			      "%s: member at offset %zu: empty name", ar->name,
			      m->hdr_off);
	ar->members[ar->member_cnt++] = *m;
	return 0;
}

/* The member whose header starts at *off; *off moves past it. */
static int read_member(struct bk_ar *ar, size_t *off)
{
	struct bk_ar_member m = {.hdr_off = *off};
	size_t left = ar->size - *off;
	const struct ar_hdr *h;
	int err;

	if (left < sizeof(*h))
		return bk_err(
			ar->diag, -EINVAL,
			"%s: truncated member header at offset %zu (%zu of %zu bytes)",
			ar->name, m.hdr_off, left, sizeof(*h));
	h = (const struct ar_hdr *)(ar->buf + m.hdr_off);
	if (memcmp(h->fmag, "`\n", sizeof(h->fmag)) != 0)
		return bk_err(ar->diag, -EINVAL,
			      "%s: member header at offset %zu: bad end marker",
			      ar->name, m.hdr_off);
	if (!parse_dec(h->size, sizeof(h->size), &m.size))
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member header at offset %zu: bad size field '%.10s'",
			ar->name, m.hdr_off, h->size);
	left -= sizeof(*h);
	if (m.size > left)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: member at offset %zu: size %zu runs past the end of the archive (%zu bytes left)",
			ar->name, m.hdr_off, m.size, left);
	m.data = ar->buf + m.hdr_off + sizeof(*h);
	/* members start at even offsets; a last odd member may lack its pad */
	*off = m.hdr_off + sizeof(*h) + m.size;
	if ((m.size & 1) && *off < ar->size)
		(*off)++;
	err = take_special(ar, h, &m);
	if (err)
		return err < 0 ? err : 0;
	return add_member(ar, h, &m);
}

/* Members are in offset order: find the one whose header is at off. */
static long member_at(const struct bk_ar *ar, size_t off)
{
	size_t lo = 0, hi = ar->member_cnt;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ar->members[mid].hdr_off == off)
			return (long)mid;
		if (ar->members[mid].hdr_off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static size_t read_num(const unsigned char *p, size_t width, bool big_endian)
{
	size_t v = 0, i;

	for (i = 0; i < width; i++)
		v = v << 8 | p[big_endian ? i : width - 1 - i];
	return v;
}

static int alloc_syms(struct bk_ar *ar, size_t cnt)
{
	ar->syms = calloc(cnt ? cnt : 1, sizeof(*ar->syms));
	if (!ar->syms)
		return bk_err(ar->diag, -ENOMEM, "%s: out of memory", ar->name);
	return 0;
}

/* Index entry i: name, defined by the member whose header is at off. */
static int set_sym(struct bk_ar *ar, size_t i, const char *name, size_t off)
{
	long idx = member_at(ar, off);

	if (idx < 0)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: symbol index: '%s' points at offset %zu, where no member starts",
			ar->name, name, off);
	ar->syms[i].name = name;
	ar->syms[i].member_idx = idx;
	ar->sym_cnt = i + 1;
	return 0;
}

static int index_short(const struct bk_ar *ar)
{
	return bk_err(ar->diag, -EINVAL,
		      "%s: symbol index: truncated (%zu bytes)", ar->name,
		      ar->index_size);
}

/*
 * GNU index: a count, that many member header offsets, then that many
 * NUL-terminated names, all big-endian of width 4 ("/") or 8 ("/SYM64/").
 */
static int parse_gnu_index(struct bk_ar *ar, size_t width)
{
	const unsigned char *p = ar->index, *names, *end = p + ar->index_size;
	size_t cnt, i;
	int err;

	if (ar->index_size < width)
		return index_short(ar);
	cnt = read_num(p, width, true);
	if (cnt > (ar->index_size - width) / width)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: symbol index: %zu entries do not fit in its %zu bytes",
			ar->name, cnt, ar->index_size);
	names = p + width + cnt * width;
	err = alloc_syms(ar, cnt);
	for (i = 0; i < cnt && !err; i++) {
		const unsigned char *nul =
			names < end ? memchr(names, '\0', end - names) : NULL;

		if (!nul)
			return bk_err(
				ar->diag, -EINVAL,
				"%s: symbol index: the names end before entry #%zu",
				ar->name, i);
		err = set_sym(ar, i, (const char *)names,
			      read_num(p + width + i * width, width, true));
		names = nul + 1;
	}
	return err;
}

/*
 * BSD index, little-endian of width 4 or 8: the byte size of the (name
 * offset, member offset) pairs, the pairs, the byte size of the names,
 * the NUL-terminated names.
 */
static int parse_bsd_index(struct bk_ar *ar, size_t width)
{
	const unsigned char *p = ar->index;
	size_t size = ar->index_size, pairs, strs_size, i;
	const char *strs;
	int err;

	if (size < width)
		return index_short(ar);
	pairs = read_num(p, width, false);
	if (pairs > size - width || pairs % (2 * width) ||
	    size - width - pairs < width)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: symbol index: a table of %zu bytes does not fit in its %zu bytes",
			ar->name, pairs, size);
	strs_size = read_num(p + width + pairs, width, false);
	if (strs_size > size - 2 * width - pairs)
		return bk_err(
			ar->diag, -EINVAL,
			"%s: symbol index: %zu bytes of names do not fit in its %zu bytes",
			ar->name, strs_size, size);
	strs = (const char *)p + 2 * width + pairs;
	err = alloc_syms(ar, pairs / (2 * width));
	for (i = 0; i < pairs / (2 * width) && !err; i++) {
		const unsigned char *pair = p + width + i * 2 * width;
		size_t strx = read_num(pair, width, false);

		if (strx >= strs_size ||
		    !memchr(strs + strx, '\0', strs_size - strx))
			return bk_err(
				ar->diag, -EINVAL,
				"%s: symbol index: entry #%zu names offset %zu, past its %zu bytes of names",
				ar->name, i, strx, strs_size);
		err = set_sym(ar, i, strs + strx,
			      read_num(pair + width, width, false));
	}
	return err;
}

static int parse_index(struct bk_ar *ar)
{
	switch (ar->index_kind) {
	case INDEX_GNU32:
		return parse_gnu_index(ar, 4);
	case INDEX_GNU64:
		return parse_gnu_index(ar, 8);
	case INDEX_BSD32:
		return parse_bsd_index(ar, 4);
	case INDEX_BSD64:
		return parse_bsd_index(ar, 8);
	default:
		return 0;
	}
}

static int read_archive(struct bk_ar *ar)
{
	size_t off = AR_MAGIC_LEN, i;
	int err = 0;

	if (ar->size >= AR_MAGIC_LEN &&
	    memcmp(ar->buf, AR_THIN_MAGIC, AR_MAGIC_LEN) == 0)
		return bk_err(ar->diag, -EOPNOTSUPP,
			      "%s: thin archives are not supported", ar->name);
	if (ar->size < AR_MAGIC_LEN ||
	    memcmp(ar->buf, AR_MAGIC, AR_MAGIC_LEN) != 0)
		return bk_err(ar->diag, -EINVAL, "%s: not an ar archive",
			      ar->name);
	while (!err && off < ar->size)
		err = read_member(ar, &off);
	if (err)
		return err;
	/* the arena has stopped moving: names can be handed out */
	for (i = 0; i < ar->member_cnt; i++)
		ar->members[i].name = ar->names.buf + ar->name_offs[i];
	return parse_index(ar);
}

struct bk_ar *bk_ar__open_mem(const void *buf, size_t size, const char *name,
			      const struct bk_diag *diag)
{
	struct bk_ar *ar = calloc(1, sizeof(*ar));
	int err;

	if (!ar) {
		bk_err(diag, -ENOMEM, "%s: out of memory", name);
		errno = ENOMEM;
		return NULL;
	}
	ar->name = name;
	ar->buf = buf;
	ar->size = size;
	ar->diag = diag;
	err = read_archive(ar);
	if (err) {
		bk_ar__free(ar);
		errno = -err;
		return NULL;
	}
	return ar;
}

void bk_ar__free(struct bk_ar *ar)
{
	if (!ar)
		return;
	free(ar->members);
	free(ar->name_offs);
	free(ar->names.buf);
	free(ar->syms);
	free(ar);
}

size_t bk_ar__member_cnt(const struct bk_ar *ar)
{
	return ar->member_cnt;
}

const struct bk_ar_member *bk_ar__member(const struct bk_ar *ar, size_t idx)
{
	return idx < ar->member_cnt ? &ar->members[idx] : NULL;
}

bool bk_ar__has_index(const struct bk_ar *ar)
{
	return ar->index_kind != INDEX_NONE;
}

size_t bk_ar__index_cnt(const struct bk_ar *ar)
{
	return ar->sym_cnt;
}

const struct bk_ar_sym *bk_ar__index_sym(const struct bk_ar *ar, size_t idx)
{
	return idx < ar->sym_cnt ? &ar->syms[idx] : NULL;
}
