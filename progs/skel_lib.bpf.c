// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Skeleton scenario "lib" (tests/skel/lib.c): a BPF library that ships a
 * subskeleton. The application (skel_app.bpf.c) calls lib_count() and is
 * linked with it; user space configures and reads the library through the
 * library's subskeleton on the application's object.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* the library's tunables */
const volatile __u32 lib_scale = 1;
const volatile __u32 lib_tid;

/* the library's state */
__u64 lib_hits;
__u64 lib_total;
int lib_arr[4];
__u64 lib_exits SEC(".data.lib") = 0;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 1);
} lib_map SEC(".maps");

__noinline int lib_count(__u32 x)
{
	__u32 k0 = 0;
	__u64 *v;

	lib_hits++;
	lib_total += x * lib_scale;
	lib_arr[x & 3]++;
	v = bpf_map_lookup_elem(&lib_map, &k0);
	if (v)
		*v += x;
	return lib_hits;
}

/* a program that comes with the library */
SEC("raw_tp/sys_exit")
int lib_prog(__u64 *ctx)
{
	if (lib_tid == (__u32)bpf_get_current_pid_tgid())
		lib_exits = 1;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
