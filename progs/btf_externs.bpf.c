// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Externs as BTF sees them, for the btf dump tests: FUNC with extern
 * linkage (a kfunc in .ksyms and a function another object defines), VAR
 * with extern linkage (.kconfig, typed and typeless .ksyms, a weak extern, a
 * plain extern variable), CO-RE relocations of several kinds (for the
 * .BTF.ext dump), and a map in .maps. Not meant to be loaded as is.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

struct task_struct {
	int pid;
	int tgid;
	unsigned int flags : 4;
} __attribute__((preserve_access_index));

enum ext_state { EXT_IDLE, EXT_BUSY = 2 };

extern int LINUX_KERNEL_VERSION __kconfig;
extern _Bool CONFIG_BPF_SYSCALL __kconfig __weak;
extern const void bpf_prog_active __ksym;
extern int cpu_number __ksym __weak;
extern struct task_struct *bpf_task_acquire(struct task_struct *p) __ksym;
extern int ext_defined_elsewhere(int x);
extern int ext_counter;

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, int);
	__type(value, enum ext_state);
} ext_map SEC(".maps");

SEC("tp_btf/sched_switch")
int ext_prog(__u64 *ctx)
{
	struct task_struct *task = (void *)ctx[1];
	int v = LINUX_KERNEL_VERSION + ext_counter;

	if (CONFIG_BPF_SYSCALL)
		v += (long)&bpf_prog_active + cpu_number;
	if (bpf_core_field_exists(task->tgid))
		v += BPF_CORE_READ(task, pid);
	v += BPF_CORE_READ_BITFIELD_PROBED(task, flags);
	v += bpf_core_type_size(struct task_struct);
	v += bpf_core_enum_value(enum ext_state, EXT_BUSY);
	if (bpf_task_acquire(task))
		v++;
	return ext_defined_elsewhere(v);
}

char LICENSE[] SEC("license") = "GPL";
