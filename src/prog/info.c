// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * What the kernel has loaded: programs selected by ID, pin, name or tag,
 * and the paths on mounted BPF file systems where they are pinned.
 */
#include <errno.h>
#include <ftw.h>
#include <mntent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "info.h"
#include "../lib/compiler.h"
#include "../lib/mem.h"

/* A pinned program, or a pinned link (to a program). */
struct pin_rec {
	__u32 prog_id;
	__u32 link_id; /* 0: a program pin */
	char *path;
};

struct pin_table {
	struct pin_rec *recs;
	size_t cnt, cap;
	int err;
};

/* nftw() has no context argument. */
static struct pin_table *cur_pins;

struct info_list {
	struct bk_prog_info *infos;
	size_t cnt, cap;
};

enum bk_obj_kind bk_obj__kind(int fd)
{
	char link[64], target[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return BK_OBJ_UNKNOWN;
	target[n] = '\0';
	if (!strcmp(target, "anon_inode:bpf-prog"))
		return BK_OBJ_PROG;
	if (!strcmp(target, "anon_inode:bpf-map"))
		return BK_OBJ_MAP;
	if (!strcmp(target, "anon_inode:bpf-link"))
		return BK_OBJ_LINK;
	return BK_OBJ_UNKNOWN;
}

static const char *kind_name(enum bk_obj_kind kind)
{
	switch (kind) {
	case BK_OBJ_PROG:
		return "program";
	case BK_OBJ_MAP:
		return "map";
	case BK_OBJ_LINK:
		return "link";
	default:
		return "BPF object of another kind";
	}
}

int bk_obj__open_pinned(const char *path, enum bk_obj_kind want,
			const struct bk_diag *diag)
{
	enum bk_obj_kind kind;
	int fd = bpf_obj_get(path);

	if (fd < 0)
		return bk_err(diag, -errno,
			      "%s: cannot open a pinned object: %s", path,
			      strerror(errno));
	kind = bk_obj__kind(fd);
	if (want != BK_OBJ_UNKNOWN && kind != want) {
		close(fd);
		return bk_err(diag, -EINVAL,
			      "%s: pinned object is a %s, not a %s", path,
			      kind_name(kind), kind_name(want));
	}
	return fd;
}

/* How to walk and open each kind of object by ID. */
struct obj_ops {
	const char *name;
	int (*next_id)(__u32 start, __u32 *next);
	int (*fd_by_id)(__u32 id);
};

static const struct obj_ops obj_ops[] = {
	[BK_OBJ_PROG] = {"program", bpf_prog_get_next_id,
			 bpf_prog_get_fd_by_id},
	[BK_OBJ_MAP] = {"map", bpf_map_get_next_id, bpf_map_get_fd_by_id},
	[BK_OBJ_LINK] = {"link", bpf_link_get_next_id, bpf_link_get_fd_by_id},
	[BK_OBJ_BTF] = {"BTF object", bpf_btf_get_next_id,
			bpf_btf_get_fd_by_id},
};

int bk_obj__no_access(int err, const struct bk_diag *diag)
{
	if (err == -ENOSYS)
		return bk_err(diag, err,
			      "this kernel has no bpf() system call");
	return bk_err(diag, err,
		      "reading what is loaded needs root (CAP_SYS_ADMIN): %s",
		      strerror(-err));
}

int bk_obj__fd_by_id(enum bk_obj_kind kind, __u32 id,
		     const struct bk_diag *diag)
{
	const struct obj_ops *ops = &obj_ops[kind];
	int fd = ops->fd_by_id(id);

	if (fd < 0 && errno == ENOENT)
		return bk_err(diag, -ENOENT, "no %s with id %u", ops->name, id);
	if (fd < 0 && (errno == EPERM || errno == ENOSYS))
		return bk_obj__no_access(-errno, diag);
	if (fd < 0)
		return bk_err(diag, -errno, "%s id %u: %s", ops->name, id,
			      strerror(errno));
	return fd;
}

int bk_obj__for_each(enum bk_obj_kind kind, bk_obj_fn fn, void *ctx,
		     const struct bk_diag *diag)
{
	const struct obj_ops *ops = &obj_ops[kind];
	__u32 id = 0;
	int fd, err;

	while (!ops->next_id(id, &id)) {
		fd = ops->fd_by_id(id);
		if (fd < 0 && errno == ENOENT)
			continue; /* gone since */
		if (fd < 0)
			return bk_err(diag, -errno, "%s id %u: %s", ops->name,
				      id, strerror(errno));
		err = fn(ctx, id, fd);
		if (err)
			return bk_err(diag, err, "%s id %u: %s", ops->name, id,
				      strerror(-err));
	}
	if (errno == EPERM || errno == ENOSYS)
		return bk_obj__no_access(-errno, diag);
	if (errno != ENOENT)
		return bk_err(diag, -errno, "cannot list %ss: %s", ops->name,
			      strerror(errno));
	return 0;
}

int bk_map__fd_by_id(__u32 id, const struct bk_diag *diag)
{
	return bk_obj__fd_by_id(BK_OBJ_MAP, id, diag);
}

/* ---- one program ------------------------------------------------------ */

__u64 bk_obj__fdinfo(int fd, const char *field)
{
	unsigned long long v = 0;
	char path[64], line[256];
	size_t len = strlen(field);
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, field, len) && line[len] == ':' &&
		    sscanf(line + len + 1, "%llu", &v) == 1)
			break;
	}
	fclose(f);
	return v;
}

/* The kernel stamps programs in boot time; users read wall-clock time. */
static __u64 wall_seconds(__u64 boot_ns)
{
	struct timespec real, boot;
	__u64 real_ns, now_boot_ns;

	if (clock_gettime(CLOCK_REALTIME, &real) ||
	    clock_gettime(CLOCK_BOOTTIME, &boot))
		return 0;
	real_ns = real.tv_sec * 1000000000ULL + real.tv_nsec;
	now_boot_ns = boot.tv_sec * 1000000000ULL + boot.tv_nsec;
	return (real_ns - now_boot_ns + boot_ns) / 1000000000ULL;
}

static int read_map_ids(int fd, struct bk_prog_info *out, __u32 nr)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);

	out->map_ids = calloc(nr, sizeof(*out->map_ids));
	if (!out->map_ids)
		return -ENOMEM;
	info.nr_map_ids = nr;
	info.map_ids = (__u64)(unsigned long)out->map_ids;
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	out->map_cnt = bk_min(nr, info.nr_map_ids);
	return 0;
}

static int read_prog_info(int fd, struct bk_prog_info *out)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	size_t i;

	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	out->id = info.id;
	out->type_id = info.type;
	out->type = libbpf_bpf_prog_type_str(info.type);
	memcpy(out->name, info.name, sizeof(out->name));
	out->name[sizeof(out->name) - 1] = '\0';
	for (i = 0; i < BPF_TAG_SIZE; i++)
		snprintf(out->tag + 2 * i, 3, "%02x", info.tag[i]);
	out->gpl_compatible = info.gpl_compatible;
	out->loaded_at = wall_seconds(info.load_time);
	out->uid = info.created_by_uid;
	out->bytes_xlated = info.xlated_prog_len;
	out->bytes_jited = info.jited_prog_len;
	out->bytes_memlock = bk_obj__fdinfo(fd, "memlock");
	out->verified_insns = info.verified_insns;
	out->btf_id = info.btf_id;
	return info.nr_map_ids ? read_map_ids(fd, out, info.nr_map_ids) : 0;
}

static void free_info(struct bk_prog_info *info)
{
	size_t i;

	for (i = 0; i < info->pinned_cnt; i++)
		free(info->pinned[i]);
	for (i = 0; i < info->pinned_link_cnt; i++)
		free(info->pinned_links[i]);
	free(info->pinned);
	free(info->pinned_links);
	free(info->map_ids);
}

void bk_prog_info__free(struct bk_prog_info *infos, size_t cnt)
{
	size_t i;

	for (i = 0; infos && i < cnt; i++)
		free_info(&infos[i]);
	free(infos);
}

/* Append the program behind fd (closed here) to the list. */
static int add_prog_fd(struct info_list *list, int fd)
{
	struct bk_prog_info *info;
	int err;

	if (bk_ensure_mem((void **)&list->infos, &list->cap,
			  sizeof(*list->infos), list->cnt + 1)) {
		close(fd);
		return -ENOMEM;
	}
	info = &list->infos[list->cnt];
	memset(info, 0, sizeof(*info));
	err = read_prog_info(fd, info);
	close(fd);
	if (err) {
		free_info(info);
		return err;
	}
	list->cnt++;
	return 0;
}

/* ---- selection -------------------------------------------------------- */

static bool is_tag(const char *s)
{
	size_t i;

	for (i = 0; i < BPF_TAG_SIZE * 2; i++) {
		if (!s[i] || !strchr("0123456789abcdefABCDEF", s[i]))
			return false;
	}
	return s[i] == '\0';
}

/* The kernel keeps the first BPF_OBJ_NAME_LEN - 1 bytes of a name. */
bool bk_obj__name_matches(const char *want, const char *kernel_name)
{
	return !strncmp(want, kernel_name, BPF_OBJ_NAME_LEN - 1) &&
	       (strlen(kernel_name) == BPF_OBJ_NAME_LEN - 1 ||
		!want[strlen(kernel_name)]);
}

static bool prog_matches(const struct bk_prog_query *q,
			 const struct bk_prog_info *info)
{
	switch (q->select) {
	case BK_PROG_BY_NAME:
		return bk_obj__name_matches(q->arg, info->name);
	case BK_PROG_BY_TAG:
		return !strcasecmp(q->arg, info->tag);
	default:
		return true;
	}
}

struct scan_ctx {
	const struct bk_prog_query *q;
	struct info_list *list;
};

static int scan_one(void *ctx, __u32 id, int fd)
{
	struct scan_ctx *c = ctx;
	struct info_list *list = c->list;
	int err = add_prog_fd(list, fd);

	if (!err && !prog_matches(c->q, &list->infos[list->cnt - 1]))
		free_info(&list->infos[--list->cnt]);
	return err;
}

static int scan_all(const struct bk_prog_query *q, struct info_list *list,
		    const struct bk_diag *diag)
{
	struct scan_ctx c = {.q = q, .list = list};

	return bk_obj__for_each(BK_OBJ_PROG, scan_one, &c, diag);
}

static int prog_fd_by_pin(const char *path, const struct bk_diag *diag)
{
	struct bpf_link_info info = {};
	__u32 len = sizeof(info);
	enum bk_obj_kind kind;
	int fd, prog_fd;

	fd = bk_obj__open_pinned(path, BK_OBJ_UNKNOWN, diag);
	if (fd < 0)
		return fd;
	kind = bk_obj__kind(fd);
	if (kind == BK_OBJ_PROG)
		return fd;
	if (kind != BK_OBJ_LINK) {
		close(fd);
		return bk_err(
			diag, -EINVAL,
			"%s: pinned object is a %s, not a program or link",
			path, kind_name(kind));
	}
	/* A pinned link stands for the program it runs. */
	if (bpf_obj_get_info_by_fd(fd, &info, &len)) {
		close(fd);
		return bk_err(diag, -errno, "%s: %s", path, strerror(errno));
	}
	close(fd);
	prog_fd = bpf_prog_get_fd_by_id(info.prog_id);
	if (prog_fd < 0)
		return bk_err(diag, -errno, "%s: program id %u of the link: %s",
			      path, info.prog_id, strerror(errno));
	return prog_fd;
}

static int prog_fd_by_id(__u32 id, const struct bk_diag *diag)
{
	return bk_obj__fd_by_id(BK_OBJ_PROG, id, diag);
}

static int select_progs(const struct bk_prog_query *q, struct info_list *list,
			const struct bk_diag *diag)
{
	int fd, err;

	switch (q->select) {
	case BK_PROG_BY_ID:
		fd = prog_fd_by_id(q->id, diag);
		if (fd < 0)
			return fd;
		break;
	case BK_PROG_BY_PIN:
		fd = prog_fd_by_pin(q->arg, diag);
		if (fd < 0)
			return fd;
		break;
	case BK_PROG_BY_TAG:
		if (!is_tag(q->arg))
			return bk_err(diag, -EINVAL,
				      "'%s' is not a tag (16 hex digits)",
				      q->arg);
		/* fall through */
	default:
		err = scan_all(q, list, diag);
		if (!err && !list->cnt && q->select == BK_PROG_BY_NAME)
			err = bk_err(diag, -ENOENT, "no program named '%s'",
				     q->arg);
		if (!err && !list->cnt && q->select == BK_PROG_BY_TAG)
			err = bk_err(diag, -ENOENT, "no program with tag %s",
				     q->arg);
		return err;
	}
	err = add_prog_fd(list, fd);
	if (err)
		return bk_err(diag, err, "cannot read program info: %s",
			      strerror(-err));
	return 0;
}

/* ---- pins ------------------------------------------------------------- */

static int add_pin(__u32 prog_id, __u32 link_id, const char *path)
{
	struct pin_table *t = cur_pins;
	char *copy;

	if (bk_ensure_mem((void **)&t->recs, &t->cap, sizeof(*t->recs),
			  t->cnt + 1))
		return -ENOMEM;
	copy = strdup(path);
	if (!copy)
		return -ENOMEM;
	t->recs[t->cnt].prog_id = prog_id;
	t->recs[t->cnt].link_id = link_id;
	t->recs[t->cnt].path = copy;
	t->cnt++;
	return 0;
}

static int visit_pin(const char *path, const struct stat *st, int flag,
		     struct FTW *ftw)
{
	struct bpf_prog_info prog = {};
	struct bpf_link_info link = {};
	__u32 len;
	int fd, err = 0;

	if (flag != FTW_F)
		return 0;
	fd = bpf_obj_get(path);
	if (fd < 0)
		return 0;
	switch (bk_obj__kind(fd)) {
	case BK_OBJ_PROG:
		len = sizeof(prog);
		if (!bpf_obj_get_info_by_fd(fd, &prog, &len))
			err = add_pin(prog.id, 0, path);
		break;
	case BK_OBJ_LINK:
		len = sizeof(link);
		if (!bpf_obj_get_info_by_fd(fd, &link, &len))
			err = add_pin(link.prog_id, link.id, path);
		break;
	default:
		break;
	}
	close(fd);
	cur_pins->err = err;
	return err ? 1 : 0;
}

static int cmp_pin(const void *a, const void *b)
{
	const struct pin_rec *x = a, *y = b;

	if (x->prog_id != y->prog_id)
		return x->prog_id < y->prog_id ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* Every program and link pin on every mounted BPF file system. */
static int walk_bpffs(struct pin_table *t)
{
	struct mntent *m;
	FILE *f;

	f = setmntent("/proc/self/mounts", "re");
	if (!f)
		return 0; /* no /proc: no pins to show */
	cur_pins = t;
	while (!t->err && (m = getmntent(f))) {
		if (!strcmp(m->mnt_type, "bpf"))
			nftw(m->mnt_dir, visit_pin, 16, FTW_PHYS | FTW_MOUNT);
	}
	cur_pins = NULL;
	endmntent(f);
	if (t->cnt) /* qsort() takes no NULL, even for 0 items */
		qsort(t->recs, t->cnt, sizeof(*t->recs), cmp_pin);
	return t->err;
}

static void free_pins(struct pin_table *t)
{
	size_t i;

	for (i = 0; i < t->cnt; i++)
		free(t->recs[i].path);
	free(t->recs);
}

static int push_path(char ***arr, size_t *cnt, const char *path)
{
	char **grown = bk_reallocarray(*arr, *cnt + 1, sizeof(**arr));

	if (!grown)
		return -ENOMEM;
	*arr = grown;
	grown[*cnt] = strdup(path);
	if (!grown[*cnt])
		return -ENOMEM;
	(*cnt)++;
	return 0;
}

/* The records of prog_id: the first index at or after it (recs sorted). */
static size_t first_pin_of(const struct pin_table *t, __u32 prog_id)
{
	size_t lo = 0, hi = t->cnt, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->recs[mid].prog_id < prog_id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int attach_pins(struct info_list *list, const struct pin_table *t)
{
	struct bk_prog_info *info;
	const struct pin_rec *r;
	size_t i, j;
	int err = 0;

	for (i = 0; i < list->cnt && !err; i++) {
		info = &list->infos[i];
		for (j = first_pin_of(t, info->id); j < t->cnt && !err; j++) {
			r = &t->recs[j];
			if (r->prog_id != info->id)
				break;
			/* The same file system mounted twice, seen twice. */
			if (j && !cmp_pin(r, r - 1))
				continue;
			if (r->link_id)
				err = push_path(&info->pinned_links,
						&info->pinned_link_cnt,
						r->path);
			else
				err = push_path(&info->pinned,
						&info->pinned_cnt, r->path);
		}
	}
	return err;
}

static int cmp_info_id(const void *a, const void *b)
{
	const struct bk_prog_info *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

int bk_prog_info__query(const struct bk_prog_query *q,
			struct bk_prog_info **infos, size_t *cnt,
			const struct bk_diag *diag)
{
	struct pin_table pins = {};
	struct info_list list = {};
	int err;

	*infos = NULL;
	*cnt = 0;
	err = select_progs(q, &list, diag);
	if (!err && list.cnt) {
		err = walk_bpffs(&pins);
		err = err ?: attach_pins(&list, &pins);
		if (err)
			bk_err(diag, err, "cannot list pinned objects: %s",
			       strerror(-err));
	}
	free_pins(&pins);
	if (err) {
		bk_prog_info__free(list.infos, list.cnt);
		return err;
	}
	if (list.cnt) /* qsort() takes no NULL, even for 0 items */
		qsort(list.infos, list.cnt, sizeof(*list.infos), cmp_info_id);
	*infos = list.infos;
	*cnt = list.cnt;
	return 0;
}

int bk_prog__open(const struct bk_prog_query *q, const struct bk_diag *diag)
{
	struct info_list list = {};
	__u32 id;
	int err;

	if (q->select == BK_PROG_BY_ID)
		return prog_fd_by_id(q->id, diag);
	if (q->select == BK_PROG_BY_PIN)
		return prog_fd_by_pin(q->arg, diag);
	if (q->select == BK_PROG_ALL)
		return bk_err(diag, -EINVAL, "no program selected");
	err = select_progs(q, &list, diag);
	if (err) {
		bk_prog_info__free(list.infos, list.cnt);
		return err;
	}
	id = list.infos[0].id;
	if (list.cnt > 1) {
		bk_prog_info__free(list.infos, list.cnt);
		return bk_err(diag, -E2BIG,
			      "'%s' selects %zu programs: use 'id' to pick one",
			      q->arg, list.cnt);
	}
	bk_prog_info__free(list.infos, list.cnt);
	return prog_fd_by_id(id, diag);
}

/* ---- links ------------------------------------------------------------ */

struct link_list {
	struct bk_link_info *infos;
	size_t cnt, cap;
};

static void free_link(struct bk_link_info *info)
{
	size_t i;

	for (i = 0; i < info->pinned_cnt; i++)
		free(info->pinned[i]);
	free(info->pinned);
}

void bk_link_info__free(struct bk_link_info *infos, size_t cnt)
{
	size_t i;

	for (i = 0; infos && i < cnt; i++)
		free_link(&infos[i]);
	free(infos);
}

/* The name a raw tracepoint or iterator link attaches to. */
static int read_link_target(int fd, struct bpf_link_info *info,
			    struct bk_link_info *out)
{
	struct bpf_link_info again = {};
	__u32 len = sizeof(again);

	if (info->type == BPF_LINK_TYPE_RAW_TRACEPOINT) {
		again.raw_tracepoint.tp_name =
			(__u64)(unsigned long)out->target;
		again.raw_tracepoint.tp_name_len = sizeof(out->target);
	} else if (info->type == BPF_LINK_TYPE_ITER) {
		again.iter.target_name = (__u64)(unsigned long)out->target;
		again.iter.target_name_len = sizeof(out->target);
	} else {
		return 0;
	}
	if (bpf_obj_get_info_by_fd(fd, &again, &len))
		return -errno;
	out->target[sizeof(out->target) - 1] = '\0';
	return 0;
}

static void copy_link_details(const struct bpf_link_info *info,
			      struct bk_link_info *out)
{
	switch (info->type) {
	case BPF_LINK_TYPE_TRACING:
		out->attach_type =
			libbpf_bpf_attach_type_str(info->tracing.attach_type);
		out->target_obj_id = info->tracing.target_obj_id;
		out->target_btf_id = info->tracing.target_btf_id;
		break;
	case BPF_LINK_TYPE_CGROUP:
		out->attach_type =
			libbpf_bpf_attach_type_str(info->cgroup.attach_type);
		out->cgroup_id = info->cgroup.cgroup_id;
		break;
	case BPF_LINK_TYPE_NETNS:
		out->attach_type =
			libbpf_bpf_attach_type_str(info->netns.attach_type);
		out->netns_ino = info->netns.netns_ino;
		break;
	case BPF_LINK_TYPE_XDP:
		out->ifindex = info->xdp.ifindex;
		break;
	default:
		break;
	}
}

/* Append the link behind fd (closed here) to the list. */
static int add_link_fd(struct link_list *list, int fd)
{
	struct bpf_link_info info = {};
	struct bk_link_info *out;
	__u32 len = sizeof(info);
	int err = 0;

	if (bk_ensure_mem((void **)&list->infos, &list->cap,
			  sizeof(*list->infos), list->cnt + 1))
		err = -ENOMEM;
	else if (bpf_obj_get_info_by_fd(fd, &info, &len))
		err = -errno;
	if (!err) {
		out = &list->infos[list->cnt];
		memset(out, 0, sizeof(*out));
		out->id = info.id;
		out->type_id = info.type;
		out->type = libbpf_bpf_link_type_str(info.type);
		out->prog_id = info.prog_id;
		copy_link_details(&info, out);
		err = read_link_target(fd, &info, out);
	}
	close(fd);
	if (!err)
		list->cnt++;
	return err;
}

static int scan_link(void *ctx, __u32 id, int fd)
{
	return add_link_fd(ctx, fd);
}

static int cmp_link_pin(const void *a, const void *b)
{
	const struct pin_rec *x = a, *y = b;

	if (x->link_id != y->link_id)
		return x->link_id < y->link_id ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* Pin paths of each link: records sorted by link, merged with the list. */
static int attach_link_pins(struct link_list *list, struct pin_table *t)
{
	size_t i, j = 0;
	int err = 0;

	if (t->cnt)
		qsort(t->recs, t->cnt, sizeof(*t->recs), cmp_link_pin);
	for (i = 0; i < list->cnt && !err; i++) {
		while (j < t->cnt && t->recs[j].link_id < list->infos[i].id)
			j++;
		for (; j < t->cnt && !err &&
		       t->recs[j].link_id == list->infos[i].id;
		     j++) {
			/* The same file system mounted twice, seen twice. */
			if (j && !cmp_link_pin(&t->recs[j], &t->recs[j - 1]))
				continue;
			err = push_path(&list->infos[i].pinned,
					&list->infos[i].pinned_cnt,
					t->recs[j].path);
		}
	}
	return err;
}

int bk_link_info__query(__u32 id, struct bk_link_info **infos, size_t *cnt,
			const struct bk_diag *diag)
{
	struct pin_table pins = {};
	struct link_list list = {};
	int fd, err;

	*infos = NULL;
	*cnt = 0;
	if (id) {
		fd = bk_obj__fd_by_id(BK_OBJ_LINK, id, diag);
		err = fd < 0 ? fd : add_link_fd(&list, fd);
		if (fd >= 0 && err)
			bk_err(diag, err, "link id %u: %s", id, strerror(-err));
	} else {
		err = bk_obj__for_each(BK_OBJ_LINK, scan_link, &list, diag);
	}
	if (!err && list.cnt) {
		err = walk_bpffs(&pins);
		err = err ?: attach_link_pins(&list, &pins);
		if (err)
			bk_err(diag, err, "cannot list pinned objects: %s",
			       strerror(-err));
	}
	free_pins(&pins);
	if (err) {
		bk_link_info__free(list.infos, list.cnt);
		return err;
	}
	*infos = list.infos;
	*cnt = list.cnt;
	return 0;
}

int bk_link__id_by_pin(const char *path, const struct bk_diag *diag)
{
	struct bpf_link_info info = {};
	__u32 len = sizeof(info);
	int fd = bk_obj__open_pinned(path, BK_OBJ_LINK, diag);

	if (fd < 0)
		return fd;
	if (bpf_obj_get_info_by_fd(fd, &info, &len)) {
		close(fd);
		return bk_err(diag, -errno, "%s: %s", path, strerror(errno));
	}
	close(fd);
	return info.id;
}
