// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Where BTF comes from: a buffer, an ELF file's .BTF (and .BTF.ext), a raw
 * BTF file, or the kernel. Every path validates before libbpf parses.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <bpf/bpf.h>

#include "btf.h"
#include "../elf/elf.h"
#include "../lib/file.h"

#define SYSFS_BTF_DIR "/sys/kernel/btf/"
#define SYSFS_VMLINUX SYSFS_BTF_DIR "vmlinux"

static const char *const kind_strs[NR_BTF_KINDS] = {
	[BTF_KIND_UNKN] = "UNKNOWN",	  [BTF_KIND_INT] = "INT",
	[BTF_KIND_PTR] = "PTR",		  [BTF_KIND_ARRAY] = "ARRAY",
	[BTF_KIND_STRUCT] = "STRUCT",	  [BTF_KIND_UNION] = "UNION",
	[BTF_KIND_ENUM] = "ENUM",	  [BTF_KIND_FWD] = "FWD",
	[BTF_KIND_TYPEDEF] = "TYPEDEF",	  [BTF_KIND_VOLATILE] = "VOLATILE",
	[BTF_KIND_CONST] = "CONST",	  [BTF_KIND_RESTRICT] = "RESTRICT",
	[BTF_KIND_FUNC] = "FUNC",	  [BTF_KIND_FUNC_PROTO] = "FUNC_PROTO",
	[BTF_KIND_VAR] = "VAR",		  [BTF_KIND_DATASEC] = "DATASEC",
	[BTF_KIND_FLOAT] = "FLOAT",	  [BTF_KIND_DECL_TAG] = "DECL_TAG",
	[BTF_KIND_TYPE_TAG] = "TYPE_TAG", [BTF_KIND_ENUM64] = "ENUM64",
};

const char *bk_btf__kind_str(__u32 kind)
{
	return kind < NR_BTF_KINDS ? kind_strs[kind] : kind_strs[0];
}

/*
 * libbpf 1.1 parses split BTF only from a file (btf__new_split() is not
 * exported): hand it the bytes through an anonymous memory file.
 */
static struct btf *new_split_btf(const void *data, size_t size,
				 struct btf *base)
{
	char path[64];
	struct btf *btf = NULL;
	size_t done = 0;
	ssize_t n;
	int fd;

	fd = memfd_create("bpfkit-btf", MFD_CLOEXEC);
	if (fd < 0)
		return NULL;
	while (done < size) {
		n = write(fd, (const char *)data + done, size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto out;
		done += n;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	btf = btf__parse_raw_split(path, base);
out:
	close(fd);
	return btf;
}

int bk_btf__parse_split_buf(const void *data, size_t size, const char *name,
			    struct btf *base, const struct bk_diag *diag,
			    struct btf **btf)
{
	struct btf *b;
	int err;

	err = bk_btf__validate(data, size, name, base, diag);
	if (err)
		return err;
	b = base ? new_split_btf(data, size, base) : btf__new(data, size);
	if (!b)
		return bk_err(diag, -errno,
			      "%s: libbpf cannot parse the BTF: %s", name,
			      strerror(errno));
	*btf = b;
	return 0;
}

int bk_btf__parse_buf(const void *data, size_t size, const char *name,
		      const struct bk_diag *diag, struct btf **btf)
{
	return bk_btf__parse_split_buf(data, size, name, NULL, diag, btf);
}

void bk_btf__free(struct btf *btf)
{
	const struct btf *base;

	if (!btf)
		return;
	base = btf__base_btf(btf);
	btf__free(btf);
	btf__free((struct btf *)base);
}

/* Bits of t (a struct or union) that no member covers. */
static __u64 padding_bits(const struct btf *btf, const struct btf_type *t)
{
	const struct btf_member *m = btf_members(t);
	__u64 end = 0, pad = 0, off, bits;
	__s64 size;
	__u32 i;

	for (i = 0; i < btf_vlen(t); i++, m++) {
		off = btf_member_bit_offset(t, i);
		bits = btf_member_bitfield_size(t, i);
		if (!bits) {
			size = btf__resolve_size(btf, m->type);
			bits = size > 0 ? (__u64)size * 8 : 0;
		}
		if (off > end)
			pad += off - end;
		end = bk_max(end, off + bits);
	}
	if ((__u64)t->size * 8 > end)
		pad += (__u64)t->size * 8 - end;
	return pad;
}

int bk_btf__check_c_output(const struct btf *btf, const char *name,
			   const struct bk_diag *diag)
{
	__u64 budget = (1ULL << 20) + 1024ULL * btf__type_cnt(btf), pad = 0;
	const struct btf_type *t;
	__u32 id;

	for (id = 1; id < btf__type_cnt(btf); id++) {
		t = btf__type_by_id(btf, id);
		if (!btf_is_composite(t))
			continue;
		pad += padding_bits(btf, t);
		if (pad > budget)
			return bk_err(
				diag, -E2BIG,
				"%s: type [%u] %s: as C, structs and unions up to here need %llu bits of padding, more than the %llu allowed for %u types",
				name, id, bk_btf__kind_str(btf_kind(t)),
				(unsigned long long)pad,
				(unsigned long long)budget,
				btf__type_cnt(btf) - 1);
	}
	return 0;
}

static int parse_elf_ext(const struct bk_elf *elf, const struct btf *btf,
			 const struct bk_diag *diag, struct bk_btf_ext **ext)
{
	const struct bk_elf_sec *sec = bk_elf__find_sec(elf, ".BTF.ext");

	*ext = NULL;
	if (!sec)
		return 0;
	return bk_btf_ext__parse(elf, sec, btf, diag, ext);
}

static int parse_btf_sec(const struct bk_elf *elf, bool validated,
			 const struct bk_diag *diag, struct btf **btf,
			 struct bk_btf_ext **ext)
{
	const struct bk_elf_sec *sec = bk_elf__find_sec(elf, ".BTF");
	const char *name = bk_elf__name(elf);
	struct btf *b = NULL;
	int err;

	if (!sec)
		return bk_err(diag, -ENOENT, "%s: no .BTF section", name);
	if (!sec->data)
		return bk_err(diag, -EINVAL, "%s: section '.BTF' is empty",
			      name);
	if (!validated) {
		err = bk_btf__parse_buf(sec->data, sec->size, name, diag, &b);
	} else {
		b = btf__new(sec->data, sec->size);
		err = b ? 0
			: bk_err(diag, -errno,
				 "%s: libbpf cannot parse the BTF: %s", name,
				 strerror(errno));
	}
	if (!err && ext)
		err = parse_elf_ext(elf, b, diag, ext);
	if (err) {
		btf__free(b);
		return err;
	}
	*btf = b;
	return 0;
}

int bk_btf__parse_elf(const struct bk_elf *elf, const struct bk_diag *diag,
		      struct btf **btf, struct bk_btf_ext **ext)
{
	return parse_btf_sec(elf, false, diag, btf, ext);
}

static size_t count_secs(const struct bk_elf *elf, const char *name)
{
	size_t i, cnt = 0;

	for (i = 1; i < bk_elf__sec_cnt(elf); i++)
		cnt += strcmp(bk_elf__sec(elf, i)->name, name) == 0;
	return cnt;
}

int bk_btf__parse_elf_checked(const struct bk_elf *elf,
			      const struct bk_diag *diag, struct btf **btf,
			      struct bk_btf_ext **ext)
{
	if (count_secs(elf, ".BTF") > 1)
		return bk_err(diag, -EINVAL,
			      "%s: section '.BTF': name used twice",
			      bk_elf__name(elf));
	return parse_btf_sec(elf, true, diag, btf, ext);
}

/* bpftool's rule: kernel module BTF under sysfs is split off vmlinux's. */
static bool is_sysfs_module_btf(const char *path)
{
	return strncmp(path, SYSFS_BTF_DIR, strlen(SYSFS_BTF_DIR)) == 0 &&
	       strcmp(path, SYSFS_VMLINUX) != 0;
}

static int parse_raw(const char *path, const void *data, size_t size,
		     const struct bk_diag *diag, struct btf **btf)
{
	struct btf *base = NULL;
	int err;

	if (is_sysfs_module_btf(path)) {
		err = bk_btf__parse_file(SYSFS_VMLINUX, diag, &base, NULL);
		if (err)
			return err;
	}
	err = bk_btf__parse_split_buf(data, size, path, base, diag, btf);
	if (err)
		btf__free(base);
	return err;
}

/*
 * sysfs BTF (the kernel's and its modules') is mapped where the kernel allows
 * it (6.16 and later): the mapping shows the kernel's own copy, costs no
 * memory of ours and cannot change under us, so only libbpf's copy remains.
 * Everything else is read: a mapped regular file truncated meanwhile would
 * fault.
 */
static void *map_sysfs_file(const char *path, size_t *size)
{
	struct statfs sfs;
	struct stat st;
	void *p = MAP_FAILED;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (!fstatfs(fd, &sfs) && sfs.f_type == SYSFS_MAGIC &&
	    !fstat(fd, &st) && st.st_size > 0) {
		p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		*size = st.st_size;
	}
	close(fd);
	return p == MAP_FAILED ? NULL : p;
}

static bool is_stream(const char *path)
{
	struct stat st;

	return !stat(path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

/*
 * The file's .BTF.ext, checked against btf, which was read from the file
 * before: every check is against that BTF, so a file that changed in
 * between is refused or dumped consistently, never read out of bounds.
 * Of the file only the section headers are held; .BTF.ext is read in
 * windows, now to check it and again when it is dumped.
 */
static int parse_elf_file_ext(const char *path, const struct btf *btf,
			      const struct bk_diag *diag,
			      struct bk_btf_ext **ext)
{
	static const char *const no_sec[] = {NULL};
	const struct bk_elf_sec *sec;
	struct bk_elf *elf = NULL;
	int err;

	*ext = NULL;
	err = bk_elf__open_file_secs(path, no_sec, 0, diag, &elf);
	if (err == -ENOEXEC)
		return bk_err(diag, -EIO,
			      "%s: the file changed while being read", path);
	if (err)
		return err;
	sec = bk_elf__find_sec(elf, ".BTF.ext");
	if (!sec) {
		bk_elf__free(elf);
		return 0;
	}
	return bk_btf_ext__open_file(elf, sec, btf, diag, ext);
}

/*
 * An ELF file is read only as far as its section headers and BTF sections:
 * a linked object's BTF is a small part of it, and bpftool reads no more.
 * .BTF.ext is checked once the BTF is parsed and .BTF's bytes freed
 * (libbpf has its copy), a window at a time: it is never held whole.
 */
static int parse_elf_file(const char *path, const struct bk_diag *diag,
			  struct btf **btf, struct bk_btf_ext **ext)
{
	static const char *const btf_only[] = {".BTF", NULL};
	struct bk_elf *elf = NULL;
	int err;

	err = bk_elf__open_file_secs(path, btf_only, 0, diag, &elf);
	if (err)
		return err;
	err = bk_btf__parse_elf(elf, diag, btf, NULL);
	bk_elf__free(elf);
	if (err || !ext)
		return err;
	err = parse_elf_file_ext(path, *btf, diag, ext);
	if (err) {
		btf__free(*btf);
		*btf = NULL;
	}
	return err;
}

int bk_btf__parse_file(const char *path, const struct bk_diag *diag,
		       struct btf **btf, struct bk_btf_ext **ext)
{
	bool mapped = false;
	struct bk_elf *elf;
	size_t size = 0;
	void *buf = NULL;
	int err;

	/*
	 * A stream (FIFO, character device) is opened once and read whole:
	 * a FIFO's data is gone once its first reader closes it.
	 */
	if (!is_stream(path)) {
		err = parse_elf_file(path, diag, btf, ext);
		if (err != -ENOEXEC)
			return err;
		buf = map_sysfs_file(path, &size);
		mapped = buf != NULL;
	}
	if (!mapped) {
		err = bk_read_file(path, &buf, &size, diag);
		if (err)
			return err;
	}
	if (bk_elf__is_elf(buf, size)) {
		elf = bk_elf__open_mem(buf, size, path, 0, diag);
		err = elf ? bk_btf__parse_elf(elf, diag, btf, ext) : -errno;
		bk_elf__free(elf);
	} else if (size < sizeof(__u16)) {
		err = bk_err(diag, -EINVAL, "%s: file is empty or truncated",
			     path);
	} else if (*(const __u16 *)buf != BTF_MAGIC &&
		   *(const __u16 *)buf != __builtin_bswap16(BTF_MAGIC)) {
		err = bk_err(diag, -EINVAL,
			     "%s: neither an ELF file nor raw BTF data", path);
	} else if (ext) {
		err = bk_err(
			diag, -ENOENT,
			"%s: raw BTF data has no .BTF.ext (only ELF objects do)",
			path);
	} else {
		err = parse_raw(path, buf, size, diag, btf);
	}
	if (mapped)
		munmap(buf, size);
	else
		free(buf);
	return err;
}

/* Fill info (with the BTF bytes when data is set) for fd. */
static int get_btf_info(int fd, struct bpf_btf_info *info, void *data,
			__u32 size, char *name, __u32 name_len)
{
	__u32 len = sizeof(*info);

	memset(info, 0, sizeof(*info));
	info->btf = (__u64)(uintptr_t)data;
	info->btf_size = size;
	info->name = (__u64)(uintptr_t)name;
	info->name_len = name_len;
	return bpf_obj_get_info_by_fd(fd, info, &len) ? -errno : 0;
}

int bk_btf__load_from_kernel(__u32 id, const struct bk_diag *diag,
			     struct btf **btf)
{
	struct bpf_btf_info info;
	struct btf *base = NULL;
	char label[32], name[64] = "";
	void *data = NULL;
	int fd, err;

	snprintf(label, sizeof(label), "BTF object %u", id);
	fd = bpf_btf_get_fd_by_id(id);
	if (fd < 0)
		return bk_err(diag, -errno, "%s: %s", label,
			      errno == ENOENT
				      ? "no such BTF object in the kernel"
				      : strerror(errno));
	err = get_btf_info(fd, &info, NULL, 0, NULL, 0);
	/* Zeroed: valgrind cannot see the kernel fill it, and reports every
	 * read of it otherwise. */
	if (!err && !(data = calloc(1, info.btf_size ?: 1)))
		err = -ENOMEM;
	err = err
		      ?: get_btf_info(fd, &info, data, info.btf_size, name,
				      sizeof(name));
	if (err) {
		bk_err(diag, err, "%s: cannot read it from the kernel: %s",
		       label, strerror(-err));
		goto out;
	}
	/* Kernel module BTF is split off the kernel's own. */
	if (info.kernel_btf && strcmp(name, "vmlinux") != 0) {
		err = bk_btf__parse_file(SYSFS_VMLINUX, diag, &base, NULL);
		if (err)
			goto out;
	}
	err = bk_btf__parse_split_buf(data, info.btf_size, label, base, diag,
				      btf);
	if (err)
		btf__free(base);
out:
	free(data);
	close(fd);
	return err;
}
