// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * BTF inputs that clang cannot produce, for the btf dump tests:
 *
 *   btf_gen kinds OUT          raw BTF with every kind, ENUM64 included
 *                              (clang 14 emits none), with unsigned values
 *                              above INT64_MAX and signed negative ones
 *   btf_gen names OUT          raw BTF whose names need JSON escaping
 *   btf_gen deep N OUT         raw BTF with a chain of N pointers
 *   btf_gen split BASE OUT     raw split BTF on top of raw BTF BASE
 *   btf_gen mutate IN OUT M    IN (ELF object or raw BTF) with the .BTF or
 *                              .BTF.ext bytes corrupted by mutation M
 *   btf_gen flip IN OUT SEED   IN with one pseudo-random bit of .BTF flipped
 *   btf_gen list               the mutation names, one a line; those
 *                              named c-* leave valid BTF that is too
 *                              big to print as C; those named ok-* change
 *                              .BTF.ext the way libbpf 1.1 still links
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "btf/btf.h"
#include "elf/elf.h"
#include "lib/file.h"

static void __printf(1, 2) __noreturn die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "btf_gen: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

static void check(int ret, const char *what)
{
	if (ret < 0)
		die("libbpf failed to add %s", what);
}

static void write_file(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		die("cannot write %s", path);
}

static void write_btf(struct btf *btf, const char *path)
{
	const void *data;
	__u32 size;

	data = btf__raw_data(btf, &size);
	if (!data)
		die("cannot serialize BTF for %s", path);
	write_file(path, data, size);
}

static void gen_kinds(const char *out)
{
	struct btf *btf = btf__new_empty();
	int i32, u64, chr, ptr, arr, st, un, proto, vproto, f, v, flt, ext;

	if (!btf)
		die("out of memory");
	check(i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED), "int");
	check(u64 = btf__add_int(btf, "unsigned long long", 8, 0), "u64");
	check(chr = btf__add_int(btf, "char", 1, BTF_INT_CHAR), "char");
	check(btf__add_int(btf, "_Bool", 1, BTF_INT_BOOL), "bool");
	check(ptr = btf__add_ptr(btf, i32), "ptr");
	check(arr = btf__add_array(btf, i32, chr, 16), "array");
	check(st = btf__add_struct(btf, "gen_struct", 16), "struct");
	check(btf__add_field(btf, "a", i32, 0, 3), "bitfield");
	check(btf__add_field(btf, "b", i32, 3, 5), "bitfield");
	check(btf__add_field(btf, "p", ptr, 64, 0), "field");
	check(un = btf__add_union(btf, "gen_union", 8), "union");
	check(btf__add_field(btf, "i", i32, 0, 0), "field");
	check(btf__add_field(btf, "flag", i32, 0, 1), "bitfield");
	check(btf__add_enum(btf, "gen_enum", 4), "enum");
	check(btf__add_enum_value(btf, "GEN_NEG", -5), "enum value");
	check(btf__add_enum_value(btf, "GEN_POS", 7), "enum value");
	check(btf__add_enum(btf, "gen_uenum", 4), "enum");
	check(btf__add_enum_value(btf, "GEN_U_HIGH", 0xfffffff0), "enum value");
	check(btf__add_enum64(btf, "gen_enum64", 8, false), "enum64");
	check(btf__add_enum64_value(btf, "GEN64_MAX", UINT64_MAX), "value");
	check(btf__add_enum64_value(btf, "GEN64_TOP", 1ULL << 63), "value");
	check(btf__add_enum64_value(btf, "GEN64_SMALL", 42), "value");
	check(btf__add_enum64(btf, "gen_senum64", 8, true), "enum64");
	check(btf__add_enum64_value(btf, "GEN64_MIN", (__u64)INT64_MIN), "val");
	check(btf__add_enum64_value(btf, "GEN64_MINUS_ONE", (__u64)-1LL),
	      "val");
	check(btf__add_fwd(btf, "gen_fwd", BTF_FWD_STRUCT), "fwd");
	check(btf__add_fwd(btf, "gen_fwd_union", BTF_FWD_UNION), "fwd");
	check(btf__add_typedef(btf, "gen_u64", u64), "typedef");
	check(btf__add_volatile(btf, i32), "volatile");
	check(btf__add_const(btf, chr), "const");
	check(btf__add_restrict(btf, ptr), "restrict");
	check(btf__add_type_tag(btf, "user", i32), "type tag");
	check(flt = btf__add_float(btf, "double", 8), "float");
	check(proto = btf__add_func_proto(btf, i32), "proto");
	check(btf__add_func_param(btf, "x", i32), "param");
	check(btf__add_func_param(btf, "s", st), "param");
	check(vproto = btf__add_func_proto(btf, 0), "proto");
	check(btf__add_func_param(btf, "fmt", ptr), "param");
	check(btf__add_func_param(btf, NULL, 0), "varargs");
	check(f = btf__add_func(btf, "gen_global", BTF_FUNC_GLOBAL, proto),
	      "f");
	check(btf__add_decl_tag(btf, "func_tag", f, -1), "decl tag");
	check(btf__add_decl_tag(btf, "param_tag", f, 1), "decl tag");
	check(btf__add_func(btf, "gen_static", BTF_FUNC_STATIC, proto), "f");
	check(ext = btf__add_func(btf, "gen_extern", BTF_FUNC_EXTERN, vproto),
	      "f");
	check(btf__add_decl_tag(btf, "member_tag", st, 2), "decl tag");
	check(v = btf__add_var(btf, "gen_bss", BTF_VAR_GLOBAL_ALLOCATED, st),
	      "var");
	check(btf__add_decl_tag(btf, "var_tag", v, -1), "decl tag");
	check(btf__add_datasec(btf, ".bss", 24), "datasec");
	check(btf__add_datasec_var_info(btf, v, 0, 16), "var info");
	check(v = btf__add_var(btf, "gen_static", BTF_VAR_STATIC, flt), "var");
	check(btf__add_datasec(btf, ".data", 8), "datasec");
	check(btf__add_datasec_var_info(btf, v, 0, 8), "var info");
	check(v = btf__add_var(btf, "gen_ro", BTF_VAR_GLOBAL_ALLOCATED, arr),
	      "var");
	check(btf__add_datasec(btf, ".rodata", 16), "datasec");
	check(btf__add_datasec_var_info(btf, v, 0, 16), "var info");
	check(v = btf__add_var(btf, "CONFIG_GEN", BTF_VAR_GLOBAL_EXTERN, i32),
	      "var");
	check(btf__add_datasec(btf, ".kconfig", 0), "datasec");
	check(btf__add_datasec_var_info(btf, v, 0, 4), "var info");
	check(btf__add_datasec(btf, ".ksyms", 0), "datasec");
	check(btf__add_datasec_var_info(btf, ext, 0, 0), "var info");
	check(v = btf__add_var(btf, "gen_map", BTF_VAR_GLOBAL_ALLOCATED, un),
	      "var");
	check(btf__add_datasec(btf, ".maps", 8), "datasec");
	check(btf__add_datasec_var_info(btf, v, 0, 8), "var info");
	write_btf(btf, out);
	btf__free(btf);
}

/* Names JSON must escape or sanitize: quotes, controls, UTF-8, non-UTF-8. */
static void gen_names(const char *out)
{
	struct btf *btf = btf__new_empty();
	int i;

	if (!btf)
		die("out of memory");
	check(i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED), "int");
	check(btf__add_struct(btf, "quote\"back\\slash", 16), "struct");
	check(btf__add_field(btf, "tab\tnl\ncr\rbell\a", i, 0, 0), "field");
	check(btf__add_field(btf, "caf\xc3\xa9", i, 32, 0), "field");
	check(btf__add_field(btf, "bad\xff\xfeutf8", i, 64, 0), "field");
	check(btf__add_field(btf, "trunc\xc3", i, 96, 0), "field");
	write_btf(btf, out);
	btf__free(btf);
}

static void gen_deep(int depth, const char *out)
{
	struct btf *btf = btf__new_empty();
	int id, i;

	if (!btf)
		die("out of memory");
	check(id = btf__add_int(btf, "int", 4, BTF_INT_SIGNED), "int");
	for (i = 0; i < depth; i++)
		check(id = btf__add_ptr(btf, id), "ptr");
	check(btf__add_typedef(btf, "deep_t", id), "typedef");
	write_btf(btf, out);
	btf__free(btf);
}

static void gen_split(const char *base_path, const char *out)
{
	struct btf *base = btf__parse_raw(base_path), *btf;
	int id;

	if (!base)
		die("cannot parse %s", base_path);
	btf = btf__new_empty_split(base);
	if (!btf)
		die("out of memory");
	/* Reference base types (IDs 1 and 5) and base strings ("int"). */
	check(id = btf__add_struct(btf, "split_struct", 16), "struct");
	check(btf__add_field(btf, "base_int", 1, 0, 0), "field");
	check(btf__add_field(btf, "base_ptr", 5, 64, 0), "field");
	check(btf__add_typedef(btf, "int", id), "typedef");
	write_btf(btf, out);
	btf__free(btf);
	btf__free(base);
}

/* Mutations ----------------------------------------------------------------*/

struct input {
	char *buf;
	size_t size;
	size_t btf_off; /* .BTF within buf */
	size_t btf_size;
	size_t ext_off; /* .BTF.ext within buf, if ext_size */
	size_t ext_size;
	size_t btf_name_off; /* the "F" of the .BTF section name, ELF only */
	size_t ext_name_off; /* the "e" of ".BTF.ext", ELF only */
	struct btf *btf;     /* parsed copy, to find types */
};

static __u32 *u32_at(struct input *in, size_t off)
{
	if (off + sizeof(__u32) > in->size)
		die("mutation beyond the input");
	return (__u32 *)(in->buf + off);
}

static struct btf_header *btf_hdr(struct input *in)
{
	return (struct btf_header *)(in->buf + in->btf_off);
}

/* File offset of type id's record. */
static size_t type_off(struct input *in, __u32 id)
{
	__u32 size;
	const char *raw = btf__raw_data(in->btf, &size);

	return in->btf_off + ((const char *)btf__type_by_id(in->btf, id) - raw);
}

static __u32 find_kind(struct input *in, __u32 kind, __u32 skip)
{
	__u32 id;

	for (id = 1; id < btf__type_cnt(in->btf); id++) {
		if (btf_kind(btf__type_by_id(in->btf, id)) == kind && !skip--)
			return id;
	}
	die("input has no type of kind %s", bk_btf__kind_str(kind));
	return 0;
}

static struct btf_type *type_rec(struct input *in, __u32 id)
{
	return (struct btf_type *)(in->buf + type_off(in, id));
}

/* .BTF.ext: offset of the first section entry of info block kind (0-2). */
static size_t ext_first_sec(struct input *in, int kind)
{
	const struct bk_btf_ext_header *h =
		(const void *)(in->buf + in->ext_off);
	__u32 off[] = {h->func_info_off, h->line_info_off, h->core_relo_off};
	__u32 len[] = {h->func_info_len, h->line_info_len, h->core_relo_len};

	if (!in->ext_size || !len[kind])
		die("input has no .BTF.ext block #%d", kind);
	return in->ext_off + h->hdr_len + off[kind] + sizeof(__u32);
}

/* First record of the first section of info block kind. */
static __u32 *ext_first_rec(struct input *in, int kind)
{
	return u32_at(in, ext_first_sec(in, kind) + 2 * sizeof(__u32));
}

static void mutate(struct input *in, const char *m)
{
	struct btf_header *h = btf_hdr(in);
	char *strs = (char *)h + h->hdr_len + h->str_off;
	struct btf_type *t;

	if (!strcmp(m, "hdr-magic"))
		h->magic = 0x1234;
	else if (!strcmp(m, "hdr-byte-order"))
		h->magic = __builtin_bswap16(BTF_MAGIC);
	else if (!strcmp(m, "hdr-version"))
		h->version = 2;
	else if (!strcmp(m, "hdr-flags"))
		h->flags = 1;
	else if (!strcmp(m, "hdr-len-short"))
		h->hdr_len = 8;
	else if (!strcmp(m, "hdr-len-huge"))
		h->hdr_len = 0x7fffffff;
	else if (!strcmp(m, "type-len-huge"))
		h->type_len = 0x7ffffff0;
	else if (!strcmp(m, "str-len-huge"))
		h->str_len = 0x7fffffff;
	else if (!strcmp(m, "str-off-overlap"))
		h->str_off = 0;
	else if (!strcmp(m, "type-off-unaligned"))
		h->type_off += 2, h->type_len -= 2;
	else if (!strcmp(m, "type-len-cut"))
		h->type_len -= 4;
	else if (!strcmp(m, "str-no-nul"))
		strs[h->str_len - 1] = 'x';
	else if (!strcmp(m, "str-first-not-empty"))
		strs[0] = 'x';
	else if (!strcmp(m, "kind-unknown"))
		type_rec(in, 1)->info |= 0x1f << 24;
	else if (!strcmp(m, "info-reserved-bit"))
		type_rec(in, 1)->info |= 1 << 20;
	else if (!strcmp(m, "struct-vlen-huge"))
		type_rec(in, find_kind(in, BTF_KIND_STRUCT, 0))->info |= 0xffff;
	else if (!strcmp(m, "name-off-huge"))
		type_rec(in, find_kind(in, BTF_KIND_INT, 0))->name_off =
			0xffffff;
	else if (!strcmp(m, "ptr-target-huge"))
		type_rec(in, find_kind(in, BTF_KIND_PTR, 0))->type = 0xfffff;
	else if (!strcmp(m, "ptr-self-loop"))
		t = type_rec(in, find_kind(in, BTF_KIND_PTR, 0)),
		t->type = find_kind(in, BTF_KIND_PTR, 0);
	else if (!strcmp(m, "typedef-self-loop"))
		t = type_rec(in, find_kind(in, BTF_KIND_TYPEDEF, 0)),
		t->type = find_kind(in, BTF_KIND_TYPEDEF, 0);
	else if (!strcmp(m, "struct-embeds-itself"))
		t = type_rec(in, find_kind(in, BTF_KIND_STRUCT, 0)),
		btf_members(t)->type = find_kind(in, BTF_KIND_STRUCT, 0);
	else if (!strcmp(m, "member-type-huge"))
		btf_members(type_rec(in, find_kind(in, BTF_KIND_STRUCT, 0)))
			->type = 99999;
	else if (!strcmp(m, "member-name-huge"))
		btf_members(type_rec(in, find_kind(in, BTF_KIND_STRUCT, 0)))
			->name_off = 0xfffff0;
	else if (!strcmp(m, "func-not-proto"))
		type_rec(in, find_kind(in, BTF_KIND_FUNC, 0))->type =
			find_kind(in, BTF_KIND_INT, 0);
	else if (!strcmp(m, "func-linkage"))
		type_rec(in, find_kind(in, BTF_KIND_FUNC, 0))->info |= 7;
	else if (!strcmp(m, "datasec-not-var"))
		btf_var_secinfos(
			type_rec(in, find_kind(in, BTF_KIND_DATASEC, 0)))
			->type = find_kind(in, BTF_KIND_INT, 0);
	else if (!strcmp(m, "var-void"))
		type_rec(in, find_kind(in, BTF_KIND_VAR, 0))->type = 0;
	else if (!strcmp(m, "var-linkage"))
		btf_var(type_rec(in, find_kind(in, BTF_KIND_VAR, 0)))->linkage =
			9;
	else if (!strcmp(m, "decl-tag-idx"))
		btf_decl_tag(type_rec(in, find_kind(in, BTF_KIND_DECL_TAG, 0)))
			->component_idx = 1000;
	else if (!strcmp(m, "int-size"))
		type_rec(in, find_kind(in, BTF_KIND_INT, 0))->size = 3;
	else if (!strcmp(m, "int-kflag"))
		type_rec(in, find_kind(in, BTF_KIND_INT, 0))->info |= 1U << 31;
	else if (!strcmp(m, "enum-size"))
		type_rec(in, find_kind(in, BTF_KIND_ENUM, 0))->size = 3;
	else if (!strcmp(m, "array-void-elem"))
		btf_array(type_rec(in, find_kind(in, BTF_KIND_ARRAY, 0)))
			->type = 0;
	else if (!strcmp(m, "member-fwd"))
		btf_members(type_rec(in, find_kind(in, BTF_KIND_STRUCT, 0)))
			->type = find_kind(in, BTF_KIND_FWD, 0);
	else if (!strcmp(m, "member-const-fwd"))
		type_rec(in, find_kind(in, BTF_KIND_CONST, 0))
			->type = find_kind(in, BTF_KIND_FWD, 0),
		     btf_members(
			     type_rec(in, find_kind(in, BTF_KIND_STRUCT, 0)))
			     ->type = find_kind(in, BTF_KIND_CONST, 0);
	else if (!strcmp(m, "array-elem-fwd"))
		btf_array(type_rec(in, find_kind(in, BTF_KIND_ARRAY, 0)))
			->type = find_kind(in, BTF_KIND_FWD, 0);
	else if (!strcmp(m, "array-index-struct"))
		btf_array(type_rec(in, find_kind(in, BTF_KIND_ARRAY, 0)))
			->index_type = find_kind(in, BTF_KIND_STRUCT, 0);
	else if (!strcmp(m, "proto-param-func-loop"))
		t = type_rec(in, find_kind(in, BTF_KIND_FUNC, 0)),
		btf_params(type_rec(in, t->type))->type =
			find_kind(in, BTF_KIND_FUNC, 0);
	else if (!strcmp(m, "ext-magic") && in->ext_size)
		*(__u16 *)(in->buf + in->ext_off) = 1;
	else if (!strcmp(m, "ext-rec-size"))
		*u32_at(in, ext_first_sec(in, 0) - sizeof(__u32)) = 4;
	else if (!strcmp(m, "ext-no-records"))
		*u32_at(in, ext_first_sec(in, 0) + sizeof(__u32)) = 0;
	else if (!strcmp(m, "ext-records-huge"))
		*u32_at(in, ext_first_sec(in, 1) + sizeof(__u32)) = 0x10000000;
	else if (!strcmp(m, "ext-sec-name-huge"))
		*u32_at(in, ext_first_sec(in, 0)) = 0xfffffff;
	else if (!strcmp(m, "ext-sec-not-code"))
		*u32_at(in, ext_first_sec(in, 0)) =
			btf__find_str(in->btf, "license");
	else if (!strcmp(m, "ext-sec-missing"))
		*u32_at(in, ext_first_sec(in, 0)) =
			btf__find_str(in->btf, "int");
	else if (!strcmp(m, "ok-ext-func-not-func"))
		ext_first_rec(in, 0)[1] = find_kind(in, BTF_KIND_INT, 0);
	else if (!strcmp(m, "ok-ext-insn-unaligned"))
		ext_first_rec(in, 0)[0] = 3;
	else if (!strcmp(m, "ext-insn-beyond"))
		ext_first_rec(in, 1)[0] = 0x7ffffff8;
	else if (!strcmp(m, "ext-line-str-huge"))
		ext_first_rec(in, 1)[1] = 0xfffffff;
	else if (!strcmp(m, "ok-ext-relo-kind"))
		ext_first_rec(in, 2)[3] = 99;
	else if (!strcmp(m, "ext-relo-type-huge"))
		ext_first_rec(in, 2)[1] = 99999;
	else if (!strcmp(m, "member-offset-huge"))
		btf_members(type_rec(in, find_kind(in, BTF_KIND_STRUCT, 0)))
			->offset = 0xfffff0;
	else if (!strcmp(m, "c-struct-size-huge"))
		type_rec(in, find_kind(in, BTF_KIND_STRUCT, 0))->size = 1U
									<< 28;
	else if (!strcmp(m, "elf-no-btf") && in->btf_name_off)
		in->buf[in->btf_name_off] = 'X';
	else if (!strcmp(m, "elf-no-btf-ext") && in->ext_name_off)
		in->buf[in->ext_name_off] = 'X';
	else if (!strncmp(m, "elf-", 4))
		die("'%s' needs an ELF object with that section", m);
	else
		die("unknown mutation '%s'", m);
}

static const char *const mutations[] = {
	"hdr-magic",
	"hdr-byte-order",
	"hdr-version",
	"hdr-flags",
	"hdr-len-short",
	"hdr-len-huge",
	"type-len-huge",
	"str-len-huge",
	"str-off-overlap",
	"type-off-unaligned",
	"type-len-cut",
	"str-no-nul",
	"str-first-not-empty",
	"kind-unknown",
	"info-reserved-bit",
	"struct-vlen-huge",
	"name-off-huge",
	"ptr-target-huge",
	"ptr-self-loop",
	"typedef-self-loop",
	"struct-embeds-itself",
	"member-type-huge",
	"member-name-huge",
	"func-not-proto",
	"func-linkage",
	"datasec-not-var",
	"var-void",
	"var-linkage",
	"decl-tag-idx",
	"int-size",
	"int-kflag",
	"enum-size",
	"array-void-elem",
	"ext-magic",
	"ext-rec-size",
	"ext-no-records",
	"ext-records-huge",
	"ext-sec-name-huge",
	"ext-sec-not-code",
	"ext-sec-missing",
	"ext-insn-beyond",
	"ext-line-str-huge",
	"ext-relo-type-huge",
	"ok-ext-func-not-func",
	"ok-ext-insn-unaligned",
	"ok-ext-relo-kind",
	"elf-no-btf",
	"elf-no-btf-ext",
	"member-offset-huge",
	"c-struct-size-huge",
	"member-fwd",
	"member-const-fwd",
	"array-elem-fwd",
	"array-index-struct",
	"proto-param-func-loop",
};

static void load_input(const char *path, struct input *in)
{
	const struct bk_elf_sec *sec;
	struct bk_elf *elf;
	void *buf;

	memset(in, 0, sizeof(*in));
	if (bk_read_file(path, &buf, &in->size, NULL))
		die("cannot read %s", path);
	in->buf = buf;
	in->btf_size = in->size;
	if (bk_elf__is_elf(buf, in->size)) {
		elf = bk_elf__open_mem(buf, in->size, path, 0, NULL);
		sec = elf ? bk_elf__find_sec(elf, ".BTF") : NULL;
		if (!sec || !sec->data)
			die("%s has no .BTF", path);
		in->btf_off = sec->shdr.sh_offset;
		in->btf_size = sec->size;
		/* ".BTF" may be the tail of ".rel.BTF": either way, +3 */
		in->btf_name_off =
			bk_elf__sec(elf, bk_elf__ehdr(elf)->e_shstrndx)
				->shdr.sh_offset +
			sec->shdr.sh_name + 3;
		sec = bk_elf__find_sec(elf, ".BTF.ext");
		if (sec && sec->data) {
			in->ext_off = sec->shdr.sh_offset;
			in->ext_size = sec->size;
			in->ext_name_off =
				bk_elf__sec(elf, bk_elf__ehdr(elf)->e_shstrndx)
					->shdr.sh_offset +
				sec->shdr.sh_name + 5;
		}
		bk_elf__free(elf);
	}
	in->btf = btf__new(in->buf + in->btf_off, in->btf_size);
	if (!in->btf)
		die("libbpf cannot parse the BTF of %s", path);
}

int main(int argc, char **argv)
{
	struct input in;
	size_t i, bit;

	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (i = 0; i < ARRAY_SIZE(mutations); i++)
			puts(mutations[i]);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "kinds")) {
		gen_kinds(argv[2]);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "names")) {
		gen_names(argv[2]);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "deep")) {
		gen_deep(atoi(argv[2]), argv[3]);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "split")) {
		gen_split(argv[2], argv[3]);
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "mutate")) {
		load_input(argv[2], &in);
		mutate(&in, argv[4]);
		write_file(argv[3], in.buf, in.size);
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "flip")) {
		load_input(argv[2], &in);
		srand(atoi(argv[4]));
		bit = ((size_t)rand() * RAND_MAX + rand()) % (in.btf_size * 8);
		in.buf[in.btf_off + bit / 8] ^= 1 << (bit % 8);
		write_file(argv[3], in.buf, in.size);
		return 0;
	}
	fprintf(stderr,
		"usage: btf_gen { kinds OUT | names OUT | deep N OUT | split BASE OUT | mutate IN OUT M | flip IN OUT SEED | list }\n");
	return 2;
}
