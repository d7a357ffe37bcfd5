// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * 300 programs and a map, for signals during prog loadall: each program
 * many_N returns N, so a pinned one shows which it is when run.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "load_common.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} many_map SEC(".maps");

#define MANY_PROG(n)                               \
	SEC("syscall")                             \
	int many_##n(struct load_args *args)       \
	{                                          \
		return 1##n - 1000;                \
	}
#define MANY_TEN(t)                                                  \
	MANY_PROG(t##0) MANY_PROG(t##1) MANY_PROG(t##2) MANY_PROG(t##3) \
	MANY_PROG(t##4) MANY_PROG(t##5) MANY_PROG(t##6) MANY_PROG(t##7) \
	MANY_PROG(t##8) MANY_PROG(t##9)
#define MANY_HUNDRED(h)                                              \
	MANY_TEN(h##0) MANY_TEN(h##1) MANY_TEN(h##2) MANY_TEN(h##3)     \
	MANY_TEN(h##4) MANY_TEN(h##5) MANY_TEN(h##6) MANY_TEN(h##7)     \
	MANY_TEN(h##8) MANY_TEN(h##9)

MANY_HUNDRED(1)
MANY_HUNDRED(2)
MANY_HUNDRED(3)

/* Uses the map, so that pinmaps has something to pin. */
SEC("syscall")
int many_count(struct load_args *args)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&many_map, &key);

	if (v)
		*v += args->arg0;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
