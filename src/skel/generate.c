// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Entry points of the skeleton module: read the object, build the model,
 * run one generator over it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "skeleton.h"
#include "skel_internal.h"
#include "../btf/btf.h"
#include "../lib/file.h"

static __printf(2, 0) void print_btf(void *ctx, const char *fmt, va_list args)
{
	vfprintf(ctx, fmt, args);
}

static int make_name(struct skel *skel, const struct bk_skel_opts *opts,
		     const char *suffix)
{
	char *name;
	int err;

	if (opts->obj_name) {
		err = bk_skel__check_name(opts->obj_name, skel->diag);
		name = err ? NULL : strdup(opts->obj_name);
	} else {
		err = bk_skel__default_name(skel->path, &name, skel->diag);
	}
	if (err)
		return err;
	skel->obj_name = name;
	skel->guard = name ? bk_skel__guard(name, suffix) : NULL;
	if (!skel->guard)
		return bk_err(skel->diag, -ENOMEM, "out of memory");
	return 0;
}

static void report_model(const struct skel *skel)
{
	size_t i, var_cnt = 0;

	for (i = 0; i < skel->sec_cnt; i++)
		var_cnt += skel->secs[i].var_cnt;
	bk_info(skel->diag,
		"%s: %zu maps, %zu programs, %zu variables in %zu data sections, as '%s'",
		skel->path, skel->map_cnt, skel->prog_cnt, var_cnt,
		skel->sec_cnt, skel->obj_name);
}

/* What a generator needs read from the object. */
enum skel_input {
	SKEL_MODEL,	/* a complete object's skeleton model */
	SKEL_LIB_MODEL, /* a library's: externs may stay unresolved */
	SKEL_OBJECT,	/* the checked object and its BTF only */
};

static int load_input(struct skel *skel, enum skel_input input)
{
	int err;

	if (input == SKEL_OBJECT)
		return bk_skel__object_load(skel);
	err = bk_skel__model_load(skel, input == SKEL_LIB_MODEL);
	if (!err)
		report_model(skel);
	return err;
}

static int generate(const char *path, FILE *out,
		    const struct bk_skel_opts *opts, const char *guard_sfx,
		    enum skel_input input, int (*emit)(struct skel *skel))
{
	struct skel skel = {.path = path, .out = out};
	void *buf = NULL;
	int err;

	if (!opts || opts->sz < sizeof(*opts))
		return -EINVAL;
	skel.diag = opts->diag;
	err = bk_read_file(path, &buf, &skel.elf_sz, skel.diag);
	err = err ?: make_name(&skel, opts, guard_sfx);
	if (err)
		goto out;
	skel.elf_buf = buf;
	err = load_input(&skel, input);
	if (err)
		goto out;
	/* Field types are printed through btf_dump: bound its padding output. */
	err = bk_btf__check_c_output(skel.btf, path, skel.diag);
	if (err)
		goto out;
	skel.dump = btf_dump__new(skel.btf, print_btf, out, NULL);
	if (!skel.dump) {
		err = bk_err(skel.diag, -errno, "%s: cannot dump BTF as C: %s",
			     path, strerror(errno));
		goto out;
	}
	err = emit(&skel);
	if (!err && (fflush(out) || ferror(out)))
		err = bk_err(skel.diag, -EIO, "%s: cannot write the header",
			     path);
out:
	btf_dump__free(skel.dump);
	bk_skel__model_free(&skel);
	free(buf);
	free(skel.guard);
	free((char *)skel.obj_name);
	return err;
}

int bk_skel__gen_skeleton(const char *path, FILE *out,
			  const struct bk_skel_opts *opts)
{
	return generate(path, out, opts, "SKEL_H", SKEL_MODEL,
			bk_skel__emit_skeleton);
}

int bk_skel__gen_subskeleton(const char *path, FILE *out,
			     const struct bk_skel_opts *opts)
{
	return generate(path, out, opts, "SUBSKEL_H", SKEL_LIB_MODEL,
			bk_skel__emit_subskeleton);
}

int bk_skel__gen_header(const char *path, FILE *out,
			const struct bk_skel_opts *opts)
{
	return generate(path, out, opts, "H", SKEL_OBJECT,
			bk_skel__emit_header);
}
