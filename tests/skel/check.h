/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * Shared by the user-space skeleton tests (compiled by gen_skeleton.bats
 * against generated headers, as C and as C++). Each failed expectation
 * prints a line; main() exits 1 if any failed.
 */
#ifndef BPFKIT_TESTS_SKEL_CHECK_H
#define BPFKIT_TESTS_SKEL_CHECK_H

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

static int failures;

#define EXPECT(cond)                                                  \
	do {                                                          \
		if (!(cond)) {                                        \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, \
				__LINE__, #cond);                     \
			failures++;                                   \
		}                                                     \
	} while (0)

#define EXPECT_EQ(got, want)                                                  \
	do {                                                                  \
		long long got_ = (long long)(got), want_ = (long long)(want); \
		if (got_ != want_) {                                          \
			fprintf(stderr,                                       \
				"FAIL %s:%d: %s = %lld, expected %lld\n",     \
				__FILE__, __LINE__, #got, got_, want_);       \
			failures++;                                           \
		}                                                             \
	} while (0)

/* Give up on the first step that fails: nothing after it can pass. */
#define REQUIRE(cond)                                                     \
	do {                                                              \
		if (!(cond)) {                                            \
			fprintf(stderr, "FAIL %s:%d: %s: %s\n", __FILE__, \
				__LINE__, #cond, strerror(errno));        \
			return 1;                                         \
		}                                                         \
	} while (0)

/* Misaligned accesses to globals then fail the load, even on x86. */
static inline int set_strict_alignment(struct bpf_program *prog)
{
	return bpf_program__set_flags(prog, bpf_program__flags(prog) |
						    BPF_F_STRICT_ALIGNMENT);
}

/* Run a SEC("syscall") program once: its return value, or -1. */
static inline int run_syscall(struct bpf_program *prog)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);

	if (bpf_prog_test_run_opts(bpf_program__fd(prog), &topts))
		return -1;
	return (int)topts.retval;
}

static inline unsigned int this_tid(void)
{
	return (unsigned int)syscall(SYS_gettid);
}

/* One getpgid() on this thread: what every test program reacts to. */
static inline void trigger(void)
{
	syscall(SYS_getpgid, 0);
}

#endif /* BPFKIT_TESTS_SKEL_CHECK_H */
