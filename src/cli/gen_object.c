// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit gen object OUTPUT_FILE INPUT_FILE [INPUT_FILE...]
 *
 * Links with src/linker. With -j the link report is the JSON output; with
 * -d it is printed as lines; otherwise nothing is printed on success.
 */
#include <errno.h>
#include <string.h>

#include "main.h"
#include "gen.h"
#include "../linker/linker.h"

static void print_inputs(const struct bk_linker *l)
{
	size_t i;

	out_arr_open("inputs");
	for (i = 0; i < bk_linker__input_cnt(l); i++)
		out_str(NULL, "input %s\n", bk_linker__input_name(l, i));
	out_arr_close();
}

/* "weak, won over 2 other weak definitions", "overrides 1 weak ..." */
static void print_resolution(const struct bk_link_sym *s)
{
	unsigned int losers = s->def_cnt ? s->def_cnt - 1 : 0;

	out_bool("weak_won", NULL, s->def_weak && losers);
	if (!losers)
		return;
	if (s->def_weak)
		out_plain(" (weak, won over %u other weak definition%s)",
			  losers, losers == 1 ? "" : "s");
	else
		out_plain(" (overrides %u weak definition%s)", losers,
			  losers == 1 ? "" : "s");
}

static void print_sym(const struct bk_link_sym *s)
{
	out_obj_open(NULL);
	out_str("name", "global %s:", s->name);
	out_str("kind", " %s,", bk_link_sym_kind__str(s->kind));
	out_str("binding", " binding %s,", s->is_weak ? "weak" : "global");
	out_str("visibility", " visibility %s",
		s->is_hidden ? "hidden" : "default");
	if (s->section)
		out_str("section", ", section %s", s->section);
	else
		out_null("section");
	if (s->def_file)
		out_str("defined_in", ", defined in %s", s->def_file);
	else
		out_null("defined_in");
	out_bool("extern", NULL, s->is_extern);
	if (s->is_extern)
		out_plain(", %s", s->kind == BK_LINK_SYM_KCONFIG ||
						  s->kind == BK_LINK_SYM_KSYM
					  ? "extern left for the loader"
					  : "unresolved extern");
	out_u64("definitions", NULL, s->def_cnt);
	out_u64("weak_definitions", NULL, s->weak_def_cnt);
	out_u64("declarations", NULL, s->decl_cnt);
	print_resolution(s);
	out_plain("\n");
	out_obj_close();
}

static void print_report(const struct bk_linker *l)
{
	struct bk_link_sym s;
	size_t i;

	if (!json_output && !debug_output)
		return;
	out_obj_open(NULL);
	print_inputs(l);
	out_arr_open("symbols");
	for (i = 0; i < bk_linker__sym_cnt(l); i++) {
		if (!bk_linker__sym(l, i, &s))
			print_sym(&s);
	}
	out_arr_close();
	out_arr_open("unresolved");
	for (i = 0; i < bk_linker__sym_cnt(l); i++) {
		if (!bk_linker__sym(l, i, &s) && s.is_extern &&
		    s.kind != BK_LINK_SYM_KCONFIG && s.kind != BK_LINK_SYM_KSYM)
			out_str(NULL, "unresolved %s\n", s.name);
	}
	out_arr_close();
	out_obj_close();
}

int do_gen_object(int argc, char **argv)
{
	struct bk_linker_opts opts = {
		.sz = sizeof(opts),
		.diag = &cli_diag,
	};
	struct bk_linker *l;
	const char *out;
	int err = 0;

	if (!REQ_ARGS(2))
		usage();
	out = GET_ARG();
	l = bk_linker__new(out, &opts);
	if (!l) {
		p_err("cannot start linking '%s': %s", out, strerror(errno));
		return -1;
	}
	while (argc && !err)
		err = bk_linker__add_file(l, GET_ARG());
	err = err ?: bk_linker__finalize(l);
	if (!err)
		print_report(l);
	bk_linker__free(l);
	return err ? -1 : 0;
}
