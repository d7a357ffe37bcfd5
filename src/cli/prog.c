// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* bpfkit prog { show | list | dump | load | loadall | run | help } */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "main.h"
#include "prog.h"
#include "../lib/mem.h"
#include "../prog/info.h"
#include "../prog/loader.h"

struct load_args {
	struct bk_loader_opts opts;
	struct bk_map_reuse *maps;
	size_t map_cnt, map_cap;
};

/* ---- show / list ------------------------------------------------------ */

static void print_paths(const char *key, const char *fmt, char **paths,
			size_t cnt)
{
	size_t i;

	out_arr_open(key);
	for (i = 0; i < cnt; i++)
		out_str(NULL, fmt, paths[i]);
	out_arr_close();
}

static void print_loaded_at(__u64 secs)
{
	time_t t = secs;
	char buf[64];
	struct tm tm;

	if (!localtime_r(&t, &tm) ||
	    !strftime(buf, sizeof(buf), "%FT%T%z", &tm))
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)secs);
	out_plain("\tloaded_at %s", buf);
	out_u64("loaded_at", NULL, secs);
}

/* bpftool's layout: the same words in plain text and as JSON keys. */
static void print_prog(const struct bk_prog_info *p)
{
	__u32 i;

	out_obj_open(NULL);
	out_u64("id", "%llu: ", p->id);
	if (p->type)
		out_str("type", "%s  ", p->type);
	else
		out_u64("type", "type %llu  ", p->type_id);
	out_str("name", "name %s  ", p->name);
	out_str("tag", "tag %s", p->tag);
	out_bool("gpl_compatible", NULL, p->gpl_compatible);
	out_plain(p->gpl_compatible ? "  gpl\n" : "\n");

	print_loaded_at(p->loaded_at);
	out_u64("uid", "  uid %llu\n", p->uid);

	out_u64("bytes_xlated", "\txlated %lluB", p->bytes_xlated);
	out_bool("jited", NULL, p->bytes_jited != 0);
	if (p->bytes_jited)
		out_u64("bytes_jited", "  jited %lluB", p->bytes_jited);
	else
		out_plain("  not jited");
	if (p->bytes_memlock)
		out_u64("bytes_memlock", "  memlock %lluB", p->bytes_memlock);
	if (p->map_cnt) {
		out_plain("  map_ids ");
		out_arr_open("map_ids");
		for (i = 0; i < p->map_cnt; i++)
			out_u64(NULL, i ? ",%llu" : "%llu", p->map_ids[i]);
		out_arr_close();
	}
	out_plain("\n\t");
	if (p->btf_id)
		out_u64("btf_id", "btf_id %llu  ", p->btf_id);
	out_u64("verified_insns", "verified_insns %llu\n", p->verified_insns);

	print_paths("pinned", "\tpinned %s\n", p->pinned, p->pinned_cnt);
	print_paths("pinned_links", "\tpinned_link %s\n", p->pinned_links,
		    p->pinned_link_cnt);
	out_obj_close();
}

int parse_prog_selector(int *argc, char ***argv, struct bk_prog_query *q)
{
	char **args = *argv;

	if (*argc < 2) {
		p_err("'%s' needs at least 2 arguments, %d found", args[-1],
		      *argc);
		return -1;
	}
	if (is_prefix(*args, "id")) {
		q->select = BK_PROG_BY_ID;
		if (!parse_u32(args[1], &q->id)) {
			p_err("can't parse '%s' as a program ID", args[1]);
			return -1;
		}
	} else if (is_prefix(*args, "pinned")) {
		q->select = BK_PROG_BY_PIN;
	} else if (is_prefix(*args, "name")) {
		q->select = BK_PROG_BY_NAME;
	} else if (is_prefix(*args, "tag")) {
		q->select = BK_PROG_BY_TAG;
	} else {
		p_err("expected 'id', 'pinned', 'name' or 'tag', got: '%s'?",
		      *args);
		return -1;
	}
	q->arg = args[1];
	*argc -= 2;
	*argv += 2;
	return 0;
}

static int parse_prog_query(int argc, char **argv, struct bk_prog_query *q)
{
	if (parse_prog_selector(&argc, &argv, q))
		return -1;
	if (argc) {
		p_err("expected no more arguments, got: '%s'?", *argv);
		return -1;
	}
	return 0;
}

static int do_show(int argc, char **argv)
{
	struct bk_prog_query q = {.select = BK_PROG_ALL};
	struct bk_prog_info *infos;
	bool one;
	size_t cnt, i;

	if (argc && parse_prog_query(argc, argv, &q))
		return -1;
	if (bk_prog_info__query(&q, &infos, &cnt, &cli_diag))
		return -1;
	/* An ID or a pin names one program; the other forms, a list. */
	one = q.select == BK_PROG_BY_ID || q.select == BK_PROG_BY_PIN;
	if (!one)
		out_arr_open(NULL);
	for (i = 0; i < cnt; i++)
		print_prog(&infos[i]);
	if (!one)
		out_arr_close();
	bk_prog_info__free(infos, cnt);
	return 0;
}

/* ---- load / loadall --------------------------------------------------- */

static int open_map_arg(int *argc, char ***argv)
{
	__u32 id;

	if (is_prefix(**argv, "id")) {
		NEXT_ARGP();
		if (!parse_u32(**argv, &id)) {
			p_err("can't parse '%s' as a map ID", **argv);
			return -1;
		}
		return bk_map__fd_by_id(id, &cli_diag);
	}
	if (is_prefix(**argv, "pinned")) {
		NEXT_ARGP();
		return bk_obj__open_pinned(**argv, BK_OBJ_MAP, &cli_diag);
	}
	p_err("expected 'id' or 'pinned', got: '%s'?", **argv);
	return -1;
}

/* map { idx IDX | name NAME } { id MAP_ID | pinned FILE } */
static int parse_map_reuse(int *argc, char ***argv, struct load_args *a)
{
	struct bk_map_reuse r = {.idx = -1};
	__u32 idx;

	if (is_prefix(**argv, "idx")) {
		NEXT_ARGP();
		if (!parse_u32(**argv, &idx) || idx > INT_MAX) {
			p_err("can't parse '%s' as a map index", **argv);
			return -1;
		}
		r.idx = idx;
	} else if (is_prefix(**argv, "name")) {
		NEXT_ARGP();
		r.name = **argv;
	} else {
		p_err("expected 'idx' or 'name', got: '%s'?", **argv);
		return -1;
	}
	NEXT_ARGP();
	r.fd = open_map_arg(argc, argv);
	if (r.fd < 0)
		return -1;
	NEXT_ARGP();
	if (bk_ensure_mem((void **)&a->maps, &a->map_cap, sizeof(*a->maps),
			  a->map_cnt + 1)) {
		close(r.fd);
		p_err("out of memory");
		return -1;
	}
	a->maps[a->map_cnt++] = r;
	return 0;
}

static int parse_load_opts(int argc, char **argv, struct load_args *a)
{
	while (argc) {
		if (is_prefix(*argv, "type")) {
			NEXT_ARG();
			if (a->opts.prog_type) {
				p_err("program type already specified");
				return -1;
			}
			if (!REQ_ARGS(1))
				return -1;
			a->opts.prog_type = GET_ARG();
		} else if (is_prefix(*argv, "map")) {
			NEXT_ARG();
			if (!REQ_ARGS(4))
				return -1;
			if (parse_map_reuse(&argc, &argv, a))
				return -1;
		} else if (is_prefix(*argv, "pinmaps")) {
			NEXT_ARG();
			if (!REQ_ARGS(1))
				return -1;
			a->opts.pin_maps_dir = GET_ARG();
		} else if (is_prefix(*argv, "autoattach")) {
			NEXT_ARG();
			a->opts.autoattach = true;
		} else {
			p_err("expected no more arguments, 'type', 'map', 'pinmaps' or 'autoattach', got: '%s'?",
			      *argv);
			return -1;
		}
	}
	return 0;
}

static void print_verify_stats(const struct bk_load_result *res)
{
	const struct bk_loaded_prog *p;
	size_t i;

	out_arr_open(NULL);
	for (i = 0; i < res->prog_cnt; i++) {
		p = &res->progs[i];
		out_obj_open(NULL);
		out_str("name", "%s", p->name);
		out_str("type", "  type %s", p->type);
		out_str("section", "  section %s", p->section);
		out_str("verdict", "  verdict %s\n",
			p->rejected ? "rejected" : "accepted");
		out_u64("insns", "\tinsns %llu", p->insn_cnt);
		out_u64("insns_processed", "  insns_processed %llu",
			p->insns_processed);
		out_u64("total_states", "  total_states %llu", p->total_states);
		out_u64("peak_states", "  peak_states %llu", p->peak_states);
		out_u64("max_states_per_insn", "  max_states_per_insn %llu",
			p->max_states_per_insn);
		out_u64("verification_time_usec",
			"  verification_time_usec %llu\n",
			p->verification_time_usec);
		if (p->error)
			out_str("error", NULL, p->error);
		if (p->log_tail)
			out_str("verifier_log", NULL, p->log_tail);
		out_obj_close();
	}
	out_arr_close();
}

/*
 * A CI gate: every verdict first, then why each rejected program failed
 * (in JSON, in its "error" member, and the document is still printed).
 */
static void print_verify_rejections(const struct bk_load_result *res)
{
	print_verify_stats(res);
	if (!json_output)
		print_rejections(res);
}

void print_rejections(const struct bk_load_result *res)
{
	size_t i;

	for (i = 0; i < res->prog_cnt; i++) {
		if (res->progs[i].error)
			p_err("%s", res->progs[i].error);
		if (res->progs[i].log_tail)
			p_err_detail(res->progs[i].log_tail);
	}
}

static int load_with_options(int argc, char **argv, enum bk_load_mode mode)
{
	struct bk_load_result res = {};
	struct load_args a = {};
	const char *obj, *path;
	size_t i;
	int err;

	if (!REQ_ARGS(2))
		return -1;
	obj = GET_ARG();
	path = GET_ARG();
	/* "load OBJ verify": a pin named verify is ./verify */
	if (!strcmp(path, "verify"))
		mode = BK_LOAD_VERIFY;
	else
		a.opts.pin_path = path;

	err = parse_load_opts(argc, argv, &a);
	if (!err && mode == BK_LOAD_VERIFY &&
	    (a.opts.pin_maps_dir || a.opts.autoattach)) {
		p_err("verify pins nothing: 'pinmaps' and 'autoattach' do not apply");
		err = -1;
	}
	if (!err) {
		a.opts.sz = sizeof(a.opts);
		a.opts.mode = mode;
		a.opts.maps = a.maps;
		a.opts.map_cnt = a.map_cnt;
		a.opts.no_mount = block_mount;
		a.opts.diag = &cli_diag;
		err = bk_loader__load(obj, &a.opts, &res);
		if (err == -EINTR)
			exit_signal = bk_loader__stop_signal();
	}
	if (!err && mode == BK_LOAD_VERIFY)
		print_verify_stats(&res);
	else if (mode == BK_LOAD_VERIFY && res.prog_cnt)
		print_verify_rejections(&res);
	else if (!err)
		out_null(NULL);
	bk_load_result__free(&res);
	for (i = 0; i < a.map_cnt; i++)
		close(a.maps[i].fd);
	free(a.maps);
	return err ? -1 : 0;
}

static int do_load(int argc, char **argv)
{
	return load_with_options(argc, argv, BK_LOAD_FIRST);
}

static int do_loadall(int argc, char **argv)
{
	return load_with_options(argc, argv, BK_LOAD_ALL);
}

static int do_help(int argc, char **argv)
{
	if (json_output) {
		out_null(NULL);
		return 0;
	}

	fprintf(stderr,
		"Usage: %1$s %2$s { show | list } [PROG]\n"
		"       %1$s %2$s load OBJ PATH [type TYPE] [map { idx IDX | name NAME } MAP]... \\\n"
		"                         [pinmaps MAP_DIR] [autoattach]\n"
		"       %1$s %2$s loadall OBJ PATH [type TYPE] [map { idx IDX | name NAME } MAP]... \\\n"
		"                         [pinmaps MAP_DIR] [autoattach]\n"
		"       %1$s %2$s load OBJ verify [type TYPE] [map { idx IDX | name NAME } MAP]...\n"
		"       %1$s %2$s run PROG_RUN [data_in FILE] [data_out FILE] [data_size_out L] \\\n"
		"                         [ctx_in FILE] [ctx_out FILE] [ctx_size_out M] [repeat N]\n"
		"       %1$s %2$s dump { xlated | jited } PROG [{ file FILE | [linum] [opcodes] }]\n"
		"       %1$s %2$s help\n"
		"\n"
		"       PROG := { id PROG_ID | pinned FILE | name PROG_NAME | tag PROG_TAG }\n"
		"       PROG_RUN := { PROG | file OBJ [name NAME] }\n"
		"       MAP := { id MAP_ID | pinned FILE }\n"
		"       TYPE := { socket | kprobe | kretprobe | classifier | action |\n"
		"                 tracepoint | raw_tracepoint | xdp | perf_event | cgroup/skb |\n"
		"                 cgroup/sock | cgroup/dev | lwt_in | lwt_out | lwt_xmit |\n"
		"                 lwt_seg6local | sockops | sk_skb | sk_msg | lirc_mode2 |\n"
		"                 cgroup/bind4 | cgroup/bind6 | cgroup/post_bind4 |\n"
		"                 cgroup/post_bind6 | cgroup/connect4 | cgroup/connect6 |\n"
		"                 cgroup/sendmsg4 | cgroup/sendmsg6 | cgroup/recvmsg4 |\n"
		"                 cgroup/recvmsg6 | cgroup/sysctl | cgroup/getsockopt |\n"
		"                 cgroup/setsockopt | cgroup/sock_release | struct_ops |\n"
		"                 fentry | fexit | freplace | sk_lookup | syscall }\n"
		"       " HELP_SPEC_PROGRAM_OPTIONS "\n"
		"",
		bin_name, "prog");
	return 0;
}

/* Order settles prefixes: "loa" is load, as in bpftool. */
static const struct cmd cmds[] = {
	{"show", do_show},
	{"list", do_show},
	{"dump", do_prog_dump},
	{"load", do_load},
	{"loadall", do_loadall},
	{"run", do_prog_run},
	{"help", do_help},
	/* End of table; a comment line keeps clang-format from packing rows */
	{0},
};

int do_prog(int argc, char **argv)
{
	return cmd_select(cmds, argc, argv, do_help);
}
