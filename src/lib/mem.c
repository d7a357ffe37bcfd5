// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

void *bk_reallocarray(void *ptr, size_t nmemb, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(nmemb, size, &total)) {
		errno = ENOMEM;
		return NULL;
	}
	return realloc(ptr, total);
}

int bk_grow_mem(void **data, size_t *cap_cnt, size_t elem_sz, size_t need_cnt)
{
	size_t new_cnt;
	void *new_data;

	if (need_cnt <= *cap_cnt)
		return 0;
	new_cnt = *cap_cnt + *cap_cnt / 2;
	if (new_cnt < 16)
		new_cnt = 16;
	if (new_cnt < need_cnt)
		new_cnt = need_cnt;
	new_data = bk_reallocarray(*data, new_cnt, elem_sz);
	if (!new_data)
		return -ENOMEM;
	*data = new_data;
	*cap_cnt = new_cnt;
	return 0;
}

int bk_ensure_mem(void **data, size_t *cap_cnt, size_t elem_sz, size_t need_cnt)
{
	size_t old_cnt = *cap_cnt;

	if (need_cnt <= old_cnt)
		return 0;
	if (bk_grow_mem(data, cap_cnt, elem_sz, need_cnt))
		return -ENOMEM;
	memset((char *)*data + old_cnt * elem_sz, 0,
	       (*cap_cnt - old_cnt) * elem_sz);
	return 0;
}
