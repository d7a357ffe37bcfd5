// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * autoattach of an ordinary tracepoint: counts one process's getppid()
 * calls in the slots prog_util trigger reads (load_common.h).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "load_common.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, LOAD_SLOT_CNT);
	__type(key, __u32);
	__type(value, __u64);
} tp_counts SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_getppid")
int tp_getppid(void *ctx)
{
	__u32 key = LOAD_SLOT_TGID;
	__u64 *v;

	v = bpf_map_lookup_elem(&tp_counts, &key);
	if (!v || *v != bpf_get_current_pid_tgid() >> 32)
		return 0;
	key = LOAD_SLOT_GETPPID;
	v = bpf_map_lookup_elem(&tp_counts, &key);
	if (v)
		__sync_fetch_and_add(v, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
