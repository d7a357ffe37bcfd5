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

static bool is_input_magic(const unsigned char *p)
{
	__u16 btf = p[0] | p[1] << 8;

	return !memcmp(p, ELFMAG, SELFMAG) || btf == BTF_MAGIC ||
	       btf == __builtin_bswap16(BTF_MAGIC);
}

int bk_read_file(const char *path, void **buf, size_t *size,
		 const struct bk_diag *diag)
{
	size_t len = 0, cap = 0;
	bool magic_checked = false;
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
	}
	close(fd);
	*buf = data;
	*size = len;
	return 0;
err_msg:
	bk_err(diag, err, "%s: %s", path,
	       err == -EFBIG ? "file is too large" : strerror(-err));
	close(fd);
	free(data);
	return err;
}
