/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_PROG_IMAGE_H
#define BPFKIT_PROG_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/bpf.h>
#include <linux/types.h>

#include "../lib/diag.h"

struct btf;

/*
 * What the kernel made of a loaded program: its translated (xlated)
 * instructions or its JIT-compiled code, with the BTF, function and line
 * records that map them back to the source.
 */
struct bk_prog_image {
	char name[BPF_OBJ_NAME_LEN];
	char tag[BPF_TAG_SIZE * 2 + 1];
	bool jited; /* code is machine code, not struct bpf_insn */
	void *code;
	__u32 code_len; /* bytes */

	struct btf *btf;		 /* the program's BTF, or NULL */
	struct bpf_func_info *func_info; /* sorted by insn_off */
	__u32 func_info_cnt;
	struct bpf_line_info *line_info; /* sorted by insn_off */
	__u32 line_info_cnt;
	__u64 *jited_line_info; /* jited: address of each line_info */
	__u64 *jited_ksyms;	/* address of each function */
	__u32 *jited_func_lens; /* bytes of each function */
	__u32 jited_func_cnt;
};

/*
 * Read the program behind prog_fd: its xlated instructions, or with jited
 * its machine code. Returns 0 or -errno (reason to diag): -EPERM when the
 * kernel hides the code (kernel.kptr_restrict, bpf_dump_raw_ok), -ENODATA
 * for jited code of a program that is not JIT-compiled.
 */
int bk_prog_image__load(int prog_fd, bool jited, struct bk_prog_image *img,
			const struct bk_diag *diag);
void bk_prog_image__free(struct bk_prog_image *img);

#endif /* BPFKIT_PROG_IMAGE_H */
