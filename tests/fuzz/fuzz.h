/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * Shared by the libFuzzer targets in tests/fuzz/. The commands under test
 * take file paths: fuzz_file() puts the input in a memfd and returns a
 * /proc/self/fd path to it, so no file is ever written to disk.
 */
#ifndef BPFKIT_FUZZ_H
#define BPFKIT_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static inline const char *fuzz_file(const uint8_t *data, size_t size)
{
	static char path[64];
	static int fd = -1;

	if (fd < 0) {
		fd = memfd_create("fuzz-input", 0);
		if (fd < 0) {
			perror("memfd_create");
			abort();
		}
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size) {
		perror("memfd write");
		abort();
	}
	return path;
}

/* Messages are formatted and read (to catch bad arguments), then dropped. */
static inline void fuzz_diag_fn(void *ctx, enum bk_diag_level level,
				const char *msg)
{
	size_t *total = ctx;

	*total += strlen(msg) + level;
}

static size_t fuzz_diag_total;
static const struct bk_diag fuzz_diag = {
	.fn = fuzz_diag_fn,
	.ctx = &fuzz_diag_total,
};

#endif /* BPFKIT_FUZZ_H */
