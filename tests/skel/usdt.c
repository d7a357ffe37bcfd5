// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * USDT scenario (progs/usdt_multi{1,2}.bpf.c, linked in either order): both
 * programs attach to this program's own probe bpfkit:add, which fires
 * three times; each reads its arguments through the one merged copy of
 * usdt.bpf.h's maps and helpers.
 */
#include <stdbool.h>
#include <sys/sdt.h>
#include "usdt_multi.skel.h"
#include "check.h"

/* Not inlined: the probe's argument locations stay simple. */
static __attribute__((noinline)) void fire(int x, long long y)
{
	DTRACE_PROBE2(bpfkit, add, x, y);
}

static struct bpf_link *attach(struct bpf_program *prog)
{
	return bpf_program__attach_usdt(prog, 0 /* this process */,
					"/proc/self/exe", "bpfkit", "add",
					NULL);
}

int main(void)
{
	struct usdt_multi *skel = usdt_multi__open_and_load();

	REQUIRE(skel != NULL);
	skel->links.usdt_add = attach(skel->progs.usdt_add);
	REQUIRE(skel->links.usdt_add != NULL);
	skel->links.usdt_peek = attach(skel->progs.usdt_peek);
	REQUIRE(skel->links.usdt_peek != NULL);
	fire(1, 10);
	fire(2, 1LL << 40);
	fire(-3, 7);
	EXPECT_EQ(skel->bss->usdt_calls1, 3);
	EXPECT_EQ(skel->bss->usdt_calls2, 3);
	EXPECT_EQ(skel->bss->usdt_sum, 1 + 10 + 2 + (1LL << 40) - 3 + 7);
	EXPECT_EQ(skel->bss->usdt_arg_cnt, 2);
	/* the last call's second argument */
	EXPECT_EQ(skel->bss->usdt_second_arg, 7);
	usdt_multi__destroy(skel);
	return failures ? 1 : 0;
}
