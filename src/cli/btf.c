// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit btf { show | list | dump | help }
 *
 * The raw dump prints bpftool's lines byte for byte and bpftool's JSON keys.
 * A vmlinux dump is over a hundred thousand types and a million fields, more
 * than out.h's JSON tree should hold at once: types are printed through
 * out.h's streaming output, which keeps the one-call-per-field shape. BTF is fully validated before the first byte is written, so a
 * stream is never cut short by a bad input. The .BTF.ext dump is streamed
 * too, checked whole before its first byte is printed.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "main.h"
#include "../btf/btf.h"
#include "../prog/btf_list.h"

static int do_help(int argc, char **argv)
{
	if (json_output) {
		out_null(NULL);
		return 0;
	}

	fprintf(stderr,
		"Usage: %1$s %2$s { show | list } [id BTF_ID]\n"
		"       %1$s %2$s dump BTF_SRC [format FORMAT]\n"
		"       %1$s %2$s dump file FILE ext\n"
		"       %1$s %2$s help\n"
		"\n"
		"       BTF_SRC := { id BTF_ID | file FILE }\n"
		"       FORMAT := { raw | c }\n"
		"       " HELP_SPEC_OPTIONS "\n"
		"",
		bin_name, "btf");
	return 0;
}

/* Raw dump -----------------------------------------------------------------*/

static const char *btf_str(const struct btf *btf, __u32 off)
{
	if (!off)
		return "(anon)";
	return btf__name_by_offset(btf, off) ?: "(invalid)";
}

static const char *int_encoding_str(__u8 encoding)
{
	switch (encoding) {
	case 0:
		return "(none)";
	case BTF_INT_SIGNED:
		return "SIGNED";
	case BTF_INT_CHAR:
		return "CHAR";
	case BTF_INT_BOOL:
		return "BOOL";
	default:
		return "UNKN";
	}
}

static const char *linkage_str(__u32 linkage)
{
	/* BTF_VAR_* and BTF_FUNC_* share their values */
	switch (linkage) {
	case BTF_VAR_STATIC:
		return "static";
	case BTF_VAR_GLOBAL_ALLOCATED:
		return "global";
	case BTF_VAR_GLOBAL_EXTERN:
		return "extern";
	default:
		return "(unknown)";
	}
}

static void dump_members(struct out_stream *w, const struct btf *btf,
			 const struct btf_type *t)
{
	const struct btf_member *m = btf_members(t);
	__u32 i, bit_off, bit_sz;

	out_stream_u64(w, "size", " size=%u", t->size);
	out_stream_u64(w, "vlen", " vlen=%u", btf_vlen(t));
	out_stream_open(w, "members", false);
	for (i = 0; i < btf_vlen(t); i++, m++) {
		bit_off = btf_member_bit_offset(t, i);
		bit_sz = btf_member_bitfield_size(t, i);
		out_stream_open(w, NULL, true);
		out_stream_str(w, "name", "\n\t'%s'",
			       btf_str(btf, m->name_off));
		out_stream_u64(w, "type_id", " type_id=%u", m->type);
		out_stream_u64(w, "bits_offset", " bits_offset=%u", bit_off);
		if (bit_sz)
			out_stream_u64(w, "bitfield_size", " bitfield_size=%u",
				       bit_sz);
		out_stream_close(w);
	}
	out_stream_close(w);
}

/*
 * bpftool prints 32-bit unsigned values in JSON sign-extended to 64 bits
 * (0xffffffff as 18446744073709551615); here they are the u32 the text shows.
 */
static void dump_enum(struct out_stream *w, const struct btf *btf,
		      const struct btf_type *t)
{
	bool is_signed = btf_kflag(t), is64 = btf_is_enum64(t);
	__u32 i, name_off;
	__u64 val;

	out_stream_str(w, "encoding", " encoding=%s",
		       is_signed ? "SIGNED" : "UNSIGNED");
	out_stream_u64(w, "size", " size=%u", t->size);
	out_stream_u64(w, "vlen", " vlen=%u", btf_vlen(t));
	out_stream_open(w, "values", false);
	for (i = 0; i < btf_vlen(t); i++) {
		if (is64) {
			name_off = btf_enum64(t)[i].name_off;
			val = btf_enum64_value(&btf_enum64(t)[i]);
		} else {
			name_off = btf_enum(t)[i].name_off;
			val = is_signed ? (__u64)(__s64)btf_enum(t)[i].val
					: (__u32)btf_enum(t)[i].val;
		}
		out_stream_open(w, NULL, true);
		out_stream_str(w, "name", "\n\t'%s'", btf_str(btf, name_off));
		if (is_signed)
			out_stream_s64(w, "val",
				       is64 ? " val=%lldLL" : " val=%d",
				       (__s64)val);
		else
			out_stream_u64(w, "val",
				       is64 ? " val=%lluULL" : " val=%u", val);
		out_stream_close(w);
	}
	out_stream_close(w);
}

static void dump_func_proto(struct out_stream *w, const struct btf *btf,
			    const struct btf_type *t)
{
	const struct btf_param *p = btf_params(t);
	__u32 i;

	out_stream_u64(w, "ret_type_id", " ret_type_id=%u", t->type);
	out_stream_u64(w, "vlen", " vlen=%u", btf_vlen(t));
	out_stream_open(w, "params", false);
	for (i = 0; i < btf_vlen(t); i++, p++) {
		out_stream_open(w, NULL, true);
		out_stream_str(w, "name", "\n\t'%s'",
			       btf_str(btf, p->name_off));
		out_stream_u64(w, "type_id", " type_id=%u", p->type);
		out_stream_close(w);
	}
	out_stream_close(w);
}

/* The referenced type's kind and name: bpftool's text, and our JSON too. */
static void dump_ref_kind_name(struct out_stream *w, const struct btf *btf,
			       __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	out_stream_str(w, "kind", " (%s", bk_btf__kind_str(btf_kind(t)));
	out_stream_str(w, "name", " '%s')", btf_str(btf, t->name_off));
}

static void dump_datasec(struct out_stream *w, const struct btf *btf,
			 const struct btf_type *t)
{
	const struct btf_var_secinfo *v = btf_var_secinfos(t);
	__u32 i;

	out_stream_u64(w, "size", " size=%u", t->size);
	out_stream_u64(w, "vlen", " vlen=%u", btf_vlen(t));
	out_stream_open(w, "vars", false);
	for (i = 0; i < btf_vlen(t); i++, v++) {
		out_stream_open(w, NULL, true);
		out_stream_u64(w, "type_id", "\n\ttype_id=%u", v->type);
		out_stream_u64(w, "offset", " offset=%u", v->offset);
		out_stream_u64(w, "size", " size=%u", v->size);
		dump_ref_kind_name(w, btf, v->type);
		out_stream_close(w);
	}
	out_stream_close(w);
}

static void dump_type(struct out_stream *w, const struct btf *btf, __u32 id,
		      const struct btf_type *t)
{
	__u32 kind = btf_kind(t), v;

	out_stream_open(w, NULL, true);
	out_stream_u64(w, "id", "[%u] ", id);
	out_stream_str(w, "kind", "%s ", bk_btf__kind_str(kind));
	out_stream_str(w, "name", "'%s'", btf_str(btf, t->name_off));
	switch (kind) {
	case BTF_KIND_INT:
		v = *(const __u32 *)(t + 1);
		out_stream_u64(w, "size", " size=%u", t->size);
		out_stream_u64(w, "bits_offset", " bits_offset=%u",
			       BTF_INT_OFFSET(v));
		out_stream_u64(w, "nr_bits", " nr_bits=%u", BTF_INT_BITS(v));
		out_stream_str(w, "encoding", " encoding=%s",
			       int_encoding_str(BTF_INT_ENCODING(v)));
		break;
	case BTF_KIND_PTR:
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_TYPE_TAG:
		out_stream_u64(w, "type_id", " type_id=%u", t->type);
		break;
	case BTF_KIND_ARRAY:
		out_stream_u64(w, "type_id", " type_id=%u", btf_array(t)->type);
		out_stream_u64(w, "index_type_id", " index_type_id=%u",
			       btf_array(t)->index_type);
		out_stream_u64(w, "nr_elems", " nr_elems=%u",
			       btf_array(t)->nelems);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		dump_members(w, btf, t);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		dump_enum(w, btf, t);
		break;
	case BTF_KIND_FWD:
		out_stream_str(w, "fwd_kind", " fwd_kind=%s",
			       btf_kflag(t) ? "union" : "struct");
		break;
	case BTF_KIND_FUNC:
		out_stream_u64(w, "type_id", " type_id=%u", t->type);
		out_stream_str(w, "linkage", " linkage=%s",
			       linkage_str(btf_vlen(t)));
		break;
	case BTF_KIND_FUNC_PROTO:
		dump_func_proto(w, btf, t);
		break;
	case BTF_KIND_VAR:
		out_stream_u64(w, "type_id", " type_id=%u,", t->type);
		out_stream_str(w, "linkage", " linkage=%s",
			       linkage_str(btf_var(t)->linkage));
		break;
	case BTF_KIND_DATASEC:
		dump_datasec(w, btf, t);
		break;
	case BTF_KIND_FLOAT:
		out_stream_u64(w, "size", " size=%u", t->size);
		break;
	case BTF_KIND_DECL_TAG:
		out_stream_u64(w, "type_id", " type_id=%u", t->type);
		out_stream_s64(w, "component_idx", " component_idx=%d",
			       btf_decl_tag(t)->component_idx);
		break;
	default:
		break;
	}
	out_stream_close(w);
	out_stream_plain(w, "\n");
}

static void dump_raw(const struct btf *btf)
{
	struct out_stream *w = out_stream_start();
	const struct btf_type *t;
	__u32 id;

	out_stream_open(w, NULL, true);
	out_stream_open(w, "types", false);
	bk_for_each_type(id, t, btf)
		dump_type(w, btf, id, t);
	out_stream_close(w);
	out_stream_close(w);
	out_stream_end(w);
}

/* C dump -------------------------------------------------------------------*/

static void __printf(2, 0)
	btf_dump_printf(void *ctx, const char *fmt, va_list args)
{
	vfprintf(stdout, fmt, args);
}

/*
 * Externs: btf_dump prints types only, so VARs and FUNCs with extern
 * linkage (what an object uses and another object or the loader defines)
 * are declared after the types, "extern" and in their DATASEC's section
 * (.kconfig, .ksyms), as bpf_helpers.h's __kconfig and __ksym place them.
 * Definitions are not printed: a header cannot hold them. vmlinux BTF has
 * no externs, so a vmlinux.h stays bpftool's.
 */
static const char **index_extern_secs(const struct btf *btf)
{
	const char **sec_of = calloc(btf__type_cnt(btf), sizeof(*sec_of));
	const struct btf_type *t;
	__u32 id;
	int i;

	if (!sec_of)
		return NULL;
	bk_for_each_type(id, t, btf) {
		const struct btf_var_secinfo *vi = btf_var_secinfos(t);

		for (i = 0; btf_is_datasec(t) && i < btf_vlen(t); i++, vi++) {
			if (vi->type < btf__type_cnt(btf))
				sec_of[vi->type] =
					btf__name_by_offset(btf, t->name_off);
		}
	}
	return sec_of;
}

static bool is_extern(const struct btf_type *t)
{
	if (btf_is_var(t))
		return btf_var(t)->linkage == BTF_VAR_GLOBAL_EXTERN;
	return btf_is_func(t) && btf_vlen(t) == BTF_FUNC_EXTERN;
}

/* The declarator of a FUNC: "f(void)" where btf_dump would say "f()". */
static char *func_declarator(const struct btf *btf, const struct btf_type *t,
			     __u32 *type_id)
{
	const struct btf_type *proto = btf__type_by_id(btf, t->type);
	const char *name = btf__name_by_offset(btf, t->name_off);
	char *decl;

	*type_id = t->type;
	if (btf_vlen(proto))
		return strdup(name);
	*type_id = proto->type;
	return asprintf(&decl, "%s(void)", name) < 0 ? NULL : decl;
}

static int dump_c_extern(struct btf_dump *d, const struct btf *btf, __u32 id,
			 const char *sec)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, opts);
	char *decl = NULL;
	__u32 type_id = t->type;
	int err;

	if (btf_is_func(t))
		opts.field_name = decl = func_declarator(btf, t, &type_id);
	else
		opts.field_name = btf__name_by_offset(btf, t->name_off);
	if (!opts.field_name)
		return -ENOMEM;
	printf("extern ");
	err = btf_dump__emit_type_decl(d, type_id, &opts);
	if (!err && sec)
		printf(" __attribute__((section(\"%s\")))", sec);
	printf(";\n");
	free(decl);
	return err;
}

static int dump_c_externs(struct btf_dump *d, const struct btf *btf)
{
	const char **sec_of = index_extern_secs(btf);
	const struct btf_type *t;
	bool first = true;
	__u32 id;
	int err = 0;

	if (!sec_of) {
		p_err("out of memory");
		return -ENOMEM;
	}
	bk_for_each_type(id, t, btf) {
		if (!is_extern(t))
			continue;
		if (first)
			printf("/* declarations of BTF linkage extern */\n");
		first = false;
		err = dump_c_extern(d, btf, id, sec_of[id]);
		if (err) {
			p_err("cannot dump extern [%u] as C: %s", id,
			      strerror(-err));
			break;
		}
	}
	if (!first)
		printf("\n");
	free(sec_of);
	return err;
}

/* bpftool's frame, so that the output can replace its vmlinux.h. */
static int dump_c(const struct btf *btf, const char *src)
{
	struct btf_dump *d;
	__u32 id;
	int err;

	err = bk_btf__check_c_output(btf, src, &cli_diag);
	if (err)
		return -1;
	d = btf_dump__new(btf, btf_dump_printf, NULL, NULL);
	if (!d) {
		p_err("cannot start the C dump: %s", strerror(errno));
		return -1;
	}
	printf("#ifndef __VMLINUX_H__\n"
	       "#define __VMLINUX_H__\n"
	       "\n"
	       "#ifndef BPF_NO_PRESERVE_ACCESS_INDEX\n"
	       "#pragma clang attribute push (__attribute__((preserve_access_index)), apply_to = record)\n"
	       "#endif\n\n");
	for (id = 1; id < btf__type_cnt(btf) && !err; id++) {
		err = btf_dump__dump_type(d, id);
		if (err)
			p_err("cannot dump type [%u] as C: %s", id,
			      strerror(-err));
	}
	if (!err)
		err = dump_c_externs(d, btf);
	if (!err)
		printf("#ifndef BPF_NO_PRESERVE_ACCESS_INDEX\n"
		       "#pragma clang attribute pop\n"
		       "#endif\n"
		       "\n"
		       "#endif /* __VMLINUX_H__ */\n");
	btf_dump__free(d);
	return err ? -1 : 0;
}

/* .BTF.ext dump ------------------------------------------------------------*/

static void dump_ext_ref(struct out_stream *w, const struct btf *btf,
			 __u32 type_id)
{
	const struct btf_type *t = btf__type_by_id(btf, type_id);

	out_stream_str(w, "kind", " (%s", bk_btf__kind_str(btf_kind(t)));
	out_stream_str(w, "name", " '%s')", btf_str(btf, t->name_off));
}

static void dump_ext_rec(struct out_stream *w, const struct btf *btf,
			 enum bk_btf_ext_kind kind, const void *rec)
{
	const struct bpf_func_info *fi = rec;
	const struct bpf_line_info *li = rec;
	const struct bpf_core_relo *cr = rec;

	out_stream_open(w, NULL, true);
	out_stream_u64(w, "insn_off", "\tinsn_off=%llu", fi->insn_off);
	switch (kind) {
	case BK_BTF_EXT_FUNC_INFO:
		out_stream_u64(w, "type_id", " type_id=%llu", fi->type_id);
		dump_ext_ref(w, btf, fi->type_id);
		break;
	case BK_BTF_EXT_LINE_INFO:
		out_stream_str(w, "file_name", " file_name='%s'",
			       btf__str_by_offset(btf, li->file_name_off));
		out_stream_u64(w, "line_num", " line_num=%llu",
			       BPF_LINE_INFO_LINE_NUM(li->line_col));
		out_stream_u64(w, "line_col", " line_col=%llu",
			       BPF_LINE_INFO_LINE_COL(li->line_col));
		out_stream_str(w, "line", " line='%s'",
			       btf__str_by_offset(btf, li->line_off));
		break;
	case BK_BTF_EXT_CORE_RELO:
		out_stream_u64(w, "type_id", " type_id=%llu", cr->type_id);
		dump_ext_ref(w, btf, cr->type_id);
		out_stream_str(w, "access_str", " access_str='%s'",
			       btf__str_by_offset(btf, cr->access_str_off));
		out_stream_str(w, "relo_kind", " relo_kind=%s",
			       bk_btf__core_relo_kind_str(cr->kind)
				       ?: "unknown");
		break;
	default:
		break;
	}
	out_stream_plain(w, "\n");
	out_stream_close(w);
}

/* Where the .BTF.ext dump stands: sections arrive a run of records at a
 * time, their kinds in order. */
struct ext_dump {
	struct out_stream *w;
	const struct btf *btf;
	enum bk_btf_ext_kind kind; /* the kind whose array is open */
};

/* Open the arrays of the kinds up to kind (each kind has one, empty or
 * not); BK_BTF_EXT_KIND_CNT closes the last. */
static void dump_ext_kinds_to(struct ext_dump *d, enum bk_btf_ext_kind kind)
{
	for (; d->kind < kind; d->kind++) {
		out_stream_close(d->w);
		if (d->kind + 1 < BK_BTF_EXT_KIND_CNT)
			out_stream_open(d->w, bk_btf_ext__kind_str(d->kind + 1),
					false);
	}
}

static int dump_ext_run(void *ctx, enum bk_btf_ext_kind kind,
			const struct bk_btf_ext_sec *sec)
{
	struct ext_dump *d = ctx;
	struct out_stream *w = d->w;
	__u32 i;

	dump_ext_kinds_to(d, kind);
	if (!sec->run_idx) {
		out_stream_open(w, NULL, true);
		out_stream_plain(w, bk_btf_ext__kind_str(kind));
		out_stream_str(w, "section", " section '%s'", sec->name);
		out_stream_u64(w, "rec_size", " rec_size=%llu", sec->rec_size);
		out_stream_u64(w, "rec_cnt", " rec_cnt=%llu\n", sec->rec_cnt);
		out_stream_open(w, "records", false);
	}
	for (i = 0; i < sec->run_cnt; i++)
		dump_ext_rec(w, d->btf, kind, bk_btf_ext_sec__rec(sec, i));
	if (sec->run_idx + sec->run_cnt == sec->rec_cnt) {
		out_stream_close(w);
		out_stream_close(w);
	}
	return 0;
}

/*
 * Streamed, as the module reads it: a linked object's .BTF.ext is
 * megabytes. Checked whole before (bk_btf__parse_file()), it can still
 * fail here if the file changed since; the output then stops where the
 * change was found, and the error follows.
 */
static int dump_ext(const struct btf *btf, const struct bk_btf_ext *ext)
{
	struct ext_dump d = {.w = out_stream_start(), .btf = btf};
	int err;

	out_stream_open(d.w, NULL, true);
	out_stream_open(d.w, bk_btf_ext__kind_str(0), false);
	err = bk_btf_ext__for_each_sec(ext, dump_ext_run, &d, &cli_diag);
	if (!err) {
		dump_ext_kinds_to(&d, BK_BTF_EXT_KIND_CNT);
		out_stream_close(d.w);
	}
	out_stream_end(d.w);
	return err;
}

/* btf dump -----------------------------------------------------------------*/

enum dump_format { FORMAT_RAW, FORMAT_C, FORMAT_EXT };

static int parse_id(const char *arg, __u32 *id)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(arg, &end, 0);
	if (!*arg || *end || errno || v > UINT32_MAX || arg[0] == '-') {
		p_err("can't parse '%s' as a BTF ID", arg);
		return -1;
	}
	*id = v;
	return 0;
}

static int parse_format(const char *arg, enum dump_format *format)
{
	if (strcmp(arg, "raw") == 0) {
		*format = FORMAT_RAW;
	} else if (strcmp(arg, "c") == 0) {
		*format = FORMAT_C;
	} else {
		p_err("unrecognized format specifier: '%s', possible values: raw, c",
		      arg);
		return -1;
	}
	return 0;
}

struct dump_args {
	const char *file; /* NULL: kernel BTF id */
	__u32 id;
	enum dump_format format;
	char label[32]; /* what messages call the source */
};

/* BTF_SRC [format FORMAT] | file FILE ext */
static int parse_dump_args(int argc, char **argv, struct dump_args *a)
{
	bool has_format = false, want_ext = false;

	if (!REQ_ARGS(2))
		usage();
	if (is_prefix(argv[0], "id")) {
		if (parse_id(argv[1], &a->id))
			return -1;
		snprintf(a->label, sizeof(a->label), "BTF object %u", a->id);
	} else if (is_prefix(argv[0], "file")) {
		a->file = argv[1];
	} else {
		p_err("unrecognized BTF source specifier: '%s'", argv[0]);
		return -1;
	}
	argc -= 2;
	argv += 2;
	while (argc) {
		if (is_prefix(*argv, "format")) {
			NEXT_ARG();
			if (!argc) {
				p_err("expecting value for 'format' option");
				return -1;
			}
			if (parse_format(*argv, &a->format))
				return -1;
			NEXT_ARG();
			has_format = true;
		} else if (is_prefix(*argv, "ext")) {
			NEXT_ARG();
			want_ext = true;
		} else {
			p_err("unrecognized option: '%s'", *argv);
			return -1;
		}
	}
	if (want_ext && !a->file) {
		p_err("'ext' needs a file: kernel BTF has no .BTF.ext");
		return -1;
	}
	if (want_ext && has_format) {
		p_err("'ext' and 'format' cannot be combined");
		return -1;
	}
	if (want_ext)
		a->format = FORMAT_EXT;
	if (a->format == FORMAT_C && json_output) {
		p_err("JSON output for C-syntax dump is not supported");
		return -1;
	}
	return 0;
}

static int do_dump(int argc, char **argv)
{
	struct dump_args a = {.format = FORMAT_RAW};
	struct bk_btf_ext *ext = NULL;
	struct btf *btf = NULL;
	int err;

	if (parse_dump_args(argc, argv, &a))
		return -1;
	if (a.file)
		err = bk_btf__parse_file(a.file, &cli_diag, &btf,
					 a.format == FORMAT_EXT ? &ext : NULL);
	else
		err = bk_btf__load_from_kernel(a.id, &cli_diag, &btf);
	if (err)
		return -1;
	if (a.format == FORMAT_EXT && !ext) {
		p_err("%s: no .BTF.ext section", a.file);
		err = -1;
	} else if (a.format == FORMAT_EXT) {
		err = dump_ext(btf, ext) ? -1 : 0;
	} else if (a.format == FORMAT_C) {
		err = dump_c(btf, a.file ?: a.label);
	} else {
		dump_raw(btf);
	}
	bk_btf_ext__free(ext);
	bk_btf__free(btf);
	return err;
}

/* btf show / list ----------------------------------------------------------*/

static void print_ids(const char *key, const char *label, const __u32 *ids,
		      size_t cnt)
{
	size_t i;

	if (cnt)
		out_plain("  %s ", label);
	out_arr_open(key);
	for (i = 0; i < cnt; i++)
		out_u64(NULL, i ? ",%llu" : "%llu", ids[i]);
	out_arr_close();
}

/* bpftool's layout: the same words in plain text and as JSON keys. */
static void print_btf_obj(const struct bk_btf_obj *o)
{
	out_obj_open(NULL);
	out_u64("id", "%llu: ", o->id);
	if (o->kernel)
		out_plain("name [%s]  ", o->name);
	else if (o->name[0])
		out_plain("name %s  ", o->name);
	else
		out_plain("name <anon>  ");
	out_u64("size", "size %lluB", o->size);
	print_ids("prog_ids", "prog_ids", o->prog_ids, o->prog_cnt);
	print_ids("map_ids", "map_ids", o->map_ids, o->map_cnt);
	out_bool("kernel", NULL, o->kernel);
	if (o->name[0])
		out_str("name", NULL, o->name);
	out_plain("\n");
	out_obj_close();
}

static int do_show(int argc, char **argv)
{
	struct bk_btf_obj *objs;
	size_t cnt, i;
	__u32 id = 0;

	if (argc) {
		if (!is_prefix(*argv, "id")) {
			p_err("expected 'id', got: '%s'?", *argv);
			return -1;
		}
		NEXT_ARG();
		if (!REQ_ARGS(1) || parse_id(*argv, &id))
			return -1;
		NEXT_ARG();
		if (argc) {
			p_err("expected no more arguments, got: '%s'?", *argv);
			return -1;
		}
	}
	if (bk_btf_obj__query(id, &objs, &cnt, &cli_diag))
		return -1;
	if (!id)
		out_arr_open(NULL);
	for (i = 0; i < cnt; i++)
		print_btf_obj(&objs[i]);
	if (!id)
		out_arr_close();
	bk_btf_obj__free(objs, cnt);
	return 0;
}

static const struct cmd cmds[] = {
	{"show", do_show},
	{"list", do_show},
	{"dump", do_dump},
	{"help", do_help},
	/* End of table; a comment line keeps clang-format from packing rows */
	{0},
};

int do_btf(int argc, char **argv)
{
	return cmd_select(cmds, argc, argv, do_help);
}
