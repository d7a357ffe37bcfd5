// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Source of the malformed-input corpus (tests/bin/mkcorpus.c): one
 * self-contained object that carries every structure a reader has to
 * validate. Maps with key/value types and pinning; variables in .data,
 * .bss, .rodata and a custom section; a weak and a static variable; global
 * and static subprograms in .text; two program sections; a CO-RE relocation;
 * .kconfig; and BTF of most kinds (struct, union, enum, typedef, array,
 * bitfield, function pointer, float, const/volatile, decl and type tags,
 * forward declaration).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#define __tag(x) __attribute__((btf_decl_tag(x)))
#define __ptr_tag(x) __attribute__((btf_type_tag(x)))

enum rob_color { ROB_RED, ROB_GREEN = 7, ROB_BLUE = -1 };

typedef unsigned int rob_u32_t;

union rob_num {
	__u64 u;
	__s32 s[2];
};

struct rob_rec {
	rob_u32_t id;
	unsigned int flags : 3;
	unsigned int level : 5;
	enum rob_color color;
	union rob_num num;
	char name[12];
	int (*cb)(int);
	const volatile __u64 *ro_ptr;
	int __ptr_tag("rob_user") *tagged;
} __tag("rob_struct");

/* a CO-RE relocation that the running kernel's BTF resolves */
struct task_struct {
	int pid;
	int tgid;
} __attribute__((preserve_access_index));

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct rob_rec);
} rob_recs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
	__type(key, rob_u32_t);
	__type(value, __u64);
} rob_hash SEC(".maps");

extern int LINUX_KERNEL_VERSION __kconfig;

__u64 rob_data = 1;
__u64 rob_bss;
const volatile __u32 rob_ro = 3;
int rob_custom SEC(".data.rob") = 5;
int rob_weak __weak = 9;
float rob_float = 1.5f;
static volatile int rob_static = 2;
struct task_struct *rob_task;
/* only declared: a FWD in BTF */
struct rob_opaque;
struct rob_opaque *rob_opaque_ptr;

static __noinline int rob_static_fn(int x) __tag("rob_fn")
{
	return x * rob_static + rob_ro;
}

__noinline int rob_global_fn(struct rob_rec *rec)
{
	if (!rec)
		return 0;
	return rec->id + rec->level + rob_static_fn(rec->flags);
}

SEC("syscall")
int rob_prog(void *ctx)
{
	__u32 key = 0;
	struct rob_rec *rec;
	__u64 one = 1;

	rec = bpf_map_lookup_elem(&rob_recs, &key);
	if (!rec)
		return 1;
	rob_bss = rob_global_fn(rec) + rob_data + rob_custom + rob_weak;
	bpf_map_update_elem(&rob_hash, &key, &one, BPF_ANY);
	return LINUX_KERNEL_VERSION ? 0 : 2;
}

SEC("raw_tp/sys_enter")
int rob_tp(void *ctx)
{
	struct task_struct *task = (void *)bpf_get_current_task();

	rob_task = task;
	if (rob_opaque_ptr)
		rob_bss++;
	rob_bss += BPF_CORE_READ(task, tgid);
	rob_bss += *(volatile __u32 *)&rob_float;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
