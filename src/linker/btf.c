// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * BTF phase. Each input's types are appended with their IDs remapped,
 * except DATASECs (rebuilt at the end) and the VAR/FUNC of globals: one
 * VAR/FUNC per global symbol is kept, the first one seen, and at the end
 * it points at the winning definition's type with the final linkage.
 *
 * Finalize then builds every DATASEC from the final symbol values (sorted
 * by offset, sized), deduplicates the whole with libbpf (BTF.ext along),
 * and rewrites the result in a canonical order: types as dedup leaves them
 * (first occurrence first), strings in order of first use by the types,
 * then by BTF.ext. Linking that output again yields the same bytes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "linker_internal.h"
#include <bpf/libbpf_legacy.h>

#include "../lib/mem.h"

static struct btf_type *mut_type(struct btf *btf, __u32 id)
{
	return (struct btf_type *)btf__type_by_id(btf, id);
}

int visit_type_ids(struct btf_type *t, int (*fn)(__u32 *id, void *ctx),
		   void *ctx)
{
	int i, n = btf_vlen(t), err = 0;

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		return 0;
	case BTF_KIND_ARRAY: {
		struct btf_array *a = btf_array(t);

		err = fn(&a->type, ctx);
		return err ?: fn(&a->index_type, ctx);
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		struct btf_member *m = btf_members(t);

		for (i = 0; i < n && !err; i++, m++)
			err = fn(&m->type, ctx);
		return err;
	}
	case BTF_KIND_FUNC_PROTO: {
		struct btf_param *p = btf_params(t);

		err = fn(&t->type, ctx);
		for (i = 0; i < n && !err; i++, p++)
			err = fn(&p->type, ctx);
		return err;
	}
	case BTF_KIND_DATASEC: {
		struct btf_var_secinfo *vi = btf_var_secinfos(t);

		for (i = 0; i < n && !err; i++, vi++)
			err = fn(&vi->type, ctx);
		return err;
	}
	default: /* PTR, TYPEDEF, modifiers, FUNC, VAR, tags */
		return fn(&t->type, ctx);
	}
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
	__u32 id, next = btf__type_cnt(l->btf);

	for (id = 1; id < obj->type_cnt; id++) {
		const struct btf_type *t = btf__type_by_id(obj->btf, id);
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

static int copy_types(struct bk_linker *l, struct src_obj *obj,
		      const bool *keep)
{
	struct remap_ctx rc = {.map = obj->type_map};
	__u32 id;
	int new_id;

	for (id = 1; id < obj->type_cnt; id++) {
		if (!keep[id])
			continue;
		new_id = btf__add_type(l->btf, obj->btf,
				       btf__type_by_id(obj->btf, id));
		if (new_id < 0)
			return bk_err(l->diag, new_id,
				      "%s: BTF [%u]: cannot append: %s",
				      obj->name, id, strerror(-new_id));
		if ((__u32)new_id != obj->type_map[id])
			return bk_err(
				l->diag, -EINVAL,
				"%s: BTF [%u]: appended as [%d], expected [%u]",
				obj->name, id, new_id, obj->type_map[id]);
		visit_type_ids(mut_type(l->btf, new_id), remap_id, &rc);
		if (rc.bad)
			return bk_err(
				l->diag, -EINVAL,
				"%s: BTF [%u] refers to a type that is not linked",
				obj->name, id);
	}
	return 0;
}

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
	remap_map_def(&m->pend, type_map);
	if (m->pending_is_def) {
		m->def = m->pend;
		m->has_def = true;
	} else {
		merge_map_req(&m->req, &m->pend);
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
		t = btf__type_by_id(obj->btf, id);
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

	if (bk_ensure_mem((void **)&dst->vars, &dst->var_cap,
			  sizeof(*dst->vars), dst->var_cnt + 1))
		return -ENOMEM;
	v = &dst->vars[dst->var_cnt++];
	v->type_id = type;
	v->size = size;
	v->off = off;
	v->seq = l->var_seq++;
	return 0;
}

/* DATASEC entries of static variables: their offsets are known now. */
static int append_static_vars(struct bk_linker *l, struct src_obj *obj,
			      const struct src_sec *sec)
{
	const struct btf_type *ds = btf__type_by_id(obj->btf, sec->datasec_id);
	const struct btf_var_secinfo *vi = btf_var_secinfos(ds);
	int i, n = btf_vlen(ds);

	for (i = 0; i < n; i++, vi++) {
		const struct btf_type *t = btf__type_by_id(obj->btf, vi->type);
		const char *name;
		size_t off = vi->offset;
		uintptr_t sym_idx;

		if (!btf_is_var(t) || btf_var(t)->linkage != BTF_VAR_STATIC)
			continue;
		name = btf__name_by_offset(obj->btf, t->name_off);
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

int append_btf(struct bk_linker *l, struct src_obj *obj)
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
		t = mut_type(l->btf, g->btf_id);
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
		ext = mut_type(l->btf, l->ext_protos[i].proto_id);
		def = mut_type(l->btf, g->def_type);
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
	t = btf__type_by_id(l->btf, g->btf_id);
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

static int add_datasec(struct bk_linker *l, const struct dst_sec *sec,
		       const int *globs, size_t glob_cnt, struct ds_entry *ents)
{
	size_t i, n = 0;
	int id, err;

	for (i = 0; i < sec->var_cnt; i++, n++) {
		ents[n].type_id = sec->vars[i].type_id;
		ents[n].size = sec->vars[i].size;
		ents[n].off = sec->vars[i].off;
		ents[n].seq = sec->vars[i].seq;
	}
	for (i = 0; i < glob_cnt; i++, n++) {
		const struct glob_sym *g = &l->globs[globs[i]];

		ents[n].type_id = g->btf_id;
		ents[n].size = g->size;
		ents[n].off = g->is_extern ? 0 : l->syms[g->sym].sym.st_value;
		/* after statics at the same offset, in symbol order */
		ents[n].seq = l->var_seq + globs[i];
	}
	if (!n)
		return 0;
	qsort(ents, n, sizeof(*ents), cmp_entry);
	id = btf__add_datasec(l->btf, sec->name,
			      sec->ephemeral ? 0 : (__u32)sec->size);
	if (id < 0)
		return id;
	for (i = 0; i < n; i++) {
		err = btf__add_datasec_var_info(l->btf, ents[i].type_id,
						ents[i].off, ents[i].size);
		if (err)
			return err;
	}
	return 0;
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

static int dedup_and_write(struct bk_linker *l, struct btf_ext *ext,
			   void **btf_data, size_t *btf_size, void **ext_data,
			   size_t *ext_size)
{
	LIBBPF_OPTS(btf_dedup_opts, opts, .btf_ext = ext);
	const void *raw_ext = NULL;
	__u32 raw_ext_size = 0;
	int err;

	err = btf__dedup(l->btf, &opts);
	if (err)
		return bk_err(l->diag, err, "BTF deduplication failed: %s",
			      strerror(-err));
	if (ext)
		raw_ext = btf_ext__get_raw_data(ext, &raw_ext_size);
	err = write_canonical(l->btf, raw_ext, raw_ext_size, btf_data, btf_size,
			      ext_data, ext_size);
	if (err)
		return bk_err(l->diag, err, "cannot write BTF: %s",
			      strerror(-err));
	return 0;
}

int finalize_btf(struct bk_linker *l, void **btf_data, size_t *btf_size,
		 void **ext_data, size_t *ext_size)
{
	struct btf_ext *ext = NULL;
	void *raw_ext = NULL;
	size_t raw_ext_size = 0;
	int err;

	*btf_data = *ext_data = NULL;
	*btf_size = *ext_size = 0;
	if (!l->has_btf)
		return 0;
	settle_glob_types(l);
	name_extern_params(l);
	err = add_datasecs(l);
	if (err)
		return bk_err(l->diag, err, "cannot build DATASECs: %s",
			      strerror(-err));
	err = build_btf_ext(l, l->btf, &raw_ext, &raw_ext_size);
	if (err)
		return err;
	if (raw_ext) {
		/* libbpf keeps a copy: ours can go */
		ext = btf_ext__new(raw_ext, raw_ext_size);
		err = ext ? 0 : -errno;
		free(raw_ext);
		if (err)
			return bk_err(l->diag, err, "cannot build .BTF.ext: %s",
				      strerror(-err));
	}
	err = dedup_and_write(l, ext, btf_data, btf_size, ext_data, ext_size);
	btf_ext__free(ext);
	return err;
}
