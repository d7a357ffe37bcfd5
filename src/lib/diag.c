// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
#include <stdarg.h>
#include <stdio.h>

#include "diag.h"

/* Long enough for two type signatures and two file names. */
#define DIAG_MSG_MAX 2048

static __printf(3, 0) void diag_emit(const struct bk_diag *diag,
				     enum bk_diag_level level, const char *fmt,
				     va_list ap)
{
	char msg[DIAG_MSG_MAX];

	if (!diag || !diag->fn)
		return;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	diag->fn(diag->ctx, level, msg);
}

int bk_err(const struct bk_diag *diag, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_emit(diag, BK_DIAG_ERROR, fmt, ap);
	va_end(ap);
	return err;
}

void bk_warn(const struct bk_diag *diag, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_emit(diag, BK_DIAG_WARN, fmt, ap);
	va_end(ap);
}

void bk_info(const struct bk_diag *diag, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_emit(diag, BK_DIAG_INFO, fmt, ap);
	va_end(ap);
}

void bk_detail(const struct bk_diag *diag, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_emit(diag, BK_DIAG_DETAIL, fmt, ap);
	va_end(ap);
}
