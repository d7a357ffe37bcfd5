/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
#ifndef BPFKIT_CLI_MAP_FMT_H
#define BPFKIT_CLI_MAP_FMT_H

#include <linux/types.h>

struct btf;

/*
 * Print the bytes at data as BTF type type_id says, as bpftool's
 * "formatted" output does, through the streaming out_*() calls: ints in
 * decimal, bools, enumerator names, char arrays holding a string as
 * strings, structs and DATASECs as objects, arrays as arrays, bitfields and
 * 128-bit ints in hex (quoted in JSON mode), pointers as addresses. The
 * caller has checked that the type's size fits the data.
 */
void fmt_btf_data(const struct btf *btf, __u32 type_id, const void *data,
		  const char *key);

#endif /* BPFKIT_CLI_MAP_FMT_H */
