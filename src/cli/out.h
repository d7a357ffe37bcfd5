/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
#ifndef BPFKIT_CLI_OUT_H
#define BPFKIT_CLI_OUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

#include "../lib/compiler.h"
#include "../lib/diag.h"

/*
 * The only place that knows about the two output modes and the only jansson
 * user. Call sites print each field once, for both modes:
 *
 *	out_u64("id", "[%llu] ", id);
 *
 * In plain mode the printf format (may be NULL: JSON only) is applied to the
 * value and written to stdout; in JSON mode the value is stored under key in
 * the innermost open object or array (key is ignored inside arrays), and the
 * whole document is printed once by out_finish(). Plain-only text goes
 * through out_plain().
 *
 * u64 rule: JSON integers are signed 64-bit in jansson, so out_u64() values
 * above INT64_MAX are emitted as JSON strings holding the decimal value
 * (documented in bpfkit(8)).
 */
extern bool json_output;
extern bool pretty_output;

/* Errors and messages: "Error: ..." on stderr, or {"error": ...} in JSON. */
void p_err(const char *fmt, ...) __printf(1, 2);
void p_err_detail(const char *msg);
void p_warn(const char *fmt, ...) __printf(1, 2); /* stderr, both modes */
void p_info(const char *fmt, ...) __printf(1, 2); /* stderr, plain only */
/* libbpf's messages to stderr, control bytes but newlines escaped. */
int vp_libbpf(const char *fmt, va_list ap) __printf(1, 0);
bool out_has_error(void);

/* A diagnostics sink for modules: errors go to p_err, warnings to p_warn,
 * info only with -d. */
extern const struct bk_diag cli_diag;

void out_obj_open(const char *key);
void out_obj_close(void);
void out_arr_open(const char *key);
void out_arr_close(void);

void out_u64(const char *key, const char *fmt, __u64 v);
void out_s64(const char *key, const char *fmt, __s64 v);
void out_str(const char *key, const char *fmt, const char *s);
void out_bool(const char *key, const char *fmt, bool v);
void out_null(const char *key);
void out_plain(const char *fmt, ...) __printf(1, 2);

/*
 * Streaming output, for what is too large for one JSON tree: written as
 * it comes, with the same conventions. Only for output that cannot fail
 * half-way (validate first). out_stream_end() ends the document.
 */
struct out_stream;

struct out_stream *out_stream_start(void);
void out_stream_open(struct out_stream *w, const char *key, bool object);
void out_stream_close(struct out_stream *w);
void out_stream_u64(struct out_stream *w, const char *key, const char *fmt,
		    __u64 v);
void out_stream_s64(struct out_stream *w, const char *key, const char *fmt,
		    __s64 v);
void out_stream_str(struct out_stream *w, const char *key, const char *fmt,
		    const char *s);
void out_stream_plain(struct out_stream *w, const char *s);
void out_stream_end(struct out_stream *w);

/*
 * bpftool's layout: from out_jw_start() to out_jw_stop(), the out_*()
 * calls above write JSON straight to stdout (formats are ignored), in plain
 * mode too, pretty or compact, laid out as bpftool's json_writer does (a
 * value in an array stays on its line, a member of an object starts a new
 * one), so that outputs bpftool prints as JSON, such as its "formatted" map
 * entries, come out byte for byte. For outputs too large for a tree. Call
 * before anything else is written to stdout. An error reported meanwhile is
 * printed by out_finish() after the stream, whose open containers it closes.
 */
void out_jw_start(bool pretty);
void out_jw_stop(void);
/* bpftool layout only: text as it is (bpftool's unquoted 0x.. bitfields). */
void out_raw(const char *key, const char *text);
/* bpftool layout only: bytes as bpftool's JSON array of "0x.." strings. */
void out_hex_bytes(const char *key, const void *data, size_t len);

/*
 * JSON mode: print the document built so far (or only {"error": msg} if an
 * error was reported), pretty with -p. Plain mode: flush stdout. Returns 0,
 * or -1 if writing stdout failed.
 */
int out_finish(void);

#endif /* BPFKIT_CLI_OUT_H */
