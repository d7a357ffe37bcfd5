// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * libFuzzer target: `bpfkit btf dump file INPUT ext` (the .BTF.ext dump),
 * plain and JSON, through the CLI code itself.
 */
#include <stdbool.h>

#include "cli/main.h"
#include "fuzz.h"

static void dump_ext(const char *path, bool json)
{
	char *argv[] = {"dump", "file", (char *)path, "ext", NULL};

	json_output = json;
	do_btf(4, argv);
	out_finish();
	json_output = false;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	bin_name = "bpfkit";
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);

	dump_ext(path, false);
	dump_ext(path, true);
	return 0;
}
