// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit gen object OUTPUT_FILE INPUT_FILE [INPUT_FILE...] [gc]
 * INPUT_FILE := { OBJ | ARCHIVE | whole ARCHIVE }
 *
 * Links with src/linker. With -j the link report is the JSON output; with
 * -d it is printed as lines on standard error (debug output, as bpftool's
 * -d is); otherwise nothing is printed on success.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "main.h"
#include "gen.h"
#include "../lib/file.h"
#include "../lib/mem.h"
#include "../linker/linker.h"

/* Definitions that lost to the one in effect. */
static unsigned int losers(const struct bk_link_sym *s)
{
	return s->def_cnt ? s->def_cnt - 1 : 0;
}

static const char *binding(const struct bk_link_sym *s)
{
	return s->is_weak ? "weak" : "global";
}

static const char *visibility(const struct bk_link_sym *s)
{
	return s->is_hidden ? "hidden" : "default";
}

static bool left_to_loader(const struct bk_link_sym *s)
{
	return s->kind == BK_LINK_SYM_KCONFIG || s->kind == BK_LINK_SYM_KSYM;
}

static void json_sym(const struct bk_link_sym *s)
{
	out_obj_open(NULL);
	out_str("name", NULL, s->name);
	out_str("kind", NULL, bk_link_sym_kind__str(s->kind));
	out_str("binding", NULL, binding(s));
	out_str("visibility", NULL, visibility(s));
	if (s->section)
		out_str("section", NULL, s->section);
	else
		out_null("section");
	if (s->def_file)
		out_str("defined_in", NULL, s->def_file);
	else
		out_null("defined_in");
	out_bool("extern", NULL, s->is_extern);
	out_u64("definitions", NULL, s->def_cnt);
	out_u64("weak_definitions", NULL, s->weak_def_cnt);
	out_u64("declarations", NULL, s->decl_cnt);
	out_bool("weak_won", NULL, s->def_weak && losers(s));
	out_obj_close();
}

/* Archive members linked, and the extern that pulled each one in. */
static void json_members(const struct bk_linker *l)
{
	struct bk_link_member m;
	size_t i;

	out_arr_open("archive_members");
	for (i = 0; i < bk_linker__member_cnt(l); i++) {
		if (bk_linker__member(l, i, &m))
			continue;
		out_obj_open(NULL);
		out_str("input", NULL, m.input);
		out_str("archive", NULL, m.archive);
		out_str("member", NULL, m.member);
		if (m.pulled_by)
			out_str("pulled_by", NULL, m.pulled_by);
		else
			out_null("pulled_by");
		out_bool("whole", NULL, m.whole);
		out_obj_close();
	}
	out_arr_close();
}

/* Under gc, the global functions it cut: not in the output any more. */
static void json_removed(const struct bk_linker *l)
{
	struct bk_link_sym s;
	size_t i;

	out_arr_open("removed");
	for (i = 0; i < bk_linker__sym_cnt(l); i++) {
		if (!bk_linker__sym(l, i, &s) && s.is_removed)
			out_str(NULL, NULL, s.name);
	}
	out_arr_close();
}

static void report_json(const struct bk_linker *l, bool gc)
{
	struct bk_link_sym s;
	size_t i;

	out_obj_open(NULL);
	out_arr_open("inputs");
	for (i = 0; i < bk_linker__input_cnt(l); i++)
		out_str(NULL, NULL, bk_linker__input_name(l, i));
	out_arr_close();
	json_members(l);
	out_arr_open("symbols");
	for (i = 0; i < bk_linker__sym_cnt(l); i++) {
		if (!bk_linker__sym(l, i, &s) && !s.is_removed)
			json_sym(&s);
	}
	out_arr_close();
	out_arr_open("unresolved");
	for (i = 0; i < bk_linker__sym_cnt(l); i++) {
		if (!bk_linker__sym(l, i, &s) && s.is_extern &&
		    !left_to_loader(&s))
			out_str(NULL, NULL, s.name);
	}
	out_arr_close();
	if (gc)
		json_removed(l);
	out_obj_close();
}

/* "global f: func, binding weak, ... (weak, won over 2 other ...)" */
static void line_sym(const struct bk_link_sym *s)
{
	unsigned int lost = losers(s);
	char where[1024], outcome[128] = "";

	if (s->is_extern)
		snprintf(where, sizeof(where), "%s%s%s",
			 s->section ? ", section " : "",
			 s->section ? s->section : "",
			 left_to_loader(s) ? ", extern left for the loader"
					   : ", unresolved extern");
	else
		snprintf(where, sizeof(where), ", section %s, defined in %s",
			 s->section ?: "(none)", s->def_file);
	if (lost && s->def_weak)
		snprintf(outcome, sizeof(outcome),
			 " (weak, won over %u other weak definition%s)", lost,
			 lost == 1 ? "" : "s");
	else if (lost)
		snprintf(outcome, sizeof(outcome),
			 " (overrides %u weak definition%s)", lost,
			 lost == 1 ? "" : "s");
	p_info("global %s: %s, binding %s, visibility %s%s%s", s->name,
	       bk_link_sym_kind__str(s->kind), binding(s), visibility(s), where,
	       outcome);
}

static void report_lines(const struct bk_linker *l)
{
	struct bk_link_member m;
	struct bk_link_sym s;
	size_t i;

	for (i = 0; i < bk_linker__input_cnt(l); i++)
		p_info("input %s", bk_linker__input_name(l, i));
	for (i = 0; i < bk_linker__member_cnt(l); i++) {
		if (bk_linker__member(l, i, &m))
			continue;
		if (m.pulled_by)
			p_info("member %s: pulled by %s", m.input, m.pulled_by);
		else
			p_info("member %s: whole archive", m.input);
	}
	for (i = 0; i < bk_linker__sym_cnt(l); i++) {
		if (bk_linker__sym(l, i, &s))
			continue;
		if (s.is_removed)
			p_info("removed %s: unreachable from every program",
			       s.name);
		else
			line_sym(&s);
	}
	for (i = 0; i < bk_linker__sym_cnt(l); i++) {
		if (!bk_linker__sym(l, i, &s) && s.is_extern &&
		    !left_to_loader(&s))
			p_info("unresolved %s", s.name);
	}
}

/*
 * Interrupted, the link leaves nothing behind: the temporary goes, then the
 * signal is raised again so that the caller sees how the command ended
 * (a shell reports 130, 143 or 129).
 */
static void on_exit_signal(int sig)
{
	bk_out_file__remove_pending();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_exit_signals(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa = {.sa_handler = on_exit_signal}, old;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sigs); i++) {
		/* A signal the caller ignores (nohup, "&") stays ignored. */
		if (!sigaction(sigs[i], NULL, &old) &&
		    old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
}

/*
 * Below this much input, the heap's defaults serve best: the link is
 * start-up bound (2 files of 0.7 MB: 12 ms either way), while at 2.8 MB
 * the reserved heap already takes 19 ms instead of 28.
 */
#define HUGE_HEAP_MIN_INPUT (2UL << 20)

/*
 * A link touches about as much fresh memory as its inputs' size: for a
 * large one, twice that is reserved at once in huge pages (see
 * bk_mem__reserve_huge_heap(); what is never touched costs nothing).
 * 128 inputs of 46 MB: 13,300 page faults become 1,000, and the link's
 * CPU time halves on this kind of virtual machine. Streams and missing
 * files count as nothing here; the linker reports them.
 */
static void prepare_heap(int argc, char **argv)
{
	size_t total = 0;
	struct stat st;
	int i;

	for (i = 0; i < argc; i++) {
		if (!stat(argv[i], &st) && S_ISREG(st.st_mode))
			total += st.st_size;
	}
	if (total >= HUGE_HEAP_MIN_INPUT)
		bk_mem__reserve_huge_heap(2 * total);
}

/* INPUT_FILE: a path, or "whole ARCHIVE"; a file named whole is ./whole. */
static int add_input(struct bk_linker *l, int *argc, char ***argv)
{
	const char *path = **argv;

	(*argc)--;
	(*argv)++;
	if (strcmp(path, "whole") != 0)
		return bk_linker__add_file(l, path);
	if (!*argc) {
		p_err("'whole' needs an archive");
		return -1;
	}
	path = **argv;
	(*argc)--;
	(*argv)++;
	return bk_linker__add_archive(l, path, true);
}

/*
 * The keyword gc, before, between or after the inputs (a file named gc is
 * ./gc): taken out of the argument list, which keeps only the inputs.
 */
static bool take_gc_keyword(int *argc, char **argv)
{
	bool gc = false;
	int i, n = 0;

	for (i = 0; i < *argc; i++) {
		if (strcmp(argv[i], "gc") == 0)
			gc = true;
		else
			argv[n++] = argv[i];
	}
	*argc = n;
	return gc;
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
	opts.gc = take_gc_keyword(&argc, argv);
	if (!argc) {
		p_err("'object' needs an INPUT_FILE besides 'gc'");
		return -1;
	}
	catch_exit_signals();
	prepare_heap(argc, argv);
	l = bk_linker__new(out, &opts);
	if (!l) {
		p_err("cannot start linking '%s': %s", out, strerror(errno));
		return -1;
	}
	while (argc && !err)
		err = add_input(l, &argc, &argv);
	err = err ?: bk_linker__finalize(l);
	if (!err && json_output)
		report_json(l, opts.gc);
	else if (!err && debug_output)
		report_lines(l);
	bk_linker__free(l);
	return err ? -1 : 0;
}
