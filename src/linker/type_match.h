/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_TYPE_MATCH_H
#define BPFKIT_LINKER_TYPE_MATCH_H

/*
 * Whether two BTF types match, and how to print them (type_match.c).
 */
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>
#include "btf_view.h"

struct type_diff {
	char what[256]; /* which part differs, readable */
	char note[256]; /* a difference that links (int signedness), or "" */
};
bool bk_ld_types_compatible(const struct tsrc *ts1, __u32 id1,
			    const struct tsrc *ts2, __u32 id2,
			    struct type_diff *diff);
void bk_ld_format_type(const struct tsrc *ts, __u32 id, char *buf, size_t size);
const struct btf_type *bk_ld_skip_mods(const struct tsrc *ts, __u32 id,
				       __u32 *res_id);
size_t bk_ld_type_align(const struct tsrc *ts, __u32 id);

#endif /* BPFKIT_LINKER_TYPE_MATCH_H */
