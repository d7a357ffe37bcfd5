// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Section phase: same-named sections are concatenated in input order, each
 * piece aligned to its own alignment, the output taking the strictest one.
 * "license" and "version" appear once and must agree. Sections known only
 * from BTF (.kconfig, .ksyms, a .maps holding only externs) stay ephemeral
 * until a real one of the same name arrives.
 *
 * Bytes of losing __weak definitions are only recorded here (dead ranges);
 * dead_bytes.c removes them at the end.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linker_internal.h"
#include "sections.h"
#include "type_match.h"
#include "../lib/mem.h"

static struct dst_sec *find_dst_sec(struct bk_linker *l, const char *name)
{
	uintptr_t id;

	if (!bk_hashmap__find(l->sec_by_name, (uintptr_t)name, &id))
		return NULL;
	return &l->secs[id];
}

static bool is_license_sec(const char *name)
{
	return strcmp(name, "license") == 0 || strcmp(name, "version") == 0;
}

static struct dst_sec *add_dst_sec(struct bk_linker *l, const char *name,
				   int file_idx)
{
	struct dst_sec *sec;
	char *copy = strdup(name);

	if (!copy || bk_ensure_mem((void **)&l->secs, &l->sec_cap,
				   sizeof(*l->secs), l->sec_cnt + 1)) {
		free(copy);
		return NULL;
	}
	sec = &l->secs[l->sec_cnt];
	memset(sec, 0, sizeof(*sec));
	sec->name = copy;
	sec->id = l->sec_cnt;
	sec->ephemeral = true;
	sec->first_file = file_idx;
	sec->is_license = is_license_sec(name);
	if (bk_hashmap__add(l->sec_by_name, (uintptr_t)sec->name, sec->id)) {
		free(copy);
		return NULL;
	}
	l->sec_cnt++;
	return sec;
}

/* The first real input section of a name fixes the output's attributes. */
static void make_real(struct bk_linker *l, struct dst_sec *dst,
		      const struct src_sec *src, int file_idx)
{
	dst->ephemeral = false;
	dst->shdr = src->shdr;
	dst->shdr.sh_addralign = src->shdr.sh_addralign ?: 1;
	dst->shdr.sh_size = 0;
	dst->shdr.sh_offset = 0;
	dst->shdr.sh_link = 0;
	dst->shdr.sh_info = 0;
	dst->is_exec = src->is_exec;
	dst->first_file = file_idx;
	dst->real_seq = l->real_sec_cnt++;
}

static int check_sec_match(struct bk_linker *l, const struct dst_sec *dst,
			   const struct src_obj *obj, const struct src_sec *src)
{
	const char *what = NULL;

	if (dst->shdr.sh_type != src->shdr.sh_type)
		what = "type";
	else if (dst->shdr.sh_flags != src->shdr.sh_flags)
		what = "flags";
	else if (dst->shdr.sh_entsize != src->shdr.sh_entsize)
		what = "entry size";
	if (!what)
		return 0;
	return bk_err(
		l->diag, -EINVAL,
		"%s: section '%s': %s differs from the same section in %s",
		obj->name, src->name, what, bk_ld_file(l, dst->first_file));
}

/* At most 32 bytes of a section as a C string literal, escaped. */
static void escape_bytes(char *buf, size_t cap, const unsigned char *p,
			 size_t size)
{
	size_t i, len = 0;

	for (i = 0; i < size && i < 32 && len + 5 < cap; i++) {
		if (p[i] >= ' ' && p[i] < 0x7f && p[i] != '"' && p[i] != '\\')
			buf[len++] = p[i];
		else
			len += snprintf(buf + len, cap - len, "\\x%02x", p[i]);
	}
	snprintf(buf + len, cap - len, "%s", i < size ? "..." : "");
}

/*
 * Two licenses that print the same ("GPL" and a char[8] holding "GPL"):
 * show what does differ, each size and every byte.
 */
static int license_bytes_differ(struct bk_linker *l, const struct dst_sec *dst,
				const struct src_obj *obj,
				const struct src_sec *src)
{
	char mine[160], theirs[160];

	escape_bytes(mine, sizeof(mine), src->data, src->size);
	escape_bytes(theirs, sizeof(theirs), dst->data, dst->size);
	return bk_err(
		l->diag, -EINVAL,
		"%s: section 'license': %zu bytes \"%s\" differ from %zu bytes \"%s\" in %s",
		obj->name, src->size, mine, dst->size, theirs,
		bk_ld_file(l, dst->first_file));
}

static bool prints_same(const struct dst_sec *dst, const struct src_sec *src)
{
	size_t n1 = strnlen(src->data, src->size);
	size_t n2 = strnlen(dst->data, dst->size);

	return n1 == n2 && memcmp(src->data, dst->data, n1) == 0;
}

/* license/version: keep the first, insist that all others say the same. */
static int merge_license(struct bk_linker *l, struct dst_sec *dst,
			 const struct src_obj *obj, struct src_sec *src)
{
	if (dst->size == src->size &&
	    (!src->size || memcmp(dst->data, src->data, src->size) == 0)) {
		src->skipped = true;
		return 0;
	}
	if (strcmp(dst->name, "license") == 0 && prints_same(dst, src))
		return license_bytes_differ(l, dst, obj, src);
	if (strcmp(dst->name, "license") == 0)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section 'license': '%.*s' differs from '%.*s' in %s",
			obj->name, (int)strnlen(src->data, src->size),
			(const char *)src->data,
			(int)strnlen(dst->data, dst->size),
			(const char *)dst->data,
			bk_ld_file(l, dst->first_file));
	if (dst->size == sizeof(__u32) && src->size == sizeof(__u32)) {
		__u32 mine, theirs;

		memcpy(&mine, src->data, sizeof(mine));
		memcpy(&theirs, dst->data, sizeof(theirs));
		return bk_err(l->diag, -EINVAL,
			      "%s: section '%s': %u differs from %u in %s",
			      obj->name, dst->name, mine, theirs,
			      bk_ld_file(l, dst->first_file));
	}
	return bk_err(l->diag, -EINVAL,
		      "%s: section '%s': content differs from the one in %s",
		      obj->name, dst->name, bk_ld_file(l, dst->first_file));
}

/* BTF describes sections with 32-bit sizes and offsets: so do we. */
#define MAX_SEC_SIZE UINT32_MAX

/*
 * The alignment a section needs: its own, or more if one of its variables'
 * types needs more. clang never writes such a section, but an input that
 * does would otherwise land that variable at an offset its type forbids
 * once the section follows another file's part.
 */
static size_t sec_align(const struct src_obj *obj, const struct src_sec *src)
{
	struct tsrc ts = {.v = obj->btf};
	const struct btf_var_secinfo *vi;
	const struct btf_type *ds;
	size_t a, align = src->shdr.sh_addralign ?: 1;
	int i;

	if (!src->datasec_id)
		return align;
	ds = bk_bview__type(obj->btf, src->datasec_id);
	vi = btf_var_secinfos(ds);
	for (i = 0; i < btf_vlen(ds); i++, vi++) {
		a = bk_ld_type_align(&ts, vi->type);
		if (a > align)
			align = a;
	}
	return align;
}

static int extend_sec(struct bk_linker *l, const struct src_obj *obj,
		      struct dst_sec *dst, struct src_sec *src)
{
	size_t align = sec_align(obj, src);
	size_t off = bk_roundup(dst->size, align);

	if (src->size > MAX_SEC_SIZE || off > MAX_SEC_SIZE - src->size)
		return bk_err(
			l->diag, -E2BIG,
			"%s: section '%s': %zu bytes, linked after %zu, is beyond the 4 GiB a section may hold",
			obj->name, src->name, src->size, off);

	if (align > dst->shdr.sh_addralign)
		dst->shdr.sh_addralign = align;
	src->dst_off = off;
	if (dst->shdr.sh_type != SHT_NOBITS) {
		if (bk_grow_mem(&dst->data, &dst->cap, 1, off + src->size))
			return -ENOMEM;
		if (off > dst->size)
			memset((char *)dst->data + dst->size, 0,
			       off - dst->size);
		if (src->size)
			memcpy((char *)dst->data + off, src->data, src->size);
	}
	dst->size = off + src->size;
	return 0;
}

static int get_dst_sec(struct bk_linker *l, struct src_obj *obj,
		       struct src_sec *src, struct dst_sec **out)
{
	struct dst_sec *dst = find_dst_sec(l, src->name);

	if (!dst) {
		dst = add_dst_sec(l, src->name, obj->file_idx);
		if (!dst)
			return -ENOMEM;
	}
	src->dst_id = dst->id;
	*out = dst;
	return 0;
}

/*
 * Section headers every output has beside the copied sections: null,
 * .strtab, .symtab. Relocation sections, .BTF and .BTF.ext may follow:
 * the writer checks the final count.
 */
#define OWN_OUT_SECS 3

/* Does src make an output section that does not exist yet? */
static bool adds_out_sec(struct bk_linker *l, const struct src_sec *src)
{
	const struct dst_sec *dst;

	if (src->skipped || src->ephemeral)
		return false;
	dst = find_dst_sec(l, src->name);
	return !dst || dst->ephemeral;
}

/*
 * The output has no extended section numbering: it holds fewer than
 * SHN_LORESERVE sections. An input's section headers tell how many output
 * sections it adds (its names are unique), so a link that cannot fit
 * stops as soon as the input is opened, before any work on it. Only when
 * the input's whole count might not fit are its names looked up.
 */
int bk_ld_check_out_sec_cnt(struct bk_linker *l, const struct src_obj *obj)
{
	size_t i, added = 0, room = SHN_LORESERVE - OWN_OUT_SECS;

	if (l->real_sec_cnt + obj->sec_cnt < room)
		return 0;
	for (i = 1; i < obj->sec_cnt; i++)
		added += adds_out_sec(l, &obj->secs[i]);
	if (l->real_sec_cnt + added < room)
		return 0;
	return bk_err(
		l->diag, -E2BIG,
		"%s: the output would have %zu sections or more, beyond the %d an object holds without extended section numbering",
		obj->name, l->real_sec_cnt + added + OWN_OUT_SECS,
		SHN_LORESERVE - 1);
}

static int append_one_sec(struct bk_linker *l, struct src_obj *obj,
			  struct src_sec *src)
{
	struct dst_sec *dst;
	int err;

	err = get_dst_sec(l, obj, src, &dst);
	if (err || src->ephemeral)
		return err;
	if (dst->ephemeral) {
		make_real(l, dst, src, obj->file_idx);
	} else {
		err = check_sec_match(l, dst, obj, src);
		if (err)
			return err;
		if (dst->is_license) {
			err = merge_license(l, dst, obj, src);
			if (err || src->skipped) {
				src->dst_id = -1;
				return err;
			}
		}
	}
	return extend_sec(l, obj, dst, src);
}

int bk_ld_append_sec_data(struct bk_linker *l, struct src_obj *obj)
{
	size_t i;
	int err;

	for (i = 1; i < obj->sec_cnt; i++) {
		struct src_sec *src = &obj->secs[i];

		if (src->skipped)
			continue;
		err = append_one_sec(l, obj, src);
		if (err == -ENOMEM)
			return bk_err(l->diag, err, "%s: out of memory",
				      obj->name);
		if (err)
			return err;
	}
	return 0;
}
