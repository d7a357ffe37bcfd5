// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Function linking, file 1 of 3 (see run_linked.c, scenario "funcs").
 * Each file has its own static subprog() with its own formula, so a linker
 * that mixed up same-named statics changes the results.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "linked_common.h"

int out_val1;
int out_ctx1;
int out_weak1; /* every lf_weak() call lands here: this weak copy wins */
int ret_weak1, ret_ws1, ret_sw1, ret_wsw1, ret_whid1;
int out_chain1;

static __noinline int subprog(int x)
{
	return x + 1;
}

int lf_set_val1(int x)
{
	out_val1 = x + subprog(x);
	return x;
}

/*
 * Reads the context without a NULL check and beyond what a global function
 * may assume about its argument: the verifier accepts it only as a static
 * function checked in its caller's context. It is not __hidden here; file 2
 * declares it __hidden at its extern site, and hidden is contagious.
 */
int lf_ctx1(struct linked_ctx *ctx)
{
	out_ctx1 = ctx->b;
	return 0;
}

/* First weak definition: wins over the weak copies in files 2 and 3. */
__weak int lf_weak(int x)
{
	out_weak1 += x;
	return x + 1;
}

/* Weak here, strong in file 2: file 2 wins although it comes later. */
__weak int lf_ws(int x)
{
	return x + 100;
}

/* Strong here, weak in file 3: this one wins. */
int lf_sw(int x)
{
	return x + 300;
}

/* Weak here, strong in file 2, weak again in file 3: file 2 wins. */
__weak int lf_wsw(int x)
{
	return x + 500;
}

/*
 * Weak and first: wins. File 2's losing weak copy is __hidden, which is
 * contagious even from a loser: the linked symbol is hidden.
 */
__weak int lf_whid(int x)
{
	return x * 5;
}

extern int lf_set_val2(int x);
/* Hidden at the extern site, before the definition (file 2) is seen. */
__hidden extern int lf_ctx2(struct linked_ctx *ctx);
extern int lf_triple(int x);

/* A .text subprogram calling into file 3, which calls into file 2. */
static __noinline int chain(int x)
{
	return lf_triple(x) + subprog(x);
}

SEC("syscall")
int lf_prog1(struct linked_ctx *ctx)
{
	lf_set_val2(1000);
	lf_ctx2(ctx);
	ret_weak1 = lf_weak(10);
	ret_ws1 = lf_ws(1);
	ret_sw1 = lf_sw(1);
	ret_wsw1 = lf_wsw(1);
	ret_whid1 = lf_whid(2);
	out_chain1 = chain(5);
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
