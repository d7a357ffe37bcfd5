// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Skeleton scenario "lib": the application (see skel_lib.bpf.c). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

const volatile __u32 app_tid;
const volatile long app_sysid;

/*
 * The application's own counter, with the name of the library's global.
 * Linked first, it comes before the library's in .bss: a subskeleton that
 * looked the library's variable up by name alone would find this one.
 */
static volatile __u64 lib_hits;

__u64 app_out;
__u64 app_own;

extern int lib_count(__u32 x);

SEC("raw_tp/sys_enter")
int app_prog(__u64 *ctx)
{
	if (app_tid != (__u32)bpf_get_current_pid_tgid() || ctx[1] != app_sysid)
		return 0;
	lib_hits += 100;
	app_out = lib_count(5);
	app_own = lib_hits;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
