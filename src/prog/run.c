// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* BPF_PROG_TEST_RUN, with errors that say what to change. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "run.h"

/* Kernel-internal, yet what BPF_PROG_TEST_RUN returns for some types. */
#ifndef ENOTSUPP
#define ENOTSUPP 524
#endif

static enum bpf_prog_type prog_type_of(int fd)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);

	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return BPF_PROG_TYPE_UNSPEC;
	return info.type;
}

static const char *type_str(enum bpf_prog_type type)
{
	return libbpf_bpf_prog_type_str(type) ?: "unknown";
}

/* The kernel answers a bad run with a bare errno: name the likely cause. */
static int run_failed(enum bpf_prog_type type, int err,
		      const struct bk_run *run, const struct bk_diag *diag)
{
	switch (err) {
	case -ENOSPC:
		return bk_err(
			diag, err,
			"%s program: the output does not fit: raise data_size_out or ctx_size_out",
			type_str(type));
	case -EINVAL:
		return bk_err(
			diag, err,
			"%s program: the kernel refused the test run (%zu bytes of data_in, %zu bytes of ctx_in): this type may need other sizes, or cannot be run",
			type_str(type), run->data_size_in, run->ctx_size_in);
	case -ENOTSUPP:
	case -EOPNOTSUPP:
		return bk_err(
			diag, err,
			"%s program: the kernel cannot test-run this program type",
			type_str(type));
	case -EPERM:
		return bk_err(diag, err, "running programs needs root: %s",
			      strerror(EPERM));
	default:
		return bk_err(diag, err, "%s program: test run failed: %s",
			      type_str(type), strerror(-err));
	}
}

static int check_syscall_run(const struct bk_run *run,
			     const struct bk_diag *diag)
{
	if (run->data_in || run->data_out)
		return bk_err(
			diag, -EINVAL,
			"syscall program: takes a context (ctx_in), no packet data");
	if (run->repeat > 1)
		return bk_err(
			diag, -EINVAL,
			"syscall program: runs once, 'repeat' does not apply");
	if (run->ctx_out && run->ctx_size_in > run->ctx_size_out)
		return bk_err(
			diag, -ENOSPC,
			"syscall program: the context (%zu bytes) does not fit: raise ctx_size_out",
			run->ctx_size_in);
	return 0;
}

/*
 * The kernel runs a syscall program once, without ctx_out, repeat or
 * timing, and writes the context back into ctx_in: it gets a copy, which
 * then is ctx_out.
 */
static int run_syscall(int fd, struct bk_run *run, const struct bk_diag *diag)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	void *ctx = NULL;
	int err;

	err = check_syscall_run(run, diag);
	if (err)
		return err;
	if (run->ctx_size_in) {
		ctx = malloc(run->ctx_size_in);
		if (!ctx)
			return bk_err(diag, -ENOMEM, "out of memory");
		memcpy(ctx, run->ctx_in, run->ctx_size_in);
	}
	opts.ctx_in = ctx;
	opts.ctx_size_in = run->ctx_size_in;
	if (bpf_prog_test_run_opts(fd, &opts)) {
		err = run_failed(BPF_PROG_TYPE_SYSCALL, -errno, run, diag);
		free(ctx);
		return err;
	}
	run->ctx_size_out = run->ctx_out ? run->ctx_size_in : 0;
	if (run->ctx_size_out)
		memcpy(run->ctx_out, ctx, run->ctx_size_out);
	run->retval = opts.retval;
	run->duration = 0;
	free(ctx);
	return 0;
}

int bk_prog__test_run(int prog_fd, struct bk_run *run,
		      const struct bk_diag *diag)
{
	enum bpf_prog_type type = prog_type_of(prog_fd);
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	if (type == BPF_PROG_TYPE_SYSCALL)
		return run_syscall(prog_fd, run, diag);
	opts.data_in = run->data_in;
	opts.data_size_in = run->data_size_in;
	opts.data_out = run->data_out;
	opts.data_size_out = run->data_out ? run->data_size_out : 0;
	opts.ctx_in = run->ctx_in;
	opts.ctx_size_in = run->ctx_size_in;
	opts.ctx_out = run->ctx_out;
	opts.ctx_size_out = run->ctx_out ? run->ctx_size_out : 0;
	opts.repeat = run->repeat ?: 1;

	if (bpf_prog_test_run_opts(prog_fd, &opts))
		return run_failed(type, -errno, run, diag);
	run->data_size_out = run->data_out ? opts.data_size_out : 0;
	run->ctx_size_out = run->ctx_out ? opts.ctx_size_out : 0;
	run->retval = opts.retval;
	run->duration = opts.duration;
	return 0;
}
