// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* bpfkit prog: placeholder until the loader lands */
#include "main.h"

int do_prog(int argc, char **argv)
{
	p_err("prog is not available in this build");
	return -1;
}
