// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Output files: atomic replace where the path names a plain file, writing
 * in place where replacing would break something (a device, a FIFO, a
 * hard-linked file, a /proc/self/fd link). See file.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include "file.h"

/* As the kernel's own limit on symbolic links followed in one lookup. */
#define MAX_LINK_HOPS 40
#define TMP_PREFIX ".bpfkit-"

/*
 * The temporary that has a name right now, for a signal handler. Written
 * only with SIGINT, SIGTERM and SIGHUP blocked, so a handler sees either no
 * name or a complete one.
 */
static char pending_name[PATH_MAX];
static volatile sig_atomic_t has_pending;

void bk_out_file__remove_pending(void)
{
	if (has_pending)
		unlink(pending_name);
}

static void block_exit_signals(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void restore_signals(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

static void set_pending(const char *name)
{
	sigset_t old;

	block_exit_signals(&old);
	has_pending = 0;
	if (name) {
		snprintf(pending_name, sizeof(pending_name), "%s", name);
		has_pending = 1;
	}
	restore_signals(&old);
}

bool bk_is_same_file(const char *path, const char *other)
{
	struct stat a, b;

	return !stat(path, &a) && !stat(other, &b) && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

/* The directory part of path: "." for a bare name. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, slash - path);
}

/* A link that lives in procfs (/proc/self/fd/1) names an open file, not a
 * path: it can only be opened, never replaced. */
static bool is_proc_link(const char *link)
{
	char *dir = dir_of(link);
	struct statfs sfs;
	bool proc;

	proc = dir && !statfs(dir, &sfs) && sfs.f_type == PROC_SUPER_MAGIC;
	free(dir);
	return proc;
}

/* The link's target as a path usable from here, not from the link's dir. */
static char *link_target(const char *link)
{
	char buf[PATH_MAX], *dir, *res = NULL;
	ssize_t n = readlink(link, buf, sizeof(buf) - 1);

	if (n < 0)
		return NULL;
	buf[n] = '\0';
	if (buf[0] == '/' || !strchr(link, '/'))
		return strdup(buf);
	dir = dir_of(link);
	if (dir && asprintf(&res, "%s/%s", dir, buf) < 0)
		res = NULL;
	free(dir);
	return res;
}

/*
 * Follow path's symbolic links to the file the content belongs to, which
 * need not exist (a dangling link creates its target). A procfs link stops
 * the walk: *in_place is set and the path so far is kept.
 */
static int resolve_target(const char *path, char **target, bool *in_place)
{
	char *cur = strdup(path), *next;
	struct stat st;
	int hops;

	for (hops = 0; cur; hops++) {
		if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
			break;
		if (hops == MAX_LINK_HOPS) {
			free(cur);
			return -ELOOP;
		}
		if (is_proc_link(cur)) {
			*in_place = true;
			break;
		}
		next = link_target(cur);
		if (!next) {
			free(cur);
			return -errno ?: -ENOMEM;
		}
		free(cur);
		cur = next;
	}
	if (!cur)
		return -ENOMEM;
	*target = cur;
	return 0;
}

static mode_t default_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* The replacement keeps the old file's owner (where we may) and mode. */
static int copy_attributes(int fd, const struct stat *old)
{
	if (!old)
		return fchmod(fd, default_mode()) ? -errno : 0;
	/* Only root may give a file away; chown clears set-ID bits, so first. */
	if ((old->st_uid != geteuid() || old->st_gid != getegid()) &&
	    fchown(fd, old->st_uid, old->st_gid) && errno != EPERM)
		return -errno;
	return fchmod(fd, old->st_mode & 07777) ? -errno : 0;
}

/* A named temporary, short so that a 255-byte output name still works. */
static int open_named_temp(struct bk_out_file *f, const char *dir)
{
	sigset_t old;
	int err = 0;

	if (asprintf(&f->tmp_path, "%s/" TMP_PREFIX "XXXXXX", dir) < 0) {
		f->tmp_path = NULL;
		return -ENOMEM;
	}
	block_exit_signals(&old);
	f->fd = mkostemp(f->tmp_path, O_CLOEXEC);
	if (f->fd < 0) {
		err = -errno;
	} else {
		snprintf(pending_name, sizeof(pending_name), "%s", f->tmp_path);
		has_pending = 1;
	}
	restore_signals(&old);
	if (err) {
		free(f->tmp_path);
		f->tmp_path = NULL;
	}
	return err;
}

static int open_temp(struct bk_out_file *f, const char *dir)
{
	f->fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	if (f->fd >= 0) {
		f->anonymous = true;
		return 0;
	}
	/* Not every file system has O_TMPFILE; permission errors are final. */
	if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
		return -errno;
	return open_named_temp(f, dir);
}

static int open_in_place(struct bk_out_file *f, const struct bk_diag *diag)
{
	f->in_place = true;
	f->fd = open(f->target, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (f->fd < 0)
		return bk_err(diag, -errno, "%s: cannot open for writing: %s",
			      f->path, strerror(errno));
	return 0;
}

static bool is_permission_error(int err)
{
	return err == -EACCES || err == -EPERM || err == -EROFS;
}

/* The atomic way: a temporary beside the target, renamed on commit. */
static int open_replacement(struct bk_out_file *f, const struct stat *old,
			    const struct bk_diag *diag)
{
	char *dir = dir_of(f->target);
	int err;

	if (!dir)
		return bk_err(diag, -ENOMEM, "%s: out of memory", f->path);
	err = open_temp(f, dir);
	/* A writable file in a directory that is not: write in place. */
	if (err && old && is_permission_error(err) &&
	    !access(f->target, W_OK)) {
		free(dir);
		return open_in_place(f, diag);
	}
	if (err && old)
		bk_err(diag, err,
		       "%s: cannot create a temporary file in %s, needed for an atomic replace: %s",
		       f->path, dir, strerror(-err));
	else if (err)
		bk_err(diag, err, "%s: cannot create output file: %s", f->path,
		       strerror(-err));
	free(dir);
	if (err)
		return err;
	err = copy_attributes(f->fd, old);
	if (err)
		return bk_err(diag, err, "%s: cannot set the mode: %s", f->path,
			      strerror(-err));
	return 0;
}

int bk_out_file__open(struct bk_out_file *f, const char *path,
		      const struct bk_diag *diag)
{
	bool proc_link = false;
	struct stat st;
	int err;

	memset(f, 0, sizeof(*f));
	f->fd = -1;
	f->path = strdup(path);
	if (!f->path)
		return bk_err(diag, -ENOMEM, "%s: out of memory", path);
	err = resolve_target(path, &f->target, &proc_link);
	if (err) {
		bk_err(diag, err, "%s: %s", path, strerror(-err));
		goto err_out;
	}
	if (stat(f->target, &st)) {
		if (errno != ENOENT || proc_link) {
			err = bk_err(diag, -errno, "%s: %s", path,
				     strerror(errno));
			goto err_out;
		}
		err = open_replacement(f, NULL, diag);
	} else if (S_ISDIR(st.st_mode)) {
		err = bk_err(diag, -EISDIR, "%s: is a directory", path);
	} else if (proc_link || !S_ISREG(st.st_mode) || st.st_nlink > 1) {
		/* Replacing a device or FIFO would break it; replacing one
		 * name of a hard-linked file would split it from the others. */
		err = open_in_place(f, diag);
	} else {
		err = open_replacement(f, &st, diag);
	}
	if (!err)
		return 0;
err_out:
	bk_out_file__abort(f);
	return err;
}

int bk_out_file__write(struct bk_out_file *f, const void *buf, size_t size,
		       const struct bk_diag *diag)
{
	const char *p = buf;
	size_t left = size;
	struct stat st;

	while (left) {
		ssize_t n = write(f->fd, p, left);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return bk_err(diag, n ? -errno : -EIO,
				      "%s: cannot write: %s", f->path,
				      n ? strerror(errno) : "nothing written");
		p += n;
		left -= n;
	}
	/* A regular file written in place may have been longer before. */
	if (!fstat(f->fd, &st) && S_ISREG(st.st_mode) && ftruncate(f->fd, size))
		return bk_err(diag, -errno, "%s: cannot write: %s", f->path,
			      strerror(errno));
	return 0;
}

/* Give an unnamed temporary a short unique name beside the target. */
static int name_anonymous(struct bk_out_file *f)
{
	char fd_path[64], *dir = dir_of(f->target);
	unsigned int i;
	int err = -EEXIST;

	if (!dir)
		return -ENOMEM;
	snprintf(fd_path, sizeof(fd_path), "/proc/self/fd/%d", f->fd);
	for (i = 0; i < 100 && err == -EEXIST; i++) {
		free(f->tmp_path);
		if (asprintf(&f->tmp_path, "%s/" TMP_PREFIX "%d-%u", dir,
			     (int)getpid(), i) < 0) {
			f->tmp_path = NULL;
			err = -ENOMEM;
			break;
		}
		snprintf(pending_name, sizeof(pending_name), "%s", f->tmp_path);
		has_pending = 1;
		err = linkat(AT_FDCWD, fd_path, AT_FDCWD, f->tmp_path,
			     AT_SYMLINK_FOLLOW)
			      ? -errno
			      : 0;
		has_pending = !err;
	}
	free(dir);
	return err;
}

/* Called with the exit signals blocked. */
static int replace_target(struct bk_out_file *f)
{
	int err = 0;

	if (f->anonymous)
		err = name_anonymous(f);
	if (!err && rename(f->tmp_path, f->target))
		err = -errno;
	if (!err) {
		has_pending = 0;
		free(f->tmp_path);
		f->tmp_path = NULL;
	}
	return err;
}

int bk_out_file__commit(struct bk_out_file *f, const struct bk_diag *diag)
{
	sigset_t old;
	int err = 0;

	if (f->anonymous || !f->in_place) {
		block_exit_signals(&old);
		err = replace_target(f);
		restore_signals(&old);
	}
	if (!err && close(f->fd) < 0)
		err = -errno;
	f->fd = -1;
	if (err) {
		bk_err(diag, err, "%s: cannot write output file: %s", f->path,
		       strerror(-err));
		bk_out_file__abort(f);
		return err;
	}
	bk_out_file__abort(f);
	return 0;
}

void bk_out_file__abort(struct bk_out_file *f)
{
	if (!f)
		return;
	if (f->fd >= 0)
		close(f->fd);
	if (f->tmp_path) {
		unlink(f->tmp_path);
		set_pending(NULL);
	}
	free(f->tmp_path);
	free(f->target);
	free(f->path);
	memset(f, 0, sizeof(*f));
	f->fd = -1;
}
