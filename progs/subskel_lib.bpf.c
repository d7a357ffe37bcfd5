// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* See subskel_lib2.bpf.c: the library's variables, maps and routine. */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

const volatile int subskel_var1;
int subskel_var2 = 2;
struct {
	int a;
	long long b;
} subskel_var3;
int subskel_var4[4];
/* the application overrides this default */
int subskel_var5 __weak = 5;
extern int subskel_var6;
int subskel_var7 SEC(".data.custom") = 7;
long long subskel_libout;
extern bool CONFIG_BPF_SYSCALL __kconfig;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 2);
} subskel_map1 SEC(".maps");

extern struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 2);
} subskel_map2 SEC(".maps");

__noinline int subskel_routine(void)
{
	__u32 key = 1;
	__u64 one = 100, two = 200;

	subskel_libout = subskel_var1 + subskel_var2 + subskel_var3.a +
			 subskel_var3.b + subskel_var4[3] + subskel_var5 +
			 subskel_var6 + subskel_var7 + CONFIG_BPF_SYSCALL;
	bpf_map_update_elem(&subskel_map1, &key, &one, BPF_ANY);
	bpf_map_update_elem(&subskel_map2, &key, &two, BPF_ANY);
	return 0;
}
