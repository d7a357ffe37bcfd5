// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit gen skeleton FILE [name OBJECT_NAME]
 * bpfkit gen subskeleton FILE [name OBJECT_NAME]
 * bpfkit gen header FILE [name OBJECT_NAME]
 *
 * The header is generated into memory and printed only once it is
 * complete, so a failure prints nothing but the error.
 */
#include <stdio.h>
#include <stdlib.h>

#include "main.h"
#include "gen.h"
#include "../skel/skeleton.h"

typedef int (*gen_fn)(const char *path, FILE *out,
		      const struct bk_skel_opts *opts);

static int parse_args(int argc, char **argv, const char **file,
		      const char **name)
{
	if (!REQ_ARGS(1))
		usage();
	*file = GET_ARG();
	*name = NULL;
	while (argc) {
		if (!is_prefix(*argv, "name"))
			return BAD_ARG();
		NEXT_ARG();
		if (!REQ_ARGS(1))
			usage();
		if (*name) {
			p_err("'name' given twice");
			return -1;
		}
		*name = GET_ARG();
	}
	return 0;
}

static int print_header(const char *text, size_t len)
{
	if (json_output) {
		out_obj_open(NULL);
		out_str("header", NULL, text);
		out_obj_close();
		return 0;
	}
	if (fwrite(text, 1, len, stdout) != len) {
		p_err("cannot write to standard output");
		return -1;
	}
	return 0;
}

static int gen_header(int argc, char **argv, gen_fn gen)
{
	struct bk_skel_opts opts = {.sz = sizeof(opts), .diag = &cli_diag};
	const char *file;
	size_t len = 0;
	char *text = NULL;
	FILE *mem;
	int err;

	if (parse_args(argc, argv, &file, &opts.obj_name))
		return -1;
	mem = open_memstream(&text, &len);
	if (!mem) {
		p_err("out of memory");
		return -1;
	}
	err = gen(file, mem, &opts);
	if (fclose(mem) && !err) {
		p_err("out of memory");
		err = -1;
	}
	if (!err)
		err = print_header(text, len);
	free(text);
	return err ? -1 : 0;
}

int do_gen_skeleton(int argc, char **argv)
{
	return gen_header(argc, argv, bk_skel__gen_skeleton);
}

int do_gen_subskeleton(int argc, char **argv)
{
	return gen_header(argc, argv, bk_skel__gen_subskeleton);
}

int do_gen_header(int argc, char **argv)
{
	return gen_header(argc, argv, bk_skel__gen_header);
}
