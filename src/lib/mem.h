/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LIB_MEM_H
#define BPFKIT_LIB_MEM_H

#include <stddef.h>

/*
 * reallocarray() with overflow checking; returns NULL (errno ENOMEM) when
 * nmemb * size overflows.
 */
void *bk_reallocarray(void *ptr, size_t nmemb, size_t size);

/*
 * Make sure *data (of *cap_cnt elements of elem_sz bytes) can hold need_cnt
 * elements. Grows geometrically (25%, at least 16) and zeroes the new tail,
 * so appending one element at a time costs amortised O(1).
 * Returns 0 or -ENOMEM (then *data and *cap_cnt are unchanged).
 */
int bk_ensure_mem(void **data, size_t *cap_cnt, size_t elem_sz,
		  size_t need_cnt);

#endif /* BPFKIT_LIB_MEM_H */
