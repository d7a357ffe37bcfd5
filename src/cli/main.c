// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit [OPTIONS] OBJECT { COMMAND | help }
 *
 * Global options, the object table and the dispatch helpers every object
 * uses. Objects live in src/cli/<object>.c and export only do_<object>().
 */
#include <fcntl.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "main.h"

#ifndef BPFKIT_VERSION
#define BPFKIT_VERSION "unknown"
#endif

const char *bin_name;
bool debug_output;
bool block_mount;

static int last_argc;
static char **last_argv;
static int (*last_do_help)(int argc, char **argv);

/*
 * Full buffering: a vmlinux dump is millions of small printf()s. 64 KiB
 * makes them cheap; more only costs memory.
 */
static char stdout_buf[64 << 10];

int exit_signal;

/*
 * A command stopped by a signal it caught (and cleaned up after) ends by
 * that signal once its output is out, so that the caller sees 128 + N as
 * when the signal is not caught.
 */
static void __noreturn clean_and_exit(int code)
{
	if (out_finish() && !code)
		code = 1;
	if (exit_signal) {
		fflush(NULL);
		signal(exit_signal, SIG_DFL);
		raise(exit_signal);
	}
	exit(code);
}

void usage(void)
{
	last_do_help(last_argc - 1, last_argv + 1);
	clean_and_exit(1);
}

bool is_prefix(const char *pfx, const char *str)
{
	if (!pfx || !*pfx)
		return false;
	return strncmp(str, pfx, strlen(pfx)) == 0;
}

bool parse_u32(const char *s, __u32 *v)
{
	unsigned long long n;
	char *end;

	if (!*s || *s == '-')
		return false;
	errno = 0;
	n = strtoull(s, &end, 0);
	if (*end || errno || n > UINT_MAX)
		return false;
	*v = n;
	return true;
}

int cmd_select(const struct cmd *cmds, int argc, char **argv,
	       int (*help)(int argc, char **argv))
{
	unsigned int i;

	last_argc = argc;
	last_argv = argv;
	last_do_help = help;

	if (argc < 1 && cmds[0].func)
		return cmds[0].func(argc, argv);

	for (i = 0; cmds[i].cmd; i++) {
		if (is_prefix(*argv, cmds[i].cmd)) {
			if (!cmds[i].func) {
				p_err("command '%s' is not supported in this build",
				      cmds[i].cmd);
				return -1;
			}
			return cmds[i].func(argc - 1, argv + 1);
		}
	}

	help(argc - 1, argv + 1);
	p_err("unknown command '%s'", *argv);
	return -1;
}

static int do_help(int argc, char **argv)
{
	if (json_output) {
		out_null(NULL);
		return 0;
	}

	fprintf(stderr,
		"Usage: %1$s [OPTIONS] OBJECT { COMMAND | help }\n"
		"       %1$s version\n"
		"\n"
		"       OBJECT := { btf | gen | link | map | object | prog }\n"
		"       OPTIONS := { {-V|--version} | {-h|--help} | {-j|--json} [{-p|--pretty}] |\n"
		"                    {-d|--debug} | {-n|--nomount} }\n"
		"",
		bin_name);
	return 0;
}

static int do_version(int argc, char **argv)
{
	char libbpf_ver[32];

	if (json_output) {
		out_obj_open(NULL);
		out_str("version", NULL, BPFKIT_VERSION);
		/* "1.1" as bpftool prints it; the plain form keeps the "v". */
		snprintf(libbpf_ver, sizeof(libbpf_ver), "%u.%u",
			 libbpf_major_version(), libbpf_minor_version());
		out_str("libbpf_version", NULL, libbpf_ver);
		out_obj_close();
		return 0;
	}
	printf("%s %s\nusing libbpf %s\n", bin_name, BPFKIT_VERSION,
	       libbpf_version_string());
	return 0;
}

static const struct cmd main_cmds[] = {
	{"help", do_help},
	{"btf", do_btf},
	{"gen", do_gen},
	{"link", do_link},
	{"map", do_map},
	{"object", do_object},
	{"prog", do_prog},
	{"version", do_version},
	/* End of table; a comment line keeps clang-format from packing rows */
	{0},
};

/* libbpf's own messages: warnings always, everything with -d; stderr only. */
static __printf(2, 0) int print_libbpf(enum libbpf_print_level level,
				       const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG && !debug_output)
		return 0;
	return vp_libbpf(fmt, ap);
}

/*
 * A standard stream the caller closed stays taken, by a read-only
 * /dev/null: otherwise the next file opened (an output object) would become
 * "standard output", and writes to a closed stdout must fail, not vanish.
 */
static void hold_closed_std_fds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDONLY) != fd)
			return;
	}
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{"json", no_argument, NULL, 'j'},
		{"pretty", no_argument, NULL, 'p'},
		{"debug", no_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{"nomount", no_argument, NULL, 'n'},
		{0}};
	bool version_requested = false;
	int opt, ret;

	hold_closed_std_fds();
	setvbuf(stdout, stdout_buf, _IOFBF, sizeof(stdout_buf));
	last_do_help = do_help;
	bin_name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];

	/*
	 * Options anywhere before "--", as bpftool takes them: getopt moves
	 * them (and "--" itself) in front of the object and its arguments.
	 */
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "jpdhVn", options, NULL)) >= 0) {
		switch (opt) {
		case 'p':
			pretty_output = true;
			/* fall through */
		case 'j':
			json_output = true;
			break;
		case 'd':
			debug_output = true;
			break;
		case 'h':
			clean_and_exit(do_help(argc, argv));
		case 'V':
			version_requested = true;
			break;
		case 'n':
			block_mount = true;
			break;
		default:
			p_err("unrecognized option '%s'", argv[optind - 1]);
			if (json_output)
				clean_and_exit(1);
			usage();
		}
	}
	libbpf_set_print(print_libbpf);

	argc -= optind;
	argv += optind;
	if (version_requested)
		ret = do_version(argc, argv);
	else if (argc < 1)
		usage();
	else
		ret = cmd_select(main_cmds, argc, argv, do_help);

	clean_and_exit(ret ? 1 : 0);
}
