// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit object { show | help }: what a BPF object defines, uses and needs.
 * The analysis is src/object's; this file parses arguments and prints.
 * Every file is read before anything is printed, so a bad one leaves no
 * partial output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "main.h"
#include "../object/object.h"

static int do_help(int argc, char **argv)
{
	if (json_output) {
		out_null(NULL);
		return 0;
	}

	fprintf(stderr,
		"Usage: %1$s %2$s show FILE [FILE...]\n"
		"       %1$s %2$s show FILE needs\n"
		"       %1$s %2$s help\n"
		"\n"
		"       " HELP_SPEC_OPTIONS "\n"
		"",
		bin_name, "object");
	return 0;
}

static void print_names(const char *key, const struct bk_obj_names *names)
{
	size_t i;

	if (!names->cnt && !json_output)
		return;
	out_plain("\t%s:", key);
	out_arr_open(key);
	for (i = 0; i < names->cnt; i++)
		out_str(NULL, " %s", names->v[i]);
	out_arr_close();
	out_plain("\n");
}

static const char *helper_name(__u32 id)
{
	const struct bk_fact *f = bk_fact__find(BK_FACT_HELPER, id);

	return f ? f->name : "unknown";
}

static void print_helpers(const struct bk_obj_ids *ids)
{
	size_t i;

	if (!ids->cnt && !json_output)
		return;
	out_plain("\thelpers:");
	out_arr_open("helpers");
	for (i = 0; i < ids->cnt; i++) {
		out_obj_open(NULL);
		out_str("name", " %s", helper_name(ids->v[i]));
		out_u64("id", "(%llu)", ids->v[i]);
		out_obj_close();
	}
	out_arr_close();
	out_plain("\n");
}

static void print_func(const void *item)
{
	const struct bk_obj_func *f = item;

	out_obj_open(NULL);
	out_str("name", "%s:", f->name);
	out_str("kind", " %s", bk_obj_func__kind_str(f->kind));
	out_str("section", " section '%s'", f->sec);
	if (f->kind == BK_OBJ_PROG) {
		out_str("prog_type", " type %s",
			bk_object__prog_type_str(f->prog_type));
		out_str("attach_type", " attach %s",
			bk_object__attach_type_str(f->attach_type));
	}
	out_u64("insns", " insns %llu", f->insn_cnt);
	out_u64("core_relos", " core_relos %llu\n", f->core_relo_cnt);
	print_helpers(&f->helpers);
	print_names("kfuncs", &f->kfuncs);
	print_names("maps", &f->maps);
	print_names("globals", &f->globals);
	print_names("calls", &f->subprogs);
	print_names("imports", &f->imports);
	out_obj_close();
}

static void print_map(const void *item)
{
	const struct bk_obj_map *m = item;

	out_obj_open(NULL);
	out_str("name", "%s:", m->name);
	out_str("section", " section '%s'", m->sec);
	out_str("type", " type %s", bk_object__map_type_str(m->type));
	out_u64("key_size", " key %llu", m->key_size);
	if (m->key_type)
		out_str("key_type", " (%s)", m->key_type);
	out_u64("value_size", " value %llu", m->value_size);
	if (m->value_type)
		out_str("value_type", " (%s)", m->value_type);
	out_u64("max_entries", " max_entries %llu", m->max_entries);
	out_u64("flags", " flags 0x%llx", m->flags);
	out_u64("pinning", " pinning %llu", m->pinning);
	if (m->inner_type >= 0)
		out_str("inner_type", " inner %s",
			bk_object__map_type_str(m->inner_type));
	out_bool("legacy", NULL, m->legacy);
	out_plain("%s\n", m->legacy ? " legacy" : "");
	out_obj_close();
}

static void print_sym(const void *item)
{
	const struct bk_obj_sym *s = item;

	out_obj_open(NULL);
	out_str("name", "%s:", s->name);
	out_str("kind", " %s", bk_obj_sym__kind_str(s->kind));
	out_str("binding", " %s", s->weak ? "weak" : "global");
	out_str("visibility", " %s", s->hidden ? "hidden" : "default");
	out_bool("defined", NULL, s->defined);
	out_str("section", " section '%s'", *s->sec ? s->sec : "UND");
	out_u64("size", " size %llu", s->size);
	if (s->btf_type)
		out_str("btf_type", " type '%s'", s->btf_type);
	out_plain("\n");
	out_obj_close();
}

static bool is_export(const struct bk_obj_sym *s)
{
	return s->defined && !s->hidden;
}

/* An import is left either to another object (link) or to the loader. */
static const char *import_from(const struct bk_obj_sym *s)
{
	return *s->sec ? s->sec : "link";
}

static void print_exports_imports(const struct bk_object *obj)
{
	size_t i;

	out_plain("exports:");
	out_arr_open("exports");
	for (i = 0; i < obj->sym_cnt; i++) {
		if (is_export(&obj->syms[i]))
			out_str(NULL, " %s", obj->syms[i].name);
	}
	out_arr_close();
	out_plain("\nimports:");
	out_arr_open("imports");
	for (i = 0; i < obj->sym_cnt; i++) {
		if (obj->syms[i].defined)
			continue;
		out_obj_open(NULL);
		out_str("name", " %s", obj->syms[i].name);
		out_str("from", "(%s)", import_from(&obj->syms[i]));
		out_obj_close();
	}
	out_arr_close();
	out_plain("\n");
}

/* A titled list in plain mode, an array in JSON. */
static void print_items(const char *key, const void *items, size_t cnt,
			size_t item_sz, void (*print)(const void *item))
{
	size_t i;

	out_plain("%s:\n", key);
	out_arr_open(key);
	for (i = 0; i < cnt; i++) {
		out_plain("  ");
		print((const char *)items + i * item_sz);
	}
	out_arr_close();
}

static void print_show(const struct bk_object *obj)
{

	out_obj_open(NULL);
	out_str("file", "file %s\n", obj->path);
	out_str("license", "license '%s'\n", obj->license ? obj->license : "");
	out_bool("btf", "btf %s", obj->has_btf);
	out_bool("btf_ext", " btf_ext %s\n", obj->has_btf_ext);
	print_items("programs", obj->funcs, obj->func_cnt, sizeof(*obj->funcs),
		    print_func);
	print_items("maps", obj->maps, obj->map_cnt, sizeof(*obj->maps),
		    print_map);
	print_items("globals", obj->syms, obj->sym_cnt, sizeof(*obj->syms),
		    print_sym);
	print_exports_imports(obj);
	out_obj_close();
}

/* ---- needs ------------------------------------------------------------ */

static void print_version(const char *key, const char *fmt, __u8 major,
			  __u8 minor)
{
	char buf[16] = "unknown";

	if (major)
		snprintf(buf, sizeof(buf), "%u.%u", major, minor);
	out_str(key, fmt, buf);
}

static void print_need(const struct bk_need *n)
{
	const struct bk_fact *f = n->fact;

	out_obj_open(NULL);
	out_str("kind", "\t%-12s", bk_fact__kind_str(n->kind));
	out_str("name", " %-28s",
		f && n->kind != BK_FACT_KFUNC ? f->name : n->name);
	if (n->kind == BK_FACT_HELPER && f)
		out_u64("id", NULL, f->id);
	print_version("linux", " linux %-6s", f ? f->major : 0,
		      f ? f->minor : 0);
	out_str("windows", " windows %s\n",
		bk_fact__win_str(f ? f->windows : BK_WIN_UNKNOWN));
	if (f) {
		out_str("linux_source", NULL, f->linux_src);
		out_str("windows_source", NULL, f->windows_src);
	}
	out_obj_close();
}

/* The items that decide the Windows answer: blockers, else unverified. */
static void print_windows(const struct bk_needs *n)
{
	enum bk_win_support want = n->windows;
	const char *sep = "";
	size_t i;

	out_str("windows", "\twindows: %s", bk_fact__win_str(n->windows));
	if (want == BK_WIN_YES) {
		out_plain("\n");
		return;
	}
	out_plain(want == BK_WIN_NO ? ", blocked by:" : ", not documented:");
	out_arr_open(want == BK_WIN_NO ? "windows_blockers"
				       : "windows_unverified");
	for (i = 0; i < n->cnt; i++) {
		const struct bk_fact *f = n->v[i].fact;

		if ((f ? f->windows : BK_WIN_UNKNOWN) != want)
			continue;
		out_plain("%s %s", sep, bk_fact__kind_str(n->v[i].kind));
		sep = ",";
		out_str(NULL, " %s", n->v[i].name);
	}
	out_arr_close();
	out_plain("\n");
}

static void print_needs(const struct bk_needs *n)
{
	size_t i;

	out_arr_open("needs");
	for (i = 0; i < n->cnt; i++)
		print_need(&n->v[i]);
	out_arr_close();
	print_version("min_linux", "\tminimum linux: %s\n", n->major, n->minor);
	print_windows(n);
}

static int print_prog_needs(const struct bk_object *obj,
			    const struct bk_obj_func *f, size_t *win_ok)
{
	struct bk_needs n;
	int err = bk_object__needs(obj, f, &n);

	if (err)
		return err;
	out_obj_open(NULL);
	out_str("name", "program %s", f->name);
	out_str("section", " (section '%s'):\n", f->sec);
	print_needs(&n);
	out_obj_close();
	*win_ok += n.windows == BK_WIN_YES;
	bk_needs__free(&n);
	return 0;
}

static int print_obj_needs(const struct bk_object *obj)
{
	size_t i, prog_cnt = 0, win_ok = 0;
	struct bk_needs n;
	int err = 0;

	out_obj_open(NULL);
	out_str("file", "file %s\n", obj->path);
	out_arr_open("programs");
	for (i = 0; i < obj->func_cnt && !err; i++) {
		if (obj->funcs[i].kind != BK_OBJ_PROG)
			continue;
		prog_cnt++;
		err = print_prog_needs(obj, &obj->funcs[i], &win_ok);
	}
	out_arr_close();
	err = err ?: bk_object__needs(obj, NULL, &n);
	if (!err) {
		out_plain("object:\n");
		out_obj_open("total");
		print_needs(&n);
		out_obj_close();
		out_u64("windows_program_cnt", "windows: %llu", win_ok);
		out_u64("program_cnt", " of %llu programs can run there\n",
			prog_cnt);
		bk_needs__free(&n);
	}
	out_obj_close();
	return err;
}

/* ---- show ------------------------------------------------------------- */

static void free_objects(struct bk_object **objs, int cnt)
{
	int i;

	for (i = 0; i < cnt; i++)
		bk_object__free(objs[i]);
	free(objs);
}

static int do_show(int argc, char **argv)
{
	struct bk_object **objs;
	bool needs = false;
	int i, err = 0;

	if (!REQ_ARGS(1))
		usage();
	if (argc == 2 && !strcmp(argv[1], "needs")) {
		needs = true;
		argc--;
	}
	objs = calloc(argc, sizeof(*objs));
	if (!objs) {
		p_err("out of memory");
		return -1;
	}
	for (i = 0; i < argc && !err; i++)
		err = bk_object__open(argv[i], &cli_diag, &objs[i]);
	if (err) {
		free_objects(objs, argc);
		return -1;
	}
	out_arr_open(NULL);
	for (i = 0; i < argc && !err; i++) {
		if (needs)
			err = print_obj_needs(objs[i]);
		else
			print_show(objs[i]);
	}
	out_arr_close();
	if (err)
		p_err("%s: out of memory", objs[i - 1]->path);
	free_objects(objs, argc);
	return err ? -1 : 0;
}

static const struct cmd cmds[] = {
	{"show", do_show},
	{"help", do_help},
	/* End of table; a comment line keeps clang-format from packing rows */
	{0},
};

int do_object(int argc, char **argv)
{
	return cmd_select(cmds, argc, argv, do_help);
}
