// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Skeleton scenario "lib" (progs/skel_app.bpf.c linked with
 * progs/skel_lib.bpf.c): the application's skeleton and the library's
 * subskeleton on the same object. The library is configured and read
 * through its subskeleton only; both views must reach the same bytes.
 */
#include "skel_app.skel.h"
#include "skel_lib.subskel.h"
#include "check.h"

int main(void)
{
	struct skel_app *app = skel_app__open();
	struct skel_lib *lib;
	__u32 k0 = 0;
	__u64 val = 0;

	REQUIRE(app != NULL);
	lib = skel_lib__open(app->obj);
	REQUIRE(lib != NULL);

	/* one object: the library's maps, programs and globals are the app's */
	EXPECT(lib->obj == app->obj);
	EXPECT(lib->maps.lib_map == app->maps.lib_map);
	EXPECT(lib->progs.lib_prog == app->progs.lib_prog);
	EXPECT(lib->rodata.lib_scale == &app->rodata->lib_scale);
	/*
	 * The application's static lib_hits comes first in .bss; the
	 * library's pointer must still be its own global.
	 */
	EXPECT(lib->bss.lib_hits == &app->bss->lib_hits);
	EXPECT(lib->bss.lib_arr == &app->bss->lib_arr);
	EXPECT(lib->data_lib.lib_exits == &app->data_lib->lib_exits);

	EXPECT_EQ(*lib->rodata.lib_scale, 1);
	*lib->rodata.lib_scale = 3;
	*lib->rodata.lib_tid = this_tid();
	app->rodata->app_tid = this_tid();
	app->rodata->app_sysid = SYS_getpgid;
	REQUIRE(skel_app__load(app) == 0);
	REQUIRE(skel_app__attach(app) == 0);
	trigger();
	skel_app__detach(app);

	/* one lib_count(5) call, scaled by 3 */
	EXPECT_EQ(*lib->bss.lib_hits, 1);
	EXPECT_EQ(*lib->bss.lib_total, 15);
	EXPECT_EQ((*lib->bss.lib_arr)[1], 1);
	EXPECT_EQ(*lib->data_lib.lib_exits, 1);
	EXPECT_EQ(app->bss->app_out, 1);
	/* the application's static: 0 + 100 */
	EXPECT_EQ(app->bss->app_own, 100);
	REQUIRE(bpf_map__lookup_elem(lib->maps.lib_map, &k0, sizeof(k0), &val,
				     sizeof(val), 0) == 0);
	EXPECT_EQ(val, 5);

	skel_lib__destroy(lib);
	skel_app__destroy(app);
	return failures ? 1 : 0;
}
