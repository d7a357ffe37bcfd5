// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Weak binding through a library link (progs/weaklib_*.bpf.c): the
 * library's code sees the application's overrides, or the library's
 * defaults when nothing overrides them. The test passes the expected
 * values as LIMIT and HOOK5 (the hook's result for 5).
 */
#include <stdbool.h>
#include <bpf/bpf.h>
#include "weaklib.skel.h"
#include "check.h"

int main(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	struct weaklib *skel = weaklib__open_and_load();

	REQUIRE(skel != NULL);
	EXPECT_EQ(skel->data->weaklib_limit, LIMIT);
	REQUIRE(bpf_prog_test_run_opts(bpf_program__fd(skel->progs.weaklib_run),
				       &topts) == 0);
	EXPECT_EQ(topts.retval, 0);
	EXPECT_EQ(skel->bss->weaklib_seen_limit, LIMIT);
	EXPECT_EQ(skel->bss->weaklib_seen_hook, HOOK5);
	weaklib__destroy(skel);
	return failures ? 1 : 0;
}
