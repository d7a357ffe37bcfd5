// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* bpfkit gen skeleton: placeholder until the generator lands */
#include "main.h"
#include "gen.h"

int do_gen_skeleton(int argc, char **argv)
{
	p_err("gen skeleton is not available in this build");
	return -1;
}

int do_gen_subskeleton(int argc, char **argv)
{
	p_err("gen subskeleton is not available in this build");
	return -1;
}
