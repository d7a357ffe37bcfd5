// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * libbpf_open FILE...: does libbpf open every FILE as a BPF object (open
 * only, nothing is loaded, no kernel needed)? Exits 0 if it does, else 1
 * naming the first it refuses and libbpf's first warning.
 *
 * The corpus test's oracle for gen object: whenever libbpf opens every
 * input of a successful link, it must open the output too.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>

static char first_warning[512];

static __attribute__((format(printf, 2, 0))) int
keep_warning(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_WARN && !first_warning[0])
		vsnprintf(first_warning, sizeof(first_warning), fmt, ap);
	return 0;
}

int main(int argc, char **argv)
{
	struct bpf_object *obj;
	int i;

	libbpf_set_print(keep_warning);
	for (i = 1; i < argc; i++) {
		first_warning[0] = '\0';
		obj = bpf_object__open_file(argv[i], NULL);
		if (!obj) {
			fprintf(stderr, "libbpf_open: %s: %s%s%s\n", argv[i],
				strerror(errno), first_warning[0] ? "; " : "",
				strtok(first_warning, "\n") ?: "");
			return 1;
		}
		bpf_object__close(obj);
	}
	return 0;
}
