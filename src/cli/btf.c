// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* bpfkit btf: placeholder until the dumper lands */
#include "main.h"

int do_btf(int argc, char **argv)
{
	p_err("btf is not available in this build");
	return -1;
}
