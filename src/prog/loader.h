/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_PROG_LOADER_H
#define BPFKIT_PROG_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

#include "../lib/diag.h"

/*
 * Load a BPF object into the kernel through libbpf and pin what was loaded,
 * as `bpftool prog load/loadall` does, or load it only to collect the
 * verifier's statistics. Either everything asked for is pinned, or nothing
 * is: when a step fails, every pin made so far is removed again, and so are
 * the directories and BPF file system mounts made for them. SIGINT, SIGTERM
 * and SIGHUP (unless ignored) are caught during the call and end it the same
 * way, with -EINTR; the caller's handlers are restored on return. loadall
 * into a new directory on bpffs fills a sibling directory and renames it
 * into place last, so that even SIGKILL leaves no partial directory.
 *
 * libbpf prints through one process-wide callback. While a loader call runs
 * it is pointed at the caller's diag: each line libbpf prints (including the
 * verifier log of a rejected program) arrives as BK_DIAG_INFO, and the
 * previous callback is restored on return. So the loader is not reentrant
 * and not thread-safe.
 */

enum bk_load_mode {
	BK_LOAD_FIRST,	/* pin the first program at pin_path */
	BK_LOAD_ALL,	/* pin each program at pin_path/<program name> */
	BK_LOAD_VERIFY, /* collect verifier statistics, pin nothing */
};

/* Use an existing map in place of one the object would create. */
struct bk_map_reuse {
	const char *name; /* the map's name in the object, or NULL: use idx */
	int idx;	  /* positional index among the object's maps */
	int fd;		  /* the existing map; stays owned by the caller */
};

struct bk_loader_opts {
	size_t sz; /* sizeof(struct bk_loader_opts) */
	enum bk_load_mode mode;
	const char *pin_path;  /* FIRST: the pin; ALL: a directory */
	const char *prog_type; /* type of every program, or NULL: sections */
	const struct bk_map_reuse *maps;
	size_t map_cnt;
	const char *pin_maps_dir; /* pin every map under it, or NULL */
	bool autoattach;	  /* attach by section and pin the links */
	bool no_mount;		  /* never mount a BPF file system */
	/* Verify mode: keep the programs loaded, their fds in the result. */
	bool keep_loaded;
	const struct bk_diag *diag;
};

/* One program the loader loaded (in the object's program order). */
struct bk_loaded_prog {
	char *name;
	char *section;
	const char *type; /* bpftool's name for the program type */
	__u32 id;	  /* kernel program ID (0 in verify mode: unloaded) */
	char *pin_path;	  /* where it (or its link) is pinned, or NULL */
	bool attached;	  /* pin_path holds a link, not the program */
	int fd;		  /* keep_loaded: the program (closed by
			   * bk_load_result__free), else -1 */

	/* Verify mode only: the verdict, and for a rejected program why,
	 * and the end of the verifier log (as a failed load reports them). */
	bool rejected;
	int load_err;
	char *error;
	char *log_tail; /* "verifier log (last N lines):\n..." or NULL */

	/* Verifier statistics (verify mode only). */
	__u32 insn_cnt; /* instructions handed to the kernel */
	__u32 insns_processed;
	__u32 max_states_per_insn;
	__u32 total_states;
	__u32 peak_states;
	__u64 verification_time_usec;
};

struct bk_load_result {
	struct bk_loaded_prog *progs;
	size_t prog_cnt;
};

/*
 * Open obj_path, load it and pin or verify as opts say. On success returns 0
 * and, if result is not NULL, fills it (release with bk_load_result__free).
 * On failure returns -errno, with nothing left pinned; the reason went to
 * opts->diag: the object and program, and for a verifier rejection the end of
 * the verifier's log.
 *
 * Verify mode loads each program on its own, so that one rejection does not
 * hide the verdict on the others. When the kernel rejects any, it returns
 * the first rejection's -errno with result filled for every program: the
 * verdicts, statistics and each rejected program's error (nothing goes to
 * diag for them). Other failures are reported as above, result empty.
 */
int bk_loader__load(const char *obj_path, const struct bk_loader_opts *opts,
		    struct bk_load_result *result);
void bk_load_result__free(struct bk_load_result *result);
/*
 * The SIGINT, SIGTERM or SIGHUP that made the last bk_loader__load() stop
 * and roll back (it then returned -EINTR), or 0: the caller may end as
 * that signal would have ended it, once it has said what happened.
 */
int bk_loader__stop_signal(void);

#endif /* BPFKIT_PROG_LOADER_H */
