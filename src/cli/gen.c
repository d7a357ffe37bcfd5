// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* bpfkit gen { object | skeleton | subskeleton | header | help } */
#include <stdio.h>

#include "main.h"
#include "gen.h"

static int do_help(int argc, char **argv)
{
	if (json_output) {
		out_null(NULL);
		return 0;
	}

	fprintf(stderr,
		"Usage: %1$s %2$s object OUTPUT_FILE INPUT_FILE [INPUT_FILE...] [gc]\n"
		"       %1$s %2$s skeleton FILE [name OBJECT_NAME]\n"
		"       %1$s %2$s subskeleton FILE [name OBJECT_NAME]\n"
		"       %1$s %2$s header FILE [name OBJECT_NAME]\n"
		"       %1$s %2$s help\n"
		"\n"
		"       INPUT_FILE := { OBJ | ARCHIVE | whole ARCHIVE }\n"
		"       " HELP_SPEC_OPTIONS "\n"
		"",
		bin_name, "gen");
	return 0;
}

static const struct cmd cmds[] = {
	{"object", do_gen_object},
	{"skeleton", do_gen_skeleton},
	{"subskeleton", do_gen_subskeleton},
	{"help", do_help},
	/* After help: "gen h" and "gen he" stay help, as in bpftool */
	{"header", do_gen_header},
	/* End of table; a comment line keeps clang-format from packing rows */
	{0},
};

int do_gen(int argc, char **argv)
{
	return cmd_select(cmds, argc, argv, do_help);
}
