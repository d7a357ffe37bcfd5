// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See weaklib_defaults.bpf.c: the library code using the defaults. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int weaklib_limit;
extern int weaklib_hook(int x);

int weaklib_seen_limit;
int weaklib_seen_hook;

SEC("syscall")
int weaklib_run(void *ctx)
{
	weaklib_seen_limit = weaklib_limit;
	weaklib_seen_hook = weaklib_hook(5);
	return 0;
}
