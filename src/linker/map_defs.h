/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_MAP_DEFS_H
#define BPFKIT_LINKER_MAP_DEFS_H

/*
 * BTF-defined maps: their attributes, parsed, compared and merged
 * (map_defs.c).
 */
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>
#include "btf_view.h"

struct bk_linker;

/* The attributes of a BTF-defined map (libbpf's __uint/__type/__array). */
enum map_part {
	MAP_PART_TYPE,
	MAP_PART_KEY_SIZE,
	MAP_PART_KEY,
	MAP_PART_VALUE_SIZE,
	MAP_PART_VALUE,
	MAP_PART_MAX_ENTRIES,
	MAP_PART_FLAGS,
	MAP_PART_NUMA_NODE,
	MAP_PART_PINNING,
	MAP_PART_MAP_EXTRA,
	MAP_PART_INNER,
	MAP_PART_CNT,
};

struct map_attrs {
	__u32 parts; /* bit (1 << enum map_part) per attribute stated */
	__u32 type;
	__u32 key_size;
	__u32 value_size;
	__u32 max_entries;
	__u32 flags;
	__u32 numa_node;
	__u32 pinning;
	__u64 map_extra;
	__u32 key_type;	  /* BTF id of the key type (MAP_PART_KEY) */
	__u32 value_type; /* BTF id of the value type (MAP_PART_VALUE) */
	/* input that stated each attribute (for merged extern demands) */
	int part_file[MAP_PART_CNT];
};

struct map_def {
	struct map_attrs outer;
	struct map_attrs inner; /* valid when outer has MAP_PART_INNER */
};

struct map_info {
	bool has_def;
	struct map_def def; /* the definition in effect (output BTF ids) */
	bool has_req;
	struct map_def req; /* union of what externs demand (output BTF ids) */
	/* what the input being added brings, in input BTF ids */
	bool pending_is_def;
	bool pending;
	struct map_def pend;
};

int bk_ld_parse_map_def(const struct bview *btf, __u32 var_id,
			struct map_def *def, int file_idx, char *err,
			size_t err_sz);
enum map_cmp {
	MAP_CMP_EXACT,		/* same attributes, same values */
	MAP_CMP_STATED_BY_1,	/* what d1 states (d2 may state more) */
	MAP_CMP_STATED_BY_2,	/* what d2 states */
	MAP_CMP_STATED_BY_BOTH, /* what both state */
};
/* file1 NULL: d1 is a union of externs, its part_file[] names inputs. */
int bk_ld_check_map_defs(struct bk_linker *l, const char *name,
			 const struct tsrc *ts1, const struct map_def *d1,
			 const char *file1, const struct tsrc *ts2,
			 const struct map_def *d2, const char *file2,
			 enum map_cmp mode);
void bk_ld_merge_map_req(struct map_def *req, const struct map_def *add);
void bk_ld_remap_map_def(struct map_def *def, const __u32 *type_map);

#endif /* BPFKIT_LINKER_MAP_DEFS_H */
