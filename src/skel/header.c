// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * gen header: the C header a BPF library object ships for the BPF code of
 * the applications linked with it. It declares extern what the library
 * exports (every non-hidden global or weak sub-program of .text, data
 * variable and .maps map it defines), with the types those declarations
 * need, dumped from the library's own BTF so that the application's
 * externs carry the BTF the linker compares with the definitions.
 *
 * Programs (functions of other code sections) are entry points, not
 * callable, so they are left out, as are statics and __hidden globals,
 * which the linker keeps private to the library.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "skel_internal.h"
#include "../btf/btf.h"
#include "../elf/elf.h"
#include "../linker/map_defs.h"

/* One extern the header declares. */
struct hdr_decl {
	const char *name;
	__u32 type_id; /* functions: FUNC_PROTO; variables and maps: VAR */
	bool weak;
	struct map_def map; /* maps only */
};

/* What the header holds of a struct or union so far. */
enum type_state {
	TYPE_UNSEEN,
	TYPE_DEFINED,  /* btf_dump prints its definition */
	TYPE_DECLARED, /* declared forward */
};

struct hdr_list {
	struct hdr_decl *decls;
	size_t cnt;
};

struct hdr {
	struct skel *skel;
	struct skel_syms syms;
	struct bview view; /* the BTF as the map-definition parser reads it */
	struct hdr_list funcs, vars, maps;
	bool need_blank;	   /* the last line printed is no blank line */
	unsigned char *type_state; /* by type ID: enum type_state */
	bool *sym_taken;	   /* by symbol index: declared already */
};

static int hdr_nomem(const struct hdr *h)
{
	return bk_err(h->skel->diag, -ENOMEM, "%s: out of memory",
		      h->skel->path);
}

/*
 * The symbol of an export (defined, global or weak, default visibility)
 * not declared yet: BTF that lists a variable twice gets one declaration.
 */
static const Elf64_Sym *take_export(struct hdr *h, const char *name,
				    int sym_type)
{
	const Elf64_Sym *sym = bk_skel__syms_find(&h->syms, name);

	if (!sym || ELF64_ST_TYPE(sym->st_info) != sym_type ||
	    ELF64_ST_VISIBILITY(sym->st_other) != STV_DEFAULT ||
	    h->sym_taken[sym - h->syms.syms])
		return NULL;
	h->sym_taken[sym - h->syms.syms] = true;
	return sym;
}

/*
 * Lists are sized for every BTF type up front: each declaration has its
 * own name, so its own VAR or FUNC type, and they never grow.
 */
static struct hdr_decl *add_decl(struct hdr_list *list, const char *name,
				 __u32 type_id, const Elf64_Sym *sym)
{
	struct hdr_decl *d = &list->decls[list->cnt++];

	d->name = name;
	d->type_id = type_id;
	d->weak = ELF64_ST_BIND(sym->st_info) == STB_WEAK;
	return d;
}

static int add_func(struct hdr *h, const struct btf_type *t)
{
	const char *name = btf__name_by_offset(h->skel->btf, t->name_off);
	const Elf64_Sym *sym;

	if (btf_vlen(t) != BTF_FUNC_GLOBAL)
		return 0;
	sym = take_export(h, name, STT_FUNC);
	if (!sym || strcmp(bk_skel__sym_sec(&h->syms, sym), ".text") != 0)
		return 0;
	add_decl(&h->funcs, name, t->type, sym);
	return 0;
}

static int add_map(struct hdr *h, const char *name, __u32 var_id,
		   const Elf64_Sym *sym)
{
	struct hdr_decl *d = add_decl(&h->maps, name, var_id, sym);
	char msg[256];
	int err;

	err = bk_ld_parse_map_def(&h->view, var_id, &d->map, 0, msg,
				  sizeof(msg));
	if (err)
		return bk_err(h->skel->diag, err, "%s: map '%s': %s",
			      h->skel->path, name, msg);
	return 0;
}

static int add_datasec_vars(struct hdr *h, const struct btf_type *ds)
{
	const struct btf *btf = h->skel->btf;
	const char *sec = btf__name_by_offset(btf, ds->name_off);
	bool is_maps = strcmp(sec, ".maps") == 0;
	const struct btf_var_secinfo *vi = btf_var_secinfos(ds);
	int i, err = 0;

	if (!is_maps && !bk_skel__is_data_sec_name(sec))
		return 0;
	for (i = 0; i < btf_vlen(ds) && !err; i++, vi++) {
		const struct btf_type *t = btf__type_by_id(btf, vi->type);
		const char *name = btf__name_by_offset(btf, t->name_off);
		const Elf64_Sym *sym;

		if (!btf_is_var(t) ||
		    btf_var(t)->linkage != BTF_VAR_GLOBAL_ALLOCATED)
			continue;
		sym = take_export(h, name, STT_OBJECT);
		if (!sym)
			continue;
		if (is_maps)
			err = add_map(h, name, vi->type, sym);
		else
			add_decl(&h->vars, name, t->type, sym);
	}
	return err;
}

static int cmp_decl_name(const void *a, const void *b)
{
	return strcmp(((const struct hdr_decl *)a)->name,
		      ((const struct hdr_decl *)b)->name);
}

/*
 * By name: a library relinked (its BTF and sections reordered) gets the
 * same header, and readers find a declaration where they expect it.
 */
static void sort_decls(struct hdr_list *list)
{
	qsort(list->decls, list->cnt, sizeof(*list->decls), cmp_decl_name);
}

static int collect_decls(struct hdr *h)
{
	const struct btf *btf = h->skel->btf;
	size_t id, n = btf__type_cnt(btf);
	int err = 0;

	h->sym_taken = calloc(h->syms.cnt, sizeof(bool));
	h->funcs.decls = calloc(n, sizeof(struct hdr_decl));
	h->vars.decls = calloc(n, sizeof(struct hdr_decl));
	h->maps.decls = calloc(n, sizeof(struct hdr_decl));
	if (!h->sym_taken || !h->funcs.decls || !h->vars.decls ||
	    !h->maps.decls)
		return hdr_nomem(h);
	for (id = 1; id < n && !err; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (btf_is_func(t))
			err = add_func(h, t);
		else if (btf_is_datasec(t))
			err = add_datasec_vars(h, t);
	}
	sort_decls(&h->funcs);
	sort_decls(&h->vars);
	sort_decls(&h->maps);
	return err;
}

/* ---- types -------------------------------------------------------------- */

/* bpf_helpers.h defines these enums: the header includes it. */
static bool is_helpers_type(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const char *name = btf__name_by_offset(btf, t->name_off);

	return btf_is_enum(t) && (!strcmp(name, "libbpf_pin_type") ||
				  !strcmp(name, "libbpf_tristate"));
}

/*
 * Record the structs and unions btf_dump defines for a type: those it
 * holds by value, through typedefs, qualifiers, arrays and members, not
 * through pointers. declare_fwd() needs no declaration of those.
 */
static void mark_defined(struct hdr *h, __u32 id, int depth)
{
	const struct btf *btf = h->skel->btf;
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *m;
	int i;

	while (id && (btf_is_mod(t) || btf_is_typedef(t) || btf_is_array(t))) {
		id = btf_is_array(t) ? btf_array(t)->type : t->type;
		t = btf__type_by_id(btf, id);
	}
	/* validated BTF nests at most that deep; a bound all the same */
	if (!id || depth > BK_BTF_MAX_REF_DEPTH || !btf_is_composite(t) ||
	    h->type_state[id] == TYPE_DEFINED)
		return;
	h->type_state[id] = TYPE_DEFINED;
	for (i = 0, m = btf_members(t); i < btf_vlen(t); i++, m++)
		mark_defined(h, m->type, depth + 1);
}

/*
 * The type and, through btf_dump, everything it holds by value, in
 * dependency order; btf_dump remembers what it printed, so types shared by
 * several declarations appear once. What lies behind a pointer needs no
 * definition (see declare_fwd()).
 */
static int dump_type(struct hdr *h, __u32 id)
{
	int err;

	if (!id || is_helpers_type(h->skel->btf, id))
		return 0;
	mark_defined(h, id, 0);
	err = btf_dump__dump_type(h->skel->dump, id);
	if (err)
		return bk_err(h->skel->diag, err,
			      "%s: cannot print type [%u] as C", h->skel->path,
			      id);
	return 0;
}

static int dump_map_types(struct hdr *h, const struct map_attrs *a)
{
	int err = 0;

	if (a->parts & (1u << MAP_PART_KEY))
		err = dump_type(h, a->key_type);
	if (!err && a->parts & (1u << MAP_PART_VALUE))
		err = dump_type(h, a->value_type);
	return err;
}

static int dump_types(struct hdr *h)
{
	size_t i;
	int err = 0;

	h->type_state = calloc(btf__type_cnt(h->skel->btf), 1);
	if (!h->type_state)
		return hdr_nomem(h);
	for (i = 0; i < h->funcs.cnt && !err; i++)
		err = dump_type(h, h->funcs.decls[i].type_id);
	for (i = 0; i < h->vars.cnt && !err; i++)
		err = dump_type(h, h->vars.decls[i].type_id);
	for (i = 0; i < h->maps.cnt && !err; i++) {
		const struct map_def *def = &h->maps.decls[i].map;

		err = dump_map_types(h, &def->outer);
		if (!err && def->outer.parts & (1u << MAP_PART_INNER))
			err = dump_map_types(h, &def->inner);
	}
	return err;
}

/*
 * A struct named only behind a pointer in a prototype would be declared
 * in the prototype's own scope, where it matches nothing (clang warns):
 * declare it at file scope first. btf_dump leaves it out, as a pointer
 * needs no definition. Elsewhere (variables, map attributes) a file-scope
 * mention declares it already.
 */
static void declare_fwd(struct hdr *h, __u32 id, bool behind_ptr, int depth)
{
	const struct btf *btf = h->skel->btf;
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_param *p;
	int i;

	while (id && (btf_is_mod(t) || btf_is_ptr(t) || btf_is_array(t))) {
		behind_ptr |= btf_is_ptr(t);
		id = btf_is_array(t) ? btf_array(t)->type : t->type;
		t = btf__type_by_id(btf, id);
	}
	/* validated BTF nests at most that deep; a bound all the same */
	if (!id || depth > BK_BTF_MAX_REF_DEPTH)
		return;
	if (btf_is_func_proto(t)) {
		declare_fwd(h, t->type, false, depth + 1);
		for (i = 0, p = btf_params(t); i < btf_vlen(t); i++, p++)
			declare_fwd(h, p->type, false, depth + 1);
	} else if (behind_ptr && btf_is_composite(t) && t->name_off &&
		   h->type_state[id] == TYPE_UNSEEN) {
		h->type_state[id] = TYPE_DECLARED;
		fprintf(h->skel->out, "%s %s;\n",
			btf_is_union(t) ? "union" : "struct",
			btf__name_by_offset(btf, t->name_off));
		h->need_blank = true;
	}
}

static void declare_fwds(struct hdr *h)
{
	size_t i;

	for (i = 0; i < h->funcs.cnt; i++)
		declare_fwd(h, h->funcs.decls[i].type_id, false, 0);
}

/* ---- declarations ------------------------------------------------------- */

/*
 * btf_dump prints a prototype without parameters as "f()", which C reads
 * as "parameters unknown": print "f(void)" as the return type's
 * declarator, which is where C puts a function's name and parameters.
 */
static int put_func_decl(struct hdr *h, const struct hdr_decl *d)
{
	const struct btf_type *t = btf__type_by_id(h->skel->btf, d->type_id);
	char *declarator;
	int err;

	if (btf_vlen(t))
		return bk_skel__put_decl(h->skel, d->type_id, d->name, 0,
					 false);
	if (asprintf(&declarator, "%s(void)", d->name) < 0)
		return hdr_nomem(h);
	err = bk_skel__put_decl(h->skel, t->type, declarator, 0, false);
	free(declarator);
	return err;
}

static int emit_decl(struct hdr *h, const struct hdr_decl *d, bool is_func)
{
	int err;

	fputs("extern ", h->skel->out);
	if (is_func)
		err = put_func_decl(h, d);
	else
		err = bk_skel__put_decl(h->skel, d->type_id, d->name, 0, false);
	if (!err)
		fprintf(h->skel->out, "%s;\n", d->weak ? " __weak" : "");
	return err;
}

/* btf_dump ends each type with a blank line; a group follows one. */
static void emit_group_head(struct hdr *h, const char *what)
{
	if (h->need_blank)
		fputc('\n', h->skel->out);
	fprintf(h->skel->out, "/* %s */\n", what);
	h->need_blank = true;
}

static int emit_decls(struct hdr *h, const struct hdr_list *list,
		      const char *what, bool is_func)
{
	size_t i;
	int err = 0;

	if (list->cnt)
		emit_group_head(h, what);
	for (i = 0; i < list->cnt && !err; i++)
		err = emit_decl(h, &list->decls[i], is_func);
	return err;
}

static void put_indent(FILE *out, int indent)
{
	while (indent--)
		fputc('\t', out);
}

/* "hash" -> "BPF_MAP_TYPE_HASH", for a comment. */
static void put_map_type(FILE *out, __u32 type)
{
	const char *s = libbpf_bpf_map_type_str(type);

	fprintf(out, "__uint(type, %u);", type);
	if (!s)
		return;
	fputs(" /* BPF_MAP_TYPE_", out);
	for (; *s; s++)
		fputc(toupper((unsigned char)*s), out);
	fputs(" */", out);
}

static int put_type_attr(struct hdr *h, const char *attr, __u32 type_id,
			 int indent)
{
	int err;

	fprintf(h->skel->out, "__type(%s, ", attr);
	err = bk_skel__put_decl(h->skel, type_id, "", indent, false);
	fputs(");", h->skel->out);
	return err;
}

static bool has_part(const struct map_attrs *a, enum map_part p)
{
	return a->parts & (1u << p);
}

static int emit_map_attrs(struct hdr *h, const struct map_attrs *a,
			  const struct map_attrs *inner, int indent);

/* One attribute on its own line, in the order bpf_helpers.h users write. */
static int emit_map_attr(struct hdr *h, const struct map_attrs *a,
			 const struct map_attrs *inner, enum map_part p,
			 int indent)
{
	FILE *out = h->skel->out;
	int err = 0;

	if (!has_part(a, p))
		return 0;
	/* __type() states the size too; __array(values) a 4-byte value. */
	if ((p == MAP_PART_KEY_SIZE && has_part(a, MAP_PART_KEY)) ||
	    (p == MAP_PART_VALUE_SIZE &&
	     (has_part(a, MAP_PART_VALUE) || has_part(a, MAP_PART_INNER))))
		return 0;
	put_indent(out, indent);
	switch (p) {
	case MAP_PART_TYPE:
		put_map_type(out, a->type);
		break;
	case MAP_PART_KEY_SIZE:
		fprintf(out, "__uint(key_size, %u);", a->key_size);
		break;
	case MAP_PART_KEY:
		err = put_type_attr(h, "key", a->key_type, indent);
		break;
	case MAP_PART_VALUE_SIZE:
		fprintf(out, "__uint(value_size, %u);", a->value_size);
		break;
	case MAP_PART_VALUE:
		err = put_type_attr(h, "value", a->value_type, indent);
		break;
	case MAP_PART_MAX_ENTRIES:
		fprintf(out, "__uint(max_entries, %u);", a->max_entries);
		break;
	case MAP_PART_FLAGS:
		fprintf(out, "__uint(map_flags, 0x%x);", a->flags);
		break;
	case MAP_PART_NUMA_NODE:
		fprintf(out, "__uint(numa_node, %u);", a->numa_node);
		break;
	case MAP_PART_PINNING:
		/* The parser accepts only the two values bpf_helpers.h names */
		fprintf(out, "__uint(pinning, %s);",
			a->pinning ? "LIBBPF_PIN_BY_NAME" : "LIBBPF_PIN_NONE");
		break;
	case MAP_PART_MAP_EXTRA:
		fprintf(out, "__uint(map_extra, %llu);",
			(unsigned long long)a->map_extra);
		break;
	case MAP_PART_INNER:
		fputs("__array(values, struct {\n", out);
		err = emit_map_attrs(h, inner, NULL, indent + 1);
		put_indent(out, indent);
		fputs("});", out);
		break;
	case MAP_PART_CNT:
		break;
	}
	fputc('\n', out);
	return err;
}

/* MAP_PART_INNER is last: __array(values) must end the definition. */
static int emit_map_attrs(struct hdr *h, const struct map_attrs *a,
			  const struct map_attrs *inner, int indent)
{
	int p, err = 0;

	for (p = 0; p < MAP_PART_CNT && !err; p++)
		err = emit_map_attr(h, a, inner, p, indent);
	return err;
}

static int emit_maps(struct hdr *h)
{
	FILE *out = h->skel->out;
	size_t i;
	int err = 0;

	if (h->maps.cnt)
		emit_group_head(h, "maps");
	for (i = 0; i < h->maps.cnt && !err; i++) {
		const struct hdr_decl *d = &h->maps.decls[i];

		fputs(i ? "\nextern struct {\n" : "extern struct {\n", out);
		err = emit_map_attrs(h, &d->map.outer, &d->map.inner, 1);
		fprintf(out, "} %s SEC(\".maps\")%s;\n", d->name,
			d->weak ? " __weak" : "");
	}
	return err;
}

static int emit_head(struct skel *skel)
{
	return bk_skel__codegen(skel, "\
		\n\
		/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */\n\
		/* Generated by bpfkit gen header; do not edit. */\n\
		/*\n\
		 * What the BPF library %2$s exports, declared for the BPF code\n\
		 * of programs linked with it (bpfkit gen object).\n\
		 */\n\
		#ifndef %1$s\n\
		#define %1$s\n\
		\n\
		#ifndef __VMLINUX_H__\n\
		#include <linux/types.h>\n\
		#endif\n\
		#include <bpf/bpf_helpers.h>\n\
		\n\
		",
				skel->guard, skel->obj_name);
}

static void hdr_free(struct hdr *h)
{
	free(h->funcs.decls);
	free(h->vars.decls);
	free(h->maps.decls);
	free(h->type_state);
	free(h->sym_taken);
	bk_bview__free(&h->view);
	bk_skel__syms_free(&h->syms);
}

static int init_view(struct hdr *h)
{
	const struct bk_elf_sec *sec = bk_elf__find_sec(h->skel->elf, ".BTF");
	int err;

	/* The model has validated this section already. */
	err = bk_bview__init(&h->view, sec->data, sec->size);
	if (err)
		return bk_err(h->skel->diag, err, "%s: cannot index BTF",
			      h->skel->path);
	return 0;
}

int bk_skel__emit_header(struct skel *skel)
{
	struct hdr h = {.skel = skel};
	int err;

	err = bk_skel__syms_load(skel, skel->elf, &h.syms);
	err = err ?: init_view(&h);
	err = err ?: collect_decls(&h);
	if (!err)
		bk_info(skel->diag,
			"%s: %zu functions, %zu variables, %zu maps, as '%s'",
			skel->path, h.funcs.cnt, h.vars.cnt, h.maps.cnt,
			skel->obj_name);
	err = err ?: emit_head(skel);
	err = err ?: dump_types(&h);
	if (!err)
		declare_fwds(&h);
	err = err ?: emit_decls(&h, &h.funcs, "functions", true);
	err = err ?: emit_decls(&h, &h.vars, "variables", false);
	err = err ?: emit_maps(&h);
	if (!err)
		fprintf(skel->out, "\n#endif /* %s */\n", skel->guard);
	hdr_free(&h);
	return err;
}
