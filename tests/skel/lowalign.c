// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Low alignment scenario (progs/lowalign{1,2}.bpf.c, the second with its
 * .data alignment lowered to 1): loaded with BPF_F_STRICT_ALIGNMENT, the
 * program reads its int, which the skeleton's offset assertions place
 * where C does.
 */
#include <stdbool.h>
#include <bpf/bpf.h>
#include "lowalign.skel.h"
#include "check.h"

int main(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	struct lowalign *skel = lowalign__open();
	struct bpf_program *prog;

	REQUIRE(skel != NULL);
	prog = skel->progs.lowalign_run;
	REQUIRE(set_strict_alignment(prog) == 0);
	REQUIRE(lowalign__load(skel) == 0);
	REQUIRE(bpf_prog_test_run_opts(bpf_program__fd(prog), &topts) == 0);
	EXPECT_EQ(skel->bss->lowalign_out, 5);
	EXPECT_EQ(skel->data->lowalign_c, 1);
	lowalign__destroy(skel);
	return failures ? 1 : 0;
}
