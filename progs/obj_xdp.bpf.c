// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Only what eBPF for Windows documents: an XDP program, an array and a hash
 * map, and map helpers. It counts packets by their first byte and passes
 * them; object_show.bats runs it with BPF_PROG_TEST_RUN.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} ox_total SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u64);
} ox_by_byte SEC(".maps");

SEC("xdp")
int ox_count(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	__u64 one = 1, *v;
	__u32 key = 0;

	v = bpf_map_lookup_elem(&ox_total, &key);
	if (v)
		*v += 1;
	if (data + 1 > end)
		return XDP_PASS;
	key = *(__u8 *)data;
	v = bpf_map_lookup_elem(&ox_by_byte, &key);
	if (v)
		*v += 1;
	else
		bpf_map_update_elem(&ox_by_byte, &key, &one, BPF_ANY);
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
