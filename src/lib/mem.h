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
 * The one growth rule. Make sure *data (of *cap_cnt elements of elem_sz
 * bytes) can hold need_cnt elements, growing by half (at least 16), so
 * appending one element at a time costs amortised O(1). The new room is
 * not zeroed: for the big arrays that are always written before they are
 * read (zeroing would touch every page twice).
 * Returns 0 or -ENOMEM (then *data and *cap_cnt are unchanged).
 */
int bk_grow_mem(void **data, size_t *cap_cnt, size_t elem_sz, size_t need_cnt);

/* bk_grow_mem(), then zeroes the new tail. */
int bk_ensure_mem(void **data, size_t *cap_cnt, size_t elem_sz,
		  size_t need_cnt);

/*
 * Ask for huge pages for the 2 MB pages that lie wholly inside
 * [p, p + len): one fault each instead of 512 when they are written.
 * Pages only partly inside stay small, so nothing outside the range
 * becomes resident.
 */
void bk_mem__ask_huge_pages(void *p, size_t len);

/*
 * For a process about to fill about bytes of fresh heap (a link of tens
 * of megabytes): reserve that much heap at once, backed by 2 MB pages
 * where the kernel allows them (transparent huge pages, "madvise" mode),
 * so that it faults 512 times less often. Where a fault costs
 * microseconds (a virtual machine) that is most of a large link's system
 * time. Freed memory stays with the process until it exits.
 */
void bk_mem__reserve_huge_heap(size_t bytes);

#endif /* BPFKIT_LIB_MEM_H */
