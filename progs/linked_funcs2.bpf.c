// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Function linking, file 2 of 3 (see run_linked.c, scenario "funcs"). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "linked_common.h"

int out_val2;
int out_ctx2;
int out_weak2; /* stays 0: this weak lf_weak() loses to file 1's */
int ret_weak2, ret_ws2, ret_sw2, ret_wsw2, ret_whid2;
int out_chain2;

static __noinline int subprog(int x)
{
	return x * 2;
}

int lf_set_val2(int x)
{
	out_val2 = x + subprog(x);
	return x;
}

/* Only verifiable as static; file 1 declares it __hidden. */
int lf_ctx2(struct linked_ctx *ctx)
{
	out_ctx2 = ctx->d;
	return 0;
}

/* Used by file 3: doubles through this file's own subprog(). */
int lf_double(int x)
{
	return subprog(x);
}

__weak int lf_weak(int x)
{
	out_weak2 += x;
	return x + 2;
}

/* Strong, after file 1's weak one: wins. */
int lf_ws(int x)
{
	return x + 200;
}

/* Strong between two weak definitions: wins. */
int lf_wsw(int x)
{
	return x + 600;
}

/* loses to file 1's, but makes the linked lf_whid hidden */
__weak __hidden int lf_whid(int x)
{
	return x * 6;
}

extern int lf_set_val1(int x);
/* Hidden at the extern site, after the definition (file 1). */
__hidden extern int lf_ctx1(struct linked_ctx *ctx);
extern int lf_sw(int x);
extern int lf_triple(int x);

static __noinline int chain(int x)
{
	return lf_triple(x) * 2;
}

SEC("syscall")
int lf_prog2(struct linked_ctx *ctx)
{
	lf_set_val1(2000);
	lf_ctx1(ctx);
	ret_weak2 = lf_weak(20);
	ret_ws2 = lf_ws(2);
	ret_sw2 = lf_sw(2);
	ret_wsw2 = lf_wsw(2);
	ret_whid2 = lf_whid(3);
	out_chain2 = chain(4);
	return 2;
}

char LICENSE[] SEC("license") = "GPL";
