// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit prog run PROG [data_in FILE] [data_out FILE] [data_size_out L]
 *                      [ctx_in FILE] [ctx_out FILE] [ctx_size_out M]
 *                      [repeat N]
 *
 * PROG may also be `file OBJ [name NAME]`: the object is loaded without
 * pinning anything, the program runs, and everything is unloaded again.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "main.h"
#include "prog.h"
#include "../lib/file.h"
#include "../prog/loader.h"
#include "../prog/run.h"

/* bpftool's default room for data_out and ctx_out: one page. */
#define DEFAULT_OUT_SIZE 4096U
/* BPF_PROG_TEST_RUN's own limit on data_in is near a page or two. */
#define MAX_RUN_INPUT (1U << 20)

struct run_args {
	struct bk_prog_query q;
	const char *obj;      /* file OBJ: load it */
	const char *obj_prog; /* [name NAME] within OBJ, or NULL: first */
	const char *data_in, *data_out, *ctx_in, *ctx_out;
	__u32 data_size_out, ctx_size_out, repeat;
};

struct run_bufs {
	void *data_in, *ctx_in;
	void *data_out, *ctx_out;
};

/* KEYWORD VALUE: the value, each keyword once; 0, or -1 after p_err(). */
static int parse_file_arg(int *argc, char ***argv, const char **v)
{
	const char *kw = **argv;

	NEXT_ARGP();
	if (!*argc) {
		p_err("'%s' needs a value", kw);
		return -1;
	}
	if (*v) {
		p_err("'%s' given twice", kw);
		return -1;
	}
	*v = **argv;
	NEXT_ARGP();
	return 0;
}

static int parse_size_arg(int *argc, char ***argv, __u32 *v)
{
	const char *kw = **argv, *val = NULL;

	if (parse_file_arg(argc, argv, &val))
		return -1;
	if (!parse_u32(val, v)) {
		p_err("can't parse '%s' as a number for '%s'", val, kw);
		return -1;
	}
	return 0;
}

/* file OBJ [name NAME], or the PROG selector prog show takes. */
static int parse_run_prog(int *argc, char ***argv, struct run_args *a)
{
	if (*argc && is_prefix(**argv, "file")) {
		if (parse_file_arg(argc, argv, &a->obj))
			return -1;
		if (*argc && is_prefix(**argv, "name"))
			return parse_file_arg(argc, argv, &a->obj_prog);
		return 0;
	}
	return parse_prog_selector(argc, argv, &a->q);
}

static int parse_run_args(int argc, char **argv, struct run_args *a)
{
	int err = 0;

	if (parse_run_prog(&argc, &argv, a))
		return -1;
	while (argc && !err) {
		if (is_prefix(*argv, "data_in"))
			err = parse_file_arg(&argc, &argv, &a->data_in);
		else if (is_prefix(*argv, "data_out"))
			err = parse_file_arg(&argc, &argv, &a->data_out);
		else if (is_prefix(*argv, "data_size_out"))
			err = parse_size_arg(&argc, &argv, &a->data_size_out);
		else if (is_prefix(*argv, "ctx_in"))
			err = parse_file_arg(&argc, &argv, &a->ctx_in);
		else if (is_prefix(*argv, "ctx_out"))
			err = parse_file_arg(&argc, &argv, &a->ctx_out);
		else if (is_prefix(*argv, "ctx_size_out"))
			err = parse_size_arg(&argc, &argv, &a->ctx_size_out);
		else if (is_prefix(*argv, "repeat"))
			err = parse_size_arg(&argc, &argv, &a->repeat);
		else
			err = BAD_ARG();
	}
	if (err)
		return -1;
	if (!a->data_in && !a->ctx_in) {
		p_err("nothing to run on: give 'data_in', 'ctx_in' or both");
		return -1;
	}
	if (a->data_in && a->ctx_in && !strcmp(a->data_in, "-") &&
	    !strcmp(a->ctx_in, "-")) {
		p_err("'data_in' and 'ctx_in' cannot both read stdin");
		return -1;
	}
	return 0;
}

/* ---- input and output ------------------------------------------------- */

/*
 * The whole of path, but never more than a run takes: stdin or a device
 * such as /dev/zero must not be read to its end.
 */
static int read_input(const char *path, void **buf, size_t *size)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : 0;
	size_t len = 0;
	ssize_t n = 0;
	char *data;

	data = fd < 0 ? NULL : malloc(MAX_RUN_INPUT + 1);
	while (data && len <= MAX_RUN_INPUT) {
		n = read(fd, data + len, MAX_RUN_INPUT + 1 - len);
		if (n <= 0 && !(n < 0 && errno == EINTR))
			break;
		len += n > 0 ? n : 0;
	}
	if (fd > 0)
		close(fd);
	*buf = data;
	*size = len;
	if (fd < 0 || n < 0)
		p_err("%s: %s", path, strerror(errno));
	else if (!data)
		p_err("out of memory");
	else if (len > MAX_RUN_INPUT)
		p_err("%s: more than the %u bytes a test run takes", path,
		      MAX_RUN_INPUT);
	else
		return 0;
	return -1;
}

static int prepare_run(const struct run_args *a, struct run_bufs *b,
		       struct bk_run *run)
{
	if (a->data_in &&
	    read_input(a->data_in, &b->data_in, &run->data_size_in))
		return -1;
	if (a->ctx_in && read_input(a->ctx_in, &b->ctx_in, &run->ctx_size_in))
		return -1;
	run->data_in = b->data_in;
	run->ctx_in = b->ctx_in;
	run->data_size_out = a->data_size_out ?: DEFAULT_OUT_SIZE;
	run->ctx_size_out = a->ctx_size_out ?: DEFAULT_OUT_SIZE;
	run->repeat = a->repeat;
	if (a->data_out)
		b->data_out = calloc(1, run->data_size_out);
	if (a->ctx_out)
		b->ctx_out = calloc(1, run->ctx_size_out);
	if ((a->data_out && !b->data_out) || (a->ctx_out && !b->ctx_out)) {
		p_err("out of memory");
		return -1;
	}
	run->data_out = b->data_out;
	run->ctx_out = b->ctx_out;
	return 0;
}

/* bpftool's hex dump: offset, eight pairs of bytes, then the ASCII. */
static void print_hex(const unsigned char *data, size_t size)
{
	size_t i, j;

	for (i = 0; i < size; i += 16) {
		out_plain("%07zx\t", i);
		for (j = i; j < i + 16 && j < size; j++)
			out_plain("%02x%s", data[j], j % 2 ? " " : "");
		for (; j < i + 16; j++)
			out_plain("  %s", j % 2 ? " " : "");
		out_plain("| ");
		for (j = i; j < i + 16 && j < size; j++)
			out_plain("%c%s",
				  data[j] < ' ' || data[j] > '~' ? '.'
								 : data[j],
				  j == i + 7 ? " " : "");
		out_plain("\n");
	}
}

static void print_bytes(const char *key, const void *data, size_t size)
{
	const unsigned char *p = data;
	size_t i;

	if (!json_output) {
		print_hex(p, size);
		return;
	}
	out_arr_open(key);
	for (i = 0; i < size; i++)
		out_u64(NULL, NULL, p[i]);
	out_arr_close();
}

static int write_output(const char *path, const void *data, size_t size,
			struct bk_out_file *f)
{
	if (bk_out_file__open(f, path, &cli_diag))
		return -1;
	if (write(f->fd, data, size) != (ssize_t)size) {
		p_err("%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Files are written whole and renamed in place only when all are. */
static int write_outputs(const struct run_args *a, const struct bk_run *run)
{
	struct bk_out_file df = {.fd = -1}, cf = {.fd = -1};
	bool to_file_d = a->data_out && strcmp(a->data_out, "-");
	bool to_file_c = a->ctx_out && strcmp(a->ctx_out, "-");
	int err = 0;

	if (to_file_d)
		err = write_output(a->data_out, run->data_out,
				   run->data_size_out, &df);
	if (!err && to_file_c)
		err = write_output(a->ctx_out, run->ctx_out, run->ctx_size_out,
				   &cf);
	if (!err && to_file_d)
		err = bk_out_file__commit(&df, &cli_diag);
	if (!err && to_file_c)
		err = bk_out_file__commit(&cf, &cli_diag);
	bk_out_file__abort(&df);
	bk_out_file__abort(&cf);
	return err ? -1 : 0;
}

static void print_result(const struct run_args *a, const struct bk_run *run)
{
	out_obj_open(NULL);
	if (a->data_out && !strcmp(a->data_out, "-"))
		print_bytes("data_out", run->data_out, run->data_size_out);
	if (a->ctx_out && !strcmp(a->ctx_out, "-"))
		print_bytes("ctx_out", run->ctx_out, run->ctx_size_out);
	out_u64("retval", "Return value: %llu", run->retval);
	out_plain(", duration%s: ", run->repeat > 1 ? " (average)" : "");
	out_u64("duration", "%lluns\n", run->duration);
	out_obj_close();
}

/* ---- the program ------------------------------------------------------ */

static int pick_loaded(const struct run_args *a,
		       const struct bk_load_result *res)
{
	size_t i;

	for (i = 0; i < res->prog_cnt; i++) {
		if (!a->obj_prog || !strcmp(res->progs[i].name, a->obj_prog))
			return res->progs[i].fd;
	}
	if (a->obj_prog)
		p_err("%s: no program named '%s' (with autoload on)", a->obj,
		      a->obj_prog);
	else
		p_err("%s: no program to run (none has autoload on)", a->obj);
	return -1;
}

/* Load OBJ, pinning nothing; the programs live while res holds them. */
static int load_for_run(const struct run_args *a, struct bk_load_result *res)
{
	struct bk_loader_opts opts = {
		.sz = sizeof(opts),
		.mode = BK_LOAD_VERIFY,
		.keep_loaded = true,
		.no_mount = true,
		.diag = &cli_diag,
	};

	/* Verify mode reports a rejection in res, not through diag. */
	if (bk_loader__load(a->obj, &opts, res)) {
		print_rejections(res);
		return -1;
	}
	return pick_loaded(a, res);
}

int do_prog_run(int argc, char **argv)
{
	struct bk_load_result res = {};
	struct run_args a = {};
	struct run_bufs b = {};
	struct bk_run run = {};
	int fd = -1, err;

	if (parse_run_args(argc, argv, &a))
		return -1;
	err = prepare_run(&a, &b, &run);
	if (!err) {
		fd = a.obj ? load_for_run(&a, &res)
			   : bk_prog__open(&a.q, &cli_diag);
		err = fd < 0;
	}
	err = err ?: bk_prog__test_run(fd, &run, &cli_diag);
	err = err ?: write_outputs(&a, &run);
	if (!err)
		print_result(&a, &run);
	if (fd >= 0 && !a.obj)
		close(fd);
	bk_load_result__free(&res);
	free(b.data_in);
	free(b.ctx_in);
	free(b.data_out);
	free(b.ctx_out);
	return err ? -1 : 0;
}
