// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bench/map_fill PIN N: put N entries into the pinned hash map of
 * progs/map_fmt1.bpf.c (u32 key, struct map_fmt_val), keys 0..N-1 with
 * values that vary per key, in batches of BPF_MAP_UPDATE_BATCH.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include <bpf/bpf.h>

#include "../progs/map_fmt.h"

#define BATCH 4096

int main(int argc, char **argv)
{
	static struct map_fmt_val vals[BATCH];
	static __u32 keys[BATCH];
	__u32 n, i, cnt, done = 0;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: map_fill PIN N\n");
		return 1;
	}
	// -
	n = strtoul(argv[2], NULL, 0);
	fd = bpf_obj_get(argv[1]);
	if (fd < 0) {
		fprintf(stderr, "map_fill: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	while (done < n) {
		cnt = n - done < BATCH ? n - done : BATCH;
		for (i = 0; i < cnt; i++) {
			__u32 k = done + i;

			keys[i] = k;
			memset(&vals[i], 0, sizeof(vals[i]));
			vals[i].count = (__u64)k * 1000003;
			vals[i].delta = -(__s64)k;
			vals[i].lo = k & 15;
			vals[i].hi = k & 0xfff;
			vals[i].color = k % 3 ? FMT_RED : FMT_BACK;
			snprintf(vals[i].label, sizeof(vals[i].label), "key%u", k);
			vals[i].pts[0].x = k & 0x7fff;
			vals[i].pts[1].y = -(k & 0x7fff);
			vals[i].u.word = k;
			vals[i].seq = k * 7;
			vals[i].port = k & 0xffff;
			vals[i].small = k & 0x7f;
			vals[i].ok = k & 1;
		}
		if (bpf_map_update_batch(fd, keys, vals, &cnt, NULL)) {
			fprintf(stderr, "map_fill: update batch at %u: %s\n",
				done, strerror(errno));
			return 1;
		}
		done += cnt;
	}
	return 0;
}
