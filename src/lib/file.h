/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_FILE_H
#define BPFKIT_LIB_FILE_H

#include <stddef.h>

#include "diag.h"

/*
 * Read a whole input file (regular file, pipe, or a sysfs/proc file whose
 * size stat() does not tell) into a malloc'ed buffer. Inputs are ELF files
 * or raw BTF: a file that starts otherwise is read only as far as its first
 * read() went, enough for the caller to refuse its format, so that
 * /dev/zero or an endless pipe fails at once. Returns 0 or -errno; the
 * reason, naming the file, went to diag.
 */
int bk_read_file(const char *path, void **buf, size_t *size,
		 const struct bk_diag *diag);

/*
 * Atomic output: bk_out_file__open() creates a temporary file beside path;
 * __commit() flushes it and renames it over path; __abort() (also safe after
 * commit, and on NULL) removes the temporary. So a failed command never
 * leaves a partial or empty file at path.
 */
struct bk_out_file {
	char *path;
	char *tmp_path;
	int fd;
};

int bk_out_file__open(struct bk_out_file *f, const char *path,
		      const struct bk_diag *diag);
int bk_out_file__commit(struct bk_out_file *f, const struct bk_diag *diag);
void bk_out_file__abort(struct bk_out_file *f);

#endif /* BPFKIT_LIB_FILE_H */
