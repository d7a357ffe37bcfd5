// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/btf.h>

#include "file.h"
#include "mem.h"

/* No input of ours comes near this; a larger one is a mistake or an attack. */
#define MAX_INPUT_SIZE (1UL << 31)

/* Bytes that tell an ELF file or raw BTF (either byte order) apart. */
#define MAGIC_LEN 4

/*
 * A pipe or device whose size its header does not tell (ELF of the other
 * class or byte order) is read up to this much.
 */
#define MAX_UNSIZED_STREAM (64UL << 20)

static bool is_input_magic(const unsigned char *p)
{
	__u16 btf = p[0] | p[1] << 8;

	return !memcmp(p, ELFMAG, SELFMAG) || btf == BTF_MAGIC ||
	       btf == __builtin_bswap16(BTF_MAGIC);
}

static size_t max_size(size_t a, size_t b)
{
	return a > b ? a : b;
}

/* a + b, saturating: header fields are untrusted */
static size_t add_sat(__u64 a, __u64 b)
{
	__u64 sum;

	if (__builtin_add_overflow(a, b, &sum) || sum > SIZE_MAX)
		return SIZE_MAX;
	return sum;
}

/*
 * Bytes of a host-order ELF64 object that its headers cover: the section
 * header table and every section's bytes. 0 while more must be read to
 * tell. Extended section numbering keeps the count in header #0.
 */
static size_t elf64_extent(const char *data, size_t len)
{
	size_t shnum, need, i;
	Elf64_Ehdr eh;
	Elf64_Shdr sh;

	if (len < sizeof(eh))
		return 0;
	memcpy(&eh, data, sizeof(eh));
	if (!eh.e_shoff || eh.e_shentsize != sizeof(sh))
		return sizeof(eh);
	shnum = eh.e_shnum;
	if (!shnum) {
		need = add_sat(eh.e_shoff, sizeof(sh));
		if (len < need)
			return need == SIZE_MAX ? need : 0;
		memcpy(&sh, data + eh.e_shoff, sizeof(sh));
		shnum = sh.sh_size ?: 1;
	}
	if (shnum > SIZE_MAX / sizeof(sh))
		return SIZE_MAX;
	need = add_sat(eh.e_shoff, shnum * sizeof(sh));
	if (len < need)
		return need == SIZE_MAX ? need : 0;
	for (i = 0; i < shnum; i++) {
		memcpy(&sh, data + eh.e_shoff + i * sizeof(sh), sizeof(sh));
		if (sh.sh_type != SHT_NOBITS)
			need = max_size(need,
					add_sat(sh.sh_offset, sh.sh_size));
	}
	return need;
}

/* Bytes of host-order raw BTF its header covers; 0 until it is read. */
static size_t raw_btf_extent(const char *data, size_t len)
{
	struct btf_header h;

	if (len < sizeof(h))
		return 0;
	memcpy(&h, data, sizeof(h));
	return add_sat(h.hdr_len, max_size(add_sat(h.type_off, h.type_len),
					   add_sat(h.str_off, h.str_len)));
}

/*
 * How much of a stream (pipe, FIFO, character device) to read, once its
 * first len bytes are in: what its headers say the input spans, so that
 * a stream that never ends is not read to the cap; 0 while the headers
 * are still incomplete. *unsized: the headers cannot tell (the result is
 * then the most a stream may hold).
 */
static size_t stream_extent(const char *data, size_t len, bool *unsized)
{
	const unsigned char *p = (const unsigned char *)data;
	bool host_elf64 =
		p[EI_CLASS] == ELFCLASS64 &&
		p[EI_DATA] == (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
				       ? ELFDATA2LSB
				       : ELFDATA2MSB);
	__u16 btf_magic;

	if (!memcmp(p, ELFMAG, SELFMAG)) {
		if (len < EI_NIDENT)
			return 0;
		if (host_elf64)
			return elf64_extent(data, len);
		/* no ELF at all: the header is enough to refuse it */
		if ((p[EI_CLASS] != ELFCLASS32 && p[EI_CLASS] != ELFCLASS64) ||
		    (p[EI_DATA] != ELFDATA2LSB && p[EI_DATA] != ELFDATA2MSB))
			return EI_NIDENT;
	} else {
		memcpy(&btf_magic, p, sizeof(btf_magic));
		if (btf_magic == BTF_MAGIC)
			return raw_btf_extent(data, len);
	}
	*unsized = true;
	return MAX_UNSIZED_STREAM;
}

/* Stop reading a stream? An error when it goes on beyond what it may. */
static int check_stream_len(const char *data, size_t *len, size_t *extent,
			    bool *unsized)
{
	if (!*extent)
		*extent = stream_extent(data, *len, unsized);
	if (*extent > MAX_INPUT_SIZE)
		return -EFBIG;
	if (!*extent || *len < *extent)
		return 0;
	if (*unsized)
		return -EOVERFLOW;
	*len = *extent;
	return 1;
}

int bk_read_file(const char *path, void **buf, size_t *size,
		 const struct bk_diag *diag)
{
	size_t len = 0, cap = 0, extent = 0;
	bool magic_checked = false, stream, unsized = false;
	char *data = NULL;
	struct stat st;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return bk_err(diag, -errno, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0 || S_ISDIR(st.st_mode)) {
		err = S_ISDIR(st.st_mode) ? -EISDIR : -errno;
		goto err_msg;
	}
	stream = !S_ISREG(st.st_mode);
	/* sysfs files report a size that need not be the real one: read to EOF. */
	for (;;) {
		ssize_t n;

		if (len == cap) {
			size_t want = cap ? cap * 2 : (size_t)st.st_size + 1;

			if (want < 4096)
				want = 4096;
			if (want > MAX_INPUT_SIZE + 1)
				want = MAX_INPUT_SIZE + 1;
			if (len == want) {
				err = -EFBIG;
				goto err_msg;
			}
			/* Not zeroed: read() fills what is used. */
			if (bk_grow_mem((void **)&data, &cap, 1, want)) {
				err = -ENOMEM;
				goto err_msg;
			}
		}
		n = read(fd, data + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = -errno;
			goto err_msg;
		}
		if (n == 0)
			break;
		len += n;
		/*
		 * Not ELF nor BTF: what was read is enough for the caller to
		 * say so, and /dev/zero or a pipe need not be read to the cap.
		 */
		if (!magic_checked && len >= MAGIC_LEN) {
			magic_checked = true;
			if (!is_input_magic((unsigned char *)data))
				break;
		}
		if (magic_checked && stream) {
			err = check_stream_len(data, &len, &extent, &unsized);
			if (err < 0)
				goto err_msg;
			if (err)
				break;
		}
	}
	close(fd);
	*buf = data;
	*size = len;
	return 0;
err_msg:
	if (err == -EOVERFLOW)
		bk_err(diag, err,
		       "%s: not a regular file, and longer than the %lu MiB read from a stream whose headers do not give its size",
		       path, MAX_UNSIZED_STREAM >> 20);
	else
		bk_err(diag, err, "%s: %s", path,
		       err == -EFBIG ? "file is too large" : strerror(-err));
	close(fd);
	free(data);
	return err;
}
