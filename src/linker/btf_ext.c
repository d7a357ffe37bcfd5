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
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "linker_internal.h"
#include "../btf/btf.h"
#include "../lib/mem.h"

#define BTF_EXT_HDR_LEN 32

static const enum bk_btf_ext_kind src_kinds[EXT_KIND_CNT] = {
	[EXT_FUNC_INFO] = BK_BTF_EXT_FUNC_INFO,
	[EXT_LINE_INFO] = BK_BTF_EXT_LINE_INFO,
	[EXT_CORE_RELO] = BK_BTF_EXT_CORE_RELO,
};

size_t ext_rec_min_size(enum ext_kind kind)
{
	switch (kind) {
	case EXT_FUNC_INFO:
		return sizeof(struct bpf_func_info);
	case EXT_LINE_INFO:
		return sizeof(struct bpf_line_info);
	default:
		return sizeof(struct bpf_core_relo);
	}
}

struct str_cache {
	struct bk_linker *l;
	const struct btf *src;
	struct bk_hashmap *map; /* input string offset -> output offset */
};

static int intern_str(struct str_cache *c, __u32 *off)
{
	uintptr_t out;
	int res;

	if (bk_hashmap__find(c->map, *off, &out)) {
		*off = out;
		return 0;
	}
	res = btf__add_str(c->l->btf, btf__str_by_offset(c->src, *off));
	if (res < 0)
		return res;
	if (bk_hashmap__add(c->map, *off, res))
		return -ENOMEM;
	*off = res;
	return 0;
}

static int fix_rec(struct str_cache *c, const struct src_obj *obj,
		   enum ext_kind kind, void *rec, size_t insn_shift)
{
	int err = 0;

	switch (kind) {
	case EXT_FUNC_INFO: {
		struct bpf_func_info *fi = rec;

		fi->insn_off += insn_shift;
		fi->type_id = obj->type_map[fi->type_id];
		return fi->type_id ? 0 : -ENOENT;
	}
	case EXT_LINE_INFO: {
		struct bpf_line_info *li = rec;

		li->insn_off += insn_shift;
		err = intern_str(c, &li->file_name_off);
		return err ?: intern_str(c, &li->line_off);
	}
	default: {
		struct bpf_core_relo *cr = rec;

		cr->insn_off += insn_shift;
		if (cr->type_id && !obj->type_map[cr->type_id])
			return -ENOENT;
		cr->type_id = obj->type_map[cr->type_id];
		return intern_str(c, &cr->access_str_off);
	}
	}
}

static int append_ext_sec(struct bk_linker *l, struct src_obj *obj,
			  struct str_cache *c, enum ext_kind kind,
			  const struct bk_btf_ext_sec *s)
{
	size_t rec_sz = ext_rec_min_size(kind);
	const struct src_sec *src = find_src_sec(obj, s->name);
	struct ext_recs *recs;
	__u32 i;
	int err;

	if (!src || src->skipped || src->dst_id < 0 || !src->is_exec)
		return bk_err(
			l->diag, -EINVAL,
			"%s: .BTF.ext: records for section '%s', which is not linked code",
			obj->name, s->name);
	if (s->rec_size < rec_sz)
		return bk_err(l->diag, -EINVAL,
			      "%s: .BTF.ext: record size %u is too small",
			      obj->name, s->rec_size);
	recs = &l->secs[src->dst_id].ext[kind];
	if (bk_ensure_mem(&recs->recs, &recs->cap, rec_sz,
			  recs->cnt + s->rec_cnt))
		return -ENOMEM;
	for (i = 0; i < s->rec_cnt; i++) {
		void *rec = (char *)recs->recs + recs->cnt * rec_sz;

		/* fields beyond what we know are not carried over */
		memcpy(rec, bk_btf_ext_sec__rec(s, i), rec_sz);
		err = fix_rec(c, obj, kind, rec, src->dst_off);
		if (err == -ENOENT)
			return bk_err(
				l->diag, -EINVAL,
				"%s: .BTF.ext: section '%s': record #%u refers to a BTF type that is not linked",
				obj->name, s->name, i);
		if (err)
			return err;
		recs->cnt++;
	}
	return 0;
}

int append_btf_ext(struct bk_linker *l, struct src_obj *obj)
{
	struct str_cache c = {.l = l, .src = obj->btf};
	int kind, err = 0;
	size_t i;

	if (!obj->ext || !obj->btf)
		return 0;
	c.map = bk_hashmap__new(bk_int_hash, bk_int_equal, NULL);
	if (!c.map)
		return bk_err(l->diag, -ENOMEM, "%s: out of memory", obj->name);
	for (kind = 0; kind < EXT_KIND_CNT && !err; kind++) {
		size_t n = bk_btf_ext__sec_cnt(obj->ext, src_kinds[kind]);

		for (i = 0; i < n && !err; i++)
			err = append_ext_sec(
				l, obj, &c, kind,
				bk_btf_ext__sec(obj->ext, src_kinds[kind], i));
	}
	bk_hashmap__free(c.map);
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
		for (k = 0; k < EXT_KIND_CNT; k++) {
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
			len += 2 * sizeof(__u32) + r->cnt * ext_rec_min_size(k);
	}
	return len ? len + sizeof(__u32) : 0;
}

static void put_u32(char **p, __u32 v)
{
	memcpy(*p, &v, sizeof(v));
	*p += sizeof(v);
}

static int write_kind(struct bk_linker *l, struct btf *btf, const int *ids,
		      size_t n, int k, char **p)
{
	size_t i, rec_sz = ext_rec_min_size(k);

	put_u32(p, rec_sz);
	for (i = 0; i < n; i++) {
		const struct dst_sec *sec = &l->secs[ids[i]];
		const struct ext_recs *r = &sec->ext[k];
		int name_off;

		if (!r->cnt)
			continue;
		name_off = btf__add_str(btf, sec->name);
		if (name_off < 0)
			return name_off;
		put_u32(p, name_off);
		put_u32(p, r->cnt);
		memcpy(*p, r->recs, r->cnt * rec_sz);
		*p += r->cnt * rec_sz;
	}
	return 0;
}

int build_btf_ext(struct bk_linker *l, struct btf *btf, void **data,
		  size_t *size)
{
	size_t n, len[EXT_KIND_CNT], total = BTF_EXT_HDR_LEN, off = 0;
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
		return bk_err(l->diag, -ENOMEM, "out of memory");
	for (k = 0; k < EXT_KIND_CNT; k++) {
		len[k] = kind_len(l, ids, n, k);
		off += len[k];
	}
	hdr.func_info_len = len[EXT_FUNC_INFO];
	hdr.line_info_off = hdr.func_info_len;
	hdr.line_info_len = len[EXT_LINE_INFO];
	hdr.core_relo_off = hdr.line_info_off + hdr.line_info_len;
	hdr.core_relo_len = len[EXT_CORE_RELO];
	total += off;
	if (!n || !(*data = calloc(1, total))) {
		free(ids);
		return n ? bk_err(l->diag, -ENOMEM, "out of memory") : 0;
	}
	p = *data;
	memcpy(p, &hdr, BTF_EXT_HDR_LEN);
	p += BTF_EXT_HDR_LEN;
	for (k = 0; k < EXT_KIND_CNT && !err; k++) {
		if (len[k])
			err = write_kind(l, btf, ids, n, k, &p);
	}
	free(ids);
	if (err) {
		free(*data);
		*data = NULL;
		return bk_err(l->diag, err, "cannot build .BTF.ext: %s",
			      strerror(-err));
	}
	*size = total;
	return 0;
}

/* ---- re-pointing strings after dedup --------------------------------------- */

static int move_str(const struct btf *from, struct btf *to, char *field)
{
	__u32 off;
	int res;

	memcpy(&off, field, sizeof(off));
	res = btf__add_str(to, btf__str_by_offset(from, off) ?: "");
	if (res < 0)
		return res;
	off = res;
	memcpy(field, &off, sizeof(off));
	return 0;
}

static int move_rec_strs(const struct btf *from, struct btf *to, int k,
			 char *rec)
{
	int err;

	switch (k) {
	case EXT_LINE_INFO:
		err = move_str(
			from, to,
			rec + offsetof(struct bpf_line_info, file_name_off));
		return err
			       ?: move_str(from, to,
					   rec + offsetof(struct bpf_line_info,
							  line_off));
	case EXT_CORE_RELO:
		return move_str(
			from, to,
			rec + offsetof(struct bpf_core_relo, access_str_off));
	default:
		return 0;
	}
}

/* Our own layout (build_btf_ext), so only the strings need walking. */
static int move_kind_strs(const struct btf *from, struct btf *to, int k,
			  char *p, size_t len)
{
	char *end = p + len;
	__u32 rec_sz, cnt, i;
	int err;

	if (!len)
		return 0;
	memcpy(&rec_sz, p, sizeof(rec_sz));
	p += sizeof(rec_sz);
	while (p + 2 * sizeof(__u32) <= end) {
		err = move_str(from, to, p);
		if (err)
			return err;
		memcpy(&cnt, p + sizeof(__u32), sizeof(cnt));
		p += 2 * sizeof(__u32);
		for (i = 0; i < cnt; i++, p += rec_sz) {
			err = move_rec_strs(from, to, k, p);
			if (err)
				return err;
		}
	}
	return 0;
}

int rebuild_btf_ext(const void *data, size_t size, const struct btf *from,
		    struct btf *to, void **out, size_t *out_size)
{
	struct bk_btf_ext_header hdr;
	char *buf = malloc(size ?: 1);
	int err;

	if (!buf)
		return -ENOMEM;
	memcpy(buf, data, size);
	memcpy(&hdr, buf, sizeof(hdr));
	/* strings land in the output in this order: part of the canonical
	 * form, like the type strings before them */
	err = move_kind_strs(from, to, EXT_FUNC_INFO,
			     buf + hdr.hdr_len + hdr.func_info_off,
			     hdr.func_info_len);
	err = err
		      ?: move_kind_strs(from, to, EXT_LINE_INFO,
					buf + hdr.hdr_len + hdr.line_info_off,
					hdr.line_info_len);
	err = err
		      ?: move_kind_strs(from, to, EXT_CORE_RELO,
					buf + hdr.hdr_len + hdr.core_relo_off,
					hdr.core_relo_len);
	if (err) {
		free(buf);
		return err;
	}
	*out = buf;
	*out_size = size;
	return 0;
}
