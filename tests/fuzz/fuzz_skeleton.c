// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * libFuzzer target: `bpfkit gen skeleton INPUT name fuzz` and
 * `gen subskeleton`, through the CLI code itself (the input's path is a
 * /proc/self/fd number, not a C identifier, hence the name).
 */
#include "cli/main.h"
#include "fuzz.h"

static void gen(const char *what, const char *path)
{
	char *argv[] = {(char *)what, (char *)path, "name", "fuzz", NULL};

	do_gen(4, argv);
	out_finish();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	bin_name = "bpfkit";
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);

	gen("skeleton", path);
	gen("subskeleton", path);
	return 0;
}
