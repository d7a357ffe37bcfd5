// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A library of many functions for gen object ... gc: 200 global ones
 * (gc_f0_0 .. gc_f19_9) of which gc_app.bpf.c calls three, a static one
 * reached through a global one, a bpf_loop() callback, a function whose
 * address only a .rodata table holds, __weak defaults (one overridden by
 * the application), and dead code that names a map, a variable and a type
 * through a CO-RE relocation: the map and the variable stay, the type goes.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include "gc_common.h"

#define GC_FN(d, u)                         \
	__noinline int gc_f##d##_##u(int x) \
	{                                   \
		return x * 3 + d * 10 + u;  \
	}
/* clang-format off */
#define GC_FN10(d)							\
	GC_FN(d, 0) GC_FN(d, 1) GC_FN(d, 2) GC_FN(d, 3) GC_FN(d, 4)	\
	GC_FN(d, 5) GC_FN(d, 6) GC_FN(d, 7) GC_FN(d, 8) GC_FN(d, 9)
/* clang-format on */

GC_FN10(0)
GC_FN10(1)
GC_FN10(2)
GC_FN10(3)
GC_FN10(4)
GC_FN10(5)
GC_FN10(6)
GC_FN10(7)
GC_FN10(8)
GC_FN10(9)
GC_FN10(10)
GC_FN10(11)
GC_FN10(12)
GC_FN10(13)
GC_FN10(14)
GC_FN10(15)
GC_FN10(16)
GC_FN10(17)
GC_FN10(18)
GC_FN10(19)

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} gc_dead_map SEC(".maps");

int gc_dead_var = 5;

/* Only gc_dead_core names it: gc drops it with that function. */
struct gc_core_probe {
	int a;
	int b;
} __attribute__((preserve_access_index));

static __noinline int gc_leaf(int x)
{
	return x * 5 + 1;
}

__noinline int gc_mid(int x)
{
	return gc_leaf(x) + 2;
}

static __noinline int gc_dead_leaf(int x)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&gc_dead_map, &key);

	return (v ? (int)*v : 0) + x + gc_dead_var;
}

__noinline int gc_dead_caller(int x)
{
	return gc_dead_leaf(x) + 1;
}

__noinline int gc_dead_core(int x)
{
	return x + bpf_core_type_exists(struct gc_core_probe);
}

static int gc_loop_cb(__u32 i, void *ctx)
{
	*(int *)ctx += i;
	return 0;
}

__noinline int gc_loop_sum(int n)
{
	int sum = 0;

	bpf_loop(n & 63, gc_loop_cb, &sum, 0);
	return sum;
}

/* Its address is in gc_table only: BPF cannot call through it, but a
 * reference from data keeps a function. */
static __noinline int gc_table_fn(int x)
{
	return x - 1;
}

int (*const gc_table[1])(int) = {gc_table_fn};

__noinline int gc_table_len(void)
{
	return sizeof(gc_table) / sizeof(gc_table[0]);
}

__weak __noinline int gc_hook(int x)
{
	return x + 1000;
}

__weak __noinline int gc_hook2(int x)
{
	return x + 2000;
}
