// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * rusage OUT CMD [ARG...]
 *
 * Run CMD and write "PEAK_RSS_KB USER_S SYS_S" to OUT, times with
 * microseconds, as /usr/bin/time -f '%M %U %S' does with hundredths.
 * The benchmarks compare runs of 20 to 50 ms at the small sizes: at
 * /usr/bin/time's 10 ms resolution such a ratio is off by up to 50%.
 * Exits as CMD did (128 + N when a signal N ended it).
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static double seconds(struct timeval tv)
{
	return tv.tv_sec + tv.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
	struct rusage ru;
	int status;
	pid_t pid;
	FILE *out;

	if (argc < 3) {
		fprintf(stderr, "usage: rusage OUT CMD [ARG...]\n");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("wait4");
		return 2;
	}
	out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 2;
	}
	fprintf(out, "%ld %.6f %.6f\n", ru.ru_maxrss, seconds(ru.ru_utime),
		seconds(ru.ru_stime));
	if (fclose(out)) {
		perror(argv[1]);
		return 2;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
