// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * libFuzzer target: `bpfkit btf dump file INPUT` in raw, JSON and C form,
 * through the CLI code itself. The input is an ELF object or raw BTF.
 */
#include <stdbool.h>

#include "cli/main.h"
#include "fuzz.h"

static void dump(const char *path, bool json, const char *format)
{
	char *argv[] = {"dump",	  "file",	  (char *)path,
			"format", (char *)format, NULL};

	json_output = json;
	do_btf(format ? 5 : 3, argv);
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

	dump(path, false, NULL);
	dump(path, true, NULL);
	dump(path, false, "c");
	return 0;
}
