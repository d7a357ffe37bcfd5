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
static bool streaming; /* bpftool's layout: out_jw_start() */

static void jw_begin(const char *key, char open);
static void jw_end(char close);
static void jw_value(const char *key, const char *text, size_t len);
static void jw_str(const char *key, const char *s);
static char *fmt_u64(char *end, __u64 v);
static char *fmt_s64(char *end, __s64 v);
static json_t *stack[MAX_DEPTH];
static int depth;
static char *first_error;
static bool first_error_open; /* the last error was the first: details go on */

/*
 * Messages quote names taken from input files: a newline there would split
 * one error into two lines and an ESC would reach the terminal. Control
 * bytes are written as C escapes (newlines kept for libbpf's multi-line
 * logs); JSON mode escapes them itself.
 */
static void put_escaped(FILE *f, const char *s, bool keep_newlines)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '\n' && keep_newlines)
			fputc(c, f);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
}

static __printf(3, 0) void vp_msg(FILE *f, const char *prefix, const char *fmt,
				  va_list ap)
{
	char *msg;

	fflush(stdout);
	fputs(prefix, f);
	if (vasprintf(&msg, fmt, ap) < 0) {
		fputs("out of memory\n", f);
		return;
	}
	put_escaped(f, msg, false);
	fputc('\n', f);
	free(msg);
}

int vp_libbpf(const char *fmt, va_list ap)
{
	char *msg;
	int len;

	len = vasprintf(&msg, fmt, ap);
	if (len < 0)
		return len;
	put_escaped(stderr, msg, true);
	free(msg);
	return len;
}

void p_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	/* Keep the first: modules report the root cause first. */
	first_error_open = json_output && !first_error;
	if (!json_output)
		vp_msg(stderr, "Error: ", fmt, ap);
	else if (first_error_open && vasprintf(&first_error, fmt, ap) < 0)
		first_error = strdup("out of memory");
	va_end(ap);
}

/*
 * The lines that explain the last error (a verifier log): their line breaks
 * are kept, each line escaped. In JSON they end the error they explain.
 */
void p_err_detail(const char *msg)
{
	char *joined;

	if (!json_output) {
		fflush(stdout);
		put_escaped(stderr, msg, true);
		fputc('\n', stderr);
		return;
	}
	if (!first_error_open)
		return;
	if (asprintf(&joined, "%s\n%s", first_error, msg) < 0)
		return;
	free(first_error);
	first_error = joined;
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
			p_info("%s", msg);
		break;
	case BK_DIAG_DETAIL:
		p_err_detail(msg);
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
	if (streaming)
		jw_begin(key, '{');
	else if (json_output)
		open_container(key, json_object());
}

void out_obj_close(void)
{
	if (streaming)
		jw_end('}');
	else if (json_output)
		close_container();
}

void out_arr_open(const char *key)
{
	if (streaming)
		jw_begin(key, '[');
	else if (json_output)
		open_container(key, json_array());
}

void out_arr_close(void)
{
	if (streaming)
		jw_end(']');
	else if (json_output)
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
	char buf[24], *end = buf + sizeof(buf), *p;

	if (streaming) {
		p = fmt_u64(end, v);
		jw_value(key, p, end - p);
		return;
	}
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
	char buf[24], *end = buf + sizeof(buf), *p;

	if (streaming) {
		p = fmt_s64(end, v);
		jw_value(key, p, end - p);
		return;
	}
	if (!json_output) {
		if (fmt)
			printf(fmt, (long long)v);
		return;
	}
	add_value(key, json_integer(v));
}

void out_str(const char *key, const char *fmt, const char *s)
{
	if (streaming) {
		jw_str(key, s);
		return;
	}
	if (!json_output) {
		if (fmt)
			printf(fmt, s);
		return;
	}
	add_value(key, json_text(s));
}

void out_bool(const char *key, const char *fmt, bool v)
{
	if (streaming) {
		jw_value(key, v ? "true" : "false", v ? 4 : 5);
		return;
	}
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
	if (streaming)
		jw_value(key, "null", 4);
	else if (json_output)
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

/* Streaming output ------------------------------------------------------ */

/*
 * For output too large for one JSON tree (a vmlinux BTF dump: a hundred
 * thousand types, a million fields). Fields are written as out_*() do, one
 * call per field for both modes, with the same JSON conventions (u64 rule,
 * '?' for non-UTF-8 bytes, jansson's layout): in
 * plain mode fmt (one conversion, or NULL for JSON only) is applied to the
 * value; in JSON mode the value goes under key. Containers matter to JSON
 * only. Text is gathered in a buffer of our own and handed to stdio in
 * large blocks, without printf's format parsing or stdio's locking per
 * field.
 */
#define WRITER_BUF_SIZE (64 << 10)

struct out_stream {
	FILE *f;
	char *buf; /* WRITER_BUF_SIZE bytes */
	size_t len;
	bool json;
	bool pretty;
	bool first;	/* nothing written yet in the innermost container */
	bool in_object; /* the innermost container is an object */
	__u32 depth;	/* nesting, for -p indentation */
	__u64 obj_bits; /* bit i: level i + 1 is an object */
};

/* Why a write to stdout failed, when stdio's own buffer was bypassed. */
static int stdout_errno;

static void w_write(struct out_stream *w, const char *s, size_t len)
{
	if (fwrite_unlocked(s, 1, len, w->f) != len && !stdout_errno)
		stdout_errno = errno ?: EIO;
}

static void w_flush(struct out_stream *w)
{
	w_write(w, w->buf, w->len);
	w->len = 0;
}

static void w_bytes(struct out_stream *w, const char *s, size_t len)
{
	if (len > WRITER_BUF_SIZE - w->len) {
		w_flush(w);
		if (len > WRITER_BUF_SIZE) {
			w_write(w, s, len);
			return;
		}
	}
	memcpy(w->buf + w->len, s, len);
	w->len += len;
}

static void w_char(struct out_stream *w, char ch)
{
	if (w->len == WRITER_BUF_SIZE)
		w_flush(w);
	w->buf[w->len++] = ch;
}

static void w_str(struct out_stream *w, const char *s)
{
	w_bytes(w, s, strlen(s));
}

/* Decimal digits of v, written backwards from end; returns the first. */
static char *fmt_u64(char *end, __u64 v)
{
	do {
		*--end = '0' + v % 10;
		v /= 10;
	} while (v);
	return end;
}

static char *fmt_s64(char *end, __s64 v)
{
	char *p = fmt_u64(end, v < 0 ? -(__u64)v : (__u64)v);

	if (v < 0)
		*--p = '-';
	return p;
}

/* Plain mode: fmt with its one conversion replaced by val. */
static void w_fmt(struct out_stream *w, const char *fmt, const char *val,
		  size_t val_len)
{
	const char *p = fmt;

	while (*p && *p != '%')
		p++;
	w_bytes(w, fmt, p - fmt);
	if (!*p)
		return;
	for (p++; *p == 'l' || *p == 'h' || *p == 'z'; p++)
		;
	w_bytes(w, val, val_len);
	w_str(w, p + 1);
}

/* Length of the UTF-8 sequence at s, or 0 if it is not valid UTF-8. */
static size_t utf8_seq_len(const unsigned char *s)
{
	size_t len, i;
	__u32 cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

static bool is_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len;

	while (*p) {
		len = utf8_seq_len(p);
		if (!len)
			return false;
		p += len;
	}
	return true;
}

/* A JSON string as jansson writes one, with out.h's '?' rule for non-UTF-8. */
static void w_json_str(struct out_stream *w, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s, *run = p;
	bool utf8 = false, checked = false;
	char esc[7] = "\\u00";

	w_char(w, '"');
	for (; *p; p++) {
		/* names are almost always ASCII: check UTF-8 only if not */
		if (*p >= 0x80 && !checked) {
			checked = true;
			utf8 = is_utf8(s);
		}
		if (*p >= 0x20 && *p != '"' && *p != '\\' &&
		    (*p < 0x80 || utf8))
			continue;
		w_bytes(w, (const char *)run, p - run);
		run = p + 1;
		if (*p >= 0x80) {
			w_char(w, '?');
		} else if (*p == '"' || *p == '\\') {
			w_char(w, '\\');
			w_char(w, *p);
		} else if (*p == '\n') {
			w_str(w, "\\n");
		} else if (*p == '\t') {
			w_str(w, "\\t");
		} else {
			esc[4] = hex[*p >> 4];
			esc[5] = hex[*p & 0xf];
			w_bytes(w, esc, 6);
		}
	}
	w_bytes(w, (const char *)run, p - run);
	w_char(w, '"');
}

static void w_newline_indent(struct out_stream *w)
{
	__u32 i;

	w_char(w, '\n');
	for (i = 0; i < w->depth; i++)
		w_bytes(w, "    ", 4);
}

/* JSON: separator, indentation and key before the next value. */
static void w_key(struct out_stream *w, const char *key)
{
	if (!w->first)
		w_char(w, ',');
	w->first = false;
	if (w->pretty)
		w_newline_indent(w);
	if (!w->in_object)
		return;
	w_json_str(w, key);
	if (w->pretty)
		w_bytes(w, ": ", 2);
	else
		w_char(w, ':');
}

void out_stream_open(struct out_stream *w, const char *key, bool object)
{
	if (!w->json)
		return;
	if (w->depth)
		w_key(w, key);
	w_char(w, object ? '{' : '[');
	w->depth++;
	if (object)
		w->obj_bits |= 1ULL << (w->depth - 1);
	else
		w->obj_bits &= ~(1ULL << (w->depth - 1));
	w->in_object = object;
	w->first = true;
}

void out_stream_close(struct out_stream *w)
{
	bool object = w->in_object, empty = w->first;

	if (!w->json)
		return;
	w->depth--;
	if (w->pretty && !empty)
		w_newline_indent(w);
	w_char(w, object ? '}' : ']');
	w->in_object = w->depth && (w->obj_bits >> (w->depth - 1) & 1);
	w->first = false;
}

void out_stream_u64(struct out_stream *w, const char *key, const char *fmt,
		    __u64 v)
{
	char buf[24], *end = buf + sizeof(buf), *p = fmt_u64(end, v);

	if (w->json) {
		w_key(w, key);
		/* out.h's rule: beyond json_int_t, the decimal as a string */
		if (v > INT64_MAX)
			w_char(w, '"');
		w_bytes(w, p, end - p);
		if (v > INT64_MAX)
			w_char(w, '"');
	} else if (fmt) {
		w_fmt(w, fmt, p, end - p);
	}
}

void out_stream_s64(struct out_stream *w, const char *key, const char *fmt,
		    __s64 v)
{
	char buf[24], *end = buf + sizeof(buf), *p = fmt_s64(end, v);

	if (w->json) {
		w_key(w, key);
		w_bytes(w, p, end - p);
	} else if (fmt) {
		w_fmt(w, fmt, p, end - p);
	}
}

void out_stream_str(struct out_stream *w, const char *key, const char *fmt,
		    const char *s)
{
	if (w->json) {
		w_key(w, key);
		w_json_str(w, s);
	} else if (fmt) {
		w_fmt(w, fmt, s, strlen(s));
	}
}

void out_stream_plain(struct out_stream *w, const char *s)
{
	if (!w->json)
		w_str(w, s);
}

static char stream_buf[WRITER_BUF_SIZE];
static struct out_stream stream;

struct out_stream *out_stream_start(void)
{
	stream = (struct out_stream){
		.f = stdout,
		.buf = stream_buf,
		.json = json_output,
		.pretty = pretty_output,
	};
	return &stream;
}

void out_stream_end(struct out_stream *w)
{
	if (w->json)
		w_char(w, '\n');
	w_flush(w);
}

/*
 * A full disk, /dev/full or a closed stdout: say so, in JSON mode too (the
 * document could not be written anyway). A failed write marks the stream;
 * flushing again fails again and tells why.
 */
static int check_stdout(void)
{
	int flushed = fflush(stdout), err = flushed ? errno : stdout_errno;

	if (!flushed && !ferror(stdout))
		return 0;
	fprintf(stderr, "Error: cannot write to standard output: %s\n",
		strerror(err ?: EIO));
	return -1;
}

/* bpftool's layout ------------------------------------------------------ */

/*
 * bpftool's json_writer, for outputs that must match bpftool's byte for
 * byte (map entries, whose plain form is bpftool's pretty JSON). Written
 * through the stream's buffer; stdout is unbuffered meanwhile, so that
 * each flush is one write. Strings are escaped as w_json_str() does, which
 * agrees with json_writer on every printable string.
 */
static struct out_stream *jw;
static char jw_kind[MAX_DEPTH]; /* closing character of each level */
static char jw_sep;		/* ',' before the next item, or 0 */
static bool jw_pretty;

void out_jw_start(bool pretty)
{
	fflush(stdout);
	setvbuf(stdout, NULL, _IONBF, 0);
	jw = out_stream_start();
	streaming = true;
	jw_pretty = pretty;
	jw_sep = 0;
}

void out_jw_stop(void)
{
	if (!streaming)
		return;
	if (!jw->depth && jw_sep)
		w_char(jw, '\n');
	w_flush(jw);
	streaming = false;
}

/* The separator and, inside an object, the key of the next item. */
static void jw_sep_key(const char *key)
{
	bool in_obj = jw->depth && jw_kind[jw->depth - 1] == '}';

	if (jw_sep)
		w_char(jw, jw_sep);
	jw_sep = ',';
	if (!in_obj)
		return;
	if (jw_pretty)
		w_newline_indent(jw);
	w_json_str(jw, key ? key : "");
	w_char(jw, ':');
	if (jw_pretty)
		w_char(jw, ' ');
}

static void jw_value(const char *key, const char *text, size_t len)
{
	jw_sep_key(key);
	w_bytes(jw, text, len);
}

static void jw_str(const char *key, const char *s)
{
	jw_sep_key(key);
	w_json_str(jw, s);
}

static void jw_begin(const char *key, char open)
{
	jw_sep_key(key);
	w_char(jw, open);
	if (jw->depth < MAX_DEPTH)
		jw_kind[jw->depth] = open == '{' ? '}' : ']';
	jw->depth++;
	jw_sep = 0;
}

static void jw_end(char close)
{
	if (jw->depth > 0)
		jw->depth--;
	if (jw_sep && jw_pretty)
		w_newline_indent(jw);
	w_char(jw, close);
	jw_sep = ',';
}

void out_raw(const char *key, const char *text)
{
	if (streaming)
		jw_value(key, text, strlen(text));
}

/* "0x.." strings, comma-separated, written in place. */
static char *hex_items(char *p, const unsigned char *b, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		if (i)
			*p++ = ',';
		p[0] = '"';
		p[1] = '0';
		p[2] = 'x';
		p[3] = digits[b[i] >> 4];
		p[4] = digits[b[i] & 15];
		p[5] = '"';
		p += 6;
	}
	return p;
}

void out_hex_bytes(const char *key, const void *data, size_t len)
{
	char item[8];
	size_t i;

	jw_begin(key, '[');
	if (len * 7 <= WRITER_BUF_SIZE) {
		/* A dump prints millions of these: straight into the buffer. */
		if (jw->len + len * 7 > WRITER_BUF_SIZE)
			w_flush(jw);
		jw->len = hex_items(jw->buf + jw->len, data, len) - jw->buf;
	} else {
		for (i = 0; i < len; i++) {
			item[0] = ',';
			w_bytes(jw, item + !i,
				hex_items(item + 1,
					  (const unsigned char *)data + i, 1) -
					item - !i);
		}
	}
	if (len)
		jw_sep = ',';
	jw_end(']');
}

int out_finish(void)
{
	size_t flags = JSON_ENCODE_ANY | JSON_PRESERVE_ORDER;
	json_t *doc = root;

	if (streaming) {
		/* A stream cut by an error still closes what it opened. */
		while (jw->depth)
			jw_end(jw_kind[jw->depth - 1]);
		out_jw_stop();
	}
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
	return check_stdout();
}
