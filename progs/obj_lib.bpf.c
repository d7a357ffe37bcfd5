// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* The library side of obj_trace.bpf.c: an export, a weak and a hidden one. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u32 olib_factor = 3;
__attribute__((weak)) int olib_bias;

__hidden int olib_clamp(int v)
{
	return v > 100 ? 100 : v;
}

int olib_scale(int v)
{
	return olib_clamp(v * olib_factor + olib_bias);
}

char LICENSE[] SEC("license") = "GPL";
