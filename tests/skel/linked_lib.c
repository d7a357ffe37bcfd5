// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The linker's "lib" scenario through skeletons: lib.o, linked from
 * progs/linked_lib{1,2}.bpf.c with externs only the application defines,
 * then linked with progs/linked_app.bpf.c. The application's skeleton
 * (lk_app) runs both SEC("syscall") programs; the library's subskeleton
 * (lk_lib), made from lib.o alone, reads the library's results. Expected
 * values as in tests/bin/run_linked.c, scenario "lib".
 */
#include <bpf/bpf.h>
#include "lk_app.skel.h"
#include "lk_lib.subskel.h"
#include "check.h"

static int run_prog(struct bpf_program *prog)
{
	__u64 ctx[4] = {0};
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = ctx,
		    .ctx_size_in = sizeof(ctx));

	if (bpf_prog_test_run_opts(bpf_program__fd(prog), &opts))
		return -1;
	return opts.retval;
}

int main(void)
{
	struct lk_app *app = lk_app__open();
	struct lk_lib *lib;
	__u32 k1 = 1, k2 = 2;
	__u64 val = 0;

	REQUIRE(app != NULL);
	lib = lk_lib__open(app->obj);
	REQUIRE(lib != NULL);
	EXPECT(lib->bss.lib_counter == &app->bss->lib_counter);
	EXPECT(lib->maps.lib_map == app->maps.lib_map);
	EXPECT(lib->progs.lib_prog == app->progs.lib_prog);
	/* one lib_limit: the application's strong definition */
	EXPECT(lib->data.lib_limit == &app->data->lib_limit);
	EXPECT_EQ(*lib->data.lib_limit, 9);
	REQUIRE(lk_app__load(app) == 0);

	EXPECT_EQ(run_prog(lib->progs.lib_prog), 10);
	EXPECT_EQ(run_prog(app->progs.app_prog), 20);
	/* lib_sum(3) = 3 * 3 + 1000 + (3 + 100), from the library's program */
	EXPECT_EQ(*lib->bss.out_lib, 9 + 1000 + 103);
	/* lib_sum(2) from the application's */
	EXPECT_EQ(app->bss->out_app, 6 + 1000 + 102);
	EXPECT_EQ(*lib->bss.lib_counter, 2);
	EXPECT_EQ(*lib->bss.out_lib_limit, 9);
	/* lib_record(key) returns the library's static helper(key) = 10 key */
	EXPECT_EQ(*lib->bss.out_rec, 10);
	EXPECT_EQ(app->bss->out_app_rec, 20);
	/* the application's own static helper(1) = 7 */
	EXPECT_EQ(app->bss->out_helper, 7);
	REQUIRE(bpf_map__lookup_elem(lib->maps.lib_map, &k1, sizeof(k1), &val,
				     sizeof(val), 0) == 0);
	EXPECT_EQ(val, 55);
	REQUIRE(bpf_map__lookup_elem(app->maps.app_map, &k2, sizeof(k2), &val,
				     sizeof(val), 0) == 0);
	EXPECT_EQ(val, 66);

	lk_lib__destroy(lib);
	lk_app__destroy(app);
	return failures ? 1 : 0;
}
