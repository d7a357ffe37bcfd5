// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The application overriding the library's weak defaults (strong ones). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int weaklib_limit = 99;

__noinline int weaklib_hook(int x)
{
	return x * 100;
}
