// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * BTF signature checks between declarations of one global symbol, and the
 * C-like printing of types used in their messages. The rules:
 *   - typedefs and modifiers are looked through;
 *   - kinds must match, and names of structs, unions, enums and forward
 *     declarations;
 *   - ints, enums and floats compare size only: signedness and encoding are
 *     ignored, as in libbpf's linker (the kernel's selftests link an int
 *     extern against an unsigned definition);
 *   - arrays ignore their length, prototypes ignore parameter names;
 *   - structs and unions compare fields (name, offset, type) exactly, but
 *     behind a pointer only the shape counts: a forward declaration matches
 *     a struct or union of the same name.
 * Pairs of struct types already under comparison are remembered, so cyclic
 * and deeply shared types cost one visit per pair.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "linker_internal.h"
#include "type_match.h"

#define MAX_MODS 64
#define MAX_DEPTH 128

const struct btf_type *bk_ld_skip_mods(const struct tsrc *ts, __u32 id,
				       __u32 *res_id)
{
	const struct btf_type *t = ts_type(ts, id);
	int i;

	for (i = 0; i < MAX_MODS && t; i++) {
		if (!btf_is_mod(t) && !btf_is_typedef(t) && !btf_is_type_tag(t))
			break;
		id = t->type;
		t = ts_type(ts, id);
	}
	if (res_id)
		*res_id = id;
	return t;
}

/* ---- printing ---------------------------------------------------------- */

struct fmt_buf {
	char *buf;
	size_t size;
	size_t len;
};

static void put(struct fmt_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct fmt_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->len >= b->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->buf + b->len, b->size - b->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += n;
	if (b->len >= b->size)
		b->len = b->size - 1;
}

static void fmt_type(const struct tsrc *ts, __u32 id, struct fmt_buf *b,
		     int depth);

static const char *name_of(const struct tsrc *ts, const struct btf_type *t)
{
	return ts_str(ts, t->name_off);
}

static void fmt_proto(const struct tsrc *ts, const struct btf_type *t,
		      struct fmt_buf *b, int depth, bool is_ptr)
{
	const struct btf_param *p = btf_params(t);
	int i, n = btf_vlen(t);

	fmt_type(ts, t->type, b, depth + 1);
	put(b, is_ptr ? " (*)(" : " (");
	if (!n)
		put(b, "void");
	for (i = 0; i < n; i++, p++) {
		if (i)
			put(b, ", ");
		if (!p->type && i == n - 1)
			put(b, "...");
		else
			fmt_type(ts, p->type, b, depth + 1);
	}
	put(b, ")");
}

static void fmt_named(const struct tsrc *ts, const struct btf_type *t,
		      const char *tag, struct fmt_buf *b)
{
	const char *name = name_of(ts, t);

	put(b, "%s %s", tag, *name ? name : "{...}");
}

static void fmt_type(const struct tsrc *ts, __u32 id, struct fmt_buf *b,
		     int depth)
{
	const struct btf_type *t = ts_type(ts, id);

	if (!id) {
		put(b, "void");
		return;
	}
	if (!t || depth > 16) {
		put(b, "...");
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPEDEF:
		put(b, "%s", name_of(ts, t));
		break;
	case BTF_KIND_STRUCT:
		fmt_named(ts, t, "struct", b);
		break;
	case BTF_KIND_UNION:
		fmt_named(ts, t, "union", b);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		fmt_named(ts, t, "enum", b);
		break;
	case BTF_KIND_FWD:
		fmt_named(ts, t, btf_kflag(t) ? "union" : "struct", b);
		break;
	case BTF_KIND_CONST:
		put(b, "const ");
		fmt_type(ts, t->type, b, depth + 1);
		break;
	case BTF_KIND_VOLATILE:
		put(b, "volatile ");
		fmt_type(ts, t->type, b, depth + 1);
		break;
	case BTF_KIND_RESTRICT:
		fmt_type(ts, t->type, b, depth + 1);
		put(b, " restrict");
		break;
	case BTF_KIND_TYPE_TAG:
	case BTF_KIND_VAR:
		fmt_type(ts, t->type, b, depth + 1);
		break;
	case BTF_KIND_PTR: {
		const struct btf_type *to = ts_type(ts, t->type);

		if (to && btf_is_func_proto(to)) {
			fmt_proto(ts, to, b, depth + 1, true);
			break;
		}
		fmt_type(ts, t->type, b, depth + 1);
		put(b, " *");
		break;
	}
	case BTF_KIND_ARRAY:
		fmt_type(ts, btf_array(t)->type, b, depth + 1);
		put(b, "[%u]", btf_array(t)->nelems);
		break;
	case BTF_KIND_FUNC_PROTO:
		fmt_proto(ts, t, b, depth, false);
		break;
	case BTF_KIND_FUNC: {
		const struct btf_type *p = ts_type(ts, t->type);

		if (p && btf_is_func_proto(p))
			fmt_proto(ts, p, b, depth + 1, false);
		break;
	}
	default:
		put(b, "?");
		break;
	}
}

void bk_ld_format_type(const struct tsrc *ts, __u32 id, char *buf, size_t size)
{
	struct fmt_buf b = {.buf = buf, .size = size};

	buf[0] = '\0';
	fmt_type(ts, id, &b, 0);
}

/* ---- comparison ---------------------------------------------------------- */

struct cmp_ctx {
	const struct tsrc *ts1;
	const struct tsrc *ts2;
	struct type_diff *diff;
	struct bk_hashmap *seen; /* struct pairs assumed equal */
	int depth;
};

static void format_diff(const struct cmp_ctx *c, char *dst, size_t cap,
			__u32 id1, __u32 id2, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));

static void format_diff(const struct cmp_ctx *c, char *dst, size_t cap,
			__u32 id1, __u32 id2, const char *fmt, va_list ap)
{
	char t1[200], t2[200], why[200];

	bk_ld_format_type(c->ts1, id1, t1, sizeof(t1));
	bk_ld_format_type(c->ts2, id2, t2, sizeof(t2));
	vsnprintf(why, sizeof(why), fmt, ap);
	snprintf(dst, cap, "'%s' vs '%s'%s%s", t1, t2, *why ? ": " : "", why);
}

static void set_diff(struct cmp_ctx *c, __u32 id1, __u32 id2, const char *fmt,
		     ...) __attribute__((format(printf, 4, 5)));

static void set_diff(struct cmp_ctx *c, __u32 id1, __u32 id2, const char *fmt,
		     ...)
{
	va_list ap;

	va_start(ap, fmt);
	format_diff(c, c->diff->what, sizeof(c->diff->what), id1, id2, fmt, ap);
	va_end(ap);
}

/* The first difference that does not stop the link, for -d. */
static void set_note(struct cmp_ctx *c, __u32 id1, __u32 id2, const char *fmt,
		     ...) __attribute__((format(printf, 4, 5)));

static void set_note(struct cmp_ctx *c, __u32 id1, __u32 id2, const char *fmt,
		     ...)
{
	va_list ap;

	if (c->diff->note[0])
		return;
	va_start(ap, fmt);
	format_diff(c, c->diff->note, sizeof(c->diff->note), id1, id2, fmt, ap);
	va_end(ap);
}

/* Prepend where in the type the difference was found. */
static bool in_context(struct cmp_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static bool in_context(struct cmp_ctx *c, const char *fmt, ...)
{
	char prefix[128];
	char *what = c->diff->what;
	size_t plen, len = strlen(what), cap = sizeof(c->diff->what);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix) - 2, fmt, ap);
	va_end(ap);
	strcat(prefix, ": ");
	plen = strlen(prefix);
	if (plen + len >= cap)
		len = cap - plen - 1;
	memmove(what + plen, what, len);
	memcpy(what, prefix, plen);
	what[plen + len] = '\0';
	return false;
}

static bool cmp_types(struct cmp_ctx *c, __u32 id1, __u32 id2, bool exact);

static bool int_signed(const struct btf_type *t)
{
	return btf_int_encoding(t) & BTF_INT_SIGNED;
}

static bool cmp_fwd(struct cmp_ctx *c, __u32 id1, const struct btf_type *t1,
		    __u32 id2, const struct btf_type *t2)
{
	const struct btf_type *fwd = btf_is_fwd(t1) ? t1 : t2;
	const struct btf_type *full = btf_is_fwd(t1) ? t2 : t1;
	bool want_union = btf_kflag(fwd);

	if ((want_union && btf_is_union(full)) ||
	    (!want_union && btf_is_struct(full)) ||
	    (btf_is_fwd(full) && btf_kflag(full) == want_union))
		return true;
	set_diff(c, id1, id2, "forward declaration of another kind");
	return false;
}

static bool seen_pair(struct cmp_ctx *c, __u32 id1, __u32 id2)
{
	uintptr_t key = ((uintptr_t)id1 << 32) | id2;

	if (!c->seen) {
		c->seen = bk_hashmap__new(bk_int_hash, bk_int_equal, NULL);
		if (!c->seen)
			return false;
	}
	if (bk_hashmap__find(c->seen, key, NULL))
		return true;
	bk_hashmap__add(c->seen, key, 0);
	return false;
}

static bool cmp_members(struct cmp_ctx *c, __u32 id1, const struct btf_type *t1,
			__u32 id2, const struct btf_type *t2)
{
	const struct btf_member *m1 = btf_members(t1), *m2 = btf_members(t2);
	int i, n = btf_vlen(t1);

	if (btf_vlen(t1) != btf_vlen(t2)) {
		set_diff(c, id1, id2, "%u fields vs %u", btf_vlen(t1),
			 btf_vlen(t2));
		return false;
	}
	if (seen_pair(c, id1, id2))
		return true;
	for (i = 0; i < n; i++, m1++, m2++) {
		const char *n1 = ts_str(c->ts1, m1->name_off);
		const char *n2 = ts_str(c->ts2, m2->name_off);

		if (strcmp(n1, n2) != 0) {
			set_diff(c, id1, id2, "field #%d is '%s' vs '%s'", i,
				 n1, n2);
			return false;
		}
		if (m1->offset != m2->offset ||
		    btf_member_bitfield_size(t1, i) !=
			    btf_member_bitfield_size(t2, i)) {
			set_diff(c, id1, id2,
				 "field '%s' is at bit %u vs bit %u", n1,
				 btf_member_bit_offset(t1, i),
				 btf_member_bit_offset(t2, i));
			return false;
		}
		if (!cmp_types(c, m1->type, m2->type, true))
			return in_context(c, "field '%s'", n1);
	}
	return true;
}

static bool cmp_protos(struct cmp_ctx *c, __u32 id1, const struct btf_type *t1,
		       __u32 id2, const struct btf_type *t2, bool exact)
{
	const struct btf_param *p1 = btf_params(t1), *p2 = btf_params(t2);
	int i, n = btf_vlen(t1);

	if (btf_vlen(t1) != btf_vlen(t2)) {
		set_diff(c, id1, id2, "%u parameters vs %u", btf_vlen(t1),
			 btf_vlen(t2));
		return false;
	}
	for (i = 0; i < n; i++, p1++, p2++) {
		if (!cmp_types(c, p1->type, p2->type, exact))
			return in_context(c, "parameter #%d", i + 1);
	}
	if (!cmp_types(c, t1->type, t2->type, exact))
		return in_context(c, "return type");
	return true;
}

static bool cmp_sized(struct cmp_ctx *c, __u32 id1, const struct btf_type *t1,
		      __u32 id2, const struct btf_type *t2)
{
	if (t1->size != t2->size) {
		set_diff(c, id1, id2, "size %u vs %u", t1->size, t2->size);
		return false;
	}
	if (btf_is_int(t1) && int_signed(t1) != int_signed(t2))
		set_note(c, id1, id2, "%s vs %s",
			 int_signed(t1) ? "signed" : "unsigned",
			 int_signed(t2) ? "signed" : "unsigned");
	return true;
}

static bool has_checked_name(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		return true;
	}
	return false;
}

static bool cmp_kinds(struct cmp_ctx *c, __u32 id1, const struct btf_type *t1,
		      __u32 id2, const struct btf_type *t2, bool exact)
{
	switch (btf_kind(t1)) {
	case BTF_KIND_FWD:
		return cmp_fwd(c, id1, t1, id2, t2);
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return cmp_sized(c, id1, t1, id2, t2);
	case BTF_KIND_PTR:
		/* behind a pointer only the shape of the target counts */
		if (!cmp_types(c, t1->type, t2->type, false))
			return in_context(c, "pointer target");
		return true;
	case BTF_KIND_ARRAY:
		if (!cmp_types(c, btf_array(t1)->type, btf_array(t2)->type,
			       exact))
			return in_context(c, "array element");
		return true;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return !exact || cmp_members(c, id1, t1, id2, t2);
	case BTF_KIND_FUNC_PROTO:
		return cmp_protos(c, id1, t1, id2, t2, exact);
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
		return cmp_types(c, t1->type, t2->type, exact);
	}
	set_diff(c, id1, id2, "cannot compare BTF kind %u", btf_kind(t1));
	return false;
}

static bool cmp_types(struct cmp_ctx *c, __u32 id1, __u32 id2, bool exact)
{
	const struct btf_type *t1, *t2;
	bool ok;

	t1 = bk_ld_skip_mods(c->ts1, id1, &id1);
	t2 = bk_ld_skip_mods(c->ts2, id2, &id2);
	if (!id1 || !id2) {
		if (id1 == id2)
			return true;
		set_diff(c, id1, id2, "%s", "");
		return false;
	}
	if (!t1 || !t2 || c->depth > MAX_DEPTH) {
		set_diff(c, id1, id2, "types nest too deeply");
		return false;
	}
	if (!exact && btf_is_fwd(t1) != btf_is_fwd(t2)) {
		if (strcmp(name_of(c->ts1, t1), name_of(c->ts2, t2)) != 0) {
			set_diff(c, id1, id2, "different names");
			return false;
		}
		return cmp_fwd(c, id1, t1, id2, t2);
	}
	if (btf_kind(t1) != btf_kind(t2)) {
		set_diff(c, id1, id2, "different kinds of type");
		return false;
	}
	if (has_checked_name(t1) &&
	    strcmp(name_of(c->ts1, t1), name_of(c->ts2, t2)) != 0) {
		set_diff(c, id1, id2, "different names");
		return false;
	}
	c->depth++;
	ok = cmp_kinds(c, id1, t1, id2, t2, exact);
	c->depth--;
	return ok;
}

bool bk_ld_types_compatible(const struct tsrc *ts1, __u32 id1,
			    const struct tsrc *ts2, __u32 id2,
			    struct type_diff *diff)
{
	struct cmp_ctx c = {.ts1 = ts1, .ts2 = ts2, .diff = diff};
	bool ok;

	diff->what[0] = '\0';
	diff->note[0] = '\0';
	ok = cmp_types(&c, id1, id2, true);
	bk_hashmap__free(c.seen);
	return ok;
}

/* ---- alignment --------------------------------------------------------- */

#define MAX_TYPE_ALIGN 8

/* A scalar of size bytes: the largest power of two dividing it, up to 8. */
static size_t scalar_align(__u32 size)
{
	size_t a = size ? size & -size : 1;

	return a < MAX_TYPE_ALIGN ? a : MAX_TYPE_ALIGN;
}

static size_t align_of(const struct tsrc *ts, __u32 id, int depth);

/* A struct's or union's: its strictest member's, 1 if it is packed. */
static size_t members_align(const struct tsrc *ts, const struct btf_type *t,
			    int depth)
{
	const struct btf_member *m = btf_members(t);
	size_t a, max = 1;
	int i;

	for (i = 0; i < btf_vlen(t); i++, m++) {
		if (btf_member_bitfield_size(t, i))
			continue;
		a = align_of(ts, m->type, depth + 1);
		if (btf_member_bit_offset(t, i) % (8 * a))
			return 1;
		if (a > max)
			max = a;
	}
	return max;
}

static size_t align_of(const struct tsrc *ts, __u32 id, int depth)
{
	const struct btf_type *t = bk_ld_skip_mods(ts, id, NULL);

	if (!t || depth > MAX_DEPTH)
		return 1;
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FLOAT:
		return scalar_align(t->size);
	case BTF_KIND_PTR:
		return MAX_TYPE_ALIGN;
	case BTF_KIND_ARRAY:
		return align_of(ts, btf_array(t)->type, depth + 1);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return members_align(ts, t, depth);
	case BTF_KIND_VAR:
		return align_of(ts, t->type, depth + 1);
	}
	return 1;
}

size_t bk_ld_type_align(const struct tsrc *ts, __u32 id)
{
	return align_of(ts, id, 0);
}
