// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See subskel_lib2.bpf.c: the application using the library. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int subskel_var5 = 50;
int subskel_app_out;

extern int subskel_routine(void);

SEC("syscall")
int subskel_run(void *ctx)
{
	subskel_app_out = subskel_routine() + 1;
	return 0;
}
