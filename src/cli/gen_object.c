// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* bpfkit gen object: placeholder until the linker lands */
#include "main.h"
#include "gen.h"

int do_gen_object(int argc, char **argv)
{
	p_err("gen object is not available in this build");
	return -1;
}
