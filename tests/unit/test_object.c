// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * The fact table of `object show ... needs` against the installed headers:
 * every helper of linux/bpf.h's __BPF_FUNC_MAPPER has its row, at its ID
 * and under its name, and every program, map and attach type libbpf names
 * has a row with libbpf's name.
 */
#include <string.h>
#include <linux/bpf.h>
#include <bpf/libbpf.h>

#include "tap.h"
#include "object/features.h"

struct uapi_helper {
	const char *name;
	unsigned int id;
};

/* FN(name) in older headers, FN(name, id, ...) in newer ones. */
#define UAPI_HELPER(name, ...)         \
	{                              \
#name, BPF_FUNC_##name \
	}
static const struct uapi_helper uapi_helpers[] = {
	__BPF_FUNC_MAPPER(UAPI_HELPER)};

static void test_helpers(void)
{
	size_t i, cnt, missing = 0, misnamed = 0, unversioned = 0;
	const struct bk_fact *rows = bk_fact__table(BK_FACT_HELPER, &cnt);

	for (i = 0; i < sizeof(uapi_helpers) / sizeof(uapi_helpers[0]); i++) {
		const struct uapi_helper *h = &uapi_helpers[i];
		const struct bk_fact *f = bk_fact__find(BK_FACT_HELPER, h->id);

		if (!f) {
			printf("# no row for helper %u %s\n", h->id, h->name);
			missing++;
		} else if (f->id != h->id || strcmp(f->name, h->name)) {
			printf("# row %u is %s, not %s\n", h->id, f->name,
			       h->name);
			misnamed++;
		} else if (h->id && (!f->major || !f->linux_src)) {
			unversioned++;
		}
	}
	CHECK(!missing, "every helper of linux/bpf.h has a row (%zu helpers)",
	      sizeof(uapi_helpers) / sizeof(uapi_helpers[0]));
	CHECK(!misnamed, "helper rows sit at their ID under their uapi name");
	CHECK(!unversioned, "every helper row has a Linux version and source");
	CHECK(rows && cnt == __BPF_FUNC_MAX_ID,
	      "the table has %zu helper rows, linux/bpf.h %d", cnt,
	      __BPF_FUNC_MAX_ID);
}

static void test_enum(enum bk_fact_kind kind, const char *(*str)(int))
{
	size_t i, cnt, bad = 0;
	const struct bk_fact *rows = bk_fact__table(kind, &cnt);

	for (i = 0; str((int)i); i++) {
		const struct bk_fact *f = bk_fact__find(kind, i);

		if (!f || f->id != i || strcmp(f->name, str((int)i))) {
			printf("# %s %zu: libbpf says %s, the table %s\n",
			       bk_fact__kind_str(kind), i, str((int)i),
			       f ? f->name : "nothing");
			bad++;
		}
	}
	CHECK(rows && !bad && i == cnt,
	      "%s: %zu rows, named as libbpf names them",
	      bk_fact__kind_str(kind), cnt);
}

static const char *prog_type_str(int t)
{
	return libbpf_bpf_prog_type_str(t);
}

static const char *map_type_str(int t)
{
	return libbpf_bpf_map_type_str(t);
}

static const char *attach_type_str(int t)
{
	return libbpf_bpf_attach_type_str(t);
}

static void test_windows(void)
{
	const struct bk_fact *xdp = bk_fact__find(BK_FACT_PROG_TYPE, 6);
	const struct bk_fact *kprobe = bk_fact__find(BK_FACT_PROG_TYPE, 2);
	const struct bk_fact *lookup =
		bk_fact__find(BK_FACT_HELPER, BPF_FUNC_map_lookup_elem);
	const struct bk_fact *probe =
		bk_fact__find(BK_FACT_HELPER, BPF_FUNC_probe_read_kernel);

	CHECK(xdp && xdp->windows == BK_WIN_YES && kprobe &&
		      kprobe->windows == BK_WIN_NO,
	      "eBPF for Windows has xdp, not kprobe programs");
	CHECK(lookup && lookup->windows == BK_WIN_YES && probe &&
		      probe->windows == BK_WIN_NO,
	      "eBPF for Windows has map_lookup_elem, not probe_read_kernel");
}

int main(void)
{
	size_t cnt;

	test_helpers();
	test_enum(BK_FACT_PROG_TYPE, prog_type_str);
	test_enum(BK_FACT_MAP_TYPE, map_type_str);
	test_enum(BK_FACT_ATTACH_TYPE, attach_type_str);
	test_windows();
	CHECK(bk_fact__table(BK_FACT_FEATURE, &cnt) && cnt == BK_FEAT_CNT &&
		      !bk_fact__find(BK_FACT_KFUNC, 0) &&
		      !bk_fact__find(BK_FACT_HELPER, 100000),
	      "feature rows, and no rows beyond the tables");
	return tap_done();
}
