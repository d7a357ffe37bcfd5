// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * User space of the example: open the linked object through its skeleton,
 * set the scale, load, run the program four times over, read the counter
 * back and check it.
 */
#include <stdio.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "app.skel.h"

struct bump_args {
	__u32 kind;
	__u32 times;
};

static int run(struct app_bpf *skel)
{
	struct bump_args args = {.kind = 2, .times = 4};
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &args,
		    .ctx_size_in = sizeof(args));
	__u64 count = 0, want = 4 * 10;
	__u32 key = 2, zero = 0, nr_runs = 0;
	int err;

	skel->data->scale = 10;
	err = app_bpf__load(skel);
	if (err) {
		fprintf(stderr, "app: cannot load: %d\n", err);
		return 1;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(skel->progs.bump), &opts);
	err = err
		      ?: bpf_map__lookup_elem(skel->maps.counts, &key,
					      sizeof(key), &count,
					      sizeof(count), 0);
	err = err
		      ?: bpf_map__lookup_elem(skel->maps.runs, &zero,
					      sizeof(zero), &nr_runs,
					      sizeof(nr_runs), 0);
	if (err) {
		fprintf(stderr, "app: cannot run: %d\n", err);
		return 1;
	}
	printf("counts[2] = %llu, last_total = %llu, runs = %u, program returned %u\n",
	       (unsigned long long)count,
	       (unsigned long long)skel->bss->last_total, nr_runs, opts.retval);
	if (count != want || skel->bss->last_total != want || nr_runs != 1 ||
	    opts.retval) {
		fprintf(stderr, "app: expected %llu\n",
			(unsigned long long)want);
		return 1;
	}
	printf("ok\n");
	return 0;
}

int main(void)
{
	struct app_bpf *skel = app_bpf__open();
	int ret;

	if (!skel) {
		fprintf(stderr, "app: cannot open the skeleton\n");
		return 1;
	}
	ret = run(skel);
	app_bpf__destroy(skel);
	return ret;
}
