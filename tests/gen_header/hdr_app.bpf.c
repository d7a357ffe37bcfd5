// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * An application of the library progs/hdr_lib.bpf.c that knows it only
 * through the header `bpfkit gen header` made of it: no other include.
 * Run once with BPF_PROG_TEST_RUN (bpfkit prog run ... ctx_out), it writes
 * what it saw into its context; tests/gen_header.bats checks each value
 * against the library's source.
 */
#include "hdr_lib.h"

struct hdr_app_out {
	__s32 add;	 /* hdr_add(20, 22) */
	__s32 mul;	 /* hdr_mul(6, 7), the library's weak default */
	__s32 bump;	 /* hdr_bump() after the app added 1 to hdr_counter */
	__s32 counter;	 /* hdr_counter afterwards */
	__s64 packets;	 /* hdr_flow_packets() of the flow the app stored */
	__s64 missing;	 /* hdr_flow_packets() of a flow nobody stored */
	__s32 scale;	 /* hdr_scale, .rodata */
	__s32 last;	 /* hdr_last.last, a struct in .data */
	__s32 mode;	 /* hdr_mode_now, an enum */
	__s32 weak_var;	 /* hdr_weak_var, weak */
	__u64 total;	 /* hdr_total, .bss, after hdr_bump() */
	__u64 stat;	 /* hdr_stats[1] after the app stored 1234 */
	__s32 inner;	 /* hdr_inner_a[1] read through hdr_outer[0] */
	__s32 pin;	 /* hdr_pin_mode, of bpf_helpers.h's enum */
};

SEC("syscall")
int hdr_app_run(struct hdr_app_out *out)
{
	struct hdr_key key = {.id = 5, .port = 80, .proto = 6};
	struct hdr_key other = {.id = 6, .port = 80, .proto = 6};
	struct hdr_val val = {.packets = 300, .last = 1};
	__u32 idx = 1;
	__u64 stat = 1234, *statp;
	int zero = 0, one = 1, inner_val = 77, *innerp;
	void *inner;

	out->add = hdr_add(20, 22);
	out->mul = hdr_mul(6, 7);
	hdr_counter += 1;
	out->bump = hdr_bump();
	out->counter = hdr_counter;
	if (bpf_map_update_elem(&hdr_flows, &key, &val, 0 /* BPF_ANY */))
		return 1;
	out->packets = hdr_flow_packets(&key);
	out->missing = hdr_flow_packets(&other);
	out->scale = hdr_scale;
	out->last = hdr_last.last;
	out->mode = hdr_mode_now;
	out->weak_var = hdr_weak_var;
	out->total = hdr_total;
	out->pin = hdr_pin_mode;
	if (bpf_map_update_elem(&hdr_stats, &idx, &stat, 0 /* BPF_ANY */))
		return 2;
	statp = bpf_map_lookup_elem(&hdr_stats, &idx);
	out->stat = statp ? *statp : 0;
	if (bpf_map_update_elem(&hdr_inner_a, &one, &inner_val, 0 /* BPF_ANY */))
		return 3;
	inner = bpf_map_lookup_elem(&hdr_outer, &zero);
	if (!inner)
		return 4;
	innerp = bpf_map_lookup_elem(inner, &one);
	out->inner = innerp ? *innerp : -1;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
