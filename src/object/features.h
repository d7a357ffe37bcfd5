/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_OBJECT_FEATURES_H
#define BPFKIT_OBJECT_FEATURES_H

#include <stddef.h>
#include <linux/types.h>

/*
 * What a runtime must offer for a BPF object to run: one fact table for
 * helpers, program types, map types, attach types and the features visible
 * in instructions. Each row names the first Linux release that has the item
 * and whether eBPF for Windows documents it; features.c says where each
 * fact comes from.
 */
enum bk_win_support {
	BK_WIN_UNKNOWN, /* eBPF for Windows documents nothing either way */
	BK_WIN_NO,	/* not in the lists it documents */
	BK_WIN_YES,
};

enum bk_fact_kind {
	BK_FACT_PROG_TYPE,
	BK_FACT_ATTACH_TYPE,
	BK_FACT_MAP_TYPE,
	BK_FACT_HELPER,
	BK_FACT_KFUNC,
	BK_FACT_FEATURE,
	BK_FACT_KIND_CNT,
};

/* Instruction-level and object-level features (BK_FACT_FEATURE ids). */
enum bk_feature {
	BK_FEAT_BPF2BPF_CALLS,
	BK_FEAT_GLOBAL_FUNCS,
	BK_FEAT_BOUNDED_LOOPS,
	BK_FEAT_JMP32,
	BK_FEAT_ATOMICS,
	BK_FEAT_CPUV4,
	BK_FEAT_GLOBAL_DATA,
	BK_FEAT_CORE,
	BK_FEAT_TYPED_KSYMS,
	BK_FEAT_KFUNC_CALLS,
	BK_FEAT_CNT,
};

struct bk_fact {
	__u32 id;	  /* helper ID or enum value */
	const char *name; /* "map_lookup_elem", "xdp", "bounded loops" */
	__u8 major;	  /* first Linux release; 0.0 when none applies */
	__u8 minor;
	enum bk_win_support windows;
	const char *linux_src;	 /* where the version comes from */
	const char *windows_src; /* where the Windows answer comes from */
};

/* The row for id, or NULL when the table has none. */
const struct bk_fact *bk_fact__find(enum bk_fact_kind kind, __u32 id);
/* Rows of a kind, in id order (for tests and documentation). */
const struct bk_fact *bk_fact__table(enum bk_fact_kind kind, size_t *cnt);
const char *bk_fact__kind_str(enum bk_fact_kind kind);
const char *bk_fact__win_str(enum bk_win_support win);

#endif /* BPFKIT_OBJECT_FEATURES_H */
