// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Subskeleton scenario (progs/subskel_{lib2,lib,app}.bpf.c): the library's
 * subskeleton (subskel_lib, from lib2 + lib) sets its inputs and reads its
 * results inside the application's object (subskel_app, all three files).
 */
#include <bpf/bpf.h>
#include "subskel_app.skel.h"
#include "subskel_lib.subskel.h"
#include "check.h"

int main(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	struct subskel_app *app = subskel_app__open();
	struct subskel_lib *lib;
	__u64 val = 0;
	__u32 key = 1;

	REQUIRE(app != NULL);
	lib = subskel_lib__open(app->obj);
	REQUIRE(lib != NULL);
	/* the application's strong subskel_var5 beat the library's weak one */
	EXPECT_EQ(*lib->data.subskel_var5, 50);
	EXPECT_EQ(*lib->data.subskel_var6, 6);
	EXPECT_EQ(*lib->data_custom.subskel_var7, 7);
	*lib->rodata.subskel_var1 = 1000;
	lib->bss.subskel_var3->a = 30;
	lib->bss.subskel_var3->b = 1LL << 35;
	lib->bss.subskel_var4[0][3] = 400;
	REQUIRE(subskel_app__load(app) == 0);
	REQUIRE(bpf_prog_test_run_opts(bpf_program__fd(app->progs.subskel_run),
				       &topts) == 0);
	EXPECT_EQ(app->bss->subskel_app_out, 1);
	/* var1 + var2 + var3 + var4[3] + var5 + var6 + var7 + 1 */
	EXPECT_EQ(*lib->bss.subskel_libout,
		  1000 + 2 + 30 + (1LL << 35) + 400 + 50 + 6 + 7 + 1);
	REQUIRE(bpf_map__lookup_elem(lib->maps.subskel_map1, &key, sizeof(key),
				     &val, sizeof(val), 0) == 0);
	EXPECT_EQ(val, 100);
	REQUIRE(bpf_map__lookup_elem(lib->maps.subskel_map2, &key, sizeof(key),
				     &val, sizeof(val), 0) == 0);
	EXPECT_EQ(val, 200);
	subskel_lib__destroy(lib);
	subskel_app__destroy(app);
	return failures ? 1 : 0;
}
