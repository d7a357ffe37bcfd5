// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * corpus_check: the malformed-input corpus through one command, in one
 * process.
 *
 *	corpus_check CORPUS_DIR WHAT
 *
 * WHAT is one of robustness.sh's: dump-raw, dump-json, dump-c, dump-ext,
 * skeleton, header, prog-verify, link-first, link-second or pairs. Each case calls
 * the CLI's own entry point (do_btf, do_gen, do_prog, as the fuzz targets
 * in tests/fuzz do) with stdout and stderr captured, and is held to what
 * robustness.sh asks of a bpfkit process, minus the cost of ~6,000 process
 * starts:
 *   - the MANIFEST verdict: F must fail, 0 must succeed, A may do either;
 *   - a failure prints an "Error: " line (with -j: one {"error": ...}
 *     object, alone on stdout) naming the file, and nothing on stdout;
 *     gen object leaves neither its output nor a temporary file behind;
 *   - gen object: when libbpf opens every input, it opens the output too;
 *   - a hang (30 s) or a crash names its case; times are reported, never
 *     asserted, so that a loaded machine cannot fail the suite;
 *   - under ROB_VLIMIT (KiB of address space; empty: none), no error is an
 *     allocation failure: huge claims are rejected before allocating.
 * Exit status and output flushing of a real process stay with the CLI runs
 * in robustness.bats. Prints one line per problem, then the summary line
 * robustness.sh prints; exits 1 on problems.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "cli/main.h"

#define CASE_HANG_S 30
#define CAPTURE_MAX (64u << 10)

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

enum mode { MODE_PLAIN, MODE_JSON };

#define CASE_ARG "@CASE@"

/* One command of robustness.sh: its words, CASE_ARG standing for the file. */
struct command {
	const char *what;
	int column; /* of the MANIFEST verdict, 1-based; 0: pairs */
	const char *argv[8];
};

static const struct command commands[] = {
	{"dump-raw", 1, {"btf", "dump", "file", CASE_ARG}},
	{"dump-json", 1, {"-j", "btf", "dump", "file", CASE_ARG}},
	{"dump-c", 1, {"btf", "dump", "file", CASE_ARG, "format", "c"}},
	{"dump-ext", 2, {"btf", "dump", "file", CASE_ARG, "ext"}},
	{"skeleton", 4, {"gen", "skeleton", CASE_ARG}},
	/* reads what a skeleton reads; only skeleton naming rules differ */
	{"header", 4, {"gen", "header", CASE_ARG}},
	{"prog-verify", 4, {"prog", "load", CASE_ARG, "verify"}},
	{"link-first", 3, {"gen", "object"}},
	{"link-second", 3, {"gen", "object"}},
	{"pairs", 0, {"gen", "object"}},
};

/* What one run printed, NUL-terminated, cut at CAPTURE_MAX. */
struct output {
	char out[CAPTURE_MAX + 1];
	char err[CAPTURE_MAX + 1];
};

static struct {
	const char *corpus;
	char tmp[64];
	char good[4096];
	FILE *report; /* the real stdout */
	int report_fd;
	int out_fd, err_fd, saved_err;
	bool vlimit;
	size_t runs, oks, problems;
	long slowest_ms;
	char slowest[256];
	char label[512]; /* the running case, for the hang and crash report */
} st;

static struct output captured;

static void problem(const char *label, const char *fmt, ...) __printf(2, 3);

static void problem(const char *label, const char *fmt, ...)
{
	va_list ap;

	fprintf(st.report, "  %s: ", label);
	va_start(ap, fmt);
	vfprintf(st.report, fmt, ap);
	va_end(ap);
	fputc('\n', st.report);
	st.problems++;
}

/*
 * Async-signal-safe: show what the case wrote to stderr (a sanitizer's
 * report goes there before it aborts), name the case, remove the scratch
 * directory as a normal end does, die of the signal.
 */
static void on_fatal_signal(int sig)
{
	static const char hang[] = ": hangs: timeout (30 s) hit\n";
	static const char killed[] = ": killed by a signal\n";
	static char err[CAPTURE_MAX];
	ssize_t n = pread(st.err_fd, err, sizeof(err), 0);

	rmdir(st.tmp);
	if ((n > 0 && write(st.report_fd, err, n) < 0) ||
	    write(st.report_fd, "  ", 2) < 0 ||
	    write(st.report_fd, st.label, strlen(st.label)) < 0)
		_exit(1);
	if (sig == SIGALRM) {
		if (write(st.report_fd, hang, sizeof(hang) - 1) < 0)
			_exit(1);
		_exit(1);
	}
	if (write(st.report_fd, killed, sizeof(killed) - 1) < 0)
		_exit(1);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* ASan reports faults itself, then aborts: leave SIGSEGV and kin to it. */
static void catch_fatal_signals(void)
{
	static const int sigs[] = {
		SIGALRM, SIGABRT,
#ifndef UNDER_ASAN
		SIGSEGV, SIGBUS,  SIGFPE, SIGILL,
#endif
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		signal(sigs[i], on_fatal_signal);
}

static int memfd_or_die(const char *name)
{
	int fd = memfd_create(name, 0);

	if (fd < 0) {
		perror("corpus_check: memfd_create");
		exit(2);
	}
	return fd;
}

/* From here on, fds 1 and 2 are memfds; st.report is the real stdout. */
static void setup_capture(void)
{
	fflush(stdout);
	fflush(stderr);
	st.report_fd = dup(STDOUT_FILENO);
	st.saved_err = dup(STDERR_FILENO);
	st.report = fdopen(st.report_fd, "w");
	if (st.report_fd < 0 || st.saved_err < 0 || !st.report) {
		perror("corpus_check: dup");
		exit(2);
	}
	setvbuf(st.report, NULL, _IOLBF, 0);
	st.out_fd = memfd_or_die("stdout");
	st.err_fd = memfd_or_die("stderr");
	dup2(st.out_fd, STDOUT_FILENO);
	dup2(st.err_fd, STDERR_FILENO);
}

static void restore_stderr(void)
{
	fflush(stderr);
	dup2(st.saved_err, STDERR_FILENO);
	close(st.saved_err);
}

static void read_capture(int fd, char *buf)
{
	ssize_t n = pread(fd, buf, CAPTURE_MAX, 0);

	buf[n > 0 ? n : 0] = '\0';
	if (ftruncate(fd, 0) || lseek(fd, 0, SEEK_SET) < 0) {
		perror("corpus_check: reset capture");
		exit(2);
	}
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * As main() and clean_and_exit() do, for argv without the program name:
 * "-j" or an object's words. Returns 0 or 1, 1 when output fails.
 */
static int call_cli(char **argv, int argc)
{
	int (*object)(int argc, char **argv);
	int ret;

	json_output = !strcmp(argv[0], "-j");
	if (json_output) {
		argv++;
		argc--;
	}
	if (!strcmp(argv[0], "btf"))
		object = do_btf;
	else if (!strcmp(argv[0], "gen"))
		object = do_gen;
	else
		object = do_prog;
	ret = object(argc - 1, argv + 1) ? 1 : 0;
	if (out_finish() && !ret)
		ret = 1;
	json_output = false;
	fflush(stdout);
	fflush(stderr);
	return ret;
}

/* Run argv once (argc words); timing, hang and crash reports. */
static int run_case(char **argv, int argc, const char *label)
{
	long t0, ms;
	int rc;

	snprintf(st.label, sizeof(st.label), "%s", label);
	t0 = now_ms();
	alarm(CASE_HANG_S);
	rc = call_cli(argv, argc);
	alarm(0);
	ms = now_ms() - t0;
	read_capture(st.out_fd, captured.out);
	read_capture(st.err_fd, captured.err);
	st.runs++;
	if (ms > st.slowest_ms) {
		st.slowest_ms = ms;
		snprintf(st.slowest, sizeof(st.slowest), "%s", label);
	}
	return rc;
}

static void strip_newlines(char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == '\n')
		s[--n] = '\0';
}

static bool is_json_error(const char *out)
{
	size_t n = strlen(out);

	return (!strncmp(out, "{\"error\":\"", 10) ||
		!strncmp(out, "{\"error\": \"", 11)) &&
	       n > 2 && !strcmp(out + n - 2, "\"}") && !strchr(out, '\n');
}

/* The first "Error: " line of stderr, cut at its newline, or NULL. */
static char *first_error_line(char *err)
{
	char *line = err, *end;

	while (line && *line) {
		end = strchr(line, '\n');
		if (end)
			*end = '\0';
		if (!strncmp(line, "Error: ", 7))
			return line;
		line = end ? end + 1 : NULL;
	}
	return NULL;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* A failed run reports one error that names every file in names. */
static void check_error(enum mode mode, const char *label,
			const char *const *names, size_t name_cnt)
{
	char *line;
	size_t i;

	strip_newlines(captured.out);
	if (mode == MODE_JSON) {
		if (!is_json_error(captured.out)) {
			problem(label,
				"stdout is not one {\"error\": ...} object: %.200s",
				captured.out);
			return;
		}
		line = captured.out;
	} else {
		/* prog load verify prints every verdict before failing on a
		 * rejected program (a CI gate); nothing else may print. */
		if (captured.out[0] &&
		    !strstr(captured.out, "  verdict rejected"))
			problem(label,
				"stdout not empty although it failed: %.120s",
				captured.out);
		line = first_error_line(captured.err);
		if (!line) {
			problem(label, "no 'Error: ' line: %.200s",
				captured.err);
			return;
		}
	}
	for (i = 0; i < name_cnt; i++) {
		if (!strstr(line, base_name(names[i])))
			problem(label, "error does not name %s: %.200s",
				base_name(names[i]), line);
	}
	if (st.vlimit && (strcasestr(line, "out of memory") ||
			  strcasestr(line, "cannot allocate")))
		problem(label, "allocation failed under ulimit -v: %.200s",
			line);
}

/* Check the verdict of one run against its MANIFEST letter. */
static void check_verdict(int rc, char expect, enum mode mode,
			  const char *label, const char *const *names,
			  size_t name_cnt)
{
	if (rc == 0) {
		st.oks++;
		if (expect == 'F')
			problem(label, "accepted (exit 0), must be rejected");
		return;
	}
	if (expect == '0')
		problem(label, "rejected, must succeed: %.300s",
			captured.err[0] ? captured.err : captured.out);
	check_error(mode, label, names, name_cnt);
}

/* Nothing named *linked* may stay in the temporary directory. */
static void check_nothing_left(const char *label)
{
	struct dirent *e;
	DIR *dir = opendir(st.tmp);
	char path[4200];

	while (dir && (e = readdir(dir))) {
		if (!strstr(e->d_name, "linked"))
			continue;
		problem(label, "temporary file left behind: %s", e->d_name);
		snprintf(path, sizeof(path), "%s/%s", st.tmp, e->d_name);
		unlink(path);
	}
	if (dir)
		closedir(dir);
}

static __printf(2, 0) int print_libbpf(enum libbpf_print_level level,
				       const char *fmt, va_list ap);

/* Does libbpf open PATH as a BPF object (open only, no kernel)? */
static bool libbpf_opens(const char *path)
{
	struct bpf_object *obj;

	obj = bpf_object__open_file(path, NULL);
	bpf_object__close(obj);
	return obj != NULL;
}

/*
 * The oracle of a successful link: when libbpf opens every input, it must
 * open the output too (robustness.sh does the same with libbpf_open).
 */
static void check_output_opens(const char *label, const char *a, const char *b,
			       const char *out)
{
	libbpf_set_print(NULL);
	if (libbpf_opens(a) && libbpf_opens(b) && !libbpf_opens(out))
		problem(label, "libbpf opens every input but not the output");
	libbpf_set_print(print_libbpf);
}

/* gen object OUT A B: as run_case, and nothing may be left behind. */
static void link_two(char expect, const char *label, const char *a,
		     const char *b, const char *const *names, size_t name_cnt)
{
	char out[128];
	char *argv[] = {(char *)"gen", (char *)"object", out,
			(char *)a,     (char *)b,	 NULL};
	int rc;

	snprintf(out, sizeof(out), "%s/linked.o", st.tmp);
	rc = run_case(argv, 5, label);
	check_verdict(rc, expect, MODE_PLAIN, label, names, name_cnt);
	if (rc && access(out, F_OK) == 0)
		problem(label, "failed but left its output file behind");
	if (!rc)
		check_output_opens(label, a, b, out);
	unlink(out);
	check_nothing_left(label);
}

static void single_case(const struct command *cmd, char expect,
			const char *file)
{
	char path[4200];
	char *argv[ARRAY_SIZE(cmd->argv) + 1] = {};
	const char *names[] = {file};
	enum mode mode;
	int argc;

	snprintf(path, sizeof(path), "%s/%s", st.corpus, file);
	for (argc = 0; cmd->argv[argc]; argc++)
		argv[argc] = strcmp(cmd->argv[argc], CASE_ARG)
				     ? (char *)cmd->argv[argc]
				     : path;
	mode = strcmp(argv[0], "-j") ? MODE_PLAIN : MODE_JSON;
	check_verdict(run_case(argv, argc, file), expect, mode, file, names, 1);
}

static void link_case(const struct command *cmd, char expect, const char *file)
{
	char path[4200];
	const char *names[] = {file};

	snprintf(path, sizeof(path), "%s/%s", st.corpus, file);
	if (!strcmp(cmd->what, "link-first"))
		link_two(expect, file, path, st.good, names, 1);
	else
		link_two(expect, file, st.good, path, names, 1);
}

/* Conflicting pairs: both orders, and the error names both files. */
static void pair_case(char expect, const char *a, const char *b,
		      const char *why)
{
	char pa[4200], pb[4200], label[512];
	const char *names[] = {a, b};

	snprintf(pa, sizeof(pa), "%s/%s", st.corpus, a);
	snprintf(pb, sizeof(pb), "%s/%s", st.corpus, b);
	snprintf(label, sizeof(label), "%s+%s (%s)", a, b, why);
	link_two(expect, label, pa, pb, names, 2);
	snprintf(label, sizeof(label), "%s+%s (%s)", b, a, why);
	link_two(expect, label, pb, pa, names, 2);
}

/* MANIFEST: kind, expect, file, file2, what; tab-separated. */
static void manifest_line(const struct command *cmd, char *line)
{
	char *kind, *expect, *file, *file2, *why, *save = NULL;

	kind = strtok_r(line, "\t\n", &save);
	expect = strtok_r(NULL, "\t\n", &save);
	file = strtok_r(NULL, "\t\n", &save);
	file2 = strtok_r(NULL, "\t\n", &save);
	why = strtok_r(NULL, "\n", &save);
	if (!kind || !expect || !file || !file2 || !why)
		return;
	if (cmd->column == 0) {
		if (!strcmp(kind, "pair"))
			pair_case(expect[0], file, file2, why);
	} else if (!strcmp(kind, "case") &&
		   strlen(expect) >= (size_t)cmd->column) {
		if (!strcmp(cmd->argv[1], "object"))
			link_case(cmd, expect[cmd->column - 1], file);
		else
			single_case(cmd, expect[cmd->column - 1], file);
	}
}

static int run_manifest(const struct command *cmd)
{
	char path[4200], line[8192];
	FILE *f;

	snprintf(path, sizeof(path), "%s/MANIFEST", st.corpus);
	f = fopen(path, "r");
	if (!f) {
		fprintf(st.report, "corpus_check: %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f))
		manifest_line(cmd, line);
	fclose(f);
	return 0;
}

/* libbpf's warnings reach stderr, as in the CLI (which adds -d's debug). */
static __printf(2, 0) int print_libbpf(enum libbpf_print_level level,
				       const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

/* ROB_VLIMIT KiB of address space, as robustness.sh's ulimit -v. */
static void set_vlimit(void)
{
	const char *kib = getenv("ROB_VLIMIT");
	struct rlimit rl;

	if (!kib || !*kib)
		return;
	rl.rlim_cur = rl.rlim_max = strtoull(kib, NULL, 10) * 1024;
	if (setrlimit(RLIMIT_AS, &rl)) {
		perror("corpus_check: setrlimit");
		exit(2);
	}
	st.vlimit = true;
}

static const struct command *find_command(const char *what)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		if (!strcmp(commands[i].what, what))
			return &commands[i];
	}
	return NULL;
}

int main(int argc, char **argv)
{
	const struct command *cmd = argc == 3 ? find_command(argv[2]) : NULL;
	int err;

	if (!cmd) {
		fprintf(stderr, "usage: corpus_check CORPUS_DIR WHAT\n");
		return 2;
	}
	bin_name = "bpfkit";
	st.corpus = argv[1];
	snprintf(st.good, sizeof(st.good), "%s/rob_good.bpf.o", st.corpus);
	snprintf(st.tmp, sizeof(st.tmp), "/tmp/corpus_check.XXXXXX");
	if (!mkdtemp(st.tmp)) {
		perror("corpus_check: mkdtemp");
		return 2;
	}
	libbpf_set_print(print_libbpf);
	setup_capture();
	catch_fatal_signals();
	set_vlimit();
	err = run_manifest(cmd);
	restore_stderr();
	rmdir(st.tmp);
	fprintf(st.report,
		"%s: %zu runs, %zu exit 0, %zu exit 1, slowest %ld ms (%s), %zu problems\n",
		cmd->what, st.runs, st.oks, st.runs - st.oks, st.slowest_ms,
		st.slowest, st.problems);
	fclose(st.report);
	return err || st.problems || !st.runs ? 1 : 0;
}
