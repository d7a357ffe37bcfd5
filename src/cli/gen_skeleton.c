// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit gen skeleton FILE [name OBJECT_NAME]
 * bpfkit gen subskeleton FILE [name OBJECT_NAME]
 * bpfkit gen header FILE [name OBJECT_NAME]
 *
 * The header is generated into an unlinked temporary file and copied to
 * standard output only once it is complete, so a failure prints nothing but
 * the error, and a header of tens of megabytes (the embedded object) is
 * never held in memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/sendfile.h>
#include <sys/stat.h>

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

/* JSON holds the header as one string: read it back whole. */
static int print_json_header(FILE *tmp, size_t len)
{
	char *text = malloc(len + 1);

	if (!text) {
		p_err("out of memory");
		return -1;
	}
	rewind(tmp);
	if (fread(text, 1, len, tmp) != len) {
		free(text);
		p_err("cannot read back the generated header");
		return -1;
	}
	text[len] = '\0';
	out_obj_open(NULL);
	out_str("header", NULL, text);
	out_obj_close();
	free(text);
	return 0;
}

/*
 * Through stdio what sendfile() did not take: a write error marks stdout,
 * and the check every command ends with reports it, with its reason.
 */
static int copy_by_stdio(int in, off_t off, size_t len)
{
	char buf[64 << 10];
	ssize_t n;

	while (len) {
		n = pread(in, buf, len < sizeof(buf) ? len : sizeof(buf), off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			p_err("cannot read back the generated header: %s",
			      n ? strerror(errno) : "file shrank");
			return -1;
		}
		if (fwrite(buf, 1, n, stdout) != (size_t)n)
			return 0;
		off += n;
		len -= n;
	}
	return 0;
}

/* The header goes from the temporary file to stdout inside the kernel. */
static int print_header(FILE *tmp, size_t len)
{
	int in = fileno(tmp), out = fileno(stdout);
	off_t off = 0;
	ssize_t n;

	if (json_output)
		return print_json_header(tmp, len);
	while (!fflush(stdout) && (size_t)off < len) {
		n = sendfile(out, in, &off, len - off);
		if (n <= 0 && !(n < 0 && errno == EINTR))
			break;
	}
	return copy_by_stdio(in, off, len - off);
}

static int gen_header(int argc, char **argv, gen_fn gen)
{
	struct bk_skel_opts opts = {.sz = sizeof(opts), .diag = &cli_diag};
	const char *file;
	FILE *tmp;
	long len;
	int err;

	if (parse_args(argc, argv, &file, &opts.obj_name))
		return -1;
	tmp = tmpfile();
	if (!tmp) {
		p_err("cannot create a temporary file: %s", strerror(errno));
		return -1;
	}
	err = gen(file, tmp, &opts);
	len = err ? 0 : ftell(tmp);
	if (!err && len < 0) {
		p_err("cannot write the header: %s", strerror(errno));
		err = -1;
	}
	if (!err)
		err = print_header(tmp, len);
	fclose(tmp);
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
