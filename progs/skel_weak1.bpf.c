// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * A weak variable overridden by a later strong one (skel_weak2.bpf.c).
 * bpftool 7.1's linker leaves the DATASEC entry at the weak loser's offset
 * while the symbol moves to the winner: a skeleton built from that DATASEC
 * would read the wrong bytes, so bpfkit refuses such an object.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int sw_before = 11;
int sw_value __weak = 1;
int sw_after = 12;

SEC("raw_tp/sys_enter")
int sw_prog1(void *ctx)
{
	sw_after = sw_value + sw_before;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
