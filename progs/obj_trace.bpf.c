// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A tracing program with a bit of everything `object show` reports: a
 * tracing helper, global data, a static and a global subprogram, a
 * bpf_loop() callback, a bounded loop, a .kconfig extern, a ring buffer and
 * a function imported from obj_lib.bpf.c (linked with it in
 * object_show.bats).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} ot_events SEC(".maps");

extern unsigned int LINUX_KERNEL_VERSION __kconfig;
extern int olib_scale(int v);

__u64 ot_hits;
const volatile int ot_rounds = 4;

static __attribute__((noinline)) int ot_double(int v)
{
	return v * 2;
}

__attribute__((noinline)) int ot_sum(int n)
{
	volatile int s = 0;
	int i;

	/* volatile: no closed form, a real backward jump */
#pragma clang loop unroll(disable)
	for (i = 0; i < n && i < 64; i++)
		s += i;
	return s;
}

/* Reached only through its address, passed to bpf_loop(). */
static int ot_step(__u32 i, void *data)
{
	*(long *)data += i;
	return 0;
}

SEC("kprobe/do_nanosleep")
int ot_probe(void *ctx)
{
	long first = 0;

	bpf_probe_read_kernel(&first, sizeof(first), ctx);
	bpf_loop(3, ot_step, &first, 0);
	ot_hits += ot_double(ot_sum(ot_rounds)) + olib_scale(first != 0);
	if (LINUX_KERNEL_VERSION)
		bpf_ringbuf_output(&ot_events, &first, sizeof(first), 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
