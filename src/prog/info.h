/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_PROG_INFO_H
#define BPFKIT_PROG_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/bpf.h>
#include <linux/types.h>

#include "../lib/diag.h"

/*
 * What the kernel has loaded: programs with their pins, and file
 * descriptors for objects named by ID or by pinned path.
 */

enum bk_obj_kind {
	BK_OBJ_UNKNOWN,
	BK_OBJ_PROG,
	BK_OBJ_MAP,
	BK_OBJ_LINK,
	BK_OBJ_BTF,
};

/* What kind of BPF object fd refers to (BK_OBJ_UNKNOWN: none). */
enum bk_obj_kind bk_obj__kind(int fd);

/*
 * Open the object pinned at path, which must be of kind want. Returns the
 * fd or -errno; the reason, naming path, went to diag.
 */
int bk_obj__open_pinned(const char *path, enum bk_obj_kind want,
			const struct bk_diag *diag);

/* An fd for the object of that kind and ID, or -errno (reason to diag). */
int bk_obj__fd_by_id(enum bk_obj_kind kind, __u32 id,
		     const struct bk_diag *diag);
/* A number the kernel shows in /proc/self/fdinfo/FD ("memlock"), or 0. */
__u64 bk_obj__fdinfo(int fd, const char *field);

/* Whether a name the kernel cut to BPF_OBJ_NAME_LEN - 1 bytes is want. */
bool bk_obj__name_matches(const char *want, const char *kernel_name);

/* The error for a bpf() listing refused (-EPERM) or missing (-ENOSYS). */
int bk_obj__no_access(int err, const struct bk_diag *diag);

/* An fd for the map with that ID, or -errno (reason to diag). */
int bk_map__fd_by_id(__u32 id, const struct bk_diag *diag);

/* Called with each object's ID and an fd it must close; non-zero stops. */
typedef int (*bk_obj_fn)(void *ctx, __u32 id, int fd);

/*
 * Call fn for every object of that kind, by increasing ID (objects gone
 * meanwhile are skipped). Returns 0, or -errno with the reason, naming the
 * object, sent to diag.
 */
int bk_obj__for_each(enum bk_obj_kind kind, bk_obj_fn fn, void *ctx,
		     const struct bk_diag *diag);

enum bk_prog_select {
	BK_PROG_ALL,
	BK_PROG_BY_ID,
	BK_PROG_BY_PIN,	 /* a pinned program, or a pinned link's program */
	BK_PROG_BY_NAME, /* the kernel keeps BPF_OBJ_NAME_LEN - 1 bytes */
	BK_PROG_BY_TAG,	 /* 16 hex digits */
};

struct bk_prog_query {
	enum bk_prog_select select;
	__u32 id;
	const char *arg; /* path, name or tag */
};

struct bk_prog_info {
	__u32 id;
	__u32 type_id;	  /* enum bpf_prog_type */
	const char *type; /* libbpf's name for type_id, or NULL */
	char name[BPF_OBJ_NAME_LEN];
	char tag[BPF_TAG_SIZE * 2 + 1];
	bool gpl_compatible;
	__u64 loaded_at; /* seconds since the epoch */
	__u32 uid;
	__u32 bytes_xlated;
	__u32 bytes_jited; /* 0: not JIT-compiled */
	__u64 bytes_memlock;
	__u32 verified_insns;
	__u32 btf_id;
	__u32 *map_ids;
	__u32 map_cnt;
	char **pinned; /* paths where the program is pinned */
	size_t pinned_cnt;
	char **pinned_links; /* paths of pinned links to the program */
	size_t pinned_link_cnt;
};

/*
 * The programs q selects, by increasing ID, with every path on a mounted
 * BPF file system where they or links to them are pinned. Selecting by ID or
 * path finds exactly one program or fails; by name or tag, at least one.
 * Returns 0 or -errno (reason to diag).
 */
int bk_prog_info__query(const struct bk_prog_query *q,
			struct bk_prog_info **infos, size_t *cnt,
			const struct bk_diag *diag);
void bk_prog_info__free(struct bk_prog_info *infos, size_t cnt);

/*
 * An fd for the one program q selects (a name or tag that matches several
 * programs is an error), or -errno (reason to diag).
 */
int bk_prog__open(const struct bk_prog_query *q, const struct bk_diag *diag);

/* A BPF link: what attaches a program to a hook. */
struct bk_link_info {
	__u32 id;
	__u32 type_id;	  /* enum bpf_link_type */
	const char *type; /* libbpf's name for type_id, or NULL */
	__u32 prog_id;
	char target[256]; /* raw_tracepoint: its name; iter: its target */
	const char *attach_type; /* tracing, cgroup, netns; else NULL */
	__u64 cgroup_id;
	__u32 netns_ino;
	__u32 ifindex;			    /* xdp */
	__u32 target_obj_id, target_btf_id; /* tracing */
	char **pinned;			    /* paths where the link is pinned */
	size_t pinned_cnt;
};

/*
 * The link with that ID, or every link (id 0) by increasing ID, each with
 * the paths where it is pinned. Returns 0 or -errno (reason to diag).
 */
int bk_link_info__query(__u32 id, struct bk_link_info **infos, size_t *cnt,
			const struct bk_diag *diag);
void bk_link_info__free(struct bk_link_info *infos, size_t cnt);

/* The ID of the link pinned at path, or -errno (reason to diag). */
int bk_link__id_by_pin(const char *path, const struct bk_diag *diag);

#endif /* BPFKIT_PROG_INFO_H */
