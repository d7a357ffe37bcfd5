// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * First half of the linked object prog_load.bats loads: the counter map and
 * a raw tracepoint that counts one process's getppid() calls through the
 * other half's function.
 */
#include <linux/bpf.h>
#include <asm/unistd.h>
#include <bpf/bpf_helpers.h>

#include "load_common.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, LOAD_SLOT_CNT);
	__type(key, __u32);
	__type(value, __u64);
} load_counts SEC(".maps");

extern __u64 load_bump(__u32 slot, __u64 by);

/* sys_enter's arguments: struct pt_regs *regs, long id */
SEC("raw_tp/sys_enter")
int count_getppid(__u64 *ctx)
{
	__u32 key = LOAD_SLOT_TGID;
	__u64 *tgid;

	if (ctx[1] != __NR_getppid)
		return 0;
	tgid = bpf_map_lookup_elem(&load_counts, &key);
	if (!tgid || *tgid != bpf_get_current_pid_tgid() >> 32)
		return 0;
	load_bump(LOAD_SLOT_GETPPID, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
