// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* bpfkit link { show | list | help } */
#include <stdio.h>

#include "main.h"
#include "prog.h"
#include "../prog/info.h"

static void print_attach_type(const struct bk_link_info *l)
{
	if (l->attach_type)
		out_str("attach_type", "attach_type %s  ", l->attach_type);
}

/* What the link attaches to, on its own line as bpftool prints it. */
static void print_link_details(const struct bk_link_info *l)
{
	switch (l->type_id) {
	case BPF_LINK_TYPE_RAW_TRACEPOINT:
		out_str("tp_name", "\n\ttp '%s'  ", l->target);
		break;
	case BPF_LINK_TYPE_ITER:
		out_str("target_name", "\n\ttarget_name %s  ", l->target);
		break;
	case BPF_LINK_TYPE_TRACING:
		out_plain("\n\t");
		print_attach_type(l);
		if (l->target_obj_id)
			out_u64("target_obj_id", "target_obj_id %llu  ",
				l->target_obj_id);
		if (l->target_btf_id)
			out_u64("target_btf_id", "target_btf_id %llu  ",
				l->target_btf_id);
		break;
	case BPF_LINK_TYPE_CGROUP:
		out_u64("cgroup_id", "\n\tcgroup_id %llu  ", l->cgroup_id);
		print_attach_type(l);
		break;
	case BPF_LINK_TYPE_NETNS:
		out_u64("netns_ino", "\n\tnetns_ino %llu  ", l->netns_ino);
		print_attach_type(l);
		break;
	case BPF_LINK_TYPE_XDP:
		out_u64("ifindex", "\n\tifindex %llu  ", l->ifindex);
		break;
	default:
		break;
	}
}

static void print_link(const struct bk_link_info *l)
{
	size_t i;

	out_obj_open(NULL);
	out_u64("id", "%llu: ", l->id);
	if (l->type)
		out_str("type", "%s  ", l->type);
	else
		out_u64("type", "type %llu  ", l->type_id);
	out_u64("prog_id", "prog %llu  ", l->prog_id);
	print_link_details(l);
	out_arr_open("pinned");
	for (i = 0; i < l->pinned_cnt; i++)
		out_str(NULL, "\n\tpinned %s", l->pinned[i]);
	out_arr_close();
	out_plain("\n");
	out_obj_close();
}

/* LINK := { id LINK_ID | pinned FILE }: its ID, or -1 after p_err(). */
static int parse_link(int argc, char **argv, __u32 *id)
{
	int ret;

	if (!REQ_ARGS(2))
		return -1;
	if (argc > 2) {
		p_err("expected no more arguments, got: '%s'?", argv[2]);
		return -1;
	}
	if (is_prefix(*argv, "id")) {
		if (!parse_u32(argv[1], id) || !*id) {
			p_err("can't parse '%s' as a link ID", argv[1]);
			return -1;
		}
		return 0;
	}
	if (!is_prefix(*argv, "pinned")) {
		p_err("expected 'id' or 'pinned', got: '%s'?", *argv);
		return -1;
	}
	ret = bk_link__id_by_pin(argv[1], &cli_diag);
	if (ret < 0)
		return -1;
	*id = ret;
	return 0;
}

static int do_show(int argc, char **argv)
{
	struct bk_link_info *links;
	size_t cnt, i;
	__u32 id = 0;

	if (argc && parse_link(argc, argv, &id))
		return -1;
	if (bk_link_info__query(id, &links, &cnt, &cli_diag))
		return -1;
	if (!id)
		out_arr_open(NULL);
	for (i = 0; i < cnt; i++)
		print_link(&links[i]);
	if (!id)
		out_arr_close();
	bk_link_info__free(links, cnt);
	return 0;
}

static int do_help(int argc, char **argv)
{
	if (json_output) {
		out_null(NULL);
		return 0;
	}

	fprintf(stderr,
		"Usage: %1$s %2$s { show | list } [LINK]\n"
		"       %1$s %2$s help\n"
		"\n"
		"       LINK := { id LINK_ID | pinned FILE }\n"
		"       " HELP_SPEC_OPTIONS "\n"
		"",
		bin_name, "link");
	return 0;
}

static const struct cmd cmds[] = {
	{"show", do_show},
	{"list", do_show},
	{"help", do_help},
	/* End of table; a comment line keeps clang-format from packing rows */
	{0},
};

int do_link(int argc, char **argv)
{
	return cmd_select(cmds, argc, argv, do_help);
}
