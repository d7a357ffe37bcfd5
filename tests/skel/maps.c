// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Skeleton scenario "maps" (progs/skel_maps{1,2}.bpf.c, linked): maps of
 * one file used by the other through externs, written and read by user
 * space through the skeleton's map fields.
 */
#include "skel_common.h"
#include "skel_maps.skel.h"
#include "check.h"

int main(void)
{
	struct skel_maps *skel = skel_maps__open();
	struct skel_pair pair;
	__u32 k0 = 0, k1 = 1;
	__u64 in = 21, out = 0;

	REQUIRE(skel != NULL);
	EXPECT_EQ(bpf_map__max_entries(skel->maps.sm_input), 4);
	EXPECT_EQ(bpf_map__max_entries(skel->maps.sm_pairs), 8);
	EXPECT_EQ(bpf_map__max_entries(skel->maps.sm_output), 2);
	skel->rodata->sm_tid = this_tid();
	REQUIRE(skel_maps__load(skel) == 0);
	REQUIRE(bpf_map__update_elem(skel->maps.sm_input, &k0, sizeof(k0), &in,
				     sizeof(in), BPF_ANY) == 0);
	REQUIRE(skel_maps__attach(skel) == 0);
	trigger();
	skel_maps__detach(skel);
	/* file 1 stored {1, 21 * 2, extra[2] = 7}, file 2 read it back */
	memset(&pair, 0, sizeof(pair));
	REQUIRE(bpf_map__lookup_elem(skel->maps.sm_pairs, &k1, sizeof(k1),
				     &pair, sizeof(pair), 0) == 0);
	EXPECT_EQ(pair.tag, 1);
	EXPECT_EQ(pair.value, 42);
	EXPECT_EQ(pair.extra[2], 7);
	REQUIRE(bpf_map__lookup_elem(skel->maps.sm_output, &k0, sizeof(k0),
				     &out, sizeof(out), 0) == 0);
	EXPECT_EQ(out, 42 + 7);
	EXPECT_EQ(skel->bss->sm_out_seen, 1);
	skel_maps__destroy(skel);
	return failures ? 1 : 0;
}
