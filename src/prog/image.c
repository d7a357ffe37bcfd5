// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A loaded program's code and its source records, as the kernel has them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "image.h"
#include "../btf/btf.h"

static int info_of(int fd, struct bpf_prog_info *info)
{
	__u32 len = sizeof(*info);

	return bpf_obj_get_info_by_fd(fd, info, &len) ? -errno : 0;
}

/* An array of cnt elements of size; NULL only when it failed. */
static void *alloc_arr(__u32 cnt, size_t size)
{
	return calloc(cnt ? cnt : 1, size);
}

static int alloc_image(struct bk_prog_image *img, const struct bpf_prog_info *c,
		       bool jited)
{
	img->code_len = jited ? c->jited_prog_len : c->xlated_prog_len;
	img->code = alloc_arr(img->code_len, 1);
	img->func_info_cnt = c->nr_func_info;
	img->func_info = alloc_arr(c->nr_func_info, sizeof(*img->func_info));
	img->line_info_cnt = c->nr_line_info;
	img->line_info = alloc_arr(c->nr_line_info, sizeof(*img->line_info));
	img->jited_func_cnt = c->nr_jited_ksyms;
	img->jited_ksyms = alloc_arr(c->nr_jited_ksyms, sizeof(__u64));
	img->jited_func_lens = alloc_arr(c->nr_jited_func_lens, sizeof(__u32));
	img->jited_line_info = alloc_arr(c->nr_jited_line_info, sizeof(__u64));
	if (!img->code || !img->func_info || !img->line_info ||
	    !img->jited_ksyms || !img->jited_func_lens || !img->jited_line_info)
		return -ENOMEM;
	return 0;
}

#define PTR(p) ((__u64)(unsigned long)(p))

/* The second query: every array the first one counted, nothing else. */
static int fetch_arrays(int fd, struct bk_prog_image *img,
			const struct bpf_prog_info *c, bool jited)
{
	struct bpf_prog_info info = {};
	int err;

	if (jited) {
		info.jited_prog_len = c->jited_prog_len;
		info.jited_prog_insns = PTR(img->code);
	} else {
		info.xlated_prog_len = c->xlated_prog_len;
		info.xlated_prog_insns = PTR(img->code);
	}
	info.nr_func_info = c->nr_func_info;
	info.func_info_rec_size = sizeof(struct bpf_func_info);
	info.func_info = PTR(img->func_info);
	info.nr_line_info = c->nr_line_info;
	info.line_info_rec_size = sizeof(struct bpf_line_info);
	info.line_info = PTR(img->line_info);
	info.nr_jited_ksyms = c->nr_jited_ksyms;
	info.jited_ksyms = PTR(img->jited_ksyms);
	info.nr_jited_func_lens = c->nr_jited_func_lens;
	info.jited_func_lens = PTR(img->jited_func_lens);
	info.nr_jited_line_info = c->nr_jited_line_info;
	info.jited_line_info_rec_size = sizeof(__u64);
	info.jited_line_info = PTR(img->jited_line_info);
	err = info_of(fd, &info);
	if (err)
		return err;
	/* The kernel zeroes what it will not show (bpf_dump_raw_ok). */
	if (!(jited ? info.jited_prog_insns : info.xlated_prog_insns))
		return -EPERM;
	if (jited && (!info.jited_ksyms || !info.jited_func_lens))
		return -EPERM;
	if (!info.jited_ksyms) /* xlated: calls stay unnamed */
		img->jited_func_cnt = 0;
	if (jited && c->nr_jited_line_info != c->nr_line_info)
		img->line_info_cnt = 0; /* cannot be paired: drop them */
	return 0;
}

int bk_prog_image__load(int fd, bool jited, struct bk_prog_image *img,
			const struct bk_diag *diag)
{
	struct bpf_prog_info c = {};
	size_t i;
	int err;

	memset(img, 0, sizeof(*img));
	err = info_of(fd, &c);
	if (err)
		return bk_err(diag, err, "cannot read the program: %s",
			      strerror(-err));
	memcpy(img->name, c.name, sizeof(img->name));
	img->name[sizeof(img->name) - 1] = '\0';
	for (i = 0; i < BPF_TAG_SIZE; i++)
		snprintf(img->tag + 2 * i, 3, "%02x", c.tag[i]);
	img->jited = jited;
	if (jited && !c.jited_prog_len)
		return bk_err(diag, -ENODATA,
			      "program '%s' is not JIT-compiled: no jited code",
			      img->name);
	if (!(jited ? c.jited_prog_len : c.xlated_prog_len))
		return bk_err(
			diag, -EPERM,
			"the kernel shows no code of program '%s' (needs root)",
			img->name);
	if ((c.nr_func_info &&
	     c.func_info_rec_size != sizeof(struct bpf_func_info)) ||
	    (c.nr_line_info &&
	     c.line_info_rec_size != sizeof(struct bpf_line_info)))
		c.nr_func_info = c.nr_line_info = 0; /* unknown layout */
	err = alloc_image(img, &c, jited);
	err = err ?: fetch_arrays(fd, img, &c, jited);
	if (err == -EPERM)
		return bk_err(
			diag, err,
			"the kernel hides the code of program '%s' (kernel.kptr_restrict?)",
			img->name);
	if (err)
		return bk_err(diag, err, "cannot read program '%s': %s",
			      img->name, strerror(-err));
	/* The BTF module checks it as any input before it is used. */
	if (c.btf_id && bk_btf__load_from_kernel(c.btf_id, diag, &img->btf))
		return -EINVAL;
	return 0;
}

void bk_prog_image__free(struct bk_prog_image *img)
{
	if (!img)
		return;
	bk_btf__free(img->btf);
	free(img->code);
	free(img->func_info);
	free(img->line_info);
	free(img->jited_line_info);
	free(img->jited_ksyms);
	free(img->jited_func_lens);
	memset(img, 0, sizeof(*img));
}
