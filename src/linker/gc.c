// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Garbage collection of the final link (gen object ... gc): code no program
 * can reach is cut out, with its symbols, relocations, .BTF.ext records and
 * the BTF types only it used.
 *
 * What stays, as libbpf sees an object:
 *   - programs: every function in an executable section other than .text
 *     (libbpf makes each FUNC symbol there a program, and refuses static
 *     ones); all of them stay;
 *   - subprograms (functions in .text) reachable from a program, through
 *     calls (BPF_PSEUDO_CALL, with a relocation or PC-relative) and
 *     through function addresses (ld_imm64 BPF_PSEUDO_FUNC, as bpf_loop()
 *     callbacks are passed), and every function whose address a data
 *     section holds. Global subprograms are verified on their own by the
 *     kernel but are no entry points: unreachable, they go too;
 *   - maps and variables, always (a skeleton exposes them).
 * Bytes of executable sections that no surviving function covers go: dead
 * functions and the bodies of losing __weak definitions.
 *
 * Cutting reuses the linker's own machinery: the dead ranges go to
 * dead_bytes.c, which compacts the sections and remaps symbols and
 * relocations (relocs.c) like it does for data; this file then fixes what
 * only code has (PC-relative calls, .BTF.ext instruction offsets), and at
 * the end drops the BTF types nothing references any more through
 * btf_fold.c's renumbering. Unused strings vanish when the canonical BTF is
 * written (btf_canon.c keeps only strings in use).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "linker_internal.h"
#include "btf_fold.h"
#include "dead_bytes.h"
#include "gc.h"
#include "merged_btf.h"
#include "relocs.h"
#include "../lib/mem.h"

/* A PC-relative call (no relocation) to fix once code has moved. */
struct pc_call {
	int sec_id;
	size_t insn_off;
	size_t target_off;
};

struct bk_ld_gc {
	/* BTF ids named by what was cut: records, global functions */
	__u32 *cut_types;
	size_t cut_cnt;
	size_t cut_cap;
	struct pc_call *calls;
	size_t call_cnt;
	size_t call_cap;
};

/* A function: one or several FUNC symbols (aliases) over one range. */
struct func {
	int sec_id;
	size_t off;
	size_t size;
	bool live;
};

struct graph {
	struct func *funcs; /* by section, then offset */
	size_t func_cnt;
	size_t *sec_start;  /* per dst sec id, into funcs */
	size_t *edge_start; /* per function, into targets */
	size_t *targets;
	size_t *cursor; /* per function, where its next target goes */
	size_t *stack;
	size_t top;
};

int bk_ld_gc_new(struct bk_linker *l)
{
	l->gc = calloc(1, sizeof(*l->gc));
	return l->gc ? 0 : -ENOMEM;
}

void bk_ld_gc_free(struct bk_ld_gc *gc)
{
	if (!gc)
		return;
	free(gc->cut_types);
	free(gc->calls);
	free(gc);
}

static const char *out_name(const struct bk_linker *l)
{
	return l->out_path ?: "output";
}

static bool is_code(const struct bk_linker *l, int sec_id)
{
	return sec_id >= 0 && l->secs[sec_id].is_exec &&
	       !l->secs[sec_id].ephemeral;
}

static bool is_text(const struct dst_sec *sec)
{
	return strcmp(sec->name, ".text") == 0;
}

static bool is_func_sym(const struct bk_linker *l, const struct dst_sym *s)
{
	return is_code(l, s->sec_id) &&
	       ELF64_ST_TYPE(s->sym.st_info) == STT_FUNC;
}

/* ---- the functions --------------------------------------------------- */

static int cmp_func(const void *a, const void *b)
{
	const struct func *x = a, *y = b;

	if (x->sec_id != y->sec_id)
		return x->sec_id < y->sec_id ? -1 : 1;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->size < y->size ? -1 : x->size > y->size;
}

static int add_func(struct bk_linker *l, struct graph *g, size_t *cap,
		    const struct dst_sym *s)
{
	const char *name = l->names.buf + s->name_off;
	struct func *f;

	if (!s->sym.st_size)
		return bk_err(l->diag, -EINVAL,
			      "%s: gc: section '%s': function '%s' has no size",
			      out_name(l), l->secs[s->sec_id].name, name);
	if (bk_grow_mem((void **)&g->funcs, cap, sizeof(*g->funcs),
			g->func_cnt + 1))
		return -ENOMEM;
	f = &g->funcs[g->func_cnt++];
	f->sec_id = s->sec_id;
	f->off = s->sym.st_value;
	f->size = s->sym.st_size;
	f->live = !is_text(&l->secs[s->sec_id]); /* a program */
	return 0;
}

/* Symbols over one range (aliases) or nested in it make one function. */
static void merge_aliases(struct graph *g)
{
	size_t i, n = 0;

	for (i = 0; i < g->func_cnt; i++) {
		struct func *last = n ? &g->funcs[n - 1] : NULL;
		const struct func *f = &g->funcs[i];

		if (last && last->sec_id == f->sec_id &&
		    f->off < last->off + last->size) {
			if (f->off + f->size > last->off + last->size)
				last->size = f->off + f->size - last->off;
			last->live |= f->live;
			continue;
		}
		g->funcs[n++] = *f;
	}
	g->func_cnt = n;
}

static int collect_funcs(struct bk_linker *l, struct graph *g)
{
	size_t i, cap = 0;
	int err;

	for (i = 1; i < l->sym_cnt; i++) {
		if (!is_func_sym(l, &l->syms[i]))
			continue;
		err = add_func(l, g, &cap, &l->syms[i]);
		if (err)
			return err;
	}
	if (g->func_cnt)
		qsort(g->funcs, g->func_cnt, sizeof(*g->funcs), cmp_func);
	merge_aliases(g);
	g->sec_start = calloc(l->sec_cnt + 1, sizeof(*g->sec_start));
	if (!g->sec_start)
		return -ENOMEM;
	for (i = 0; i < g->func_cnt; i++)
		g->sec_start[g->funcs[i].sec_id + 1]++;
	for (i = 0; i < l->sec_cnt; i++)
		g->sec_start[i + 1] += g->sec_start[i];
	return 0;
}

/* The function of section sec_id holding byte off, or -1. */
static long find_func(const struct graph *g, int sec_id, size_t off)
{
	size_t lo = g->sec_start[sec_id], hi = g->sec_start[sec_id + 1];

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct func *f = &g->funcs[mid];

		if (off < f->off)
			hi = mid;
		else if (off >= f->off + f->size)
			lo = mid + 1;
		else
			return mid;
	}
	return -1;
}

/* ---- references between functions ------------------------------------ */

static bool is_call_insn(const struct bpf_insn *insn)
{
	return insn->code == (BPF_JMP | BPF_CALL);
}

static bool is_ld_imm64(const struct bpf_insn *insn)
{
	return insn->code == (BPF_LD | BPF_IMM | BPF_DW);
}

/*
 * Where a relocation of section sec at r_offset points to in the section
 * of its symbol, the way libbpf reads it: a call's immediate counts
 * instructions (the one after -1 for a global function, the target's
 * index minus one through the section symbol), an ld_imm64's is a byte
 * offset, a data word holds a byte offset.
 */
static size_t rel_target(const struct bk_linker *l, const struct dst_sec *sec,
			 const Elf64_Rel *rel)
{
	const struct dst_sym *s = &l->syms[ELF64_R_SYM(rel->r_info)];
	const void *where = (const char *)sec->data + rel->r_offset;
	const struct bpf_insn *insn = where;

	if (sec->is_exec && is_call_insn(insn))
		return s->sym.st_value + ((__s64)insn->imm + 1) * BPF_INSN_SZ;
	if (sec->is_exec && is_ld_imm64(insn))
		return s->sym.st_value + (__s64)insn->imm;
	if (sec->is_exec)
		return s->sym.st_value;
	return s->sym.st_value +
	       bk_ld_rel_addend(where, ELF64_R_TYPE(rel->r_info), false);
}

static int bad_target(struct bk_linker *l, const struct dst_sec *sec,
		      size_t from, int to_sec, size_t to)
{
	return bk_err(
		l->diag, -EINVAL,
		"%s: gc: section '%s': the reference at offset %zu points to offset %lld of section '%s', which is not inside a function",
		out_name(l), sec->name, from, (long long)to,
		l->secs[to_sec].name);
}

/*
 * Call fn for each reference to code: each relocation of section sec whose
 * symbol is in an executable section, then, in code, each PC-relative call
 * or function address that has no relocation (has_rel marks those that
 * do). fn gets the referring offset and the target.
 */
typedef int (*ref_fn)(struct bk_linker *l, struct graph *g, int sec_id,
		      size_t from, int to_sec, size_t to);

static int walk_rels(struct bk_linker *l, struct graph *g, int sec_id,
		     bool *has_rel, ref_fn fn)
{
	const struct dst_sec *sec = &l->secs[sec_id];
	size_t i;
	int err;

	for (i = 0; i < sec->rel_cnt; i++) {
		const Elf64_Rel *rel = &sec->rels[i];
		int to_sec = l->syms[ELF64_R_SYM(rel->r_info)].sec_id;

		if (has_rel &&
		    rel->r_offset / BPF_INSN_SZ < sec->size / BPF_INSN_SZ)
			has_rel[rel->r_offset / BPF_INSN_SZ] = true;
		if (!fn || !is_code(l, to_sec))
			continue;
		err = fn(l, g, sec_id, rel->r_offset, to_sec,
			 rel_target(l, sec, rel));
		if (err)
			return err;
	}
	return 0;
}

static int walk_pc_relative(struct bk_linker *l, struct graph *g, int sec_id,
			    const bool *has_rel, ref_fn fn)
{
	const struct dst_sec *sec = &l->secs[sec_id];
	const struct bpf_insn *insns = sec->data;
	size_t i, n = sec->size / BPF_INSN_SZ;
	int err;

	for (i = 0; i < n; i++) {
		const struct bpf_insn *insn = &insns[i];
		bool call =
			is_call_insn(insn) && insn->src_reg == BPF_PSEUDO_CALL;
		bool addr =
			is_ld_imm64(insn) && insn->src_reg == BPF_PSEUDO_FUNC;

		if (has_rel[i] || (!call && !addr))
			continue;
		err = fn(l, g, sec_id, i * BPF_INSN_SZ, sec_id,
			 (i + 1 + (__s64)insn->imm) * BPF_INSN_SZ);
		if (err)
			return err;
	}
	return 0;
}

/* rel_fn for relocations, pc_fn for PC-relative references; either NULL. */
static int walk_refs(struct bk_linker *l, struct graph *g, ref_fn rel_fn,
		     ref_fn pc_fn)
{
	size_t i;
	bool *has_rel;
	int err = 0;

	for (i = 0; i < l->sec_cnt && !err; i++) {
		const struct dst_sec *sec = &l->secs[i];

		if (sec->ephemeral || !sec->data)
			continue;
		if (!sec->is_exec) {
			err = walk_rels(l, g, i, NULL, rel_fn);
			continue;
		}
		has_rel = calloc(sec->size / BPF_INSN_SZ + 1, sizeof(*has_rel));
		if (!has_rel)
			return -ENOMEM;
		err = walk_rels(l, g, i, has_rel, rel_fn);
		if (!err && pc_fn)
			err = walk_pc_relative(l, g, i, has_rel, pc_fn);
		free(has_rel);
	}
	return err;
}

/* A reference from data makes its target live; code makes an edge. */
static int count_ref(struct bk_linker *l, struct graph *g, int sec_id,
		     size_t from, int to_sec, size_t to)
{
	long src = l->secs[sec_id].is_exec ? find_func(g, sec_id, from) : -1;
	long dst = find_func(g, to_sec, to);

	if (dst < 0)
		return bad_target(l, &l->secs[sec_id], from, to_sec, to);
	if (!l->secs[sec_id].is_exec)
		g->funcs[dst].live = true;
	else if (src >= 0)
		g->edge_start[src + 1]++;
	return 0;
}

static int fill_ref(struct bk_linker *l, struct graph *g, int sec_id,
		    size_t from, int to_sec, size_t to)
{
	long src = l->secs[sec_id].is_exec ? find_func(g, sec_id, from) : -1;

	if (src >= 0)
		g->targets[g->cursor[src]++] = find_func(g, to_sec, to);
	return 0;
}

/* Edges as adjacency lists: counted, then filled in a second walk. */
static int build_edges(struct bk_linker *l, struct graph *g)
{
	size_t i, n = g->func_cnt;
	int err;

	g->edge_start = calloc(n + 1, sizeof(*g->edge_start));
	if (!g->edge_start)
		return -ENOMEM;
	err = walk_refs(l, g, count_ref, count_ref);
	if (err)
		return err;
	for (i = 0; i < n; i++)
		g->edge_start[i + 1] += g->edge_start[i];
	g->targets = malloc((g->edge_start[n] ?: 1) * sizeof(*g->targets));
	g->cursor = malloc((n + 1) * sizeof(*g->cursor));
	if (!g->targets || !g->cursor)
		return -ENOMEM;
	memcpy(g->cursor, g->edge_start, (n + 1) * sizeof(*g->cursor));
	return walk_refs(l, g, fill_ref, fill_ref);
}

/* Everything reachable from the live functions becomes live. */
static int mark_live(struct graph *g)
{
	size_t i, e;

	g->stack = malloc((g->func_cnt ?: 1) * sizeof(*g->stack));
	if (!g->stack)
		return -ENOMEM;
	for (i = 0; i < g->func_cnt; i++) {
		if (g->funcs[i].live)
			g->stack[g->top++] = i;
	}
	while (g->top) {
		i = g->stack[--g->top];
		for (e = g->edge_start[i]; e < g->edge_start[i + 1]; e++) {
			struct func *t = &g->funcs[g->targets[e]];

			if (!t->live) {
				t->live = true;
				g->stack[g->top++] = g->targets[e];
			}
		}
	}
	return 0;
}

/* ---- cutting ----------------------------------------------------------- */

/* Bytes of each code section outside every live function are dead. */
static int cut_dead_code(struct bk_linker *l, const struct graph *g)
{
	size_t i, f;
	int err;

	for (i = 0; i < l->sec_cnt; i++) {
		struct dst_sec *sec = &l->secs[i];
		size_t pos = 0;

		if (!is_code(l, i))
			continue;
		for (f = g->sec_start[i]; f < g->sec_start[i + 1]; f++) {
			const struct func *fn = &g->funcs[f];

			if (!fn->live)
				continue;
			err = bk_ld_add_dead_code(l, sec, pos, fn->off - pos);
			if (err)
				return err;
			pos = fn->off + fn->size;
		}
		if (pos < sec->size) {
			err = bk_ld_add_dead_code(l, sec, pos, sec->size - pos);
			if (err)
				return err;
		}
	}
	return 0;
}

static int add_cut_type(struct bk_ld_gc *gc, __u32 id)
{
	if (!id)
		return 0;
	if (bk_grow_mem((void **)&gc->cut_types, &gc->cut_cap,
			sizeof(*gc->cut_types), gc->cut_cnt + 1))
		return -ENOMEM;
	gc->cut_types[gc->cut_cnt++] = id;
	return 0;
}

/* Symbols inside cut code go, and a global function's BTF FUNC with it. */
static int drop_dead_syms(struct bk_linker *l, const struct graph *g)
{
	size_t i;
	long f;

	for (i = 1; i < l->sym_cnt; i++) {
		struct dst_sym *s = &l->syms[i];

		if (!is_code(l, s->sec_id) ||
		    ELF64_ST_TYPE(s->sym.st_info) == STT_SECTION)
			continue;
		f = find_func(g, s->sec_id, s->sym.st_value);
		s->dropped = f < 0 || !g->funcs[f].live;
	}
	for (i = 0; i < l->glob_cnt; i++) {
		const struct glob_sym *gs = &l->globs[i];

		if (l->syms[gs->sym].dropped && add_cut_type(l->gc, gs->btf_id))
			return -ENOMEM;
	}
	return 0;
}

static int note_pc_call(struct bk_linker *l, struct graph *g, int sec_id,
			size_t from, int to_sec, size_t to)
{
	struct bk_ld_gc *gc = l->gc;
	struct pc_call *c;

	if (bk_grow_mem((void **)&gc->calls, &gc->call_cap, sizeof(*gc->calls),
			gc->call_cnt + 1))
		return -ENOMEM;
	c = &gc->calls[gc->call_cnt++];
	c->sec_id = sec_id;
	c->insn_off = from;
	c->target_off = to;
	return 0;
}

static void free_graph(struct graph *g)
{
	free(g->funcs);
	free(g->sec_start);
	free(g->edge_start);
	free(g->targets);
	free(g->cursor);
	free(g->stack);
}

int bk_ld_gc_code(struct bk_linker *l)
{
	struct graph g = {};
	int err;

	if (!l->gc)
		return 0;
	err = collect_funcs(l, &g);
	err = err ?: build_edges(l, &g);
	err = err ?: mark_live(&g);
	err = err ?: cut_dead_code(l, &g);
	err = err ?: drop_dead_syms(l, &g);
	/* PC-relative calls, to point again once code has moved */
	err = err ?: walk_refs(l, &g, NULL, note_pc_call);
	free_graph(&g);
	if (err == -ENOMEM)
		return bk_err(l->diag, err, "%s: gc: out of memory",
			      out_name(l));
	return err;
}

/* ---- after the cut: code and .BTF.ext ---------------------------------- */

static void fix_pc_calls(struct bk_linker *l)
{
	size_t i;

	for (i = 0; i < l->gc->call_cnt; i++) {
		const struct pc_call *c = &l->gc->calls[i];
		struct dst_sec *sec = &l->secs[c->sec_id];
		size_t from, to;
		struct bpf_insn *insn;

		if (bk_ld_is_dead_off(sec, c->insn_off))
			continue;
		from = bk_ld_remap_sec_off(sec, c->insn_off);
		to = bk_ld_remap_sec_off(sec, c->target_off);
		insn = (struct bpf_insn *)((char *)sec->data + from);
		insn->imm = ((__s64)to - (__s64)from) / BPF_INSN_SZ - 1;
	}
}

/* The BTF id a record names (func_info, CO-RE), 0 for line_info. */
static __u32 rec_type_id(int kind, const char *rec)
{
	__u32 id = 0;

	if (kind != BK_BTF_EXT_LINE_INFO)
		memcpy(&id, rec + sizeof(__u32), sizeof(id));
	return id;
}

/* Records of cut instructions go, the others follow their instruction. */
static int cut_ext_recs(struct bk_linker *l, struct dst_sec *sec, int kind)
{
	struct ext_recs *r = &sec->ext[kind];
	size_t i, kept = 0, rec_sz = bk_btf_ext__min_rec_size(kind);
	__u32 insn_off;

	for (i = 0; i < r->cnt; i++) {
		char *rec = (char *)r->recs + i * rec_sz;

		memcpy(&insn_off, rec, sizeof(insn_off));
		if (bk_ld_is_dead_off(sec, insn_off)) {
			if (add_cut_type(l->gc, rec_type_id(kind, rec)))
				return -ENOMEM;
			continue;
		}
		insn_off = bk_ld_remap_sec_off(sec, insn_off);
		memcpy(rec, &insn_off, sizeof(insn_off));
		memmove((char *)r->recs + kept * rec_sz, rec, rec_sz);
		kept++;
	}
	r->cnt = kept;
	return 0;
}

int bk_ld_gc_fixup_code(struct bk_linker *l)
{
	size_t i;
	int k, err;

	if (!l->gc)
		return 0;
	fix_pc_calls(l);
	for (i = 0; i < l->sec_cnt; i++) {
		struct dst_sec *sec = &l->secs[i];

		if (!is_code(l, i) || !sec->compacted)
			continue;
		for (k = 0; k < BK_BTF_EXT_KIND_CNT; k++) {
			err = cut_ext_recs(l, sec, k);
			if (err)
				return bk_err(l->diag, err,
					      "%s: gc: out of memory",
					      out_name(l));
		}
	}
	return 0;
}

/* ---- BTF --------------------------------------------------------------- */

struct type_marks {
	struct mbtf *m;
	bool *keep;
	__u32 *stack;
	size_t top;
};

static int push_type(__u32 *id, void *ctx)
{
	struct type_marks *tm = ctx;

	if (*id && *id < tm->m->cnt && !tm->keep[*id]) {
		tm->keep[*id] = true;
		tm->stack[tm->top++] = *id;
	}
	return 0;
}

static void mark_types(struct type_marks *tm)
{
	while (tm->top) {
		__u32 id = tm->stack[--tm->top];

		bk_ld_visit_type_ids(bk_mbtf__mut(tm->m, id), push_type, tm);
	}
}

static int note_ref(__u32 *id, void *ctx)
{
	bool *refd = ctx;

	refd[*id] = true;
	return 0;
}

/*
 * A function's type is worth keeping only for its code or for a type
 * naming it: a FUNC stays when a kept func_info record, a kept global or
 * another type names it, a FUNC_PROTO when a type does (a losing weak
 * definition leaves its prototype behind, named by nothing).
 */
static bool is_func_type(const struct btf_type *t)
{
	return btf_is_func(t) || btf_is_func_proto(t) || btf_is_decl_tag(t);
}

/*
 * Roots: what the kept records and globals name, and every other type no
 * type refers to (VARs, DATASECs, standalone types) unless only cut code
 * named it. Decl tags follow the type they tag.
 */
static void seed_roots(struct bk_linker *l, struct type_marks *tm, bool *refd)
{
	size_t i, j, n = tm->m->cnt;
	__u32 id;
	int k;

	for (id = 1; id < n; id++)
		bk_ld_visit_type_ids(bk_mbtf__mut(tm->m, id), note_ref, refd);
	for (i = 0; i < l->gc->cut_cnt; i++)
		refd[l->gc->cut_types[i]] = true; /* not a root by itself */
	for (id = 1; id < n; id++) {
		if (!refd[id] && !is_func_type(bk_mbtf__type(tm->m, id)))
			push_type(&id, tm);
	}
	for (i = 0; i < l->glob_cnt; i++) {
		id = l->globs[i].btf_id;
		if (!l->syms[l->globs[i].sym].dropped)
			push_type(&id, tm);
	}
	for (i = 0; i < l->sec_cnt; i++) {
		for (k = 0; k < BK_BTF_EXT_KIND_CNT; k++) {
			const struct ext_recs *r = &l->secs[i].ext[k];
			size_t rec_sz = bk_btf_ext__min_rec_size(k);

			for (j = 0; j < r->cnt; j++) {
				id = rec_type_id(k,
						 (char *)r->recs + j * rec_sz);
				push_type(&id, tm);
			}
		}
	}
}

static void keep_decl_tags(struct type_marks *tm)
{
	__u32 id;

	for (id = 1; id < tm->m->cnt; id++) {
		const struct btf_type *t = bk_mbtf__type(tm->m, id);

		if (btf_is_decl_tag(t) && tm->keep[t->type])
			tm->keep[id] = true;
	}
}

int bk_ld_gc_btf(struct bk_linker *l)
{
	struct type_marks tm = {.m = &l->mbtf};
	size_t n = l->mbtf.cnt;
	bool *refd;
	int err = -ENOMEM;

	if (!l->gc || !l->has_btf)
		return 0;
	refd = calloc(n, sizeof(*refd));
	tm.keep = calloc(n, sizeof(*tm.keep));
	tm.stack = malloc(n * sizeof(*tm.stack));
	if (refd && tm.keep && tm.stack) {
		tm.keep[0] = true;
		seed_roots(l, &tm, refd);
		mark_types(&tm);
		keep_decl_tags(&tm);
		err = bk_ld_drop_types(l, tm.keep);
	}
	free(refd);
	free(tm.keep);
	free(tm.stack);
	if (err)
		return bk_err(l->diag, err, "%s: gc: out of memory",
			      out_name(l));
	return 0;
}
