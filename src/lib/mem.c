// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
#include <errno.h>
#include <stdlib.h>
#include <malloc.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "mem.h"

#define HUGE_PAGE_SIZE (2UL << 20)
#define MMAP_MAX_DEFAULT 65536	     /* glibc's M_MMAP_MAX */
#define HEAP_RESERVE_MAX (1UL << 30) /* the most asked for up front */

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

void bk_mem__ask_huge_pages(void *p, size_t len)
{
	uintptr_t start = (uintptr_t)p, end = start + len;

	start = (start + HUGE_PAGE_SIZE - 1) & ~(HUGE_PAGE_SIZE - 1);
	end &= ~(HUGE_PAGE_SIZE - 1);
	if (start < end)
		madvise((void *)start, end - start, MADV_HUGEPAGE);
}

/*
 * malloc() is made to take the whole reservation from the brk heap (no
 * mmap), which free() then keeps as the heap's top: every later
 * allocation up to 32 MB is carved from it, inside the range asked for
 * as huge pages. A failure leaves the defaults, which are only slower.
 */
void bk_mem__reserve_huge_heap(size_t bytes)
{
	void *p;

	if (bytes > HEAP_RESERVE_MAX)
		bytes = HEAP_RESERVE_MAX;
	if (bytes < 2 * HUGE_PAGE_SIZE)
		return;
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, bytes + (64UL << 20));
	mallopt(M_MMAP_MAX, 0);
	p = malloc(bytes);
	mallopt(M_MMAP_MAX, MMAP_MAX_DEFAULT);
	if (!p)
		return;
	bk_mem__ask_huge_pages(p, bytes);
	free(p);
}
