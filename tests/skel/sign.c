// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Signedness scenario (progs/sign{1,2}.bpf.c, linked in either order): the
 * extern variable, the weak variable, the function and the map each seen
 * with the signedness of the file that reads them.
 */
#include <stdbool.h>
#include <bpf/bpf.h>
#include "sign.skel.h"
#include "check.h"

int main(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	struct sign *skel = sign__open_and_load();
	__u64 value = 0;
	__u32 key = 2;

	REQUIRE(skel != NULL);
	REQUIRE(bpf_prog_test_run_opts(bpf_program__fd(skel->progs.sign_run),
				       &topts) == 0);
	EXPECT_EQ(topts.retval, 0);
	/* sign2.bpf.c reads the unsigned 0xfffffff0 as an int */
	EXPECT_EQ(skel->bss->sign_out_var, -16);
	/*
	 * the first weak definition wins (the test passes SIGN_WEAK_VALUE):
	 * sign1.bpf.c's int -5 or, linked in reverse, sign2.bpf.c's __u32 9,
	 * read by sign2.bpf.c as a __u32
	 */
	EXPECT_EQ(skel->bss->sign_out_weak, (__u32)SIGN_WEAK_VALUE);
	/* sign_scale(-4): (unsigned)-4 * 3 + weak, returned as an int */
	EXPECT_EQ(skel->bss->sign_out_scale, -12 + SIGN_WEAK_VALUE);
	REQUIRE(bpf_map_lookup_elem(bpf_map__fd(skel->maps.sign_map), &key,
				    &value) == 0);
	EXPECT_EQ((long long)value, -7);
	sign__destroy(skel);
	return failures ? 1 : 0;
}
