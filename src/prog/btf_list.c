// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The kernel's BTF objects, and which programs and maps use each. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "btf_list.h"
#include "info.h"
#include "../lib/mem.h"

struct obj_list {
	struct bk_btf_obj *objs;
	size_t cnt, cap;
};

void bk_btf_obj__free(struct bk_btf_obj *objs, size_t cnt)
{
	size_t i;

	for (i = 0; objs && i < cnt; i++) {
		free(objs[i].prog_ids);
		free(objs[i].map_ids);
	}
	free(objs);
}

/* Append the BTF object behind fd (closed here). */
static int add_btf_fd(struct obj_list *list, int fd)
{
	struct bpf_btf_info info = {};
	struct bk_btf_obj *o;
	__u32 len = sizeof(info);
	int err = 0;

	if (bk_ensure_mem((void **)&list->objs, &list->cap, sizeof(*list->objs),
			  list->cnt + 1)) {
		close(fd);
		return -ENOMEM;
	}
	o = &list->objs[list->cnt];
	memset(o, 0, sizeof(*o));
	info.name = (__u64)(unsigned long)o->name;
	info.name_len = sizeof(o->name);
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		err = -errno;
	close(fd);
	if (err)
		return err;
	o->name[sizeof(o->name) - 1] = '\0';
	o->id = info.id;
	o->size = info.btf_size;
	o->kernel = info.kernel_btf;
	list->cnt++;
	return 0;
}

static int scan_btf(void *ctx, __u32 id, int fd)
{
	return add_btf_fd(ctx, fd);
}

static int cmp_obj_id(const void *key, const void *elem)
{
	__u32 id = *(const __u32 *)key;
	const struct bk_btf_obj *o = elem;

	return id < o->id ? -1 : id > o->id;
}

static int push_id(__u32 **arr, size_t *cnt, __u32 id)
{
	__u32 *grown = bk_reallocarray(*arr, *cnt + 1, sizeof(**arr));

	if (!grown)
		return -ENOMEM;
	grown[(*cnt)++] = id;
	*arr = grown;
	return 0;
}

/* Record user_id (a program or map) under the BTF object it uses. */
static int add_user(struct obj_list *list, __u32 btf_id, __u32 user_id,
		    bool is_map)
{
	struct bk_btf_obj *o;

	if (!btf_id)
		return 0;
	o = bsearch(&btf_id, list->objs, list->cnt, sizeof(*list->objs),
		    cmp_obj_id);
	if (!o)
		return 0;
	return is_map ? push_id(&o->map_ids, &o->map_cnt, user_id)
		      : push_id(&o->prog_ids, &o->prog_cnt, user_id);
}

static int add_prog_user(void *ctx, __u32 id, int fd)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	int err = bpf_obj_get_info_by_fd(fd, &info, &len) ? -errno : 0;

	close(fd);
	return err ?: add_user(ctx, info.btf_id, id, false);
}

static int add_map_user(void *ctx, __u32 id, int fd)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);
	int err = bpf_obj_get_info_by_fd(fd, &info, &len) ? -errno : 0;

	close(fd);
	return err ?: add_user(ctx, info.btf_id, id, true);
}

int bk_btf_obj__query(__u32 id, struct bk_btf_obj **objs, size_t *cnt,
		      const struct bk_diag *diag)
{
	struct obj_list list = {};
	int fd, err;

	*objs = NULL;
	*cnt = 0;
	if (id) {
		fd = bk_obj__fd_by_id(BK_OBJ_BTF, id, diag);
		err = fd < 0 ? fd : add_btf_fd(&list, fd);
		if (fd >= 0 && err)
			bk_err(diag, err, "BTF id %u: %s", id, strerror(-err));
	} else {
		err = bk_obj__for_each(BK_OBJ_BTF, scan_btf, &list, diag);
	}
	/* Programs, then maps, by increasing ID: each list ends up sorted. */
	err = err ?: bk_obj__for_each(BK_OBJ_PROG, add_prog_user, &list, diag);
	err = err ?: bk_obj__for_each(BK_OBJ_MAP, add_map_user, &list, diag);
	if (err) {
		bk_btf_obj__free(list.objs, list.cnt);
		return err;
	}
	*objs = list.objs;
	*cnt = list.cnt;
	return 0;
}
