/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_MAP_MAP_H
#define BPFKIT_MAP_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/bpf.h>
#include <linux/types.h>

#include "../lib/diag.h"

/*
 * The kernel's maps: selecting them, their properties, walking their
 * entries in batches, and single-entry operations. Every function reports
 * failures to diag naming the map ("map id 12: ...") and returns -errno;
 * nothing here prints.
 */

enum bk_map_select {
	BK_MAP_ALL,
	BK_MAP_BY_ID,
	BK_MAP_BY_PIN,
	BK_MAP_BY_NAME, /* the kernel keeps BPF_OBJ_NAME_LEN - 1 bytes */
};

struct bk_map_query {
	enum bk_map_select select;
	__u32 id;
	const char *arg; /* path or name */
};

struct bk_map {
	int fd;
	struct bpf_map_info info;
	const char *type; /* libbpf's name for info.type, or NULL */
	__u64 memlock;
	bool frozen;
	bool per_cpu;
	/* Bytes of a value as user space reads it: one slot per possible
	 * CPU, each rounded up to 8 bytes, for per-CPU maps. */
	size_t value_len;
	int cpu_cnt;
};

/*
 * The maps q selects, by increasing ID. By ID or path exactly one map; by
 * name at least one. Returns 0 or -errno. Release with bk_map__free_all().
 */
int bk_map__select(const struct bk_map_query *q, struct bk_map **maps,
		   size_t *cnt, const struct bk_diag *diag);
void bk_map__free_all(struct bk_map *maps, size_t cnt);

/* Single entries; key and value are map->info.key_size/value_len bytes. */
int bk_map__lookup(const struct bk_map *m, const void *key, void *value,
		   const struct bk_diag *diag);
/* The key after key (NULL: the first); -ENOENT after the last. */
int bk_map__next_key(const struct bk_map *m, const void *key, void *next,
		     const struct bk_diag *diag);
int bk_map__update(const struct bk_map *m, const void *key, const void *value,
		   __u64 flags, const struct bk_diag *diag);
int bk_map__delete(const struct bk_map *m, const void *key,
		   const struct bk_diag *diag);
int bk_map__freeze(const struct bk_map *m, const struct bk_diag *diag);
int bk_map__pin(const struct bk_map *m, const char *path,
		const struct bk_diag *diag);

/*
 * Every entry, through BPF_MAP_LOOKUP_BATCH where the map type has it, else
 * key by key with BPF_MAP_GET_NEXT_KEY. Memory stays bounded by one batch,
 * whatever the map's size.
 */
struct bk_map_iter;

struct bk_map_iter *bk_map_iter__new(const struct bk_map *m,
				     const struct bk_diag *diag);
/* 1 and the next entry (valid until the next call), 0 at the end, -errno. */
int bk_map_iter__next(struct bk_map_iter *it, const void **key,
		      const void **value);
bool bk_map_iter__batched(const struct bk_map_iter *it);
void bk_map_iter__free(struct bk_map_iter *it);

#endif /* BPFKIT_MAP_MAP_H */
