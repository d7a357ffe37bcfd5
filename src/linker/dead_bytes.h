/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_DEAD_BYTES_H
#define BPFKIT_LINKER_DEAD_BYTES_H

/*
 * Bytes of output sections that no symbol uses any more (a losing weak
 * definition's): recorded while linking, cut out at the end (dead_bytes.c).
 */
#include <stdbool.h>
#include <stddef.h>

struct bk_linker;
struct dst_sec;

/* A byte range of a dst sec that no symbol uses any more (losing weak). */
struct dead_range {
	size_t off;
	size_t size;
};

int bk_ld_add_dead_range(struct bk_linker *l, struct dst_sec *sec, size_t off,
			 size_t size);
/*
 * Any section's range, code included: gc.c knows every reference into the
 * code it cuts (calls, function addresses) and fixes them.
 */
int bk_ld_add_dead_code(struct bk_linker *l, struct dst_sec *sec, size_t off,
			size_t size);
int bk_ld_compact_secs(struct bk_linker *l);
size_t bk_ld_remap_sec_off(const struct dst_sec *sec, size_t off);
bool bk_ld_is_dead_off(const struct dst_sec *sec, size_t off);

#endif /* BPFKIT_LINKER_DEAD_BYTES_H */
