// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * What prog_load.bats needs beyond bpfkit and bpftool, on pinned objects:
 *
 *   prog_util run PROG_PIN [ARG0 [ARG1]]  BPF_PROG_TEST_RUN of a
 *                                         SEC("syscall") program with
 *                                         struct load_args; prints retval
 *   prog_util get MAP_PIN KEY             prints the __u64 at __u32 KEY
 *   prog_util trigger MAP_PIN N           stores its own tgid in slot
 *                                         LOAD_SLOT_TGID, calls getppid()
 *                                         N times, prints the count
 *   prog_util nobpf CMD [ARG]...          runs CMD where bpf() fails with
 *                                         ENOSYS, as in a kernel without it
 *   prog_util sigafter N SIG CMD [ARG]... runs CMD and sends it signal SIG
 *                                         at its Nth BPF_OBJ_PIN (which
 *                                         still happens); exits as CMD did,
 *                                         128+SIG if killed by a signal
 *
 * Exits 1 with a message on stderr when anything fails.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <bpf/bpf.h>

#include "../../progs/load_common.h"

static int fail(const char *what, const char *arg)
{
	fprintf(stderr, "prog_util: %s '%s': %s\n", what, arg, strerror(errno));
	return 1;
}

static int get_u64(int fd, __u32 key, __u64 *val)
{
	return bpf_map_lookup_elem(fd, &key, val);
}

static int do_run(int argc, char **argv)
{
	struct load_args args = {};
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &args,
		    .ctx_size_in = sizeof(args));
	int fd = bpf_obj_get(argv[0]);

	if (fd < 0)
		return fail("cannot open", argv[0]);
	if (argc > 1)
		args.arg0 = strtoull(argv[1], NULL, 0);
	if (argc > 2)
		args.arg1 = strtoull(argv[2], NULL, 0);
	if (bpf_prog_test_run_opts(fd, &opts))
		return fail("cannot run", argv[0]);
	printf("%d\n", (int)opts.retval);
	return 0;
}

static int do_get(int argc, char **argv)
{
	int fd = bpf_obj_get(argv[0]);
	__u64 val;

	if (fd < 0)
		return fail("cannot open", argv[0]);
	if (argc < 2 || get_u64(fd, strtoul(argv[1], NULL, 0), &val))
		return fail("cannot read", argv[0]);
	printf("%llu\n", (unsigned long long)val);
	return 0;
}

static int do_trigger(int argc, char **argv)
{
	__u32 key = LOAD_SLOT_TGID;
	__u64 tgid = getpid(), val;
	int fd = bpf_obj_get(argv[0]);
	long i, n = argc > 1 ? strtol(argv[1], NULL, 0) : 1;

	if (fd < 0)
		return fail("cannot open", argv[0]);
	if (bpf_map_update_elem(fd, &key, &tgid, BPF_ANY))
		return fail("cannot write", argv[0]);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	if (get_u64(fd, LOAD_SLOT_GETPPID, &val))
		return fail("cannot read", argv[0]);
	printf("%llu\n", (unsigned long long)val);
	return 0;
}

/* A seccomp filter: bpf() answers ENOSYS, everything else runs. */
static int do_nobpf(int argc, char **argv)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_bpf, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(insns) / sizeof(insns[0]),
		.filter = insns,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		return fail("cannot filter bpf() for", argv[0]);
	execvp(argv[0], argv);
	return fail("cannot run", argv[0]);
}

/*
 * The child's side of sigafter: every BPF_OBJ_PIN waits for the parent,
 * which gets the seccomp listener through pidfd_getfd() before the exec.
 */
static int sigafter_child(int to_parent, int from_parent, char **argv)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_bpf, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, BPF_OBJ_PIN, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(insns) / sizeof(insns[0]),
		.filter = insns,
	};
	int listener;
	char ack;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return fail("cannot filter bpf() for", argv[0]);
	listener = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER,
			   SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
	if (listener < 0)
		return fail("cannot filter bpf() for", argv[0]);
	if (write(to_parent, &listener, sizeof(listener)) != sizeof(listener) ||
	    read(from_parent, &ack, 1) != 1)
		return fail("cannot hand over the listener of", argv[0]);
	close(listener);
	execvp(argv[0], argv);
	return fail("cannot run", argv[0]);
}

/* Let each pin through; at the nth, signal the child first. */
static void sigafter_serve(int listener, pid_t child, long n, int sig)
{
	struct seccomp_notif req;
	struct seccomp_notif_resp resp;
	struct pollfd pfd = {.fd = listener, .events = POLLIN};
	long pins = 0;

	while (poll(&pfd, 1, -1) > 0 && !(pfd.revents & (POLLHUP | POLLERR))) {
		memset(&req, 0, sizeof(req));
		if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &req))
			continue;
		if (++pins == n)
			kill(child, sig);
		memset(&resp, 0, sizeof(resp));
		resp.id = req.id;
		resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	}
}

static int do_sigafter(int argc, char **argv)
{
	int to_parent[2], from_parent[2], fd, pidfd, listener, status;
	long n = strtol(argv[0], NULL, 0);
	int sig = atoi(argv[1]);
	pid_t child;

	if (argc < 3 || pipe(to_parent) || pipe(from_parent))
		return fail("cannot set up", "sigafter");
	child = fork();
	if (child < 0)
		return fail("cannot fork for", argv[2]);
	if (child == 0)
		_exit(sigafter_child(to_parent[1], from_parent[0], argv + 2));
	if (read(to_parent[0], &fd, sizeof(fd)) != sizeof(fd))
		return fail("no listener from", argv[2]);
	pidfd = syscall(SYS_pidfd_open, child, 0);
	listener = pidfd < 0 ? -1 : syscall(SYS_pidfd_getfd, pidfd, fd, 0);
	if (listener < 0 || write(from_parent[1], "", 1) != 1)
		return fail("cannot take the listener of", argv[2]);
	sigafter_serve(listener, child, n, sig);
	if (waitpid(child, &status, 0) < 0)
		return fail("cannot wait for", argv[2]);
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status)
				   : WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr,
			"usage: prog_util { run | get | trigger | nobpf | sigafter } ARG...\n");
		return 1;
	}
	if (!strcmp(argv[1], "run"))
		return do_run(argc - 2, argv + 2);
	if (!strcmp(argv[1], "get"))
		return do_get(argc - 2, argv + 2);
	if (!strcmp(argv[1], "trigger"))
		return do_trigger(argc - 2, argv + 2);
	if (!strcmp(argv[1], "nobpf"))
		return do_nobpf(argc - 2, argv + 2);
	if (!strcmp(argv[1], "sigafter") && argc > 4)
		return do_sigafter(argc - 2, argv + 2);
	fprintf(stderr, "prog_util: unknown command '%s'\n", argv[1]);
	return 1;
}
