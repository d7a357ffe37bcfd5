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
 * An input string offset into the merged BTF's string pool. The offset is
 * one the BTF module's validation or the .BTF.ext walk has checked.
 */
int bk_ld_map_input_str(struct bk_linker *l, struct src_obj *obj, __u32 *off)
{
	const char *s;
	__u32 out;
	long res;

	if (!*off)
		return 0;
	if (bk_idmap__find(&obj->str_map, *off, &out)) {
		*off = out;
		return 0;
	}
	s = bk_bview__str(obj->btf, *off);
	if (!s)
		return -EINVAL;
	res = bk_mbtf__add_str(&l->mbtf, s);
	if (res < 0 || bk_idmap__add(&obj->str_map, *off, res))
		return -ENOMEM;
	*off = res;
	return 0;
}

/*
 * One input's .BTF.ext, read in place and checked by the BTF module's
 * walk (bk_btf_ext__walk()); each checked section's records are appended
 * here with offsets shifted, type IDs remapped and strings re-interned.
 */
struct ext_reader {
	struct bk_linker *l;
	struct src_obj *obj;
	const struct bk_btf_ext_walk *walk;
	/* the section find_code() found last: the one on_sec() gets next */
	const struct src_sec *code;
	/* recent line_info strings, by input offset (see map_line_str()) */
	struct line_str_ent {
		__u32 in; /* 0: empty */
		__u32 out;
	} * line_cache;
};

static enum bk_btf_ext_target find_code(void *ctx, const char *name,
					size_t *size)
{
	struct ext_reader *r = ctx;
	const struct src_sec *code = bk_ld_find_src_sec(r->obj, name);

	if (!code)
		return BK_BTF_EXT_NO_SEC;
	if (code->skipped || code->dst_id < 0 || !code->is_exec)
		return BK_BTF_EXT_NOT_CODE;
	r->code = code;
	*size = code->size;
	return BK_BTF_EXT_CODE;
}

/*
 * line_info strings go to their own pool: they never reach libbpf's
 * dedup. A record repeats the file name and often the line of the records
 * just before it, so a small cache indexed by the offset's low bits turns
 * most records into an array read; strings 4 KiB apart share a slot, and
 * a miss only costs the pool's own look-up, which gives the same offset.
 * Memory stays fixed, however large the input's strings.
 */
#define LINE_CACHE_CNT 4096

static int map_line_str(struct ext_reader *r, __u32 *off)
{
	struct line_str_ent *e = &r->line_cache[*off % LINE_CACHE_CNT];
	long res;

	if (!*off)
		return 0;
	if (e->in != *off) {
		res = bk_strset__add_str(&r->l->ext_strs,
					 r->obj->btf->strs + *off);
		if (res < 0)
			return -ENOMEM;
		e->in = *off;
		e->out = res;
	}
	*off = e->out;
	return 0;
}

/* Type IDs below the type count were checked; the BTF phase may not have
 * linked every one of them. */
static int map_type(struct ext_reader *r, enum bk_btf_ext_kind kind, __u32 *id,
		    __u32 idx)
{
	const struct src_obj *obj = r->obj;

	if (*id && !obj->type_map[*id])
		return bk_btf_ext__rec_err(r->walk, -EINVAL, kind,
					   r->code->name, idx,
					   "type [%u] is not linked", *id);
	*id = obj->type_map[*id];
	return 0;
}

static int remap_rec(struct ext_reader *r, enum bk_btf_ext_kind kind, void *rec,
		     __u32 idx)
{
	__u32 *insn_off = rec;

	*insn_off += r->code->dst_off;
	switch (kind) {
	case BK_BTF_EXT_FUNC_INFO: {
		struct bpf_func_info *fi = rec;

		return map_type(r, kind, &fi->type_id, idx);
	}
	case BK_BTF_EXT_LINE_INFO: {
		struct bpf_line_info *li = rec;

		return map_line_str(r, &li->file_name_off)
			       ?: map_line_str(r, &li->line_off);
	}
	default: {
		struct bpf_core_relo *cr = rec;

		/* access strings stay with the types they describe */
		return map_type(r, kind, &cr->type_id, idx)
			       ?: bk_ld_map_input_str(r->l, r->obj,
						      &cr->access_str_off);
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
static bool describes_no_insn(const struct src_sec *code)
{
	return !code->size;
}

/* A section's records, less fields beyond what we know: not carried over. */
static void copy_recs(char *dst, const struct bk_btf_ext_sec *sec,
		      size_t rec_sz)
{
	__u32 i;

	if (sec->rec_size == rec_sz) {
		memcpy(dst, sec->recs, (size_t)sec->rec_cnt * rec_sz);
		return;
	}
	for (i = 0; i < sec->rec_cnt; i++)
		memcpy(dst + i * rec_sz, bk_btf_ext_sec__rec(sec, i), rec_sz);
}

static int append_ext_sec(void *ctx, enum bk_btf_ext_kind kind,
			  const struct bk_btf_ext_sec *sec)
{
	struct ext_reader *r = ctx;
	size_t rec_sz = bk_btf_ext__min_rec_size(kind);
	struct ext_recs *out = &r->l->secs[r->code->dst_id].ext[kind];
	char *recs;
	__u32 i;
	int err;

	if (describes_no_insn(r->code))
		return 0;
	if (bk_grow_mem(&out->recs, &out->cap, rec_sz, out->cnt + sec->rec_cnt))
		return -ENOMEM;
	recs = (char *)out->recs + out->cnt * rec_sz;
	copy_recs(recs, sec, rec_sz);
	for (i = 0; i < sec->rec_cnt; i++) {
		err = remap_rec(r, kind, recs + i * rec_sz, i);
		if (err)
			return err;
	}
	out->cnt += sec->rec_cnt;
	return 0;
}

int bk_ld_append_btf_ext(struct bk_linker *l, struct src_obj *obj)
{
	struct ext_reader r = {.l = l, .obj = obj};
	struct bk_btf_ext_walk walk = {
		.file = obj->name,
		.diag = l->diag,
		.type_cnt = obj->type_cnt,
		.find_code = find_code,
		.on_sec = append_ext_sec,
		.ctx = &r,
	};
	const struct src_sec *sec;
	int err;

	if (!obj->ext_idx || !obj->btf)
		return 0;
	sec = &obj->secs[obj->ext_idx];
	if (!sec->data)
		return 0;
	walk.strs = obj->btf->strs;
	walk.strs_len = obj->btf->strs_len;
	r.walk = &walk;
	r.line_cache = calloc(LINE_CACHE_CNT, sizeof(*r.line_cache));
	err = r.line_cache ? 0 : -ENOMEM;
	err = err ?: bk_btf_ext__walk(sec->data, sec->size, &walk);
	free(r.line_cache);
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
