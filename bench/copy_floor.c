// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * copy_floor OUT SIZE IN...
 *
 * The least work any linker must do: read every input into memory and
 * write SIZE bytes (the linked output's size) to OUT. bench/link.sh times
 * it beside bpfkit and bpftool as the floor of what linking can cost.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static int read_all(const char *path, char **buf, size_t *len, size_t *cap)
{
	struct stat st;
	size_t need;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &st))
		return -1;
	need = *len + (size_t)st.st_size;
	if (need > *cap) {
		*cap = need * 2;
		*buf = realloc(*buf, *cap);
		if (!*buf)
			return -1;
	}
	while ((n = read(fd, *buf + *len, *cap - *len)) > 0)
		*len += (size_t)n;
	close(fd);
	return n < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
	size_t len = 0, cap = 0, size, off = 0;
	char *buf = NULL;
	ssize_t n;
	int i, fd;

	if (argc < 4) {
		fprintf(stderr, "usage: copy_floor OUT SIZE IN...\n");
		return 1;
	}
	size = strtoull(argv[2], NULL, 0);
	for (i = 3; i < argc; i++) {
		if (read_all(argv[i], &buf, &len, &cap)) {
			perror(argv[i]);
			return 1;
		}
	}
	if (size > len)
		size = len;
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	while (off < size && (n = write(fd, buf + off, size - off)) > 0)
		off += (size_t)n;
	free(buf);
	return close(fd) || off != size;
}
