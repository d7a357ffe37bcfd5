// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * SEC("syscall") with a context struct: ctx_in gives a and b, ctx_out
 * shows the sum and product written back; the return value is a - b.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "run_common.h"

__u64 run_calls = 0;

SEC("syscall")
int run_syscall(struct run_ctx *ctx)
{
	ctx->sum = (__u64)ctx->a + ctx->b;
	ctx->product = (__u64)ctx->a * ctx->b;
	run_calls++;
	return (int)(ctx->a - ctx->b);
}

/* A second program, so that 'name' has something to choose. */
SEC("syscall")
int run_other(struct run_ctx *ctx)
{
	return 7;
}

char LICENSE[] SEC("license") = "GPL";
