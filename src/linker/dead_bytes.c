// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Rewriting sections before they are written:
 *   - bytes of losing __weak definitions (dead ranges) are cut out of data
 *     sections, each surviving piece keeping its offset modulo the section
 *     alignment; code keeps them as unreachable gaps, except under gc
 *     (gc.c), which cuts unreachable code and losing bodies the same way;
 *   - in .maps, a map whose initialiser (.values of a map-in-map) refers to
 *     a map placed after it is moved behind that map: libbpf creates maps in
 *     section order and fills such slots as it goes, so the inner map must
 *     exist first. Linking places a file's maps before a later file's, which
 *     breaks that order when the inner map comes from the later file.
 *
 * Either way the result is a list of chunks (old offset, size, new offset),
 * sorted by old offset, that everything pointing into the section is
 * remapped through: symbols, relocations, DATASEC entries.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "linker_internal.h"
#include "dead_bytes.h"
#include "relocs.h"
#include "../lib/mem.h"

struct chunk {
	size_t old_off;
	size_t new_off;
	size_t size;
};

int bk_ld_add_dead_range(struct bk_linker *l, struct dst_sec *sec, size_t off,
			 size_t size)
{
	if (sec->is_exec)
		return 0; /* code keeps its gaps, unless gc cuts code */
	return bk_ld_add_dead_code(l, sec, off, size);
}

int bk_ld_add_dead_code(struct bk_linker *l, struct dst_sec *sec, size_t off,
			size_t size)
{
	if (!size)
		return 0;
	if (bk_ensure_mem((void **)&sec->dead, &sec->dead_cap,
			  sizeof(*sec->dead), sec->dead_cnt + 1))
		return bk_err(l->diag, -ENOMEM, "out of memory");
	sec->dead[sec->dead_cnt].off = off;
	sec->dead[sec->dead_cnt].size = size;
	sec->dead_cnt++;
	return 0;
}

static int cmp_range(const void *a, const void *b)
{
	const struct dead_range *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->size < y->size ? -1 : x->size > y->size;
}

/*
 * The first offset at or after cur that is congruent to old_off modulo the
 * section's alignment. A chunk may begin with padding (the bytes between a
 * cut-out loser and the next variable), so the alignment of its start says
 * nothing about its contents; keeping the offset modulo the section
 * alignment keeps every variable inside as aligned as it was.
 */
static size_t keep_align(size_t cur, size_t old_off, size_t sec_align)
{
	size_t mask = (sec_align ?: 1) - 1;

	return cur + ((old_off - cur) & mask);
}

static int add_chunk(struct dst_sec *sec, size_t *cap, size_t old_off,
		     size_t end)
{
	struct chunk *c;

	if (end <= old_off)
		return 0;
	if (bk_ensure_mem((void **)&sec->chunks, cap, sizeof(*sec->chunks),
			  sec->chunk_cnt + 1))
		return -ENOMEM;
	c = &sec->chunks[sec->chunk_cnt++];
	c->old_off = old_off;
	c->size = end - old_off;
	return 0;
}

/* The bytes between dead ranges, in their order. */
static int chunks_between_dead(struct dst_sec *sec)
{
	size_t i, pos = 0, cap = 0;
	int err;

	qsort(sec->dead, sec->dead_cnt, sizeof(*sec->dead), cmp_range);
	for (i = 0; i < sec->dead_cnt; i++) {
		const struct dead_range *d = &sec->dead[i];

		err = add_chunk(sec, &cap, pos, d->off);
		if (err)
			return err;
		if (d->off + d->size > pos)
			pos = d->off + d->size;
	}
	return add_chunk(sec, &cap, pos, sec->size);
}

/* Give chunks new offsets in the order given (indexes into chunks). */
static size_t place_chunks(struct dst_sec *sec, const size_t *order)
{
	size_t i, cur = 0;

	for (i = 0; i < sec->chunk_cnt; i++) {
		struct chunk *c = &sec->chunks[order ? order[i] : i];

		c->new_off =
			keep_align(cur, c->old_off, sec->shdr.sh_addralign);
		cur = c->new_off + c->size;
	}
	return cur;
}

static int move_bytes(struct dst_sec *sec, size_t new_size)
{
	size_t i;
	char *data;

	if (!sec->data) { /* NOBITS */
		sec->size = new_size;
		return 0;
	}
	data = calloc(1, new_size ?: 1);
	if (!data)
		return -ENOMEM;
	for (i = 0; i < sec->chunk_cnt; i++) {
		const struct chunk *c = &sec->chunks[i];

		memcpy(data + c->new_off, (char *)sec->data + c->old_off,
		       c->size);
	}
	free(sec->data);
	sec->data = data;
	sec->cap = new_size ?: 1;
	sec->size = new_size;
	return 0;
}

/*
 * In n ranges sorted by offset, stride bytes apart, each a size_t start at
 * start_off and a size_t length at size_off: the index of the range that
 * holds off, or of the first one after it (n when none).
 */
static size_t find_range(const void *ranges, size_t n, size_t stride,
			 size_t start_off, size_t size_off, size_t off)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, start, size;
		const char *r = (const char *)ranges + mid * stride;

		memcpy(&start, r + start_off, sizeof(start));
		memcpy(&size, r + size_off, sizeof(size));
		if (off < start)
			hi = mid;
		else if (off >= start + size)
			lo = mid + 1;
		else
			return mid;
	}
	return lo;
}

/* Chunk holding old offset off, or the first one after it. */
static const struct chunk *find_chunk(const struct dst_sec *sec, size_t off)
{
	size_t i = find_range(sec->chunks, sec->chunk_cnt, sizeof(struct chunk),
			      offsetof(struct chunk, old_off),
			      offsetof(struct chunk, size), off);

	return i < sec->chunk_cnt ? &sec->chunks[i] : NULL;
}

size_t bk_ld_remap_sec_off(const struct dst_sec *sec, size_t off)
{
	const struct chunk *c;

	if (!sec->compacted)
		return off;
	c = find_chunk(sec, off);
	if (!c)
		return sec->size; /* the end, or beyond: keep it there */
	if (off < c->old_off)
		return c->new_off; /* inside a removed range */
	return c->new_off + (off - c->old_off);
}

bool bk_ld_is_dead_off(const struct dst_sec *sec, size_t off)
{
	const struct chunk *c;

	if (!sec->compacted)
		return false;
	c = find_chunk(sec, off);
	return !c || off < c->old_off;
}

/* ---- .maps: inner maps before the maps whose slots name them ---------- */

struct map_graph {
	struct dead_range *objs; /* map definitions by offset */
	size_t obj_cnt;
	size_t *edge_start; /* per object, into deps */
	size_t *deps;	    /* objects each object's initialiser names */
	bool forward;	    /* some object names one placed after it */
};

/* Dead ranges are sorted by then (reorder_maps()). */
static bool in_dead(const struct dst_sec *sec, size_t off)
{
	size_t i =
		find_range(sec->dead, sec->dead_cnt, sizeof(struct dead_range),
			   offsetof(struct dead_range, off),
			   offsetof(struct dead_range, size), off);

	return i < sec->dead_cnt && off >= sec->dead[i].off;
}

/* Map definitions: the surviving object symbols, overlaps merged. */
static int collect_objs(struct bk_linker *l, struct dst_sec *sec,
			struct map_graph *g)
{
	size_t i, cap = 0, n = 0;

	for (i = 1; i < l->sym_cnt; i++) {
		const struct dst_sym *s = &l->syms[i];

		if (s->sec_id != sec->id || !s->sym.st_size ||
		    ELF64_ST_TYPE(s->sym.st_info) == STT_SECTION ||
		    in_dead(sec, s->sym.st_value))
			continue;
		if (bk_ensure_mem((void **)&g->objs, &cap, sizeof(*g->objs),
				  n + 1))
			return -ENOMEM;
		g->objs[n].off = s->sym.st_value;
		g->objs[n].size = s->sym.st_size;
		n++;
	}
	if (n)
		qsort(g->objs, n, sizeof(*g->objs), cmp_range);
	g->obj_cnt = 0;
	for (i = 0; i < n; i++) {
		struct dead_range *last =
			g->obj_cnt ? &g->objs[g->obj_cnt - 1] : NULL;
		size_t end = g->objs[i].off + g->objs[i].size;

		if (last && g->objs[i].off < last->off + last->size) {
			if (end > last->off + last->size)
				last->size = end - last->off;
			continue;
		}
		g->objs[g->obj_cnt++] = g->objs[i];
	}
	return 0;
}

static long find_obj(const struct map_graph *g, size_t off)
{
	size_t lo = 0, hi = g->obj_cnt;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (off < g->objs[mid].off)
			hi = mid;
		else if (off >= g->objs[mid].off + g->objs[mid].size)
			lo = mid + 1;
		else
			return mid;
	}
	return -1;
}

/* Which object does relocation rel of .maps point from, and to. */
static bool rel_edge(struct bk_linker *l, const struct dst_sec *sec,
		     const struct map_graph *g, const Elf64_Rel *rel,
		     long *from, long *to)
{
	const struct dst_sym *s = &l->syms[ELF64_R_SYM(rel->r_info)];
	size_t target = s->sym.st_value;

	if (s->sec_id != sec->id)
		return false; /* a program (program array), not a map */
	*from = find_obj(g, rel->r_offset);
	if (ELF64_ST_TYPE(s->sym.st_info) == STT_SECTION) {
		int type = ELF64_R_TYPE(rel->r_info);
		__u64 addend = 0;

		/* the width input_check.c allowed for the relocation's type */
		memcpy(&addend, (char *)sec->data + rel->r_offset,
		       type == R_BPF_64_ABS32 || type == R_BPF_64_NODYLD32
			       ? sizeof(__u32)
			       : sizeof(__u64));
		target += addend;
	}
	*to = find_obj(g, target);
	return *from >= 0 && *to >= 0 && *from != *to;
}

static int build_edges(struct bk_linker *l, const struct dst_sec *sec,
		       struct map_graph *g)
{
	size_t i, *pos;
	long from, to;

	g->edge_start = calloc(g->obj_cnt + 1, sizeof(*g->edge_start));
	g->deps = malloc((sec->rel_cnt ?: 1) * sizeof(*g->deps));
	pos = calloc(g->obj_cnt + 1, sizeof(*pos));
	if (!g->edge_start || !g->deps || !pos) {
		free(pos);
		return -ENOMEM;
	}
	for (i = 0; i < sec->rel_cnt; i++) {
		if (rel_edge(l, sec, g, &sec->rels[i], &from, &to)) {
			g->edge_start[from + 1]++;
			g->forward |= to > from;
		}
	}
	for (i = 0; i < g->obj_cnt; i++)
		g->edge_start[i + 1] += g->edge_start[i];
	memcpy(pos, g->edge_start, (g->obj_cnt + 1) * sizeof(*pos));
	for (i = 0; i < sec->rel_cnt; i++) {
		if (rel_edge(l, sec, g, &sec->rels[i], &from, &to))
			g->deps[pos[from]++] = to;
	}
	free(pos);
	return 0;
}

/*
 * Depth-first, in section order: each map goes right after the maps its
 * initialiser names (cycles cannot be satisfied and are left as they are).
 */
static int order_objs(const struct map_graph *g, size_t *order)
{
	size_t n = g->obj_cnt, done = 0, top = 0, i;
	size_t *stack = malloc((n ?: 1) * sizeof(*stack));
	size_t *next = calloc(n ?: 1, sizeof(*next));
	char *state = calloc(n ?: 1, 1); /* 0 new, 1 open, 2 placed */

	if (!stack || !next || !state) {
		free(stack);
		free(next);
		free(state);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		if (state[i])
			continue;
		stack[top++] = i;
		state[i] = 1;
		next[i] = g->edge_start[i];
		while (top) {
			size_t o = stack[top - 1];

			if (next[o] < g->edge_start[o + 1]) {
				size_t d = g->deps[next[o]++];

				if (!state[d]) {
					state[d] = 1;
					next[d] = g->edge_start[d];
					stack[top++] = d;
				}
				continue;
			}
			state[o] = 2;
			order[done++] = o;
			top--;
		}
	}
	free(stack);
	free(next);
	free(state);
	return 0;
}

/* 1 when .maps was reordered (chunks set), 0 when it need not be. */
static int reorder_maps(struct bk_linker *l, struct dst_sec *sec)
{
	struct map_graph g = {};
	size_t i, cap = 0, *order = NULL;
	int err;

	/* losing maps do not overlap: sorted, they can be searched */
	if (sec->dead_cnt)
		qsort(sec->dead, sec->dead_cnt, sizeof(*sec->dead), cmp_range);
	err = collect_objs(l, sec, &g);
	err = err ?: build_edges(l, sec, &g);
	if (err || !g.forward)
		goto out;
	order = malloc(g.obj_cnt * sizeof(*order));
	err = order ? order_objs(&g, order) : -ENOMEM;
	for (i = 0; i < g.obj_cnt && !err; i++)
		err = add_chunk(sec, &cap, g.objs[i].off,
				g.objs[i].off + g.objs[i].size);
	if (!err) {
		err = move_bytes(sec, place_chunks(sec, order));
		err = err ?: 1;
	}
out:
	free(order);
	free(g.objs);
	free(g.edge_start);
	free(g.deps);
	return err;
}

int bk_ld_compact_secs(struct bk_linker *l)
{
	size_t i;
	int err;

	for (i = 0; i < l->sec_cnt; i++) {
		struct dst_sec *sec = &l->secs[i];

		if (sec->ephemeral)
			continue;
		err = 0;
		if (strcmp(sec->name, SEC_MAPS) == 0 && sec->rel_cnt)
			err = reorder_maps(l, sec);
		sec->compacted = err == 1;
		if (!err && sec->dead_cnt) {
			err = chunks_between_dead(sec);
			err = err ?: move_bytes(sec, place_chunks(sec, NULL));
			sec->compacted = true;
		}
		if (err < 0)
			return bk_err(l->diag, err, "out of memory");
	}
	return 0;
}
