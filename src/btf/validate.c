// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * BTF validation: everything libbpf and btf_dump take for granted, checked
 * once on the raw bytes before either sees them (see btf.h for the list).
 *
 * Phases, each relying on the previous ones:
 *   check_header       sizes and offsets of the header and both sections
 *   check_strings      the string section is a sequence of C strings
 *   index_types        every type record fits, with a known kind
 *   check_types        names, referenced IDs and kind rules of each type
 *   check_ref_graph    references end, and not too deep
 */
#include <byteswap.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "btf.h"

/* Bits of btf_type.info that mean something: vlen, kind, kind_flag. */
#define INFO_KNOWN_BITS 0x9f00ffffU
/* Bits of the INT encoding word that mean something. */
#define INT_KNOWN_BITS 0x0fff00ffU

struct checker {
	const char *name; /* the input, for messages */
	const struct bk_diag *diag;
	const struct btf *base; /* split BTF's base, or NULL */
	const char *types;	/* the type section */
	__u32 types_len;
	const char *strs; /* the string section */
	__u32 strs_len;
	__u32 start_id;	     /* first own type ID: 1, or the base's count */
	__u32 start_str_off; /* the base's string bytes, or 0 */
	__u32 type_cnt;	     /* own types */
	__u32 *type_offs;    /* own type ID start_id + i is at types[offs[i]] */
	struct bk_btf_scratch *scratch; /* kept by the caller, or NULL */
	size_t type_offs_cap;
};

/*
 * Scratch arrays come straight from mmap(), zero-filled and paged in as
 * used, not from malloc(): freeing a large malloc'ed block raises glibc's
 * mmap threshold, and libbpf's type index, grown by btf__new() right after
 * validation, would then fragment the heap (on vmlinux, ~170 KB more peak
 * memory).
 */
static void *scratch_alloc(size_t size)
{
	void *p = mmap(NULL, size ?: 1, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void scratch_free(void *p, size_t size)
{
	if (p)
		munmap(p, size ?: 1);
}

/*
 * size zeroed bytes: from buf when the caller keeps one (grown, never
 * shrunk), else freshly mapped (scratch_put() unmaps those).
 */
static void *scratch_get(struct bk_btf_scratch_buf *buf, size_t size)
{
	if (!buf)
		return scratch_alloc(size);
	if (size > buf->cap || !buf->mem) {
		scratch_free(buf->mem, buf->cap);
		buf->cap = size > 2 * buf->cap ? size : 2 * buf->cap;
		buf->mem = scratch_alloc(buf->cap);
		if (!buf->mem)
			buf->cap = 0;
		return buf->mem;
	}
	memset(buf->mem, 0, size);
	return buf->mem;
}

static void scratch_put(struct bk_btf_scratch_buf *buf, void *p, size_t size)
{
	if (!buf)
		scratch_free(p, size);
}

void bk_btf_scratch__free(struct bk_btf_scratch *scratch)
{
	scratch_free(scratch->type_offs.mem, scratch->type_offs.cap);
	scratch_free(scratch->node_state.mem, scratch->node_state.cap);
	scratch_free(scratch->node_depth.mem, scratch->node_depth.cap);
	memset(scratch, 0, sizeof(*scratch));
}

static __u32 end_id(const struct checker *c)
{
	return c->start_id + c->type_cnt;
}

static const struct btf_type *type_at(const struct checker *c, __u32 id)
{
	if (id < c->start_id)
		return btf__type_by_id(c->base, id);
	return (const void *)(c->types + c->type_offs[id - c->start_id]);
}

static bool is_str_off(const struct checker *c, __u32 off)
{
	if (off < c->start_str_off)
		return true;
	return off - c->start_str_off < c->strs_len;
}

/* Only for offsets that passed is_str_off(). */
static const char *str_at(const struct checker *c, __u32 off)
{
	if (off < c->start_str_off)
		return btf__str_by_offset(c->base, off);
	return c->strs + (off - c->start_str_off);
}

static int header_err(const struct checker *c, const char *fmt, ...)
	__printf(2, 3);

static int header_err(const struct checker *c, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return bk_err(c->diag, -EINVAL, "%s: %s", c->name, msg);
}

/* "<input>: type [<id>] <KIND>: <what is wrong>" */
static int type_err(const struct checker *c, __u32 id, const char *fmt, ...)
	__printf(3, 4);

static int type_err(const struct checker *c, __u32 id, const char *fmt, ...)
{
	const struct btf_type *t = type_at(c, id);
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return bk_err(c->diag, -EINVAL, "%s: type [%u] %s: %s", c->name, id,
		      bk_btf__kind_str(btf_kind(t)), msg);
}

static int check_header(struct checker *c, const void *data, size_t size)
{
	const struct btf_header *hdr = data;
	const unsigned char *extra;
	__u64 meta_len;
	size_t i;

	if (size < sizeof(*hdr))
		return header_err(
			c, "BTF is truncated: %zu bytes, the header needs %zu",
			size, sizeof(*hdr));
	if (hdr->magic == bswap_16(BTF_MAGIC))
		return header_err(c, "BTF byte order differs from this host's");
	if (hdr->magic != BTF_MAGIC)
		return header_err(c, "bad BTF magic 0x%04x (expected 0x%04x)",
				  hdr->magic, BTF_MAGIC);
	if (hdr->version != BTF_VERSION)
		return header_err(c, "unsupported BTF version %u",
				  hdr->version);
	if (hdr->flags)
		return header_err(c, "unsupported BTF header flags 0x%x",
				  hdr->flags);
	if (hdr->hdr_len < sizeof(*hdr) || hdr->hdr_len > size)
		return header_err(c, "BTF header length %u is outside %zu..%zu",
				  hdr->hdr_len, sizeof(*hdr), size);
	if (size > UINT32_MAX)
		return header_err(c, "BTF of %zu bytes is too large", size);
	/* A longer header is a newer format: fine only if it says nothing. */
	extra = (const unsigned char *)data;
	for (i = sizeof(*hdr); i < hdr->hdr_len; i++) {
		if (extra[i])
			return header_err(
				c,
				"BTF header byte %zu is not zero: unknown header field",
				i);
	}
	meta_len = size - hdr->hdr_len;
	if ((__u64)hdr->type_off + hdr->type_len > meta_len)
		return header_err(
			c,
			"BTF type section (offset %u, %u bytes) ends beyond the data (%llu bytes after the header)",
			hdr->type_off, hdr->type_len,
			(unsigned long long)meta_len);
	if ((__u64)hdr->str_off + hdr->str_len > meta_len)
		return header_err(
			c,
			"BTF string section (offset %u, %u bytes) ends beyond the data (%llu bytes after the header)",
			hdr->str_off, hdr->str_len,
			(unsigned long long)meta_len);
	if ((__u64)hdr->type_off + hdr->type_len > hdr->str_off)
		return header_err(
			c,
			"BTF type section (offset %u, %u bytes) overlaps or follows the string section at offset %u",
			hdr->type_off, hdr->type_len, hdr->str_off);
	if ((hdr->hdr_len + hdr->type_off) % 4)
		return header_err(
			c, "BTF type section at byte %u is not 4-byte aligned",
			hdr->hdr_len + hdr->type_off);
	c->types = (const char *)data + hdr->hdr_len + hdr->type_off;
	c->types_len = hdr->type_len;
	c->strs = (const char *)data + hdr->hdr_len + hdr->str_off;
	c->strs_len = hdr->str_len;
	return 0;
}

static int check_strings(const struct checker *c)
{
	/* Split BTF may add no strings; base BTF starts with "". */
	if (c->base && !c->strs_len)
		return 0;
	if (!c->strs_len)
		return header_err(c, "BTF string section is empty");
	if (!c->base && c->strs[0])
		return header_err(
			c,
			"BTF string section does not start with an empty string");
	if (c->strs[c->strs_len - 1])
		return header_err(
			c, "BTF string section does not end with a NUL byte");
	if (c->start_str_off + (__u64)c->strs_len - 1 > BTF_MAX_NAME_OFFSET)
		return header_err(
			c,
			"BTF string section of %u bytes is larger than BTF allows",
			c->strs_len);
	return 0;
}

__u32 bk_btf__type_rec_size(const struct btf_type *t)
{
	__u32 vlen = btf_vlen(t);

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return sizeof(*t) + sizeof(__u32);
	case BTF_KIND_PTR:
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPE_TAG:
		return sizeof(*t);
	case BTF_KIND_ARRAY:
		return sizeof(*t) + sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return sizeof(*t) + vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return sizeof(*t) + vlen * sizeof(struct btf_enum);
	case BTF_KIND_ENUM64:
		return sizeof(*t) + vlen * sizeof(struct btf_enum64);
	case BTF_KIND_FUNC_PROTO:
		return sizeof(*t) + vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return sizeof(*t) + vlen * sizeof(struct btf_var_secinfo);
	default:
		return 0;
	}
}

static int index_types(struct checker *c)
{
	__u32 off = 0;

	/* Every record takes at least a struct btf_type. */
	c->type_offs_cap = c->types_len / sizeof(struct btf_type);
	c->type_offs = scratch_get(c->scratch ? &c->scratch->type_offs : NULL,
				   c->type_offs_cap * sizeof(*c->type_offs));
	if (!c->type_offs)
		return bk_err(c->diag, -ENOMEM, "%s: out of memory", c->name);
	while (off < c->types_len) {
		const struct btf_type *t = (const void *)(c->types + off);
		__u32 id = end_id(c), left = c->types_len - off, sz;

		if (id > BTF_MAX_TYPE)
			return header_err(c, "more than %u BTF types",
					  BTF_MAX_TYPE);
		if (left < sizeof(*t))
			return header_err(
				c,
				"type [%u] at byte %u of the type section is truncated: %u bytes left",
				id, off, left);
		if (t->info & ~INFO_KNOWN_BITS)
			return header_err(
				c, "type [%u]: unknown bits set in info 0x%08x",
				id, t->info);
		sz = bk_btf__type_rec_size(t);
		if (!sz)
			return header_err(c, "type [%u]: unknown kind %u", id,
					  btf_kind(t));
		if (sz > left)
			return header_err(
				c,
				"type [%u] %s with vlen %u needs %u bytes, the type section has %u left",
				id, bk_btf__kind_str(btf_kind(t)), btf_vlen(t),
				sz, left);
		c->type_offs[c->type_cnt++] = off;
		off += sz;
	}
	return 0;
}

/*
 * Which field of a type a message is about: "member #3", "return type", or
 * nothing (what NULL) for the type's own name. Formatted only for messages:
 * the checks run for every member of every type.
 */
static const char *field_str(char *buf, size_t size, const char *what, int idx)
{
	if (!what)
		return "";
	if (idx < 0)
		return what;
	snprintf(buf, size, "%s #%d", what, idx);
	return buf;
}

/* A name: a valid offset, and a non-empty string where the kind needs one. */
static int check_name(const struct checker *c, __u32 id, __u32 off,
		      bool required, const char *what, int idx)
{
	char buf[48];
	const char *f;

	if (is_str_off(c, off) && (!required || str_at(c, off)[0]))
		return 0;
	f = field_str(buf, sizeof(buf), what, idx);
	if (!is_str_off(c, off))
		return type_err(
			c, id,
			"%s%sname offset %u is beyond the string section", f,
			*f ? " " : "", off);
	return type_err(c, id, "%s%sname is empty", f, *f ? " " : "");
}

/* A referenced type ID: in range, and not void unless void is meaningful. */
static int check_ref(const struct checker *c, __u32 id, __u32 ref, bool void_ok,
		     const char *what, int idx)
{
	char buf[48];

	if (ref < end_id(c) && (ref || void_ok))
		return 0;
	what = field_str(buf, sizeof(buf), what, idx);
	if (ref >= end_id(c))
		return type_err(
			c, id,
			"%s references type [%u], beyond the last type [%u]",
			what, ref, end_id(c) - 1);
	return type_err(c, id, "%s references void", what);
}

static bool is_pow2(__u32 v)
{
	return v && !(v & (v - 1));
}

static int check_int(const struct checker *c, __u32 id,
		     const struct btf_type *t)
{
	__u32 v = *(const __u32 *)(t + 1);
	__u32 enc = BTF_INT_ENCODING(v), bits = BTF_INT_BITS(v);

	if (t->size > 16 || !is_pow2(t->size))
		return type_err(c, id, "size %u is not 1, 2, 4, 8 or 16",
				t->size);
	if (v & ~INT_KNOWN_BITS)
		return type_err(c, id,
				"unknown bits set in encoding word 0x%08x", v);
	if (BTF_INT_OFFSET(v) + bits > 128 || bits > t->size * 8)
		return type_err(
			c, id,
			"bits_offset %u nr_bits %u do not fit in %u bytes",
			BTF_INT_OFFSET(v), bits, t->size);
	if (enc && enc != BTF_INT_SIGNED && enc != BTF_INT_CHAR &&
	    enc != BTF_INT_BOOL)
		return type_err(c, id, "unknown encoding 0x%x", enc);
	return 0;
}

/*
 * The kernel's layout rules: union members start at bit 0, struct members
 * in order, every member starts within the type and a bitfield ends within
 * it. (A member at the very end is fine: "char tail[0];".)
 */
static int check_member_layout(const struct checker *c, __u32 id,
			       const struct btf_type *t, __u32 i,
			       __u32 *last_off)
{
	__u32 off = btf_member_bit_offset(t, i);
	__u32 bits = btf_member_bitfield_size(t, i);
	__u64 size_bits = (__u64)t->size * 8;

	if (btf_is_union(t) && off)
		return type_err(c, id, "member #%u starts at bit %u, not 0", i,
				off);
	if (off < *last_off)
		return type_err(
			c, id,
			"member #%u at bit %u comes before the previous one at bit %u",
			i, off, *last_off);
	if (off > size_bits)
		return type_err(
			c, id,
			"member #%u starts at bit %u, beyond the type's %u bytes",
			i, off, t->size);
	if (off + (__u64)bits > size_bits)
		return type_err(
			c, id,
			"bitfield member #%u ends at bit %llu, beyond the type's %u bytes",
			i, off + (__u64)bits, t->size);
	*last_off = off;
	return 0;
}

/* What a variable may have as its type: a type that has a size. */
static bool is_data_kind(__u32 kind)
{
	switch (kind) {
	case BTF_KIND_FUNC:
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_DECL_TAG:
		return false;
	default:
		return true;
	}
}

/*
 * What a type is once typedefs and modifiers are skipped: *kind, or
 * BTF_KIND_UNKN for void, and its ID in *final. The types on the way are not checked yet, so
 * this checks their IDs itself; a chain that leaves the ID range or goes on
 * too long is left to the phases that report it (returns false).
 */
static bool data_kind(const struct checker *c, __u32 ref, __u32 *kind,
		      __u32 *final)
{
	const struct btf_type *t;
	int depth;

	for (depth = 0; depth < BK_BTF_MAX_REF_DEPTH; depth++) {
		if (ref == 0) {
			*kind = BTF_KIND_UNKN;
			*final = 0;
			return true;
		}
		if (ref >= end_id(c))
			return false;
		t = type_at(c, ref);
		if (!btf_is_mod(t) && !btf_is_typedef(t)) {
			*kind = btf_kind(t);
			*final = ref;
			return true;
		}
		ref = t->type;
	}
	return false;
}

/* The name at a checked offset, or "" when it is not one. */
static const char *name_at(const struct checker *c, __u32 off)
{
	return is_str_off(c, off) ? str_at(c, off) : "";
}

/*
 * A struct/union member and an array element hold data: a function,
 * prototype, variable, section, tag, void or a forward declaration there
 * has no size or alignment, and btf_dump divides by the alignment when it
 * lays out a struct (SIGFPE). The kernel refuses such members too. name_off
 * is the member's name, 0 for an array element.
 */
static int check_data_ref(const struct checker *c, __u32 id, __u32 ref,
			  const char *what, int idx, __u32 name_off)
{
	__u32 kind, final;
	char buf[32];

	if (!data_kind(c, ref, &kind, &final))
		return 0;
	if (kind == BTF_KIND_FWD)
		return type_err(
			c, id,
			"%s%s%s%s: type [%u] leads to forward declaration [%u] '%s', which has no size",
			field_str(buf, sizeof(buf), what, idx),
			name_off ? " '" : "", name_at(c, name_off),
			name_off ? "'" : "", ref, final,
			name_at(c, type_at(c, final)->name_off));
	if (kind == BTF_KIND_UNKN || !is_data_kind(kind))
		return type_err(c, id, "%s: type [%u] is %s, not data",
				field_str(buf, sizeof(buf), what, idx), ref,
				kind == BTF_KIND_UNKN ? "void"
						      : bk_btf__kind_str(kind));
	return 0;
}

/*
 * An array's index type is an integer (through typedefs and modifiers), as
 * the kernel requires; anything else has no meaning and may close a cycle
 * libbpf's dedup would follow forever.
 */
static int check_index_type(const struct checker *c, __u32 id, __u32 ref)
{
	__u32 kind, final;
	int err;

	err = check_ref(c, id, ref, false, "index type", -1);
	if (err || !data_kind(c, ref, &kind, &final) || kind == BTF_KIND_INT)
		return err;
	return type_err(c, id, "index type [%u] is %s, not an integer", ref,
			kind == BTF_KIND_UNKN ? "void"
					      : bk_btf__kind_str(kind));
}

static int check_members(const struct checker *c, __u32 id,
			 const struct btf_type *t)
{
	const struct btf_member *m = btf_members(t);
	__u32 i, last_off = 0;
	int err;

	for (i = 0; i < btf_vlen(t); i++, m++) {
		err = check_ref(c, id, m->type, false, "member", i);
		err = err
			      ?: check_data_ref(c, id, m->type, "member", i,
						m->name_off);
		err = err ?: check_name(c, id, m->name_off, false, "member", i);
		err = err ?: check_member_layout(c, id, t, i, &last_off);
		if (err)
			return err;
	}
	return 0;
}

static int check_enum(const struct checker *c, __u32 id,
		      const struct btf_type *t)
{
	bool is64 = btf_is_enum64(t);
	__u32 i, name_off;
	int err;

	if (t->size > 8 || !is_pow2(t->size))
		return type_err(c, id, "size %u is not 1, 2, 4 or 8", t->size);
	for (i = 0; i < btf_vlen(t); i++) {
		name_off = is64 ? btf_enum64(t)[i].name_off
				: btf_enum(t)[i].name_off;
		err = check_name(c, id, name_off, true, "enumerator", i);
		if (err)
			return err;
	}
	return 0;
}

static int check_func(const struct checker *c, __u32 id,
		      const struct btf_type *t)
{
	int err;

	if (btf_vlen(t) > BTF_FUNC_EXTERN)
		return type_err(c, id, "unknown linkage %u", btf_vlen(t));
	err = check_ref(c, id, t->type, false, "prototype", -1);
	if (err)
		return err;
	if (!btf_is_func_proto(type_at(c, t->type)))
		return type_err(
			c, id, "type [%u] (%s) is not a FUNC_PROTO", t->type,
			bk_btf__kind_str(btf_kind(type_at(c, t->type))));
	return 0;
}

static int check_func_proto(const struct checker *c, __u32 id,
			    const struct btf_type *t)
{
	const struct btf_param *p = btf_params(t);
	__u32 i, vlen = btf_vlen(t);
	int err;

	err = check_ref(c, id, t->type, true, "return type", -1);
	for (i = 0; !err && i < vlen; i++, p++) {
		/* void as the last parameter, unnamed, means "..." */
		bool varargs = i == vlen - 1 && !p->name_off;

		err = check_ref(c, id, p->type, varargs, "parameter", i);
		err = err
			      ?: check_name(c, id, p->name_off, false,
					    "parameter", i);
	}
	return err;
}

static int check_var(const struct checker *c, __u32 id,
		     const struct btf_type *t)
{
	const struct btf_type *vt;
	int err;

	if (btf_var(t)->linkage > BTF_VAR_GLOBAL_EXTERN)
		return type_err(c, id, "unknown linkage %u",
				btf_var(t)->linkage);
	err = check_ref(c, id, t->type, false, "type", -1);
	if (err)
		return err;
	vt = type_at(c, t->type);
	if (!is_data_kind(btf_kind(vt)))
		return type_err(c, id, "type [%u] (%s) is not a data type",
				t->type, bk_btf__kind_str(btf_kind(vt)));
	return 0;
}

static int check_datasec(const struct checker *c, __u32 id,
			 const struct btf_type *t)
{
	const struct btf_var_secinfo *v = btf_var_secinfos(t);
	const struct btf_type *vt;
	__u32 i;
	int err;

	for (i = 0; i < btf_vlen(t); i++, v++) {
		err = check_ref(c, id, v->type, false, "variable", i);
		if (err)
			return err;
		vt = type_at(c, v->type);
		/* .ksyms lists extern kernel functions beside variables */
		if (!btf_is_var(vt) && !btf_is_func(vt))
			return type_err(
				c, id,
				"variable #%u: type [%u] (%s) is not a VAR or FUNC",
				i, v->type, bk_btf__kind_str(btf_kind(vt)));
		/* clang leaves the section size 0 for libbpf to fill in */
		if ((__u64)v->offset + v->size > (t->size ?: UINT32_MAX))
			return type_err(
				c, id,
				"variable #%u: offset %u size %u ends beyond the section's %u bytes",
				i, v->offset, v->size, t->size);
	}
	return 0;
}

static int check_decl_tag(const struct checker *c, __u32 id,
			  const struct btf_type *t)
{
	__s32 idx = btf_decl_tag(t)->component_idx;
	const struct btf_type *tt;
	__u32 vlen;
	int err;

	err = check_ref(c, id, t->type, false, "target", -1);
	if (err)
		return err;
	tt = type_at(c, t->type);
	switch (btf_kind(tt)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		vlen = btf_vlen(tt);
		break;
	case BTF_KIND_FUNC:
		/* check_func() may not have seen tt yet: look before using */
		if (tt->type && tt->type < end_id(c) &&
		    btf_is_func_proto(type_at(c, tt->type)))
			vlen = btf_vlen(type_at(c, tt->type));
		else
			vlen = 0;
		break;
	case BTF_KIND_VAR:
	case BTF_KIND_TYPEDEF:
		vlen = 0;
		break;
	default:
		return type_err(c, id, "target [%u] (%s) cannot be tagged",
				t->type, bk_btf__kind_str(btf_kind(tt)));
	}
	if (idx < -1 || (idx >= 0 && (__u32)idx >= vlen))
		return type_err(
			c, id,
			"component_idx %d is out of range for target [%u] (%s)",
			idx, t->type, bk_btf__kind_str(btf_kind(tt)));
	return 0;
}

/* Kinds whose vlen field must be 0, and those whose kind_flag must be 0. */
static bool has_vlen(__u32 kind)
{
	switch (kind) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FUNC: /* the linkage */
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_DATASEC:
		return true;
	default:
		return false;
	}
}

static bool has_kflag(__u32 kind)
{
	switch (kind) {
	case BTF_KIND_STRUCT: /* bitfield offsets */
	case BTF_KIND_UNION:
	case BTF_KIND_FWD:  /* union */
	case BTF_KIND_ENUM: /* signed */
	case BTF_KIND_ENUM64:
	case BTF_KIND_DECL_TAG: /* attribute */
	case BTF_KIND_TYPE_TAG:
		return true;
	default:
		return false;
	}
}

/* Kinds that are declarations and must be named. */
static bool needs_name(__u32 kind)
{
	switch (kind) {
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_TYPE_TAG:
		return true;
	default:
		return false;
	}
}

static int check_type(const struct checker *c, __u32 id)
{
	const struct btf_type *t = type_at(c, id);
	__u32 kind = btf_kind(t);
	int err;

	if (!has_vlen(kind) && btf_vlen(t))
		return type_err(c, id, "vlen %u must be 0", btf_vlen(t));
	if (!has_kflag(kind) && btf_kflag(t))
		return type_err(c, id, "kind_flag must be 0");
	err = check_name(c, id, t->name_off, needs_name(kind), NULL, -1);
	if (err)
		return err;

	switch (kind) {
	case BTF_KIND_INT:
		return check_int(c, id, t);
	case BTF_KIND_PTR:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_TYPE_TAG:
		return check_ref(c, id, t->type, true, "type", -1);
	case BTF_KIND_ARRAY:
		err = check_ref(c, id, btf_array(t)->type, false,
				"element type", -1);
		err = err
			      ?: check_data_ref(c, id, btf_array(t)->type,
						"element type", -1, 0);
		return err ?: check_index_type(c, id, btf_array(t)->index_type);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return check_members(c, id, t);
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return check_enum(c, id, t);
	case BTF_KIND_FUNC:
		return check_func(c, id, t);
	case BTF_KIND_FUNC_PROTO:
		return check_func_proto(c, id, t);
	case BTF_KIND_VAR:
		return check_var(c, id, t);
	case BTF_KIND_DATASEC:
		return check_datasec(c, id, t);
	case BTF_KIND_FLOAT:
		if (t->size != 2 && t->size != 4 && t->size != 8 &&
		    t->size != 12 && t->size != 16)
			return type_err(c, id,
					"size %u is not 2, 4, 8, 12 or 16",
					t->size);
		return 0;
	case BTF_KIND_DECL_TAG:
		return check_decl_tag(c, id, t);
	default: /* FWD */
		/*
		 * Unused, so 0 (the kernel's rule too): libbpf's btf__dedup
		 * follows it like a type ID and faults when it is out of range.
		 */
		if (t->type)
			return type_err(c, id, "size/type field is %u, not 0",
					t->type);
		return 0;
	}
}

static int check_types(const struct checker *c)
{
	__u32 id;
	int err;

	for (id = c->start_id; id < end_id(c); id++) {
		err = check_type(c, id);
		if (err)
			return err;
	}
	return 0;
}

/*
 * The reference graph a C printer walks (libbpf's btf_dump orders and emits
 * types this way, recursively): a node is a type reached either directly or
 * behind a pointer. Modifiers, typedefs and prototypes pass "behind a
 * pointer" on; arrays and struct/union members reset it; a named struct or
 * union behind a pointer is where the printer stops (a forward declaration
 * does). libbpf's dedup follows every other edge as well (an array's index
 * type, a function's prototype, a variable's type, a section's variables, a
 * tag's target), so those are walked too: a cycle through any of them makes
 * dedup fail with ELOOP. Node of type ID id behind a pointer or not:
 * 2 * (id - start_id) + behind.
 */
static bool next_ref(const struct btf_type *t, bool behind, __u32 i, __u32 *ref,
		     bool *ref_behind)
{
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
		*ref = t->type;
		*ref_behind = true;
		return i == 0;
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		*ref = t->type;
		*ref_behind = behind;
		return i == 0;
	case BTF_KIND_FUNC:
	case BTF_KIND_DECL_TAG:
		*ref = t->type;
		*ref_behind = behind;
		return i == 0;
	case BTF_KIND_VAR:
		*ref = t->type;
		*ref_behind = false;
		return i == 0;
	case BTF_KIND_DATASEC:
		if (i >= btf_vlen(t))
			return false;
		*ref = btf_var_secinfos(t)[i].type;
		*ref_behind = false;
		return true;
	case BTF_KIND_ARRAY:
		if (i > 1)
			return false;
		*ref = i ? btf_array(t)->index_type : btf_array(t)->type;
		*ref_behind = false;
		return true;
	case BTF_KIND_FUNC_PROTO:
		if (i > btf_vlen(t))
			return false;
		*ref = i ? btf_params(t)[i - 1].type : t->type;
		*ref_behind = behind;
		return true;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		if ((behind && t->name_off) || i >= btf_vlen(t))
			return false;
		*ref = btf_members(t)[i].type;
		*ref_behind = false;
		return true;
	default:
		return false;
	}
}

enum { NODE_NEW, NODE_ON_PATH, NODE_DONE };

struct path_step {
	__u32 node;
	__u32 next_ref;	 /* index of the next reference to follow */
	__u32 max_below; /* longest chain below this node so far */
};

struct graph {
	unsigned char *state; /* NODE_* per node */
	__u16 *depth;	      /* longest chain below a NODE_DONE node */
	struct path_step path[BK_BTF_MAX_REF_DEPTH + 1];
};

static __u32 node_id(const struct checker *c, __u32 node)
{
	return c->start_id + node / 2;
}

/* Depth-first from one node, with an explicit stack: input decides depth. */
static int walk_from(const struct checker *c, struct graph *g, __u32 root)
{
	struct path_step *top;
	__u32 len = 0, ref, node;
	bool behind;

	g->path[len++] = (struct path_step){.node = root};
	g->state[root] = NODE_ON_PATH;
	while (len) {
		top = &g->path[len - 1];
		if (!next_ref(type_at(c, node_id(c, top->node)), top->node & 1,
			      top->next_ref++, &ref, &behind)) {
			g->state[top->node] = NODE_DONE;
			g->depth[top->node] = top->max_below;
			if (--len)
				g->path[len - 1].max_below =
					bk_max(g->path[len - 1].max_below,
					       top->max_below + 1);
			continue;
		}
		/* void and the (checked) base are where chains end */
		if (ref < c->start_id)
			continue;
		node = 2 * (ref - c->start_id) + behind;
		if (g->state[node] == NODE_ON_PATH)
			return type_err(
				c, ref,
				"reference cycle: type [%u] leads back to it",
				node_id(c, top->node));
		if (g->state[node] == NODE_DONE) {
			top->max_below =
				bk_max(top->max_below, g->depth[node] + 1U);
			if (top->max_below + len - 1 > BK_BTF_MAX_REF_DEPTH)
				break;
			continue;
		}
		if (len > BK_BTF_MAX_REF_DEPTH)
			break;
		g->state[node] = NODE_ON_PATH;
		g->path[len++] = (struct path_step){.node = node};
	}
	if (len)
		return type_err(c, node_id(c, root),
				"references nest deeper than %d types",
				BK_BTF_MAX_REF_DEPTH);
	return 0;
}

static int check_ref_graph(const struct checker *c)
{
	size_t node_cnt = 2 * (size_t)c->type_cnt;
	struct graph *g;
	__u32 node;
	int err = 0;

	struct bk_btf_scratch_buf *state_buf = NULL, *depth_buf = NULL;

	if (c->scratch) {
		state_buf = &c->scratch->node_state;
		depth_buf = &c->scratch->node_depth;
	}
	g = calloc(1, sizeof(*g));
	if (g) {
		g->state = scratch_get(state_buf, node_cnt * sizeof(*g->state));
		g->depth = scratch_get(depth_buf, node_cnt * sizeof(*g->depth));
	}
	if (!g || !g->state || !g->depth) {
		err = bk_err(c->diag, -ENOMEM, "%s: out of memory", c->name);
		goto out;
	}
	/* A printer starts from every type, not behind a pointer. */
	for (node = 0; node < node_cnt && !err; node += 2) {
		if (g->state[node] == NODE_NEW)
			err = walk_from(c, g, node);
	}
out:
	if (g) {
		scratch_put(state_buf, g->state, node_cnt * sizeof(*g->state));
		scratch_put(depth_buf, g->depth, node_cnt * sizeof(*g->depth));
	}
	free(g);
	return err;
}

static int check_base(struct checker *c, const struct btf *base)
{
	const struct btf_header *hdr;
	__u32 size;

	c->base = base;
	c->start_id = 1;
	if (!base)
		return 0;
	if (btf__base_btf(base))
		return header_err(
			c, "a split BTF's base cannot itself be split BTF");
	hdr = btf__raw_data(base, &size);
	if (!hdr)
		return bk_err(c->diag, -ENOMEM, "%s: out of memory", c->name);
	c->start_id = btf__type_cnt(base);
	c->start_str_off = hdr->str_len;
	return 0;
}

int bk_btf__validate(const void *data, size_t size, const char *name,
		     const struct btf *base, const struct bk_diag *diag)
{
	return bk_btf__validate_with(data, size, name, base, diag, NULL);
}

int bk_btf__validate_with(const void *data, size_t size, const char *name,
			  const struct btf *base, const struct bk_diag *diag,
			  struct bk_btf_scratch *scratch)
{
	struct checker c = {.name = name, .diag = diag, .scratch = scratch};
	void *copy = NULL;
	int err;

	/* Records are read in place as structs: they must be aligned. */
	if ((uintptr_t)data % 4) {
		copy = scratch_alloc(size);
		if (!copy)
			return bk_err(diag, -ENOMEM, "%s: out of memory", name);
		memcpy(copy, data, size);
		data = copy;
	}
	err = check_base(&c, base);
	err = err ?: check_header(&c, data, size);
	err = err ?: check_strings(&c);
	err = err ?: index_types(&c);
	err = err ?: check_types(&c);
	err = err ?: check_ref_graph(&c);
	scratch_put(scratch ? &scratch->type_offs : NULL, c.type_offs,
		    c.type_offs_cap * sizeof(*c.type_offs));
	scratch_free(copy, size);
	return err;
}
