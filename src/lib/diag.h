/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_DIAG_H
#define BPFKIT_LIB_DIAG_H

#include "compiler.h"

/*
 * Diagnostics sink. Modules (linker, BTF, ELF, skeleton, loader) never print:
 * they format a message and hand it to the sink their caller gave them. The
 * CLI renders what arrives (plain text on stderr, or JSON).
 */
enum bk_diag_level {
	BK_DIAG_ERROR,
	BK_DIAG_WARN,
	BK_DIAG_INFO, /* progress details, shown with -d */
	/* Several lines (a verifier log) explaining the error just reported:
	 * its line breaks are kept, unlike an error's, whose names might
	 * carry a newline of their own. */
	BK_DIAG_DETAIL,
};

struct bk_diag {
	void (*fn)(void *ctx, enum bk_diag_level level, const char *msg);
	void *ctx;
};

/*
 * Report an error through diag (which may be NULL: the message is dropped)
 * and return err unchanged, so callers can write
 *	return bk_err(diag, -EINVAL, "%s: section '%s': ...", ...);
 */
int bk_err(const struct bk_diag *diag, int err, const char *fmt, ...)
	__printf(3, 4);
void bk_warn(const struct bk_diag *diag, const char *fmt, ...) __printf(2, 3);
void bk_info(const struct bk_diag *diag, const char *fmt, ...) __printf(2, 3);
void bk_detail(const struct bk_diag *diag, const char *fmt, ...) __printf(2, 3);

#endif /* BPFKIT_LIB_DIAG_H */
