// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The kernel's maps: selection by ID, pin, name or all, their properties,
 * single-entry operations and a batched walk over every entry.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "map.h"
#include "../lib/mem.h"
#include "../prog/info.h"

/* The kernel's "operation not supported" (not in user-space errno.h). */
#ifndef ENOTSUPP
#define ENOTSUPP 524
#endif

struct map_list {
	struct bk_map *maps;
	size_t cnt, cap;
};

/* strerror() knows nothing of the kernel's ENOTSUPP. */
static const char *err_text(int err)
{
	if (err == -ENOTSUPP || err == -EOPNOTSUPP)
		return "not supported for this map type";
	return strerror(-err);
}

static bool is_per_cpu(__u32 type)
{
	return type == BPF_MAP_TYPE_PERCPU_HASH ||
	       type == BPF_MAP_TYPE_PERCPU_ARRAY ||
	       type == BPF_MAP_TYPE_LRU_PERCPU_HASH ||
	       type == BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE;
}

/* Fill m from fd, which it then owns. */
static int read_map(int fd, struct bk_map *m)
{
	__u32 len = sizeof(m->info);

	memset(m, 0, sizeof(*m));
	m->fd = fd;
	if (bpf_obj_get_info_by_fd(fd, &m->info, &len))
		return -errno;
	m->type = libbpf_bpf_map_type_str(m->info.type);
	m->memlock = bk_obj__fdinfo(fd, "memlock");
	m->frozen = bk_obj__fdinfo(fd, "frozen") != 0;
	m->per_cpu = is_per_cpu(m->info.type);
	m->cpu_cnt = 1;
	m->value_len = m->info.value_size;
	if (m->per_cpu) {
		m->cpu_cnt = libbpf_num_possible_cpus();
		if (m->cpu_cnt < 0)
			return m->cpu_cnt;
		m->value_len = ((m->info.value_size + 7) & ~7UL) * m->cpu_cnt;
	}
	return 0;
}

static int add_map_fd(struct map_list *list, int fd)
{
	int err;

	if (bk_ensure_mem((void **)&list->maps, &list->cap, sizeof(*list->maps),
			  list->cnt + 1)) {
		close(fd);
		return -ENOMEM;
	}
	err = read_map(fd, &list->maps[list->cnt]);
	if (err) {
		close(fd);
		return err;
	}
	list->cnt++;
	return 0;
}

static int scan_all(const struct bk_map_query *q, struct map_list *list,
		    const struct bk_diag *diag)
{
	__u32 id = 0;
	int fd, err;

	while (!bpf_map_get_next_id(id, &id)) {
		fd = bpf_map_get_fd_by_id(id);
		if (fd < 0 && errno == ENOENT)
			continue; /* freed since */
		if (fd < 0)
			return bk_err(diag, -errno, "map id %u: %s", id,
				      strerror(errno));
		err = add_map_fd(list, fd);
		if (err)
			return bk_err(diag, err, "map id %u: %s", id,
				      strerror(-err));
		if (q->select == BK_MAP_BY_NAME &&
		    !bk_obj__name_matches(q->arg,
					  list->maps[list->cnt - 1].info.name))
			close(list->maps[--list->cnt].fd);
	}
	if (errno == EPERM || errno == ENOSYS)
		return bk_obj__no_access(-errno, diag);
	if (errno != ENOENT)
		return bk_err(diag, -errno, "cannot list maps: %s",
			      strerror(errno));
	if (q->select == BK_MAP_BY_NAME && !list->cnt)
		return bk_err(diag, -ENOENT, "no map named '%s'", q->arg);
	return 0;
}

static int select_maps(const struct bk_map_query *q, struct map_list *list,
		       const struct bk_diag *diag)
{
	int fd, err;

	switch (q->select) {
	case BK_MAP_BY_ID:
		fd = bk_map__fd_by_id(q->id, diag);
		break;
	case BK_MAP_BY_PIN:
		fd = bk_obj__open_pinned(q->arg, BK_OBJ_MAP, diag);
		break;
	default:
		return scan_all(q, list, diag);
	}
	if (fd < 0)
		return fd;
	err = add_map_fd(list, fd);
	if (err)
		return bk_err(diag, err, "cannot read map: %s", strerror(-err));
	return 0;
}

int bk_map__select(const struct bk_map_query *q, struct bk_map **maps,
		   size_t *cnt, const struct bk_diag *diag)
{
	struct map_list list = {};
	int err = select_maps(q, &list, diag);

	if (err) {
		bk_map__free_all(list.maps, list.cnt);
		return err;
	}
	*maps = list.maps;
	*cnt = list.cnt;
	return 0;
}

void bk_map__free_all(struct bk_map *maps, size_t cnt)
{
	size_t i;

	for (i = 0; i < cnt; i++)
		close(maps[i].fd);
	free(maps);
}

/* ---- single entries -------------------------------------------------- */

static int map_err(const struct bk_map *m, const char *what,
		   const struct bk_diag *diag)
{
	int err = -errno;

	if (err == -ENOENT && strcmp(what, "pin"))
		return bk_err(diag, err, "map id %u: key not found",
			      m->info.id);
	return bk_err(diag, err, "map id %u: cannot %s: %s", m->info.id, what,
		      err_text(err));
}

int bk_map__lookup(const struct bk_map *m, const void *key, void *value,
		   const struct bk_diag *diag)
{
	if (bpf_map_lookup_elem(m->fd, key, value))
		return map_err(m, "look up the key", diag);
	return 0;
}

int bk_map__next_key(const struct bk_map *m, const void *key, void *next,
		     const struct bk_diag *diag)
{
	if (!bpf_map_get_next_key(m->fd, key, next))
		return 0;
	if (errno == ENOENT)
		return bk_err(diag, -ENOENT, "map id %u: %s", m->info.id,
			      key ? "no key after this one" : "map is empty");
	return map_err(m, "get the next key", diag);
}

int bk_map__update(const struct bk_map *m, const void *key, const void *value,
		   __u64 flags, const struct bk_diag *diag)
{
	if (!bpf_map_update_elem(m->fd, key, value, flags))
		return 0;
	if (errno == EEXIST)
		return bk_err(diag, -EEXIST, "map id %u: key exists (noexist)",
			      m->info.id);
	if (errno == ENOENT && flags == BPF_EXIST)
		return bk_err(diag, -ENOENT, "map id %u: key not found (exist)",
			      m->info.id);
	return map_err(m, "update", diag);
}

int bk_map__delete(const struct bk_map *m, const void *key,
		   const struct bk_diag *diag)
{
	if (bpf_map_delete_elem(m->fd, key))
		return map_err(m, "delete", diag);
	return 0;
}

int bk_map__freeze(const struct bk_map *m, const struct bk_diag *diag)
{
	if (bpf_map_freeze(m->fd))
		return map_err(m, "freeze", diag);
	return 0;
}

int bk_map__pin(const struct bk_map *m, const char *path,
		const struct bk_diag *diag)
{
	if (!bpf_obj_pin(m->fd, path))
		return 0;
	return bk_err(diag, -errno, "map id %u: cannot pin at %s: %s",
		      m->info.id, path, strerror(errno));
}

/* ---- walking every entry --------------------------------------------- */

/* Bytes per batch: big enough to amortise the system call, small enough to
 * stay in cache and not show in peak memory. */
#define BATCH_BYTES (16 << 10)
#define BATCH_MIN 64
#define BATCH_MAX 4096

struct bk_map_iter {
	const struct bk_map *map;
	const struct bk_diag *diag;
	bool batched, done, started;
	char *keys, *values;
	__u32 cap;	/* entries the buffers hold */
	__u32 cnt, pos; /* entries in the buffers, next to return */
	char *token[2]; /* the kernel's batch cursor (in and out) */
	size_t token_len;
	char *next_key; /* key by key: the current key */
};

static int alloc_batch(struct bk_map_iter *it, __u32 cap)
{
	const struct bk_map *m = it->map;
	char *keys, *values;

	keys = bk_reallocarray(it->keys, cap, m->info.key_size ?: 1);
	if (!keys)
		return -ENOMEM;
	it->keys = keys;
	values = bk_reallocarray(it->values, cap, m->value_len ?: 1);
	if (!values)
		return -ENOMEM;
	it->values = values;
	it->cap = cap;
	return 0;
}

struct bk_map_iter *bk_map_iter__new(const struct bk_map *m,
				     const struct bk_diag *diag)
{
	size_t entry = m->info.key_size + m->value_len;
	struct bk_map_iter *it;
	__u32 cap = entry ? BATCH_BYTES / entry : BATCH_MAX;

	if (!m->info.key_size) {
		bk_err(diag, -EINVAL, "map id %u: a %s map has no keys to walk",
		       m->info.id, m->type ?: "keyless");
		errno = EINVAL;
		return NULL;
	}
	it = calloc(1, sizeof(*it));
	if (!it)
		goto nomem;
	it->map = m;
	it->diag = diag;
	it->batched = true;
	cap = cap < BATCH_MIN ? BATCH_MIN : cap > BATCH_MAX ? BATCH_MAX : cap;
	it->next_key = malloc(m->info.key_size ?: 1);
	/* Hash maps keep a bucket index there, others (arrays) a key. */
	it->token_len = m->info.key_size > 8 ? m->info.key_size : 8;
	it->token[0] = calloc(2, it->token_len);
	it->token[1] = it->token[0] ? it->token[0] + it->token_len : NULL;
	if (!it->next_key || !it->token[0] || alloc_batch(it, cap))
		goto nomem;
	return it;
nomem:
	bk_map_iter__free(it);
	bk_err(diag, -ENOMEM, "map id %u: out of memory", m->info.id);
	errno = ENOMEM;
	return NULL;
}

void bk_map_iter__free(struct bk_map_iter *it)
{
	if (!it)
		return;
	free(it->keys);
	free(it->values);
	free(it->next_key);
	free(it->token[0]);
	free(it);
}

bool bk_map_iter__batched(const struct bk_map_iter *it)
{
	return it->batched;
}

/* Map types without batch operations say so on the first call. */
static bool no_batch_support(int err)
{
	return err == -EINVAL || err == -ENOTSUPP || err == -EOPNOTSUPP ||
	       err == -ENOSYS;
}

static int fill_batch(struct bk_map_iter *it)
{
	LIBBPF_OPTS(bpf_map_batch_opts, opts);
	__u32 cnt;
	int err;

	for (;;) {
		cnt = it->cap;
		err = bpf_map_lookup_batch(
			it->map->fd, it->started ? it->token[0] : NULL,
			it->token[1], it->keys, it->values, &cnt, &opts);
		err = err ? -errno : 0;
		/* A hash bucket larger than the batch: grow and retry. */
		if (err == -ENOSPC && it->cap < (1U << 20)) {
			err = alloc_batch(it, it->cap * 2);
			if (err)
				return err;
			continue;
		}
		break;
	}
	if (err && err != -ENOENT)
		return err;
	it->started = true;
	memcpy(it->token[0], it->token[1], it->token_len);
	it->done = err == -ENOENT;
	it->cnt = cnt;
	it->pos = 0;
	return 0;
}

static int next_batched(struct bk_map_iter *it, const void **key,
			const void **value)
{
	const struct bk_map *m = it->map;
	int err;

	while (it->pos == it->cnt) {
		if (it->done)
			return 0;
		err = fill_batch(it);
		if (err)
			return err;
	}
	*key = it->keys + (size_t)it->pos * m->info.key_size;
	*value = it->values + (size_t)it->pos * m->value_len;
	it->pos++;
	return 1;
}

static int next_by_key(struct bk_map_iter *it, const void **key,
		       const void **value)
{
	const struct bk_map *m = it->map;

	for (;;) {
		if (bpf_map_get_next_key(
			    m->fd, it->started ? it->next_key : NULL, it->keys))
			return errno == ENOENT ? 0 : -errno;
		it->started = true;
		memcpy(it->next_key, it->keys, m->info.key_size);
		if (!bpf_map_lookup_elem(m->fd, it->keys, it->values))
			break;
		if (errno != ENOENT) /* else deleted meanwhile */
			return -errno;
	}
	*key = it->keys;
	*value = it->values;
	return 1;
}

int bk_map_iter__next(struct bk_map_iter *it, const void **key,
		      const void **value)
{
	int err;

	if (it->batched) {
		err = next_batched(it, key, value);
		if (err >= 0 || it->started || !no_batch_support(err))
			goto out;
		it->batched = false;
	}
	err = next_by_key(it, key, value);
out:
	if (err < 0)
		return bk_err(it->diag, err,
			      "map id %u: cannot read entries: %s",
			      it->map->info.id, err_text(err));
	return err;
}
