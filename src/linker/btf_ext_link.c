// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * BTF.ext phase: func_info, line_info and CO-RE relocation records are
 * appended to their code section's output with instruction offsets
 * shifted, type IDs remapped and strings re-interned in the output BTF.
 * At the end they are laid out in one .BTF.ext (sections in output order),
 * go through BTF dedup with the types, and get their strings re-pointed
 * into the canonical BTF.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "linker_internal.h"
#include "btf_ext_link.h"
#include "input.h"
#include "merged_btf.h"
#include "relocs.h"
#include "../btf/btf.h"
#include "../lib/mem.h"

#define BTF_EXT_HDR_LEN 32

/*
 * An input string offset into the merged BTF's pool (ext: the pool of
 * line_info strings). Offsets are checked: .BTF.ext's are not validated
 * anywhere else.
 */
int bk_ld_map_input_str(struct bk_linker *l, struct src_obj *obj, __u32 *off,
			bool ext)
{
	struct bk_idmap *map = ext ? &obj->ext_str_map : &obj->str_map;
	const char *s;
	__u32 out;
	long res;

	if (!*off)
		return 0;
	if (bk_idmap__find(map, *off, &out)) {
		*off = out;
		return 0;
	}
	s = bk_bview__str(obj->btf, *off);
	if (!s)
		return -EINVAL;
	res = ext ? bk_strset__add_str(&l->ext_strs, s)
		  : bk_mbtf__add_str(&l->mbtf, s);
	if (res < 0 || bk_idmap__add(map, *off, res))
		return -ENOMEM;
	*off = res;
	return 0;
}

/*
 * One input's .BTF.ext, read in place: checked as it is walked (header,
 * every length, every record against the BTF and its code section), so
 * a record is looked at once, to check it and to append it.
 */
struct ext_reader {
	struct bk_linker *l;
	struct src_obj *obj;
	const char *data;
	size_t size;
	/* line_info records of a section share their file name */
	__u32 file_in;
	__u32 file_out;
};

static int ext_err(struct ext_reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int ext_err(struct ext_reader *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return bk_err(r->l->diag, -EINVAL, "%s: .BTF.ext: %s", r->obj->name,
		      msg);
}

/*
 * A record's string, checked, into the merged strings: line_info's into
 * their own pool (they never reach libbpf's dedup), CO-RE access strings
 * with the types'.
 */
static int move_str(struct ext_reader *r, __u32 *off, bool line,
		    const char *what, const char *sec, __u32 idx)
{
	int err = bk_ld_map_input_str(r->l, r->obj, off, line);

	if (err == -EINVAL)
		return ext_err(
			r,
			"section '%s': record #%u: %s offset %u is not a string",
			sec, idx, what, *off);
	return err;
}

static int map_type(struct ext_reader *r, __u32 *id, bool want_func,
		    const char *sec, __u32 idx)
{
	const struct src_obj *obj = r->obj;

	if (*id >= obj->type_cnt ||
	    (want_func && !btf_is_func(bk_bview__type(obj->btf, *id))))
		return ext_err(
			r, "section '%s': record #%u: BTF type [%u] is not %s",
			sec, idx, *id, want_func ? "a FUNC" : "a valid type");
	if (*id && !obj->type_map[*id])
		return ext_err(
			r,
			"section '%s': record #%u: BTF type [%u] is not linked",
			sec, idx, *id);
	*id = obj->type_map[*id];
	return 0;
}

static int fix_rec(struct ext_reader *r, enum bk_btf_ext_kind kind, void *rec,
		   const struct src_sec *code, __u32 idx)
{
	__u32 *insn_off = rec;
	int err = 0;

	if (*insn_off % BPF_INSN_SZ || *insn_off >= code->size)
		return ext_err(
			r,
			"section '%s': %s record #%u: insn_off %u is not an instruction of the section",
			code->name, bk_btf_ext__kind_str(kind), idx, *insn_off);
	*insn_off += code->dst_off;
	switch (kind) {
	case BK_BTF_EXT_FUNC_INFO: {
		struct bpf_func_info *fi = rec;

		return map_type(r, &fi->type_id, true, code->name, idx);
	}
	case BK_BTF_EXT_LINE_INFO: {
		struct bpf_line_info *li = rec;

		if (li->file_name_off && li->file_name_off == r->file_in) {
			li->file_name_off = r->file_out;
		} else {
			r->file_in = li->file_name_off;
			err = move_str(r, &li->file_name_off, true, "file name",
				       code->name, idx);
			r->file_out = li->file_name_off;
		}
		return err
			       ?: move_str(r, &li->line_off, true, "line",
					   code->name, idx);
	}
	default: {
		struct bpf_core_relo *cr = rec;

		err = map_type(r, &cr->type_id, false, code->name, idx);
		return err
			       ?: move_str(r, &cr->access_str_off, false,
					   "access string", code->name, idx);
	}
	}
}

/*
 * A function with no instructions (a naked one with an empty body, alone
 * in its section) leaves its func_info and line_info at offset 0 of an
 * empty section. libbpf skips empty sections when it opens an object, so
 * such records describe nothing; they are dropped rather than kept at an
 * offset where the next file's code, in a section of the same name, would
 * get two records for its first instruction.
 */
static bool describes_no_insn(enum bk_btf_ext_kind kind, const void *rec,
			      const struct src_sec *code)
{
	const __u32 *insn_off = rec;

	return !code->size && !*insn_off && kind != BK_BTF_EXT_CORE_RELO;
}

static int append_ext_sec(struct ext_reader *r, enum bk_btf_ext_kind kind,
			  const char *name, const char *recs, __u32 cnt,
			  __u32 rec_size)
{
	size_t rec_sz = bk_btf_ext__min_rec_size(kind);
	const struct src_sec *code = bk_ld_find_src_sec(r->obj, name);
	struct ext_recs *out;
	__u32 i;
	int err;

	if (!code || code->skipped || code->dst_id < 0 || !code->is_exec)
		return ext_err(
			r,
			"%s records for section '%s', which is not linked code",
			bk_btf_ext__kind_str(kind), name);
	out = &r->l->secs[code->dst_id].ext[kind];
	if (bk_grow_mem(&out->recs, &out->cap, rec_sz, out->cnt + cnt))
		return -ENOMEM;
	for (i = 0; i < cnt; i++) {
		void *rec = (char *)out->recs + out->cnt * rec_sz;

		/* fields beyond what we know are not carried over */
		memcpy(rec, recs + (size_t)i * rec_size, rec_sz);
		if (describes_no_insn(kind, rec, code))
			continue;
		err = fix_rec(r, kind, rec, code, i);
		if (err)
			return err;
		out->cnt++;
	}
	return 0;
}

static int read_kind(struct ext_reader *r, enum bk_btf_ext_kind kind, __u32 off,
		     __u32 len, __u32 hdr_len)
{
	const char *p, *end;
	__u32 rec_size, name_off, cnt;
	const char *name;
	int err;

	if (!len)
		return 0;
	if (off > r->size - hdr_len || len > r->size - hdr_len - off ||
	    len < sizeof(__u32))
		return ext_err(r, "%s at %u, %u bytes, is beyond the section",
			       bk_btf_ext__kind_str(kind), off, len);
	p = r->data + hdr_len + off;
	end = p + len;
	memcpy(&rec_size, p, sizeof(rec_size));
	p += sizeof(rec_size);
	if (rec_size < bk_btf_ext__min_rec_size(kind) ||
	    rec_size % sizeof(__u32))
		return ext_err(r, "%s record size %u is invalid",
			       bk_btf_ext__kind_str(kind), rec_size);
	while (p < end) {
		if ((size_t)(end - p) < 2 * sizeof(__u32))
			return ext_err(r, "%s: truncated section header",
				       bk_btf_ext__kind_str(kind));
		memcpy(&name_off, p, sizeof(name_off));
		memcpy(&cnt, p + sizeof(__u32), sizeof(cnt));
		p += 2 * sizeof(__u32);
		name = bk_bview__str(r->obj->btf, name_off);
		if (!name)
			return ext_err(
				r, "%s: section name offset %u is not a string",
				bk_btf_ext__kind_str(kind), name_off);
		if ((size_t)(end - p) / rec_size < cnt)
			return ext_err(
				r,
				"section '%s': %u %s records run past the end",
				name, cnt, bk_btf_ext__kind_str(kind));
		err = append_ext_sec(r, kind, name, p, cnt, rec_size);
		if (err)
			return err;
		p += (size_t)cnt * rec_size;
	}
	return 0;
}

int bk_ld_append_btf_ext(struct bk_linker *l, struct src_obj *obj)
{
	struct ext_reader r = {.l = l, .obj = obj};
	struct bk_btf_ext_header hdr = {};
	int err;

	if (!obj->ext_idx || !obj->btf)
		return 0;
	r.data = obj->secs[obj->ext_idx].data;
	r.size = obj->secs[obj->ext_idx].size;
	if (!r.data)
		return 0;
	if (r.size < offsetof(struct bk_btf_ext_header, core_relo_off))
		return ext_err(&r, "header is truncated");
	memcpy(&hdr, r.data, r.size < sizeof(hdr) ? r.size : sizeof(hdr));
	if (hdr.magic != BTF_MAGIC || hdr.version != 1)
		return ext_err(&r, "bad magic %#x or version %u", hdr.magic,
			       hdr.version);
	if (hdr.hdr_len < offsetof(struct bk_btf_ext_header, core_relo_off) ||
	    hdr.hdr_len > r.size)
		return ext_err(&r, "header length %u is invalid", hdr.hdr_len);
	if (hdr.hdr_len < sizeof(hdr))
		hdr.core_relo_off = hdr.core_relo_len = 0;
	err = read_kind(&r, BK_BTF_EXT_FUNC_INFO, hdr.func_info_off,
			hdr.func_info_len, hdr.hdr_len);
	err = err
		      ?: read_kind(&r, BK_BTF_EXT_LINE_INFO, hdr.line_info_off,
				   hdr.line_info_len, hdr.hdr_len);
	err = err
		      ?: read_kind(&r, BK_BTF_EXT_CORE_RELO, hdr.core_relo_off,
				   hdr.core_relo_len, hdr.hdr_len);
	if (err == -ENOMEM)
		return bk_err(l->diag, err, "%s: out of memory", obj->name);
	return err;
}

/* ---- the output's .BTF.ext ----------------------------------------------- */

static int cmp_real_seq(const void *a, const void *b, void *ctx)
{
	const struct bk_linker *l = ctx;
	size_t x = l->secs[*(const int *)a].real_seq;
	size_t y = l->secs[*(const int *)b].real_seq;

	return x < y ? -1 : x > y;
}

/* Code sections with records, in output order. */
static int *ext_sec_order(struct bk_linker *l, size_t *cnt)
{
	int *ids = malloc((l->sec_cnt ?: 1) * sizeof(*ids));
	size_t i, n = 0;
	int k;

	if (!ids)
		return NULL;
	for (i = 0; i < l->sec_cnt; i++) {
		for (k = 0; k < BK_BTF_EXT_KIND_CNT; k++) {
			if (l->secs[i].ext[k].cnt) {
				ids[n++] = i;
				break;
			}
		}
	}
	qsort_r(ids, n, sizeof(*ids), cmp_real_seq, l);
	*cnt = n;
	return ids;
}

static size_t kind_len(struct bk_linker *l, const int *ids, size_t n, int k)
{
	size_t i, len = 0;

	for (i = 0; i < n; i++) {
		const struct ext_recs *r = &l->secs[ids[i]].ext[k];

		if (r->cnt)
			len += 2 * sizeof(__u32) +
			       r->cnt * bk_btf_ext__min_rec_size(k);
	}
	return len ? len + sizeof(__u32) : 0;
}

static void put_u32(char **p, __u32 v)
{
	memcpy(*p, &v, sizeof(v));
	*p += sizeof(v);
}

static int write_kind(struct bk_linker *l, const int *ids, size_t n, int k,
		      const struct ext_strs *strs, char **p)
{
	size_t i, j, rec_sz = bk_btf_ext__min_rec_size(k);
	int err;

	put_u32(p, rec_sz);
	for (i = 0; i < n; i++) {
		struct dst_sec *sec = &l->secs[ids[i]];
		struct ext_recs *r = &sec->ext[k];
		__u32 name_off;

		if (!r->cnt)
			continue;
		err = strs->sec_name(strs->ctx, sec->name, &name_off);
		if (err)
			return err;
		put_u32(p, name_off);
		put_u32(p, r->cnt);
		memcpy(*p, r->recs, r->cnt * rec_sz);
		for (j = 0; j < r->cnt && strs->rec; j++) {
			err = strs->rec(strs->ctx, k, *p + j * rec_sz);
			if (err)
				return err;
		}
		*p += r->cnt * rec_sz;
		if (strs->consume) {
			free(r->recs);
			r->recs = NULL;
			r->cap = 0;
		}
	}
	return 0;
}

/*
 * Lay out the records of the kinds in mask (bits of enum bk_btf_ext_kind): code
 * sections in output order, each kind's sections in that order. strs
 * gives section names their string offsets and may rewrite each copied
 * record's strings. *data is NULL when there is no record.
 */
int bk_ld_build_btf_ext(struct bk_linker *l, unsigned int mask,
			const struct ext_strs *strs, void **data, size_t *size)
{
	size_t n, len[BK_BTF_EXT_KIND_CNT] = {}, total = BTF_EXT_HDR_LEN;
	struct bk_btf_ext_header hdr = {
		.magic = BTF_MAGIC,
		.version = 1,
		.hdr_len = BTF_EXT_HDR_LEN,
	};
	int *ids = ext_sec_order(l, &n);
	int k, err = 0;
	char *p;

	*data = NULL;
	*size = 0;
	if (!ids)
		return -ENOMEM;
	for (k = 0; k < BK_BTF_EXT_KIND_CNT; k++) {
		if (mask & (1u << k))
			len[k] = kind_len(l, ids, n, k);
		total += len[k];
	}
	hdr.func_info_len = len[BK_BTF_EXT_FUNC_INFO];
	hdr.line_info_off = hdr.func_info_len;
	hdr.line_info_len = len[BK_BTF_EXT_LINE_INFO];
	hdr.core_relo_off = hdr.line_info_off + hdr.line_info_len;
	hdr.core_relo_len = len[BK_BTF_EXT_CORE_RELO];
	if (total == BTF_EXT_HDR_LEN || !(*data = calloc(1, total))) {
		free(ids);
		return total == BTF_EXT_HDR_LEN ? 0 : -ENOMEM;
	}
	p = *data;
	memcpy(p, &hdr, BTF_EXT_HDR_LEN);
	p += BTF_EXT_HDR_LEN;
	for (k = 0; k < BK_BTF_EXT_KIND_CNT && !err; k++) {
		if (len[k])
			err = write_kind(l, ids, n, k, strs, &p);
	}
	free(ids);
	if (err) {
		free(*data);
		*data = NULL;
		return err;
	}
	*size = total;
	return 0;
}

/* The type IDs of func_info and CO-RE records after libbpf's dedup. */
static void read_kind_ids(struct bk_linker *l, const int *ids, size_t n, int k,
			  const char **p)
{
	size_t i, j, rec_sz = bk_btf_ext__min_rec_size(k);

	*p += sizeof(__u32); /* rec_size: ours */
	for (i = 0; i < n; i++) {
		struct ext_recs *r = &l->secs[ids[i]].ext[k];

		if (!r->cnt)
			continue;
		*p += 2 * sizeof(__u32);
		for (j = 0; j < r->cnt; j++) {
			/* type_id follows insn_off in both records */
			memcpy((char *)r->recs + j * rec_sz + sizeof(__u32),
			       *p + j * rec_sz + sizeof(__u32), sizeof(__u32));
		}
		*p += r->cnt * rec_sz;
	}
}

int bk_ld_read_btf_ext_ids(struct bk_linker *l, const void *data)
{
	struct bk_btf_ext_header hdr;
	const char *p;
	int *ids;
	size_t n;

	ids = ext_sec_order(l, &n);
	if (!ids)
		return -ENOMEM;
	memcpy(&hdr, data, sizeof(hdr));
	p = (const char *)data + hdr.hdr_len + hdr.func_info_off;
	if (hdr.func_info_len)
		read_kind_ids(l, ids, n, BK_BTF_EXT_FUNC_INFO, &p);
	p = (const char *)data + hdr.hdr_len + hdr.core_relo_off;
	if (hdr.core_relo_len)
		read_kind_ids(l, ids, n, BK_BTF_EXT_CORE_RELO, &p);
	free(ids);
	return 0;
}
