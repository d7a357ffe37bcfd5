// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * BTF phase. Each input's types are appended with their IDs remapped,
 * except DATASECs (rebuilt at the end) and the VAR/FUNC of globals: one
 * VAR/FUNC per global symbol is kept, the first one seen, and at the end
 * it points at the winning definition's type with the final linkage.
 *
 * Types live in the linker's own merged BTF (merged_btf.c) until the end. Finalize
 * builds every DATASEC from the final symbol values (sorted by offset,
 * sized), folds exact duplicates (btf_fold.c), lets libbpf dedup the rest when
 * needed, and writes the result in a canonical order (btf_canon.c): types as
 * dedup leaves them (first occurrence first), strings in order of first use
 * by the types, then by BTF.ext. Linking that output again yields the same
 * bytes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf_legacy.h>

#include "linker_internal.h"
#include "btf_canon.h"
#include "btf_fold.h"
#include "btf_link.h"
#include "dead_bytes.h"
#include "map_defs.h"
#include "merged_btf.h"
#include "../lib/mem.h"

/*
 * A static variable's DATASEC entry, recorded when its input is added;
 * its final offset is set with all others when the DATASECs are built.
 */
struct sec_var {
	__u32 type_id; /* output BTF id of the VAR */
	__u32 size;
	size_t off; /* where its bytes landed, before dead bytes are cut */
	size_t seq; /* order of arrival, to sort equal offsets stably */
	int file;   /* input it came from, for messages */
};

static __u32 func_info_word(int linkage)
{
	return ((__u32)BTF_KIND_FUNC << 24) | (__u32)linkage;
}

static struct btf_type *mut_type(struct bk_linker *l, __u32 id)
{
	return bk_mbtf__mut(&l->mbtf, id);
}

/* ---- appending one input ----------------------------------------------- */

static bool is_global_type(const struct btf_type *t)
{
	if (btf_is_var(t))
		return btf_var(t)->linkage != BTF_VAR_STATIC;
	if (btf_is_func(t))
		return func_linkage(t) != BTF_FUNC_STATIC;
	return false;
}

struct remap_ctx {
	const __u32 *map;
	bool bad;
};

static int remap_id(__u32 *id, void *ctx)
{
	struct remap_ctx *c = ctx;

	if (*id && !c->map[*id])
		c->bad = true;
	*id = c->map[*id];
	return 0;
}

/*
 * Decide each input type's output ID: kept types get consecutive new IDs
 * in input order; a global's VAR/FUNC maps to the one kept for it.
 */
static void plan_types(struct bk_linker *l, struct src_obj *obj, bool *keep)
{
	__u32 id, next = l->mbtf.cnt;

	for (id = 1; id < obj->type_cnt; id++) {
		const struct btf_type *t = bk_bview__type(obj->btf, id);
		int gi = obj->glob_of_type[id];

		if (btf_is_datasec(t))
			continue;
		if (is_global_type(t)) {
			/* no glob: its symbol was dropped (license copy) */
			keep[id] = gi && !l->globs[gi - 1].btf_id;
			if (keep[id])
				l->globs[gi - 1].btf_id = next;
			else if (gi)
				obj->type_map[id] = l->globs[gi - 1].btf_id;
		} else if (btf_is_decl_tag(t)) {
			/* tags of dropped types go with them */
			keep[id] = !t->type || keep[t->type] ||
				   obj->type_map[t->type];
		} else {
			keep[id] = true;
		}
		if (keep[id])
			obj->type_map[id] = next++;
	}
}

struct str_ctx {
	struct bk_linker *l;
	struct src_obj *obj;
};

static int map_type_str(__u32 *off, void *ctx)
{
	struct str_ctx *c = ctx;

	return bk_ld_map_input_str(c->l, c->obj, off);
}

static int copy_types(struct bk_linker *l, struct src_obj *obj,
		      const bool *keep)
{
	struct remap_ctx rc = {.map = obj->type_map};
	struct str_ctx sc = {l, obj};
	__u32 id;
	int new_id, err;

	for (id = 1; id < obj->type_cnt; id++) {
		const struct btf_type *t;
		struct btf_type *nt;

		if (!keep[id])
			continue;
		t = bk_bview__type(obj->btf, id);
		new_id = bk_mbtf__add(&l->mbtf, t, bk_btf__type_rec_size(t));
		if (new_id < 0)
			return bk_err(l->diag, new_id, "%s: BTF [%u]: %s",
				      obj->name, id,
				      new_id == -E2BIG
					      ? "the linked types exceed 4 GiB"
					      : "out of memory");
		if ((__u32)new_id != obj->type_map[id])
			return bk_err(
				l->diag, -EINVAL,
				"%s: BTF [%u]: appended as [%d], expected [%u]",
				obj->name, id, new_id, obj->type_map[id]);
		nt = mut_type(l, new_id);
		bk_ld_visit_type_ids(nt, remap_id, &rc);
		err = bk_ld_visit_str_offs(nt, map_type_str, &sc);
		if (err)
			return bk_err(l->diag, err, "%s: out of memory",
				      obj->name);
		if (rc.bad)
			return bk_err(
				l->diag, -EINVAL,
				"%s: BTF [%u] refers to a type that is not linked",
				obj->name, id);
	}
	return 0;
}

/* An extern FUNC's prototype, completed with parameter names at the end. */
struct extern_proto {
	int glob;
	__u32 proto_id; /* output BTF id */
};

static int add_ext_proto(struct bk_linker *l, int glob, __u32 proto_id)
{
	if (bk_ensure_mem((void **)&l->ext_protos, &l->ext_proto_cap,
			  sizeof(*l->ext_protos), l->ext_proto_cnt + 1))
		return -ENOMEM;
	l->ext_protos[l->ext_proto_cnt].glob = glob;
	l->ext_protos[l->ext_proto_cnt].proto_id = proto_id;
	l->ext_proto_cnt++;
	return 0;
}

static void settle_map(struct map_info *m, const __u32 *type_map)
{
	if (!m || !m->pending)
		return;
	bk_ld_remap_map_def(&m->pend, type_map);
	if (m->pending_is_def) {
		m->def = m->pend;
		m->has_def = true;
	} else {
		bk_ld_merge_map_req(&m->req, &m->pend);
		m->has_req = true;
	}
	m->pending = false;
}

/* What the symbol phase left waiting for this input's output IDs. */
static int settle_globs(struct bk_linker *l, struct src_obj *obj)
{
	__u32 id;

	for (id = 1; id < obj->type_cnt; id++) {
		const struct btf_type *t;
		struct glob_sym *g;
		int gi = obj->glob_of_type[id];

		if (!gi)
			continue;
		g = &l->globs[gi - 1];
		t = bk_bview__type(obj->btf, id);
		if (g->def_file == obj->file_idx && g->def_src_type == id) {
			g->def_type = obj->type_map[t->type];
			g->def_src_type = 0;
		}
		if (btf_is_func(t) && func_linkage(t) == BTF_FUNC_EXTERN &&
		    add_ext_proto(l, gi - 1, obj->type_map[t->type]))
			return -ENOMEM;
		settle_map(g->map, obj->type_map);
	}
	return 0;
}

static int add_sec_var(struct bk_linker *l, struct dst_sec *dst, __u32 type,
		       __u32 size, size_t off)
{
	struct sec_var *v;

	if (bk_grow_mem((void **)&dst->vars, &dst->var_cap, sizeof(*dst->vars),
			dst->var_cnt + 1))
		return -ENOMEM;
	v = &dst->vars[dst->var_cnt++];
	v->type_id = type;
	v->size = size;
	v->off = off;
	v->seq = l->var_seq++;
	v->file = l->input_cnt - 1;
	return 0;
}

/* Static variables: where their bytes landed is known now. */
static int append_static_vars(struct bk_linker *l, struct src_obj *obj,
			      const struct src_sec *sec)
{
	const struct btf_type *ds = bk_bview__type(obj->btf, sec->datasec_id);
	const struct btf_var_secinfo *vi = btf_var_secinfos(ds);
	int i, n = btf_vlen(ds);

	for (i = 0; i < n; i++, vi++) {
		const struct btf_type *t = bk_bview__type(obj->btf, vi->type);
		const char *name;
		size_t off = vi->offset;
		uintptr_t sym_idx;

		if (!btf_is_var(t) || btf_var(t)->linkage != BTF_VAR_STATIC)
			continue;
		name = bk_bview__str(obj->btf, t->name_off);
		/* clang leaves DATASEC offsets at 0: the symbol knows */
		if (bk_hashmap__find(obj->static_by_name, (uintptr_t)name,
				     &sym_idx) &&
		    sym_idx != STATIC_NAME_DUP &&
		    obj->syms[sym_idx].st_shndx == sec->elf_idx)
			off = obj->syms[sym_idx].st_value;
		if (add_sec_var(l, &l->secs[sec->dst_id],
				obj->type_map[vi->type], vi->size,
				sec->dst_off + off))
			return -ENOMEM;
	}
	return 0;
}

int bk_ld_append_btf(struct bk_linker *l, struct src_obj *obj)
{
	size_t i;
	bool *keep;
	int err;

	if (!obj->btf)
		return 0;
	l->has_btf = true;
	keep = calloc(obj->type_cnt, sizeof(*keep));
	if (!keep)
		return bk_err(l->diag, -ENOMEM, "%s: out of memory", obj->name);
	plan_types(l, obj, keep);
	err = copy_types(l, obj, keep);
	free(keep);
	if (err)
		return err;
	err = settle_globs(l, obj);
	for (i = 1; i < obj->elf_sec_cnt && !err; i++) {
		const struct src_sec *sec = &obj->secs[i];

		if (!sec->skipped && sec->dst_id >= 0 && sec->datasec_id)
			err = append_static_vars(l, obj, sec);
	}
	if (err)
		return bk_err(l->diag, err, "%s: out of memory", obj->name);
	return 0;
}

/* ---- finalize ------------------------------------------------------------ */

/* Point each global's VAR/FUNC at its definition, with the final linkage. */
static void settle_glob_types(struct bk_linker *l)
{
	size_t i;

	for (i = 0; i < l->glob_cnt; i++) {
		const struct glob_sym *g = &l->globs[i];
		struct btf_type *t;

		if (!g->btf_id)
			continue;
		t = mut_type(l, g->btf_id);
		if (!g->is_extern && g->def_type)
			t->type = g->def_type;
		if (btf_is_var(t))
			btf_var(t)->linkage =
				g->is_extern ? BTF_VAR_GLOBAL_EXTERN
					     : BTF_VAR_GLOBAL_ALLOCATED;
		else
			t->info =
				func_info_word(g->is_extern ? BTF_FUNC_EXTERN
							    : BTF_FUNC_GLOBAL);
	}
}

/*
 * clang gives extern prototypes no parameter names; copying them from the
 * definition lets dedup fold those prototypes into the definition's.
 */
static void name_extern_params(struct bk_linker *l)
{
	size_t i;
	int j;

	for (i = 0; i < l->ext_proto_cnt; i++) {
		const struct glob_sym *g = &l->globs[l->ext_protos[i].glob];
		struct btf_type *ext, *def;
		struct btf_param *pe, *pd;

		if (g->is_extern || !g->def_type ||
		    g->def_type == l->ext_protos[i].proto_id)
			continue;
		ext = mut_type(l, l->ext_protos[i].proto_id);
		def = mut_type(l, g->def_type);
		if (!btf_is_func_proto(ext) || !btf_is_func_proto(def) ||
		    btf_vlen(ext) != btf_vlen(def))
			continue;
		pe = btf_params(ext);
		pd = btf_params(def);
		for (j = 0; j < btf_vlen(ext); j++)
			pe[j].name_off = pd[j].name_off;
	}
}

struct ds_entry {
	__u32 type_id;
	__u32 size;
	size_t off;
	size_t seq;
	int file; /* input of the definition, -1 for an extern */
};

static int cmp_entry(const void *a, const void *b)
{
	const struct ds_entry *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return 0;
}

/* Real sections in output order, then ephemeral ones by name. */
static int cmp_sec_order(const void *a, const void *b, void *ctx)
{
	const struct bk_linker *l = ctx;
	const struct dst_sec *x = &l->secs[*(const int *)a];
	const struct dst_sec *y = &l->secs[*(const int *)b];

	if (x->ephemeral != y->ephemeral)
		return x->ephemeral ? 1 : -1;
	if (!x->ephemeral)
		return x->real_seq < y->real_seq ? -1 : 1;
	return strcmp(x->name, y->name);
}

static bool glob_has_entry(const struct bk_linker *l, const struct glob_sym *g)
{
	const struct btf_type *t;

	if (!g->btf_id || g->sec_id < 0)
		return false;
	if (g->is_extern)
		return g->ext_entry;
	t = bk_mbtf__type(&l->mbtf, g->btf_id);
	return btf_is_var(t);
}

/* Globals grouped by section, in glob order (a counting sort). */
static int bucket_globs(struct bk_linker *l, size_t **start, int **order)
{
	size_t i, *pos;

	*start = calloc(l->sec_cnt + 1, sizeof(**start));
	*order = malloc((l->glob_cnt ?: 1) * sizeof(**order));
	pos = calloc(l->sec_cnt + 1, sizeof(*pos));
	if (!*start || !*order || !pos) {
		free(pos);
		return -ENOMEM;
	}
	for (i = 0; i < l->glob_cnt; i++) {
		if (glob_has_entry(l, &l->globs[i]))
			(*start)[l->globs[i].sec_id + 1]++;
	}
	for (i = 0; i < l->sec_cnt; i++)
		(*start)[i + 1] += (*start)[i];
	memcpy(pos, *start, (l->sec_cnt + 1) * sizeof(*pos));
	for (i = 0; i < l->glob_cnt; i++) {
		if (glob_has_entry(l, &l->globs[i]))
			(*order)[pos[l->globs[i].sec_id]++] = i;
	}
	free(pos);
	return 0;
}

/* The DATASEC record itself, entries sorted. */
static int add_datasec_type(struct bk_linker *l, const struct dst_sec *sec,
			    const struct ds_entry *ents, size_t n)
{
	size_t i, size = sizeof(struct btf_type) + n * sizeof(*ents);
	struct btf_var_secinfo *vi;
	struct btf_type *t;
	long name_off;
	int id;

	t = calloc(1, size);
	name_off = t ? bk_mbtf__add_str(&l->mbtf, sec->name) : -ENOMEM;
	if (name_off < 0) {
		free(t);
		return -ENOMEM;
	}
	t->name_off = name_off;
	t->info = ((__u32)BTF_KIND_DATASEC << 24) | n;
	t->size = sec->ephemeral ? 0 : (__u32)sec->size;
	vi = btf_var_secinfos(t);
	for (i = 0; i < n; i++) {
		vi[i].type = ents[i].type_id;
		vi[i].offset = ents[i].off;
		vi[i].size = ents[i].size;
	}
	id = bk_mbtf__add(&l->mbtf, t, sizeof(*t) + n * sizeof(*vi));
	free(t);
	return id < 0 ? id : 0;
}

static const char *var_name(const struct bk_linker *l, __u32 type_id)
{
	return bk_mbtf__str(&l->mbtf,
			    bk_mbtf__type(&l->mbtf, type_id)->name_off);
}

/*
 * Variables placed over each other: libbpf loads such an object, but a
 * skeleton cannot give both a field (bpfkit's gen skeleton refuses it), so
 * the link fails instead, as the skeleton would. Externs have no place.
 * Returns -EINVAL with the message given.
 */
static int check_overlaps(struct bk_linker *l, const struct dst_sec *sec,
			  const struct ds_entry *ents, size_t n)
{
	const struct ds_entry *prev = NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		if (ents[i].file < 0)
			continue;
		if (prev && prev->off + prev->size > ents[i].off)
			return bk_err(
				l->diag, -EINVAL,
				"%s: section '%s': variable '%s' at offset %zu overlaps '%s' (offset %zu, size %u) from %s",
				l->inputs[ents[i].file], sec->name,
				var_name(l, ents[i].type_id), ents[i].off,
				var_name(l, prev->type_id), prev->off,
				prev->size, l->inputs[prev->file]);
		prev = &ents[i];
	}
	return 0;
}

/*
 * The one place DATASEC offsets are set: statics from where their bytes
 * landed, globals from their final symbol value, both after dead bytes
 * are cut.
 */
static int add_datasec(struct bk_linker *l, const struct dst_sec *sec,
		       const int *globs, size_t glob_cnt, struct ds_entry *ents)
{
	size_t i, n = 0;

	for (i = 0; i < sec->var_cnt; i++, n++) {
		ents[n].type_id = sec->vars[i].type_id;
		ents[n].size = sec->vars[i].size;
		ents[n].off = bk_ld_remap_sec_off(sec, sec->vars[i].off);
		ents[n].seq = sec->vars[i].seq;
		ents[n].file = sec->vars[i].file;
	}
	for (i = 0; i < glob_cnt; i++, n++) {
		const struct glob_sym *g = &l->globs[globs[i]];

		ents[n].type_id = g->btf_id;
		ents[n].size = g->size;
		ents[n].off = g->is_extern ? 0 : l->syms[g->sym].sym.st_value;
		/* after statics at the same offset, in symbol order */
		ents[n].seq = l->var_seq + globs[i];
		ents[n].file = g->is_extern ? -1 : g->def_file;
	}
	if (!n)
		return 0;
	if (n > BTF_MAX_VLEN)
		return -E2BIG;
	qsort(ents, n, sizeof(*ents), cmp_entry);
	return check_overlaps(l, sec, ents, n)
		       ?: add_datasec_type(l, sec, ents, n);
}

static int add_datasecs(struct bk_linker *l)
{
	size_t i, max_ents = 0, *start = NULL;
	struct ds_entry *ents = NULL;
	int *order = NULL, *secs;
	int err;

	secs = malloc((l->sec_cnt ?: 1) * sizeof(*secs));
	err = secs ? bucket_globs(l, &start, &order) : -ENOMEM;
	if (err)
		goto out;
	for (i = 0; i < l->sec_cnt; i++) {
		size_t n = l->secs[i].var_cnt + start[i + 1] - start[i];

		secs[i] = i;
		max_ents = n > max_ents ? n : max_ents;
	}
	qsort_r(secs, l->sec_cnt, sizeof(*secs), cmp_sec_order, l);
	ents = malloc((max_ents ?: 1) * sizeof(*ents));
	if (!ents) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < l->sec_cnt && !err; i++) {
		int id = secs[i];

		err = add_datasec(l, &l->secs[id], order + start[id],
				  start[id + 1] - start[id], ents);
	}
out:
	free(ents);
	free(order);
	free(start);
	free(secs);
	return err;
}

/* libbpf's BTF from the merged types, which are not needed after that. */
static struct btf *to_libbpf(struct bk_linker *l)
{
	struct btf *btf;
	size_t size;
	void *raw;

	raw = bk_mbtf__raw(&l->mbtf, &size);
	if (!raw) {
		errno = ENOMEM;
		return NULL;
	}
	bk_mbtf__free_types(&l->mbtf);
	btf = btf__new(raw, size);
	free(raw);
	return btf;
}

static int pool_sec_name(void *ctx, const char *name, __u32 *off)
{
	long res = bk_mbtf__add_str(ctx, name);

	if (res < 0)
		return -ENOMEM;
	*off = res;
	return 0;
}

/* Names of code sections with .BTF.ext records, into the strings first. */
static int dedup_prepare_names(struct bk_linker *l)
{
	size_t i;
	int k;

	for (i = 0; i < l->sec_cnt; i++) {
		for (k = 0; k < BK_BTF_EXT_KIND_CNT; k++) {
			if (!l->secs[i].ext[k].cnt)
				continue;
			if (bk_mbtf__add_str(&l->mbtf, l->secs[i].name) < 0)
				return -ENOMEM;
			break;
		}
	}
	return 0;
}

/*
 * libbpf's dedup renumbers types: it gets the records holding type IDs
 * (func_info, CO-RE) to renumber along, and gives the new IDs back.
 * line_info has no type ID: it stays out, and so do its many strings.
 */
static int dedup(struct bk_linker *l, struct btf *btf)
{
	struct ext_strs strs = {&l->mbtf, pool_sec_name, NULL};
	LIBBPF_OPTS(btf_dedup_opts, opts);
	struct btf_ext *ext = NULL;
	size_t raw_size;
	__u32 size;
	void *raw;
	int err;

	err = bk_ld_build_btf_ext(
		l, 1u << BK_BTF_EXT_FUNC_INFO | 1u << BK_BTF_EXT_CORE_RELO,
		&strs, &raw, &raw_size);
	if (err)
		return err;
	if (raw) {
		ext = btf_ext__new(raw, raw_size);
		err = ext ? 0 : -errno;
		free(raw);
		if (err)
			return err;
	}
	opts.btf_ext = ext;
	err = btf__dedup(btf, &opts);
	if (!err && ext)
		err = bk_ld_read_btf_ext_ids(l,
					     btf_ext__get_raw_data(ext, &size));
	btf_ext__free(ext);
	return err;
}

bool bk_ld_has_btf_ext(const struct bk_linker *l)
{
	size_t i;
	int k;

	for (i = 0; i < l->sec_cnt; i++) {
		for (k = 0; k < BK_BTF_EXT_KIND_CNT; k++) {
			if (l->secs[i].ext[k].cnt)
				return true;
		}
	}
	return false;
}

/* What needs the final symbol values: VAR/FUNC targets and DATASECs. */
int bk_ld_prepare_btf(struct bk_linker *l)
{
	int err;

	if (!l->has_btf)
		return 0;
	settle_glob_types(l);
	name_extern_params(l);
	err = add_datasecs(l);
	/* -EINVAL: check_overlaps() said what is wrong */
	if (err && err != -EINVAL)
		return bk_err(l->diag, err, "%s: cannot build DATASECs: %s",
			      l->out_path ?: "output", strerror(-err));
	return err;
}

/*
 * Dedup and the canonical bytes; the merged BTF is consumed. Exact
 * duplicates are folded here; libbpf's dedup runs only for what it alone
 * does (cyclic types, forward declarations).
 */
int bk_ld_finalize_btf(struct bk_linker *l, struct btf_out *out)
{
	struct btf *btf = NULL;
	bool need_dedup;
	int err;

	err = bk_ld_fold_exact_dups(l, &need_dedup);
	if (!err && need_dedup) {
		/* section names of .BTF.ext records must be BTF strings too */
		err = dedup_prepare_names(l);
		if (!err) {
			btf = to_libbpf(l);
			err = btf ? 0 : -errno;
		}
		err = err ?: dedup(l, btf);
	}
	if (err) {
		btf__free(btf);
		return bk_err(l->diag, err, "%s: BTF deduplication failed: %s",
			      l->out_path ?: "output", strerror(-err));
	}
	/* takes btf over: freed as soon as its types are copied */
	err = bk_ld_write_canonical(l, btf, out);
	if (err)
		return bk_err(l->diag, err, "%s: cannot write BTF: %s",
			      l->out_path ?: "output", strerror(-err));
	return 0;
}
