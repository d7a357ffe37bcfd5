// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * prog load, loadall and verify, through libbpf.
 *
 * bk_loader__load() runs these steps; the first failure skips the rest, and
 * then the undo list removes, newest first, whatever the call created: pins,
 * directories made for them, BPF file systems mounted for them.
 *
 *   check_object_file, probe_bpf, check_pin_dirs   no side effects
 *   open_object, set_prog_types, reuse_maps,
 *   check_pin_files, prepare_logs                  still none
 *   load_object                                    a rejection reports the
 *                                                  end of the verifier log
 *   pin_programs, pin_maps                         mkdir/mount as needed
 *   fill_result, finish_stage                      loadall into a new PATH
 *                                                  pins into a sibling and
 *                                                  renames it to PATH last
 *
 * SIGINT, SIGTERM and SIGHUP are caught meanwhile and end the steps as an
 * error does.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <dirent.h>
#include <linux/magic.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "loader.h"
#include "../elf/elf.h"
#include "../lib/compiler.h"
#include "../lib/file.h"
#include "../lib/mem.h"
#include "../linker/linker.h"

/*
 * The log of a rejected program. The kernel keeps the end of the log when it
 * does not fit; 16 MiB is libbpf's own ceiling, and only the pages the
 * kernel writes are ever touched.
 */
#define VLOG_SIZE (16U << 20)
/* Verify mode: statistics and the error lines only, per program. */
#define STATS_LOG_SIZE (64U << 10)
/* The kernel's BPF_LOG_STATS level: no instruction dump, just statistics. */
#define LOG_LEVEL_STATS 4
/* How much of the log an error message quotes (messages are <= 2 KiB). */
#define LOG_TAIL_LINES 12
#define LOG_TAIL_BYTES 1400

enum undo_kind {
	UNDO_UNLINK,
	UNDO_RMDIR,
	UNDO_UMOUNT,
};

struct undo_step {
	enum undo_kind kind;
	char *path;
};

struct prog_state {
	char *pin_path;	 /* where it will be pinned, or NULL */
	bool pinned;	 /* pin_path exists now */
	bool attached;	 /* pin_path holds a link */
	char *stats_log; /* verify mode */
};

struct loader {
	const char *obj_path;
	const struct bk_loader_opts *opts;
	const struct bk_diag *diag;
	struct bpf_object *obj;
	struct bpf_program **progs; /* every program, in object order */
	struct prog_state *ps;	    /* parallel to progs */
	size_t prog_cnt;
	size_t first_idx;      /* first program with autoload on */
	struct bpf_map **maps; /* every map; index = map idx of 'map idx' */
	char **map_pins;       /* parallel to maps, with pin_maps_dir */
	bool *map_autopins;    /* libbpf will pin it by its 'pinning' */
	size_t map_cnt;
	char *vlog;
	/* loadall into a new PATH: pins go to this sibling, renamed at the
	 * end, so that no signal leaves a partial PATH behind. */
	char *stage_dir;
	/* verify mode: the whole log of a rejected program, as load gives */
	bool full_log;
	bool checked; /* obj_path passed check_object() already */
	struct undo_step *undo;
	size_t undo_cnt, undo_cap;
	/* From libbpf's messages, for errors: its first warning of a step
	 * and the program whose load failed. */
	char libbpf_warn[256];
	char failed_prog[256];
	bool memlock_hint; /* libbpf said "try raising 'ulimit -l'" */
};

/* libbpf's print callback is process-wide: the loader being run. */
static struct loader *cur_loader;

/* ---- helpers ---------------------------------------------------------- */

static bool is_bpffs(const char *path)
{
	struct statfs st;

	return statfs(path, &st) == 0 && st.f_type == BPF_FS_MAGIC;
}

static char *parent_dir(const char *path)
{
	char *tmp = strdup(path), *dir;

	if (!tmp)
		return NULL;
	dir = strdup(dirname(tmp));
	free(tmp);
	return dir;
}

static bool has_dot_name(const char *path)
{
	const char *base = strrchr(path, '/');

	return strchr(base ? base + 1 : path, '.') != NULL;
}

static char *join_path(const char *dir, const char *name)
{
	char *path;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		return NULL;
	return path;
}

/* bpffs rejects '.' in names, as libbpf's bpf_object__pin_maps() knows. */
static char *map_pin_path(const char *dir, const char *map_name)
{
	char *path = join_path(dir, map_name), *p;

	if (!path)
		return NULL;
	for (p = path + strlen(dir) + 1; *p; p++) {
		if (*p == '.')
			*p = '_';
	}
	return path;
}

static const char *prog_type_name(enum bpf_prog_type type)
{
	const char *name = libbpf_bpf_prog_type_str(type);

	return name ? name : "unknown";
}

/* ---- routing libbpf's messages ---------------------------------------- */

static void note_libbpf_warning(struct loader *l, const char *msg)
{
	static const char failed[] = "': BPF program load failed";
	const char *p = msg, *end;
	size_t len;

	if (!strncmp(p, "libbpf: ", 8))
		p += 8;
	/* The log is quoted from our own buffer, not from this message. */
	if (strstr(p, "-- BEGIN PROG LOAD LOG --"))
		return;
	end = strstr(p, failed);
	if (!strncmp(p, "prog '", 6) && end) {
		len = bk_min((size_t)(end - p - 6), sizeof(l->failed_prog) - 1);
		memcpy(l->failed_prog, p + 6, len);
		l->failed_prog[len] = '\0';
		return;
	}
	/* libbpf guesses memlock on any EPERM as root: judged later. */
	if (strstr(p, "try raising 'ulimit -l'")) {
		l->memlock_hint = true;
		return;
	}
	if (l->libbpf_warn[0])
		return;
	len = strcspn(p, "\n");
	len = bk_min(len, sizeof(l->libbpf_warn) - 1);
	memcpy(l->libbpf_warn, p, len);
	l->libbpf_warn[len] = '\0';
}

static __printf(2, 0) int route_libbpf_print(enum libbpf_print_level level,
					     const char *fmt, va_list ap)
{
	char *msg, *line, *save = NULL;
	int n;

	n = vasprintf(&msg, fmt, ap);
	if (n < 0)
		return 0;
	if (cur_loader) {
		if (level == LIBBPF_WARN)
			note_libbpf_warning(cur_loader, msg);
		/* Line by line: a verifier log is larger than one message. */
		for (line = strtok_r(msg, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			bk_info(cur_loader->diag, "%s", line);
	}
	free(msg);
	return n;
}

/*
 * Whether RLIMIT_MEMLOCK limits BPF here: only on kernels before 5.11,
 * which charge BPF memory to it instead of the memory cgroup. libbpf tells
 * them apart by bpf_ktime_get_coarse_ns(), which came in the same release.
 */
static bool memlock_limits_bpf(void)
{
	static int limits = -1;
	struct rlimit rl;

	if (limits < 0)
		limits = !getrlimit(RLIMIT_MEMLOCK, &rl) &&
			 rl.rlim_cur != RLIM_INFINITY &&
			 libbpf_probe_bpf_helper(BPF_PROG_TYPE_SOCKET_FILTER,
						 BPF_FUNC_ktime_get_coarse_ns,
						 NULL) <= 0;
	return limits;
}

/*
 * libbpf's words for the load failures users meet most, in theirs: what
 * is missing and what to do. NULL when the warning is not one of them.
 */
static char *known_failure_text(struct loader *l)
{
	const char *w = l->libbpf_warn;
	char a[128], b[128], *text = NULL;
	int n = -1;

	if (sscanf(w, "failed to find BTF for extern '%127[^']'", a) == 1)
		n = asprintf(
			&text,
			"%s: symbol '%s' is extern and defined nowhere: link the object that defines it into this one (bpfkit gen object OUT.o %s ...) or define it",
			l->obj_path, a, l->obj_path);
	else if (
		sscanf(w,
		       "prog '%127[^']': failed to find kernel BTF type ID of '%127[^']'",
		       a, b) == 2)
		n = asprintf(
			&text,
			"%s: program '%s': the kernel has no function '%s' to attach to",
			l->obj_path, a, b);
	else if (strstr(w, "not found in kernel") &&
		 sscanf(w, "extern (%*[^)]) '%127[^']'", a) == 1)
		n = asprintf(
			&text,
			"%s: kernel symbol '%s' (declared __ksym) is not in the running kernel",
			l->obj_path, a);
	return n < 0 ? NULL : text;
}

/* An error from a libbpf call, with what libbpf said about it (malloc'ed). */
static char *libbpf_fail_text(struct loader *l, int err, const char *what,
			      const char *name)
{
	const char *w = l->libbpf_warn;
	char reason[128], *text = known_failure_text(l);
	bool memlock = l->memlock_hint && memlock_limits_bpf();

	if (text)
		return text;
	/* libbpf has error codes of its own (LIBBPF_ERRNO__*). */
	libbpf_strerror(err, reason, sizeof(reason));
	if (asprintf(
		    &text, "%s: %s%s%s%s: %s%s%s%s%s", l->obj_path, what,
		    name ? " '" : "", name ?: "", name ? "'" : "", reason,
		    w[0] ? " (libbpf: " : "", w, w[0] ? ")" : "",
		    memlock ? " (the locked-memory limit may be too low: try raising 'ulimit -l')"
			    : "") < 0)
		text = NULL;
	return text;
}

/* The diag gets the text; out of memory, at least the reason. */
static int fail_with_text(struct loader *l, int err, char *text)
{
	if (text)
		bk_err(l->diag, err, "%s", text);
	else
		bk_err(l->diag, err, "%s: %s", l->obj_path, strerror(-err));
	free(text);
	return err;
}

static int libbpf_fail(struct loader *l, int err, const char *what,
		       const char *name)
{
	return fail_with_text(l, err, libbpf_fail_text(l, err, what, name));
}

/* ---- undo list -------------------------------------------------------- */

/* Record a step before taking it; undo_pop() if taking it failed. */
static int undo_push(struct loader *l, enum undo_kind kind, const char *path)
{
	char *copy;

	if (bk_ensure_mem((void **)&l->undo, &l->undo_cap, sizeof(*l->undo),
			  l->undo_cnt + 1))
		return bk_err(l->diag, -ENOMEM, "out of memory");
	copy = strdup(path);
	if (!copy)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	l->undo[l->undo_cnt].kind = kind;
	l->undo[l->undo_cnt].path = copy;
	l->undo_cnt++;
	return 0;
}

static void undo_pop(struct loader *l)
{
	free(l->undo[--l->undo_cnt].path);
}

static void undo_all(struct loader *l)
{
	struct undo_step *s;

	while (l->undo_cnt) {
		s = &l->undo[l->undo_cnt - 1];
		switch (s->kind) {
		case UNDO_UNLINK:
			unlink(s->path);
			bk_info(l->diag, "unpinned %s", s->path);
			break;
		case UNDO_RMDIR:
			rmdir(s->path);
			bk_info(l->diag, "removed directory %s", s->path);
			break;
		case UNDO_UMOUNT:
			if (umount2(s->path, 0))
				umount2(s->path, MNT_DETACH);
			bk_info(l->diag, "unmounted %s", s->path);
			break;
		}
		undo_pop(l);
	}
}

/* ---- signals ---------------------------------------------------------- */

/*
 * SIGINT, SIGTERM or SIGHUP while loading or pinning: stop and roll back as
 * after an error, instead of dying with some programs pinned. Signals the
 * caller ignores stay ignored.
 */
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
static volatile sig_atomic_t stop_signal;

static void note_stop_signal(int sig)
{
	stop_signal = sig;
}

static void catch_stop_signals(struct sigaction *old)
{
	struct sigaction sa = {.sa_handler = note_stop_signal,
			       .sa_flags = SA_RESTART};
	size_t i;

	stop_signal = 0;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(stop_signals); i++) {
		sigaction(stop_signals[i], NULL, &old[i]);
		if (old[i].sa_handler != SIG_IGN)
			sigaction(stop_signals[i], &sa, NULL);
	}
}

static void restore_signals(const struct sigaction *old)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(stop_signals); i++)
		sigaction(stop_signals[i], &old[i], NULL);
}

int bk_loader__stop_signal(void)
{
	return stop_signal;
}

static int check_stop(struct loader *l)
{
	if (!stop_signal)
		return 0;
	return bk_err(l->diag, -EINTR,
		      "%s: interrupted by SIG%s: removing what was pinned",
		      l->obj_path, sigabbrev_np(stop_signal));
}

/* ---- checks before anything happens ----------------------------------- */

static int check_object_file(struct loader *l)
{
	int fd = open(l->obj_path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	int err = 0;

	if (fd < 0)
		return bk_err(l->diag, -errno, "%s: %s", l->obj_path,
			      strerror(errno));
	if (fstat(fd, &st))
		err = bk_err(l->diag, -errno, "%s: %s", l->obj_path,
			     strerror(errno));
	else if (!S_ISREG(st.st_mode))
		err = bk_err(l->diag, -EINVAL, "%s: not a regular file",
			     l->obj_path);
	close(fd);
	return err;
}

/* Root and bpf() first, so that no other error hides their absence. */
static int probe_bpf(struct loader *l)
{
	const struct bpf_insn insns[] = {
		{.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0},
		{.code = BPF_JMP | BPF_EXIT},
	};
	int fd, err;

	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, NULL, "GPL", insns,
			   ARRAY_SIZE(insns), NULL);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	err = -errno;
	if (err == -EPERM)
		return bk_err(
			l->diag, err,
			"loading BPF programs needs root (CAP_BPF and CAP_SYS_ADMIN): %s",
			strerror(EPERM));
	if (err == -ENOSYS)
		return bk_err(l->diag, err,
			      "this kernel has no bpf() system call");
	return 0; /* anything else: let the real load tell */
}

static int no_bpffs(struct loader *l, const char *dir)
{
	return bk_err(
		l->diag, -ENOENT,
		"%s: not on a BPF file system, and mounting one is disabled (--nomount)",
		dir);
}

/* A pin file: free, with a name bpffs accepts, in an existing directory. */
static int check_pin_file(struct loader *l, const char *path)
{
	struct stat st;
	char *dir;
	int err = 0;

	if (lstat(path, &st) == 0)
		return bk_err(l->diag, -EEXIST, "%s: already exists", path);
	if (has_dot_name(path))
		return bk_err(
			l->diag, -EINVAL,
			"%s: a BPF file system does not accept '.' in names",
			path);
	dir = parent_dir(path);
	if (!dir)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		err = bk_err(l->diag, -ENOENT,
			     "%s: directory '%s' does not exist", path, dir);
	else if (!is_bpffs(dir) && l->opts->no_mount)
		err = no_bpffs(l, dir);
	free(dir);
	return err;
}

/* The same directory, however many slashes end either name. */
static bool same_dir(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	while (la > 1 && a[la - 1] == '/')
		la--;
	while (lb > 1 && b[lb - 1] == '/')
		lb--;
	return la == lb && !strncmp(a, b, la);
}

/*
 * A pin directory: existing, or makeable in an existing directory or in
 * made_by_us, a directory this call creates first (loadall's PATH holding
 * pinmaps PATH/maps). Pins beside unrelated ones are fine: collisions are
 * checked pin by pin once the object is open.
 */
static int check_pin_dir(struct loader *l, const char *path,
			 const char *made_by_us)
{
	struct stat st;
	char *dir;
	int err = 0;

	if (stat(path, &st) == 0) {
		if (!S_ISDIR(st.st_mode))
			return bk_err(l->diag, -ENOTDIR,
				      "%s: exists and is not a directory",
				      path);
		if (!is_bpffs(path) && l->opts->no_mount)
			return no_bpffs(l, path);
		return 0;
	}
	dir = parent_dir(path);
	if (!dir)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	if (made_by_us && same_dir(dir, made_by_us))
		err = has_dot_name(path)
			      ? bk_err(l->diag, -EINVAL,
				       "%s: a BPF file system does not accept '.' in names",
				       path)
			      : 0;
	else if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		err = bk_err(l->diag, -ENOENT,
			     "%s: directory '%s' does not exist", path, dir);
	else if (is_bpffs(dir) && has_dot_name(path))
		err = bk_err(
			l->diag, -EINVAL,
			"%s: a BPF file system does not accept '.' in names",
			path);
	else if (!is_bpffs(dir) && l->opts->no_mount)
		err = no_bpffs(l, dir);
	free(dir);
	return err;
}

static int check_pin_dirs(struct loader *l)
{
	const struct bk_loader_opts *o = l->opts;
	int err = 0;

	if (o->mode == BK_LOAD_VERIFY) {
		if (o->pin_maps_dir || o->autoattach)
			return bk_err(
				l->diag, -EINVAL,
				"verify mode pins nothing: no map pins, no links");
		return 0;
	}
	if (!o->pin_path || !*o->pin_path)
		return bk_err(l->diag, -EINVAL, "no pin path given");
	if (o->mode == BK_LOAD_FIRST)
		err = check_pin_file(l, o->pin_path);
	else
		err = check_pin_dir(l, o->pin_path, NULL);
	if (!err && o->pin_maps_dir)
		err = check_pin_dir(l, o->pin_maps_dir,
				    o->mode == BK_LOAD_ALL &&
						    access(o->pin_path, F_OK)
					    ? o->pin_path
					    : NULL);
	return err;
}

/* ---- opening ---------------------------------------------------------- */

static int collect_programs(struct loader *l)
{
	struct bpf_program *prog;
	size_t cap = 0, i, loaded = 0;

	bpf_object__for_each_program(prog, l->obj)
	{
		if (bk_ensure_mem((void **)&l->progs, &cap, sizeof(*l->progs),
				  l->prog_cnt + 1))
			return bk_err(l->diag, -ENOMEM, "out of memory");
		l->progs[l->prog_cnt++] = prog;
	}
	if (!l->prog_cnt)
		return bk_err(l->diag, -ENOENT,
			      "%s: the object has no programs", l->obj_path);
	l->ps = calloc(l->prog_cnt, sizeof(*l->ps));
	if (!l->ps)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	for (i = l->prog_cnt; i-- > 0;) {
		if (bpf_program__autoload(l->progs[i])) {
			l->first_idx = i;
			loaded++;
		}
	}
	if (!loaded)
		return bk_err(
			l->diag, -ENOENT,
			"%s: no program to load: autoload is off for all %zu programs",
			l->obj_path, l->prog_cnt);
	return 0;
}

static int collect_maps(struct loader *l)
{
	struct bpf_map *map;
	size_t cap = 0;

	bpf_object__for_each_map(map, l->obj)
	{
		if (bk_ensure_mem((void **)&l->maps, &cap, sizeof(*l->maps),
				  l->map_cnt + 1))
			return bk_err(l->diag, -ENOMEM, "out of memory");
		l->maps[l->map_cnt++] = map;
	}
	l->map_pins = calloc(l->map_cnt + 1, sizeof(*l->map_pins));
	l->map_autopins = calloc(l->map_cnt + 1, sizeof(*l->map_autopins));
	if (!l->map_pins || !l->map_autopins)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	return 0;
}

/*
 * libbpf trusts the ELF section table, symbols, relocations, BTF and
 * .BTF.ext it opens: corrupt ones crash it (SIGSEGV on out-of-range BTF
 * names and type IDs, corpus cases base-btf030-var-type-end.o and the like)
 * or make it allocate what the file claims (a 1 TiB .bss). Check ELF files
 * as the linker checks its inputs first; files that are not ELF are
 * libbpf's to judge and report.
 */
static int check_object(struct loader *l)
{
	void *buf = NULL;
	size_t size;
	int err = 0;

	if (!bk_read_file(l->obj_path, &buf, &size, NULL) &&
	    bk_elf__is_elf(buf, size))
		err = bk_linker__check_buf(buf, size, l->obj_path, l->diag);
	free(buf);
	return err;
}

static int open_object(struct loader *l)
{
	int err;

	err = l->checked ? 0 : check_object(l);
	if (err)
		return err;
	l->libbpf_warn[0] = '\0';
	l->obj = bpf_object__open_file(l->obj_path, NULL);
	if (!l->obj) {
		err = -errno;
		return libbpf_fail(l, err, "cannot open as a BPF object", NULL);
	}
	err = collect_programs(l);
	return err ?: collect_maps(l);
}

/*
 * bpftool's TYPE: a section-style name ("kprobe", "cgroup/skb", also with
 * the '/' libbpf wants after some), or the kernel type's name
 * ("socket_filter", "sched_cls").
 */
static int parse_prog_type(struct loader *l, enum bpf_prog_type *type,
			   enum bpf_attach_type *attach)
{
	const char *name = l->opts->prog_type;
	const char *known;
	char *sec;
	int t, err;

	if (!libbpf_prog_type_by_name(name, type, attach))
		return 0;
	if (asprintf(&sec, "%s/", name) < 0)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	err = libbpf_prog_type_by_name(sec, type, attach);
	free(sec);
	if (!err)
		return 0;
	for (t = BPF_PROG_TYPE_UNSPEC + 1; t < 256; t++) {
		known = libbpf_bpf_prog_type_str(t);
		if (known && !strcmp(known, name)) {
			*type = t;
			*attach = 0;
			return 0;
		}
	}
	return bk_err(l->diag, -EINVAL, "unknown program type '%s'", name);
}

static int set_prog_types(struct loader *l)
{
	enum bpf_attach_type attach = 0;
	enum bpf_prog_type type;
	struct bpf_program *prog;
	size_t i;
	int err;

	if (l->opts->prog_type) {
		err = parse_prog_type(l, &type, &attach);
		if (err)
			return err;
		for (i = 0; i < l->prog_cnt; i++) {
			prog = l->progs[i];
			/* Same type: keep what libbpf knows from the section. */
			if (bpf_program__type(prog) != type)
				bpf_program__set_type(prog, type);
			bpf_program__set_expected_attach_type(prog, attach);
		}
		return 0;
	}
	for (i = 0; i < l->prog_cnt; i++) {
		prog = l->progs[i];
		if (bpf_program__autoload(prog) &&
		    bpf_program__type(prog) == BPF_PROG_TYPE_UNSPEC)
			return bk_err(
				l->diag, -EINVAL,
				"%s: program '%s': section '%s' names no program type; give one with 'type TYPE'",
				l->obj_path, bpf_program__name(prog),
				bpf_program__section_name(prog));
	}
	return 0;
}

/* ---- map reuse -------------------------------------------------------- */

static int find_reuse_target(struct loader *l, const struct bk_map_reuse *r)
{
	struct bpf_map *map;
	size_t i;

	if (!r->name) {
		if (r->idx < 0 || (size_t)r->idx >= l->map_cnt)
			return bk_err(l->diag, -ENOENT,
				      "%s: no map #%d: the object has %zu maps",
				      l->obj_path, r->idx, l->map_cnt);
		return r->idx;
	}
	map = bpf_object__find_map_by_name(l->obj, r->name);
	for (i = 0; map && i < l->map_cnt; i++) {
		if (l->maps[i] == map)
			return i;
	}
	return bk_err(l->diag, -ENOENT, "%s: no map named '%s'", l->obj_path,
		      r->name);
}

/* One property a map to reuse must share with the object's declaration. */
struct reuse_check {
	const char *prefix, *suffix; /* around the value: "key size 4" */
	bool hex;
	__u32 have, want;
};

static int reuse_mismatch(struct loader *l, const char *name, __u32 id,
			  const struct reuse_check *c)
{
	char have[16], want[16];

	snprintf(have, sizeof(have), c->hex ? "0x%x" : "%u", c->have);
	snprintf(want, sizeof(want), c->hex ? "0x%x" : "%u", c->want);
	return bk_err(
		l->diag, -EINVAL,
		"%s: map '%s': map id %u to reuse has %s%s%s, the object declares %s",
		l->obj_path, name, id, c->prefix, have, c->suffix, want);
}

/* Key and value size, max_entries and flags must be the declared ones. */
static int check_reuse_props(struct loader *l, struct bpf_map *map,
			     const struct bpf_map_info *info)
{
	const struct reuse_check checks[] = {
		{"key size ", "", false, info->key_size,
		 bpf_map__key_size(map)},
		{"value size ", "", false, info->value_size,
		 bpf_map__value_size(map)},
		{"", " entries", false, info->max_entries,
		 bpf_map__max_entries(map)},
		{"flags ", "", true, info->map_flags, bpf_map__map_flags(map)},
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(checks); i++) {
		if (checks[i].have != checks[i].want)
			return reuse_mismatch(l, bpf_map__name(map), info->id,
					      &checks[i]);
	}
	return 0;
}

static int check_reuse_compat(struct loader *l, struct bpf_map *map, int fd)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);
	const char *name = bpf_map__name(map);

	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return bk_err(
			l->diag, -errno,
			"%s: map '%s': cannot inspect the map to reuse: %s",
			l->obj_path, name, strerror(errno));
	if (info.type != bpf_map__type(map))
		return bk_err(
			l->diag, -EINVAL,
			"%s: map '%s': map id %u to reuse is of type %s, the object declares %s",
			l->obj_path, name, info.id,
			libbpf_bpf_map_type_str(info.type),
			libbpf_bpf_map_type_str(bpf_map__type(map)));
	return check_reuse_props(l, map, &info);
}

static int reuse_maps(struct loader *l)
{
	const struct bk_map_reuse *r;
	bool *used;
	int idx, err = 0;
	size_t i;

	if (!l->opts->map_cnt)
		return 0;
	used = calloc(l->map_cnt + 1, sizeof(*used));
	if (!used)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	for (i = 0; i < l->opts->map_cnt && !err; i++) {
		r = &l->opts->maps[i];
		idx = find_reuse_target(l, r);
		if (idx < 0) {
			err = idx;
		} else if (used[idx]) {
			err = bk_err(l->diag, -EINVAL,
				     "%s: map '%s' (#%d) is replaced twice",
				     l->obj_path, bpf_map__name(l->maps[idx]),
				     idx);
		} else {
			err = check_reuse_compat(l, l->maps[idx], r->fd);
			if (!err && bpf_map__reuse_fd(l->maps[idx], r->fd))
				err = bk_err(
					l->diag, -errno,
					"%s: map '%s': cannot reuse it: %s",
					l->obj_path,
					bpf_map__name(l->maps[idx]),
					strerror(errno));
			used[idx] = true;
		}
	}
	free(used);
	return err;
}

/* ---- pin targets, known once the object is open ----------------------- */

static int cmp_str_ptr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* No two things may be pinned at one path (pinmaps may be loadall's PATH). */
static int check_distinct_pins(struct loader *l)
{
	char **all;
	size_t cnt = 0, i;
	int err = 0;

	all = calloc(l->prog_cnt + l->map_cnt + 1, sizeof(*all));
	if (!all)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	for (i = 0; i < l->prog_cnt; i++) {
		if (l->ps[i].pin_path)
			all[cnt++] = l->ps[i].pin_path;
	}
	for (i = 0; i < l->map_cnt; i++) {
		if (l->map_pins[i])
			all[cnt++] = l->map_pins[i];
	}
	qsort(all, cnt, sizeof(*all), cmp_str_ptr);
	for (i = 1; i < cnt && !err; i++) {
		if (!strcmp(all[i - 1], all[i]))
			err = bk_err(
				l->diag, -EEXIST,
				"%s: a program and a map would both be pinned there",
				all[i]);
	}
	free(all);
	return err;
}

static int plan_prog_pins(struct loader *l)
{
	const struct bk_loader_opts *o = l->opts;
	struct bpf_program *prog;
	size_t i;

	if (o->mode == BK_LOAD_FIRST) {
		l->ps[l->first_idx].pin_path = strdup(o->pin_path);
		return l->ps[l->first_idx].pin_path ? 0 : -ENOMEM;
	}
	for (i = 0; i < l->prog_cnt; i++) {
		prog = l->progs[i];
		/* Not loaded, so nothing to pin (bpftool 7.1 fails here). */
		if (!bpf_program__autoload(prog))
			continue;
		l->ps[i].pin_path =
			join_path(o->pin_path, bpf_program__name(prog));
		if (!l->ps[i].pin_path)
			return -ENOMEM;
	}
	return 0;
}

static int plan_map_pins(struct loader *l)
{
	const char *dir = l->opts->pin_maps_dir;
	size_t i;

	for (i = 0; dir && i < l->map_cnt; i++) {
		if (!bpf_map__autocreate(l->maps[i]))
			continue;
		l->map_pins[i] = map_pin_path(dir, bpf_map__name(l->maps[i]));
		if (!l->map_pins[i])
			return -ENOMEM;
	}
	return 0;
}

static int check_pin_files(struct loader *l)
{
	struct stat st;
	size_t i;
	int err;

	if (l->opts->mode == BK_LOAD_VERIFY)
		return 0;
	err = plan_prog_pins(l);
	err = err ?: plan_map_pins(l);
	if (err)
		return bk_err(l->diag, err, "out of memory");
	for (i = 0; i < l->prog_cnt; i++) {
		/* The FIRST pin was checked before opening. */
		if (l->opts->mode == BK_LOAD_ALL && l->ps[i].pin_path &&
		    lstat(l->ps[i].pin_path, &st) == 0)
			return bk_err(l->diag, -EEXIST, "%s: already exists",
				      l->ps[i].pin_path);
	}
	for (i = 0; i < l->map_cnt; i++) {
		if (l->map_pins[i] && lstat(l->map_pins[i], &st) == 0)
			return bk_err(l->diag, -EEXIST, "%s: already exists",
				      l->map_pins[i]);
	}
	return check_distinct_pins(l);
}

/* ---- loading ---------------------------------------------------------- */

static int prepare_logs(struct loader *l)
{
	const char *pin;
	size_t i;

	if (l->opts->mode == BK_LOAD_VERIFY) {
		/* Pin nothing, not even maps declared with 'pinning'. */
		for (i = 0; i < l->map_cnt; i++)
			bpf_map__set_pin_path(l->maps[i], NULL);
	}
	if (l->opts->mode == BK_LOAD_VERIFY && !l->full_log) {
		for (i = 0; i < l->prog_cnt; i++) {
			l->ps[i].stats_log = calloc(1, STATS_LOG_SIZE);
			if (!l->ps[i].stats_log)
				return bk_err(l->diag, -ENOMEM,
					      "out of memory");
			bpf_program__set_log_buf(l->progs[i],
						 l->ps[i].stats_log,
						 STATS_LOG_SIZE);
			bpf_program__set_log_level(l->progs[i],
						   LOG_LEVEL_STATS);
		}
		return 0;
	}
	/*
	 * With log level 0 libbpf loads without a log and retries a failing
	 * program with level 1 into this buffer, so it holds that program's
	 * log only. malloc() without touching: the kernel writes what it needs.
	 */
	l->vlog = malloc(VLOG_SIZE);
	if (!l->vlog)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	l->vlog[0] = '\0';
	for (i = 0; i < l->prog_cnt; i++)
		bpf_program__set_log_buf(l->progs[i], l->vlog, VLOG_SIZE);
	if (l->opts->mode == BK_LOAD_VERIFY)
		return 0;
	/* Maps libbpf pins by their 'pinning' attribute: undo new ones. */
	for (i = 0; i < l->map_cnt; i++) {
		pin = bpf_map__pin_path(l->maps[i]);
		l->map_autopins[i] = pin && access(pin, F_OK) != 0;
	}
	return 0;
}

/* The last lines of log that fit the budget, without a trailing newline. */
static size_t log_tail(const char *log, char *out, size_t out_sz)
{
	size_t len = strlen(log), start, lines = 0;

	while (len && log[len - 1] == '\n')
		len--;
	start = len;
	while (start && lines < LOG_TAIL_LINES) {
		size_t prev = start - 1;

		while (prev && log[prev - 1] != '\n')
			prev--;
		if (len - prev >= out_sz && lines)
			break;
		start = prev;
		lines++;
	}
	if (len - start >= out_sz)
		start = len - (out_sz - 1);
	memcpy(out, log + start, len - start);
	out[len - start] = '\0';
	return lines;
}

/* libbpf prints no log it did not allocate itself: debug output gets it. */
static void show_whole_log(struct loader *l, const char *prog_name,
			   const char *log)
{
	const char *line = log, *end;

	bk_info(l->diag, "-- verifier log of program '%s' --", prog_name);
	while (*line) {
		end = strchrnul(line, '\n');
		bk_info(l->diag, "%.*s", (int)(end - line), line);
		line = *end ? end + 1 : end;
	}
	bk_info(l->diag, "-- end of the verifier log --");
}

/* The verdict (malloc'ed). */
static char *rejection_text(struct loader *l, int err, const char *prog_name)
{
	char *text;

	/* A log too long for the buffer turns the kernel's answer into
	 * ENOSPC; the verdict that matters is the rejection. */
	if (asprintf(&text, "%s: program '%s': rejected by the verifier%s%s",
		     l->obj_path, prog_name, err == -ENOSPC ? "" : ": ",
		     err == -ENOSPC ? "" : strerror(-err)) < 0)
		text = NULL;
	return text;
}

/* The end of the log, as the verdict's explanation (malloc'ed). */
static char *rejection_log(const char *log)
{
	char tail[LOG_TAIL_BYTES], *text;
	size_t lines = log_tail(log, tail, sizeof(tail));

	if (asprintf(&text, "verifier log (last %zu lines):\n%s", lines, tail) <
	    0)
		text = NULL;
	return text;
}

static int report_rejection(struct loader *l, int err, const char *prog_name,
			    const char *log)
{
	char *tail;

	show_whole_log(l, prog_name, log);
	fail_with_text(l, err, rejection_text(l, err, prog_name));
	tail = rejection_log(log);
	if (tail)
		bk_detail(l->diag, "%s", tail);
	free(tail);
	return err;
}

static int report_load_failure(struct loader *l, int err)
{
	struct bpf_program *prog = NULL;
	const char *log = NULL;
	size_t size;

	if (l->failed_prog[0])
		prog = bpf_object__find_program_by_name(l->obj, l->failed_prog);
	if (prog)
		log = bpf_program__log_buf(prog, &size);
	if (log && log[0])
		return report_rejection(l, err, l->failed_prog, log);
	if (l->failed_prog[0])
		return libbpf_fail(l, err, "cannot load program",
				   l->failed_prog);
	return libbpf_fail(l, err, "cannot load the object", NULL);
}

static int load_object(struct loader *l)
{
	size_t i;
	int err;

	l->libbpf_warn[0] = '\0';
	l->failed_prog[0] = '\0';
	l->memlock_hint = false;
	err = bpf_object__load(l->obj);
	if (err)
		return report_load_failure(l, err);
	for (i = 0; i < l->map_cnt; i++) {
		if (!l->map_autopins[i] || !bpf_map__is_pinned(l->maps[i]))
			continue;
		err = undo_push(l, UNDO_UNLINK, bpf_map__pin_path(l->maps[i]));
		if (err) {
			unlink(bpf_map__pin_path(l->maps[i]));
			return err;
		}
	}
	return 0;
}

/* ---- pinning ---------------------------------------------------------- */

/*
 * Mount a BPF file system at dir, as bpftool does: as a private mount, so
 * it does not propagate to the mount's peers; a directory that is not a
 * mount point yet becomes one by a bind mount onto itself.
 */
static int mount_bpffs(struct loader *l, const char *dir)
{
	int err;

	if (l->opts->no_mount)
		return no_bpffs(l, dir);
	if (mount("none", dir, NULL, MS_PRIVATE | MS_REC, NULL)) {
		if (errno != EINVAL)
			goto fail;
		err = undo_push(l, UNDO_UMOUNT, dir);
		if (err)
			return err;
		if (mount(dir, dir, NULL, MS_BIND, NULL)) {
			err = -errno;
			undo_pop(l);
			errno = -err;
			goto fail;
		}
		if (mount("none", dir, NULL, MS_PRIVATE | MS_REC, NULL))
			goto fail;
	}
	err = undo_push(l, UNDO_UMOUNT, dir);
	if (err)
		return err;
	if (mount("bpf", dir, "bpf", 0, "mode=0700")) {
		err = -errno;
		undo_pop(l);
		errno = -err;
		goto fail;
	}
	bk_info(l->diag, "mounted a BPF file system at %s", dir);
	return 0;
fail:
	return bk_err(l->diag, -errno,
		      "%s: cannot mount a BPF file system there: %s", dir,
		      strerror(errno));
}

/* The directory holding a pin file: on bpffs, or mounted so. */
static int prepare_pin_parent(struct loader *l, const char *path)
{
	char *dir = parent_dir(path);
	int err = 0;

	if (!dir)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	if (!is_bpffs(dir))
		err = mount_bpffs(l, dir);
	free(dir);
	return err;
}

/* A pin directory: made if missing, on bpffs or mounted so. */
static int prepare_pin_dir(struct loader *l, const char *path)
{
	char *parent;
	int err;

	if (access(path, F_OK) == 0)
		return is_bpffs(path) ? 0 : mount_bpffs(l, path);
	err = undo_push(l, UNDO_RMDIR, path);
	if (err)
		return err;
	if (mkdir(path, 0700)) {
		err = -errno;
		undo_pop(l);
		return bk_err(l->diag, err, "%s: cannot create: %s", path,
			      strerror(-err));
	}
	parent = parent_dir(path);
	if (!parent)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	err = is_bpffs(parent) ? 0 : mount_bpffs(l, path);
	free(parent);
	return err;
}

/*
 * loadall into a PATH that does not exist yet, on a BPF file system: pin
 * into a sibling directory and rename() it to PATH as the very last step,
 * so that not even SIGKILL leaves a partial PATH (at worst the sibling,
 * whose name says who made it; bpffs refuses dots, so it cannot be hidden).
 */
static int start_stage(struct loader *l)
{
	const char *path = l->opts->pin_path;
	size_t len = strlen(path);
	char *parent;
	bool on_bpffs;

	if (access(path, F_OK) == 0)
		return 0;
	parent = parent_dir(path);
	if (!parent)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	on_bpffs = is_bpffs(parent);
	free(parent);
	if (!on_bpffs)
		return 0;
	while (len > 1 && path[len - 1] == '/')
		len--;
	if (asprintf(&l->stage_dir, "%.*s~bpfkit-%d", (int)len, path,
		     (int)getpid()) < 0) {
		l->stage_dir = NULL;
		return bk_err(l->diag, -ENOMEM, "out of memory");
	}
	return prepare_pin_dir(l, l->stage_dir);
}

/* Where a pin under PATH goes while staging: in the sibling. */
static char *stage_path(const struct loader *l, const char *path)
{
	const char *dir = l->opts->pin_path, *rest;
	size_t len = strlen(dir);

	if (!l->stage_dir || strncmp(path, dir, len))
		return strdup(path);
	rest = path + len;
	if (*rest && *rest != '/' && dir[len - 1] != '/')
		return strdup(path);
	rest += strspn(rest, "/");
	return *rest ? join_path(l->stage_dir, rest) : strdup(l->stage_dir);
}

/* The last step: the sibling becomes PATH, unless PATH appeared meanwhile. */
static int finish_stage(struct loader *l)
{
	int err = check_stop(l);

	if (err || !l->stage_dir)
		return err;
	if (renameat2(AT_FDCWD, l->stage_dir, AT_FDCWD, l->opts->pin_path,
		      RENAME_NOREPLACE))
		return bk_err(l->diag, -errno,
			      "%s: cannot move the pins from %s there: %s",
			      l->opts->pin_path, l->stage_dir, strerror(errno));
	bk_info(l->diag, "moved %s to %s", l->stage_dir, l->opts->pin_path);
	return 0;
}

static int pin_fd(struct loader *l, int fd, const char *final_path,
		  const char *what, const char *name)
{
	char *path = stage_path(l, final_path);
	int err;

	if (!path)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	err = undo_push(l, UNDO_UNLINK, path);
	if (err)
		goto out;
	if (bpf_obj_pin(fd, path)) {
		err = -errno;
		undo_pop(l);
		bk_err(l->diag, err, "%s: cannot pin %s '%s': %s%s", final_path,
		       what, name, strerror(-err),
		       err == -EPERM ? " (is there a '.' in the path?)" : "");
		goto out;
	}
	bk_info(l->diag, "pinned %s '%s' at %s", what, name, path);
	err = check_stop(l);
out:
	free(path);
	return err;
}

/*
 * Attach by section and pin the link. Programs whose section gives no way
 * to attach are pinned themselves, as bpftool does.
 */
static int attach_and_pin(struct loader *l, size_t i)
{
	struct bpf_program *prog = l->progs[i];
	const char *name = bpf_program__name(prog);
	struct bpf_link *link;
	int err;

	l->libbpf_warn[0] = '\0';
	link = bpf_program__attach(prog);
	if (!link) {
		err = -errno;
		if (err != -EOPNOTSUPP)
			return libbpf_fail(l, err, "cannot attach program",
					   name);
		bk_warn(l->diag,
			"%s: program '%s' (section '%s') cannot be attached automatically: pinning the program instead",
			l->obj_path, name, bpf_program__section_name(prog));
		return pin_fd(l, bpf_program__fd(prog), l->ps[i].pin_path,
			      "program", name);
	}
	err = pin_fd(l, bpf_link__fd(link), l->ps[i].pin_path, "the link of",
		     name);
	/* The pin holds the link now; this handle can go. */
	bpf_link__destroy(link);
	l->ps[i].attached = !err;
	return err;
}

static int pin_programs(struct loader *l)
{
	const struct bk_loader_opts *o = l->opts;
	size_t i;
	int err;

	if (o->mode == BK_LOAD_VERIFY)
		return 0;
	if (o->mode == BK_LOAD_FIRST)
		err = prepare_pin_parent(l, o->pin_path);
	else
		err = start_stage(l);
	if (!err && o->mode == BK_LOAD_ALL && !l->stage_dir)
		err = prepare_pin_dir(l, o->pin_path);
	for (i = 0; i < l->prog_cnt && !err; i++) {
		if (!l->ps[i].pin_path)
			continue;
		if (o->autoattach)
			err = attach_and_pin(l, i);
		else
			err = pin_fd(l, bpf_program__fd(l->progs[i]),
				     l->ps[i].pin_path, "program",
				     bpf_program__name(l->progs[i]));
		l->ps[i].pinned = !err;
	}
	return err;
}

static int pin_maps(struct loader *l)
{
	char *dir;
	size_t i;
	int err;

	if (l->opts->mode == BK_LOAD_VERIFY || !l->opts->pin_maps_dir)
		return 0;
	dir = stage_path(l, l->opts->pin_maps_dir);
	if (!dir)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	err = prepare_pin_dir(l, dir);
	free(dir);
	for (i = 0; i < l->map_cnt && !err; i++) {
		if (l->map_pins[i])
			err = pin_fd(l, bpf_map__fd(l->maps[i]), l->map_pins[i],
				     "map", bpf_map__name(l->maps[i]));
	}
	return err;
}

/* ---- results ---------------------------------------------------------- */

static void parse_stats(const char *log, struct bk_loaded_prog *p)
{
	const char *line = log;
	unsigned long long usec;

	while (line && *line) {
		if (sscanf(line, "verification time %llu usec", &usec) == 1)
			p->verification_time_usec = usec;
		sscanf(line,
		       "processed %u insns (limit %*u) max_states_per_insn %u total_states %u peak_states %u",
		       &p->insns_processed, &p->max_states_per_insn,
		       &p->total_states, &p->peak_states);
		line = strchr(line, '\n');
		if (line)
			line++;
	}
}

static int fill_one(struct loader *l, size_t i, struct bk_loaded_prog *p)
{
	struct bpf_program *prog = l->progs[i];
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	int fd = bpf_program__fd(prog);

	p->fd = -1;
	p->name = strdup(bpf_program__name(prog));
	p->section = strdup(bpf_program__section_name(prog));
	if (!p->name || !p->section)
		return -ENOMEM;
	p->type = prog_type_name(bpf_program__type(prog));
	p->insn_cnt = bpf_program__insn_cnt(prog);
	if (l->ps[i].stats_log)
		parse_stats(l->ps[i].stats_log, p);
	if (fd >= 0 && !bpf_obj_get_info_by_fd(fd, &info, &len))
		p->id = info.id;
	/* The object closes its fds; a duplicate keeps the program. */
	if (fd >= 0 && l->opts->keep_loaded) {
		p->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
		if (p->fd < 0)
			return -errno;
	}
	if (l->ps[i].pinned) {
		p->pin_path = strdup(l->ps[i].pin_path);
		if (!p->pin_path)
			return -ENOMEM;
		p->attached = l->ps[i].attached;
	}
	return 0;
}

static int fill_result(struct loader *l, struct bk_load_result *res)
{
	size_t i, cnt = 0;
	int err = 0;

	if (!res)
		return 0;
	res->progs = calloc(l->prog_cnt, sizeof(*res->progs));
	if (!res->progs)
		return bk_err(l->diag, -ENOMEM, "out of memory");
	for (i = 0; i < l->prog_cnt && !err; i++) {
		if (bpf_program__autoload(l->progs[i]))
			err = fill_one(l, i, &res->progs[cnt++]);
	}
	res->prog_cnt = cnt;
	if (err) {
		bk_load_result__free(res);
		return bk_err(l->diag, err, "out of memory");
	}
	return 0;
}

void bk_load_result__free(struct bk_load_result *res)
{
	size_t i;

	if (!res)
		return;
	for (i = 0; i < res->prog_cnt; i++) {
		free(res->progs[i].name);
		free(res->progs[i].section);
		free(res->progs[i].pin_path);
		free(res->progs[i].error);
		free(res->progs[i].log_tail);
		if (res->progs[i].fd >= 0)
			close(res->progs[i].fd);
	}
	free(res->progs);
	res->progs = NULL;
	res->prog_cnt = 0;
}

static void free_loader(struct loader *l)
{
	size_t i;

	bpf_object__close(l->obj);
	for (i = 0; l->ps && i < l->prog_cnt; i++) {
		free(l->ps[i].pin_path);
		free(l->ps[i].stats_log);
	}
	for (i = 0; l->map_pins && i < l->map_cnt; i++)
		free(l->map_pins[i]);
	/* After success the steps stay taken; only the records go. */
	while (l->undo_cnt)
		undo_pop(l);
	free(l->ps);
	free(l->progs);
	free(l->map_pins);
	free(l->map_autopins);
	free(l->maps);
	free(l->vlog);
	free(l->stage_dir);
	free(l->undo);
}

/* ---- verify: a verdict for every program ------------------------------- */

/*
 * libbpf stops at the first program the kernel rejects. For a verdict on
 * each, verify mode loads every program in an object of its own, alone
 * (maps are created for that load and go with it).
 */
static int open_alone(struct loader *l, const struct loader *base, size_t idx,
		      bool full_log)
{
	size_t i;
	int err;

	l->obj_path = base->obj_path;
	l->opts = base->opts;
	l->diag = base->diag;
	l->full_log = full_log;
	l->checked = true;
	cur_loader = l;
	err = open_object(l);
	err = err ?: set_prog_types(l);
	err = err ?: reuse_maps(l);
	for (i = 0; !err && i < l->prog_cnt; i++)
		bpf_program__set_autoload(l->progs[i], i == idx);
	err = err ?: prepare_logs(l);
	if (!err) {
		l->libbpf_warn[0] = '\0';
		l->failed_prog[0] = '\0';
	}
	return err;
}

/*
 * Load the rejected program again, logging as plain load does, for the
 * same verdict and excerpt of the log in p. Returns 0 or -ENOMEM.
 */
static int explain_rejection(const struct loader *base, size_t idx,
			     struct bk_loaded_prog *p)
{
	struct loader l = {};
	const char *log = NULL;
	bool has_log;
	size_t size;
	int err;

	err = open_alone(&l, base, idx, true);
	if (!err) {
		err = bpf_object__load(l.obj);
		log = bpf_program__log_buf(l.progs[idx], &size);
	}
	has_log = err && log && log[0];
	if (has_log) {
		show_whole_log(&l, bpf_program__name(l.progs[idx]), log);
		p->error = rejection_text(&l, err,
					  bpf_program__name(l.progs[idx]));
		p->log_tail = rejection_log(log);
	} else if (err) {
		p->error =
			libbpf_fail_text(&l, err, "cannot load program",
					 bpf_program__name(base->progs[idx]));
	}
	free_loader(&l); /* and the log with it */
	return !p->error || (has_log && !p->log_tail) ? -ENOMEM : 0;
}

/*
 * A verdict for program idx in p. A failure that is not the program's
 * (the object cannot be opened, a map cannot be made) ends verification:
 * it is returned, with its reason in diag.
 */
static int verify_one(const struct loader *base, size_t idx,
		      struct bk_loaded_prog *p)
{
	struct loader l = {};
	int err, load_err;

	err = open_alone(&l, base, idx, false);
	if (err)
		goto out;
	load_err = bpf_object__load(l.obj);
	if (load_err && !l.failed_prog[0]) {
		err = report_load_failure(&l, load_err);
		goto out;
	}
	err = fill_one(&l, idx, p);
	if (err) {
		err = bk_err(l.diag, err, "out of memory");
		goto out;
	}
	p->rejected = load_err != 0;
	p->load_err = load_err;
out:
	free_loader(&l);
	cur_loader = NULL;
	return err;
}

static int verify_all(const struct loader *base, struct bk_load_result *res)
{
	size_t i;
	int err = 0, first_rejection = 0;

	res->progs = calloc(base->prog_cnt, sizeof(*res->progs));
	if (!res->progs)
		return bk_err(base->diag, -ENOMEM, "out of memory");
	for (i = 0; i < base->prog_cnt && !err; i++) {
		struct bk_loaded_prog *p = &res->progs[res->prog_cnt];

		if (!bpf_program__autoload(base->progs[i]))
			continue;
		res->prog_cnt++;
		err = verify_one(base, i, p);
		if (err || !p->rejected)
			continue;
		first_rejection = first_rejection ?: p->load_err;
		if (explain_rejection(base, i, p))
			err = bk_err(base->diag, -ENOMEM, "out of memory");
	}
	if (err)
		bk_load_result__free(res);
	return err ?: first_rejection;
}

/* What verify mode needs of the object: its programs and their autoload. */
static int verify_object(struct loader *l, struct bk_load_result *result)
{
	struct bk_load_result own = {};
	int err;

	err = open_object(l);
	err = err ?: set_prog_types(l);
	err = err ?: reuse_maps(l);
	err = err ?: prepare_logs(l);
	if (err)
		return err;
	/* All accepted at once, the common case: one load is enough. */
	l->libbpf_warn[0] = '\0';
	l->failed_prog[0] = '\0';
	err = bpf_object__load(l->obj);
	if (!err)
		return fill_result(l, result);
	if (!l->failed_prog[0])
		return report_load_failure(l, err);
	err = verify_all(l, result ?: &own);
	bk_load_result__free(&own);
	return err;
}

int bk_loader__load(const char *obj_path, const struct bk_loader_opts *opts,
		    struct bk_load_result *result)
{
	struct sigaction old_sigs[ARRAY_SIZE(stop_signals)];
	libbpf_print_fn_t old_print;
	struct loader l = {};
	int err;

	if (!opts || opts->sz < sizeof(*opts) || !obj_path)
		return -EINVAL;
	if (result)
		memset(result, 0, sizeof(*result));
	l.obj_path = obj_path;
	l.opts = opts;
	l.diag = opts->diag;

	err = check_object_file(&l);
	err = err ?: probe_bpf(&l);
	err = err ?: check_pin_dirs(&l);
	if (err)
		return err;

	cur_loader = &l;
	old_print = libbpf_set_print(route_libbpf_print);
	if (opts->mode == BK_LOAD_VERIFY) {
		err = verify_object(&l, result);
		libbpf_set_print(old_print);
		cur_loader = NULL;
		free_loader(&l);
		return err;
	}
	catch_stop_signals(old_sigs);
	err = open_object(&l);
	err = err ?: set_prog_types(&l);
	err = err ?: reuse_maps(&l);
	err = err ?: check_pin_files(&l);
	err = err ?: prepare_logs(&l);
	err = err ?: load_object(&l);
	err = err ?: check_stop(&l);
	err = err ?: pin_programs(&l);
	err = err ?: pin_maps(&l);
	err = err ?: fill_result(&l, result);
	err = err ?: finish_stage(&l);
	libbpf_set_print(old_print);
	cur_loader = NULL;

	if (err) {
		undo_all(&l);
		bk_load_result__free(result);
	}
	restore_signals(old_sigs);
	free_loader(&l);
	return err;
}
