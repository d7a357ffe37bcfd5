// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Empty code section scenario (progs/empty_code{1,2}.bpf.c, linked in
 * either order): the object opens and loads although one input's "xdp"
 * section holds a function without instructions, and both programs run.
 */
#include <stdbool.h>
#include <bpf/bpf.h>
#include <linux/bpf.h>
#include "empty_code.skel.h"
#include "check.h"

int main(void)
{
	char pkt[64] = {};
	LIBBPF_OPTS(bpf_test_run_opts, xdp, .data_in = pkt,
		    .data_size_in = sizeof(pkt));
	LIBBPF_OPTS(bpf_test_run_opts, sys);
	struct empty_code *skel = empty_code__open_and_load();

	REQUIRE(skel != NULL);
	REQUIRE(bpf_prog_test_run_opts(bpf_program__fd(skel->progs.empty_pass),
				       &xdp) == 0);
	EXPECT_EQ(xdp.retval, XDP_PASS);
	REQUIRE(bpf_prog_test_run_opts(bpf_program__fd(skel->progs.empty_count),
				       &sys) == 0);
	EXPECT_EQ(sys.retval, 0);
	/* empty_pass adds 10, empty_count 1 */
	EXPECT_EQ(skel->bss->empty_calls, 11);
	empty_code__destroy(skel);
	return failures ? 1 : 0;
}
