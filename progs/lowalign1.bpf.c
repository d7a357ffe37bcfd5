// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * One byte of .data, so that the next file's .data starts at offset 1
 * unless its alignment says otherwise. The test lowers the alignment of
 * lowalign2.bpf.o's .data to 1 in its section header: the linker must
 * still place that section where its int needs to be.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char lowalign_c = 1;

char LICENSE[] SEC("license") = "GPL";
