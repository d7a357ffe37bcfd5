// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The program half of the map-format test: fills map_fmt1.bpf.c's maps
 * through extern declarations, so that what bpfkit map prints was written
 * by a program that bpfkit linked and loaded.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "map_fmt.h"

extern MAP_FMT_HASH_T fmt_hash SEC(".maps");

extern MAP_FMT_ARRAY_T fmt_array SEC(".maps");

extern MAP_FMT_RAW_T fmt_raw SEC(".maps");

extern __u32 fmt_runs;

SEC("syscall")
int fmt_fill(void *ctx)
{
	struct map_fmt_val v = {
		.count = 0x1122334455667788ULL,
		.delta = -42,
		.lo = 5,
		.hi = 0xabc,
		.color = FMT_BACK,
		.label = "hello",
		.pts = {{-1, 2}, {3, -4}},
		.u.word = 0x0807060504030201ULL,
		.seq = 4000000000U,
		.port = 8080,
		.small = -7,
		.ok = 1,
	};
	__u32 k = 7, i;
	__u64 big = 0xfedcba9876543210ULL;

	bpf_map_update_elem(&fmt_hash, &k, &v, BPF_ANY);
	k = 9;
	v.color = FMT_GREEN;
	v.label[0] = 'J';
	v.ok = 0;
	bpf_map_update_elem(&fmt_hash, &k, &v, BPF_ANY);
	for (i = 0; i < 4; i++) {
		__u64 n = (i + 1) * 100;

		bpf_map_update_elem(&fmt_array, &i, &n, BPF_ANY);
	}
	k = 3;
	bpf_map_update_elem(&fmt_raw, &k, &big, BPF_ANY);
	fmt_runs++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
