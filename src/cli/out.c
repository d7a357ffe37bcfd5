// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Output for both modes. Plain text goes straight to (fully buffered)
 * stdout. JSON is built as one jansson tree and printed by out_finish(), so
 * that a failing command can print {"error": ...} alone instead of a
 * half-written document.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "main.h"

#define MAX_DEPTH 64

bool json_output;
bool pretty_output;

static json_t *root;
static json_t *stack[MAX_DEPTH];
static int depth;
static char *first_error;

static void vp_msg(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fputs(prefix, f);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
}

void p_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (!json_output)
		vp_msg(stderr, "Error: ", fmt, ap);
	/* Keep the first: modules report the root cause first. */
	else if (!first_error && vasprintf(&first_error, fmt, ap) < 0)
		first_error = strdup("out of memory");
	va_end(ap);
}

bool out_has_error(void)
{
	return first_error != NULL;
}

void p_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vp_msg(stderr, "Warning: ", fmt, ap);
	va_end(ap);
}

void p_info(const char *fmt, ...)
{
	va_list ap;

	if (json_output)
		return;
	va_start(ap, fmt);
	vp_msg(stderr, "", fmt, ap);
	va_end(ap);
}

static void diag_to_cli(void *ctx, enum bk_diag_level level, const char *msg)
{
	switch (level) {
	case BK_DIAG_ERROR:
		p_err("%s", msg);
		break;
	case BK_DIAG_WARN:
		p_warn("%s", msg);
		break;
	case BK_DIAG_INFO:
		if (debug_output)
			fprintf(stderr, "%s\n", msg);
		break;
	}
}

const struct bk_diag cli_diag = {.fn = diag_to_cli};

/*
 * Names from untrusted files need not be UTF-8, and jansson refuses to print
 * a string that is not: such bytes become '?'.
 */
static json_t *json_text(const char *s)
{
	json_t *v = json_string(s);
	char *copy, *p;

	if (v)
		return v;
	copy = strdup(s);
	if (!copy)
		return NULL;
	for (p = copy; *p; p++) {
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	}
	v = json_string(copy);
	free(copy);
	return v;
}

/* Attach v (a new reference) to the innermost container, or make it root. */
static void add_value(const char *key, json_t *v)
{
	json_t *top = depth ? stack[depth - 1] : NULL;

	if (!v)
		return;
	if (!top) {
		json_decref(root);
		root = v;
	} else if (json_is_array(top)) {
		json_array_append_new(top, v);
	} else {
		json_object_set_new(top, key ? key : "", v);
	}
}

static void open_container(const char *key, json_t *c)
{
	if (!c)
		return;
	add_value(key, c);
	if (depth < MAX_DEPTH)
		stack[depth] = c;
	depth++;
}

static void close_container(void)
{
	if (depth > 0)
		depth--;
}

void out_obj_open(const char *key)
{
	if (json_output)
		open_container(key, json_object());
}

void out_obj_close(void)
{
	if (json_output)
		close_container();
}

void out_arr_open(const char *key)
{
	if (json_output)
		open_container(key, json_array());
}

void out_arr_close(void)
{
	if (json_output)
		close_container();
}

/*
 * The plain-mode formats come from call sites as literals whose one
 * conversion matches the type documented in out.h.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

void out_u64(const char *key, const char *fmt, __u64 v)
{
	char buf[24];

	if (!json_output) {
		if (fmt)
			printf(fmt, (unsigned long long)v);
		return;
	}
	if (v <= INT64_MAX) {
		add_value(key, json_integer((json_int_t)v));
		return;
	}
	/* Beyond json_int_t: the decimal value as a string (see bpfkit(8)). */
	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
	add_value(key, json_string(buf));
}

void out_s64(const char *key, const char *fmt, __s64 v)
{
	if (!json_output) {
		if (fmt)
			printf(fmt, (long long)v);
		return;
	}
	add_value(key, json_integer(v));
}

void out_str(const char *key, const char *fmt, const char *s)
{
	if (!json_output) {
		if (fmt)
			printf(fmt, s);
		return;
	}
	add_value(key, json_text(s));
}

void out_bool(const char *key, const char *fmt, bool v)
{
	if (!json_output) {
		if (fmt)
			printf(fmt, v ? "true" : "false");
		return;
	}
	add_value(key, json_boolean(v));
}

#pragma GCC diagnostic pop

void out_null(const char *key)
{
	if (json_output)
		add_value(key, json_null());
}

void out_plain(const char *fmt, ...)
{
	va_list ap;

	if (json_output)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

int out_finish(void)
{
	size_t flags = JSON_ENCODE_ANY | JSON_PRESERVE_ORDER;
	json_t *doc = root;
	int err = 0;

	if (json_output) {
		if (first_error) {
			doc = json_object();
			json_object_set_new(doc, "error",
					    json_text(first_error));
		}
		if (pretty_output)
			flags |= JSON_INDENT(4);
		else
			flags |= JSON_COMPACT;
		if (doc && json_dumpf(doc, stdout, flags) == 0)
			fputc('\n', stdout);
		if (doc != root)
			json_decref(doc);
		json_decref(root);
		root = NULL;
		depth = 0;
	}
	free(first_error);
	first_error = NULL;
	if (fflush(stdout) == EOF || ferror(stdout))
		err = -1;
	return err;
}
