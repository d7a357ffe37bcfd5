// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Function linking, file 3 of 3 (see run_linked.c, scenario "funcs"). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "linked_common.h"

int out_weak3; /* stays 0: this weak lf_weak() loses to file 1's */
int ret_weak3, ret_ws3, ret_sw3, ret_wsw3;
int out_chain3;

static __noinline int subprog(int x)
{
	return x * 3;
}

extern int lf_double(int x);

/* Global, called from .text subprograms of files 1 and 2. */
int lf_triple(int x)
{
	return lf_double(x) + x;
}

__weak int lf_weak(int x)
{
	out_weak3 += x;
	return x + 3;
}

/* Weak, after file 1's strong one: loses. */
__weak int lf_sw(int x)
{
	return x + 700;
}

/* Weak after a strong definition: loses. */
__weak int lf_wsw(int x)
{
	return x + 800;
}

extern int lf_ws(int x);
/* Plain extern: hidden anyway, because file 2 declared it hidden. */
extern int lf_ctx1(struct linked_ctx *ctx);

static __noinline int chain(int x)
{
	return lf_double(x) + subprog(x);
}

SEC("syscall")
int lf_prog3(struct linked_ctx *ctx)
{
	lf_ctx1(ctx);
	ret_weak3 = lf_weak(30);
	ret_ws3 = lf_ws(3);
	ret_sw3 = lf_sw(3);
	ret_wsw3 = lf_wsw(3);
	/* ctx->c, not a constant: clang would fold subprog() away */
	out_chain3 = chain(ctx->c);
	return 3;
}

char LICENSE[] SEC("license") = "GPL";
