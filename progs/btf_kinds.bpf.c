// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Every BTF kind clang 14 emits, for the btf dump tests: INT (signed,
 * unsigned, char, bool, 128-bit), PTR, ARRAY, STRUCT and UNION with
 * bitfields, ENUM (with a negative value, one above INT32_MAX and one above
 * INT64_MAX, which newer clang makes an ENUM64), FWD of a
 * struct and of a union, TYPEDEF, VOLATILE, CONST, RESTRICT, FUNC (static
 * and global), FUNC_PROTO (also variadic), VAR (static and global), DATASEC
 * (.bss, .data, .rodata, .maps, license), FLOAT, DECL_TAG (on a struct, a
 * member, a function, a parameter, a variable and a typedef) and TYPE_TAG.
 * Externs are in btf_externs.bpf.c; ENUM64, which clang 14 does not emit,
 * comes from tests/bin/btf_gen.c.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define __tag(x) __attribute__((btf_decl_tag(x)))
#define __user __attribute__((btf_type_tag("user")))

typedef unsigned long long kinds_u64 __tag("typedef_tag");

struct kinds_fwd;
union kinds_fwd_union;

enum kinds_color {
	KINDS_RED,
	KINDS_GREEN = 5,
	KINDS_BLUE = -3,
	KINDS_HIGH = 0x80000000U,
};

/*
 * An unsigned 64-bit value above INT64_MAX: clang 14 has no ENUM64 and
 * truncates it into an 8-byte ENUM; newer clang emits an ENUM64.
 */
enum kinds_big {
	KINDS_BIG = 0xfffffffffffffffeULL,
};

struct kinds_bits {
	unsigned int a : 3;
	int b : 5;
	unsigned long long c : 40;
	char tail __tag("member_tag");
} __tag("struct_tag");

union kinds_union {
	int i;
	unsigned int flag : 1;
	float f;
	struct kinds_bits bits;
};

struct kinds_all {
	volatile int v;
	const char *name;
	int *restrict rp;
	int __user *up;
	double d;
	long arr[4];
	int matrix[2][3];
	enum kinds_color color;
	enum kinds_big big;
	union kinds_union un;
	struct kinds_fwd *fwd;
	union kinds_fwd_union *fwd_union;
	int (*log)(const char *fmt, ...);
	kinds_u64 u;
	_Bool flag;
	signed char sc;
	unsigned char uc;
	__int128 wide;
	unsigned __int128 uwide;
	struct {
		short x;
		unsigned short y;
	} anon;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct kinds_bits);
} kinds_map SEC(".maps");

struct kinds_all kinds_global;
static volatile int kinds_static_counter;
int kinds_data __tag("var_tag") = 7;
const volatile int kinds_rodata = 3;

static __noinline int kinds_static_helper(int x __tag("param_tag"))
{
	return x * 2 + kinds_static_counter;
}

__noinline int kinds_global_helper(int x) __tag("func_tag")
{
	return kinds_static_helper(x) + kinds_rodata;
}

SEC("raw_tp/sys_enter")
int kinds_prog(void *ctx)
{
	struct kinds_bits *bits;
	__u32 key = 0;

	kinds_static_counter++;
	bits = bpf_map_lookup_elem(&kinds_map, &key);
	if (bits)
		bits->a = kinds_global.un.flag;
	return kinds_global_helper(kinds_data) + (int)kinds_global.u;
}

char LICENSE[] SEC("license") = "GPL";
