// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A BPF library for gen header (tests/gen_header.bats): what it exports
 * (global and weak sub-programs, variables in .data, .bss and .rodata,
 * maps with struct keys and values, flags and an array of maps) gets an
 * extern declaration; what it keeps to itself (statics, __hidden globals,
 * its program) does not. tests/gen_header/hdr_app.bpf.c uses it through
 * the generated header only.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct hdr_key {
	__u32 id;
	__u16 port;
	__u8 proto;
};

struct hdr_val {
	__u64 packets;
	__s32 last;
};

enum hdr_mode { HDR_OFF, HDR_COUNT = 4 };

int hdr_counter = 7;			   /* .data */
__u64 hdr_total;			   /* .bss */
const volatile int hdr_scale = 3;	   /* .rodata */
struct hdr_val hdr_last = {.last = -2};	   /* .data, a struct */
enum hdr_mode hdr_mode_now = HDR_COUNT;	   /* .data, an enum */
int hdr_weak_var __weak = 11;		   /* .data, weak */
/* of a type bpf_helpers.h defines: the header must not define it again */
enum libbpf_pin_type hdr_pin_mode = LIBBPF_PIN_BY_NAME;
__hidden int hdr_secret = 99;		   /* hidden: not exported */
static int hdr_private = 5;		   /* static: not exported */

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, struct hdr_key);
	__type(value, struct hdr_val);
	__uint(max_entries, 64);
} hdr_flows SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} hdr_stats SEC(".maps");

/* sizes only, no types */
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
} hdr_events SEC(".maps");

/* a program array: __array(values) of functions states a 4-byte value */
struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 2);
	__uint(key_size, sizeof(__u32));
	__array(values, int(void *));
} hdr_jumps SEC(".maps");

struct hdr_inner {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, int);
	__type(value, int);
	__uint(max_entries, 2);
} hdr_inner_a SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, int);
	__array(values, struct hdr_inner);
} hdr_outer SEC(".maps") = {
	.values = {&hdr_inner_a},
};

__hidden int hdr_internal(int x)
{
	return x + hdr_secret + hdr_private;
}

static __noinline int hdr_twice(int x)
{
	return 2 * x;
}

/* a + b + the library's scale (3): hdr_add(20, 22) == 45 */
__noinline int hdr_add(int a, int b)
{
	return a + b + hdr_scale;
}

/* A default an application may override. */
__weak __noinline int hdr_mul(int a, int b)
{
	return a * b;
}

/* hdr_counter += scale; returns the new value (7 + 3 == 10 the first time) */
__noinline int hdr_bump(void)
{
	hdr_counter += hdr_scale;
	hdr_total += hdr_counter;
	return hdr_counter;
}

/* The packets of a flow of hdr_flows, or -1. */
__noinline long hdr_flow_packets(struct hdr_key *key)
{
	struct hdr_val *v;

	if (!key)
		return -1;
	v = bpf_map_lookup_elem(&hdr_flows, key);
	return v ? (long)v->packets : -1;
}

/* Only behind a pointer of a prototype: the header declares it forward. */
struct hdr_req {
	int op;
	int arg;
};

__noinline int hdr_apply(struct hdr_req *req)
{
	if (!req)
		return -1;
	return req->op == 1 ? hdr_add(req->arg, 0) : hdr_mul(req->arg, 2);
}

/* The library's own program: not declared in the header. */
SEC("syscall")
int hdr_lib_prog(void *ctx)
{
	return hdr_internal(hdr_twice(1));
}

char LICENSE[] SEC("license") = "GPL";
