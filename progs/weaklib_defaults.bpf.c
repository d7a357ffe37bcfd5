// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A library's overridable defaults: a __weak variable and a __weak
 * function. weaklib_user.bpf.c, the rest of the library, only declares
 * them extern; linked together into a library object they must stay weak
 * so that an application (weaklib_app.bpf.c) can still override them.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int weaklib_limit __weak = 10;

__weak __noinline int weaklib_hook(int x)
{
	return x + 1;
}

char LICENSE[] SEC("license") = "GPL";
