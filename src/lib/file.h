/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_FILE_H
#define BPFKIT_LIB_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/*
 * Read a whole input file (regular file, pipe, or a sysfs/proc file whose
 * size stat() does not tell) into a malloc'ed buffer. Inputs are ELF files
 * or raw BTF: a file that starts otherwise is read only as far as its first
 * read() went, enough for the caller to refuse its format, so that
 * /dev/zero or an endless pipe fails at once. A stream (pipe, FIFO,
 * device) is read only as far as its ELF or BTF headers say the input
 * extends, or, when they cannot tell (ELF of another class or byte order),
 * up to 64 MiB. Returns 0 or -errno; the reason, naming the file, went to
 * diag.
 */
int bk_read_file(const char *path, void **buf, size_t *size,
		 const struct bk_diag *diag);

/*
 * Writing an output file the way a careful editor saves one. What happens
 * depends on what the output path is:
 * - absent, or a regular file with one name: a new file is written beside
 *   it (an unnamed O_TMPFILE where the file system has it, else a short
 *   hidden name) and renamed over it on commit, keeping the old file's mode
 *   (and owner, where allowed); a failure or signal leaves the old content;
 * - a symbolic link: the same for the file it finally points to, so the
 *   link stays a link (a dangling link gets its target created);
 * - a character device, FIFO, a file with several hard links, a /proc/fd
 *   link, or a file whose directory refuses new files: written in place,
 *   never replaced. The caller builds the content first and hands it to
 *   bk_out_file__write() in one go (is_in_place tells which way).
 * __abort() (also safe after commit or a failed open) removes any temporary. Only one output file may be open at a time per process: the
 * name of its temporary is what bk_out_file__remove_pending() removes.
 */
struct bk_out_file {
	char *path;	/* as given, for messages */
	char *target;	/* where the content goes, symlinks followed */
	char *tmp_path; /* the temporary's name while it has one */
	int fd;
	bool in_place;	/* writing into target itself */
	bool anonymous; /* fd is an unnamed O_TMPFILE */
};

int bk_out_file__open(struct bk_out_file *f, const char *path,
		      const struct bk_diag *diag);
static inline bool bk_out_file__is_in_place(const struct bk_out_file *f)
{
	return f->in_place;
}
/* In-place outputs: write the whole content (sequentially) in one call. */
int bk_out_file__write(struct bk_out_file *f, const void *buf, size_t size,
		       const struct bk_diag *diag);
int bk_out_file__commit(struct bk_out_file *f, const struct bk_diag *diag);
void bk_out_file__abort(struct bk_out_file *f);
/*
 * For a SIGINT/SIGTERM/SIGHUP handler: unlink the temporary of the output
 * being written, if it has a name. Async-signal-safe.
 */
void bk_out_file__remove_pending(void);

/* path and other name the same file (device and inode), both existing. */
bool bk_is_same_file(const char *path, const char *other);

#endif /* BPFKIT_LIB_FILE_H */
