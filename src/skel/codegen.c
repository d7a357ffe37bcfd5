// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Printing helpers of the skeleton generators: code templates, C string
 * literals, the embedded object bytes and C declarations of BTF types.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "skel_internal.h"

/* A template's first line holds only its baseline tabs: a bug otherwise. */
static bool has_baseline_line(const char *tmpl)
{
	return tmpl[strspn(tmpl, "\t")] == '\n';
}

/*
 * Cut the baseline tabs and trailing blanks of every line of tmpl (which
 * has_baseline_line() accepted) into dst, and return dst. Only blanks go,
 * so dst is the same format as tmpl: format_arg lets the compiler check the
 * caller's arguments against tmpl although the format printed is built at
 * run time.
 */
static __attribute__((format_arg(1))) const char *
flatten_template(const char *tmpl, char *dst)
{
	char *start = dst;
	size_t base = strspn(tmpl, "\t"), n;
	const char *src = tmpl + base + 1, *end;

	while (*src) {
		for (n = 0; n < base && *src == '\t'; n++)
			src++;
		end = strchrnul(src, '\n');
		n = end - src;
		while (n && isspace((unsigned char)src[n - 1]))
			n--;
		memcpy(dst, src, n);
		dst += n;
		if (*end)
			*dst++ = '\n';
		src = *end ? end + 1 : end;
	}
	*dst = '\0';
	return start;
}

int bk_skel__codegen(struct skel *skel, const char *tmpl, ...)
{
	char small[1024], *buf = small;
	size_t len = strlen(tmpl);
	va_list ap;

	if (!has_baseline_line(tmpl))
		return bk_err(skel->diag, -EINVAL,
			      "malformed code template '%.40s'", tmpl);
	if (len >= sizeof(small)) {
		buf = malloc(len + 1);
		if (!buf)
			return bk_err(skel->diag, -ENOMEM, "%s: out of memory",
				      skel->path);
	}
	va_start(ap, tmpl);
	vfprintf(skel->out, flatten_template(tmpl, buf), ap);
	va_end(ap);
	if (buf != small)
		free(buf);
	return 0;
}

void bk_skel__put_c_str(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\' || c == '?' || !isprint(c))
			/* Octal takes at most 3 digits: safe before any byte. */
			fprintf(out, "\\%03o", c);
		else
			fputc(c, out);
	}
}

/*
 * The object is often most of the header, so it is encoded through a table
 * into a buffer rather than with a printf per byte. Zero bytes are "\0",
 * others "\xNN"; every escape starts with '\', so no escape can swallow the
 * next byte. Lines stay within 80 columns.
 */
#define BYTES_LINE 78

void bk_skel__put_bytes(FILE *out, const void *buf, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = buf;
	char chunk[64 * 1024];
	size_t i, len = 0, col = 0;

	for (i = 0; i < size; i++) {
		size_t w = p[i] ? 4 : 2;

		if (len + 6 > sizeof(chunk)) {
			fwrite(chunk, 1, len, out);
			len = 0;
		}
		if (col + w > BYTES_LINE) {
			chunk[len++] = '\\';
			chunk[len++] = '\n';
			col = 0;
		}
		chunk[len++] = '\\';
		if (p[i]) {
			chunk[len++] = 'x';
			chunk[len++] = hex[p[i] >> 4];
			chunk[len++] = hex[p[i] & 0xf];
		} else {
			chunk[len++] = '0';
		}
		col += w;
	}
	fwrite(chunk, 1, len, out);
}

int bk_skel__put_decl(struct skel *skel, __u32 type_id, const char *field,
		      int indent, bool strip_mods)
{
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, opts, .field_name = field,
		    .indent_level = indent, .strip_mods = strip_mods);
	int err;

	err = btf_dump__emit_type_decl(skel->dump, type_id, &opts);
	if (err)
		return bk_err(skel->diag, err,
			      "%s: cannot print the C type of '%s' (type #%u)",
			      skel->path, field, type_id);
	return 0;
}

static void emit_handle_struct(struct skel *skel, const char *type,
			       const char *member, bool is_map)
{
	size_t i, cnt = is_map ? skel->map_cnt : skel->prog_cnt;

	fputs("\tstruct {\n", skel->out);
	for (i = 0; i < cnt; i++)
		fprintf(skel->out, "\t\tstruct %s *%s;\n", type,
			is_map ? skel->maps[i].ident : skel->progs[i].ident);
	fprintf(skel->out, "\t} %s;\n", member);
}

void bk_skel__emit_handles(struct skel *skel, bool with_links)
{
	if (skel->map_cnt)
		emit_handle_struct(skel, "bpf_map", "maps", true);
	if (skel->prog_cnt)
		emit_handle_struct(skel, "bpf_program", "progs", false);
	if (skel->prog_cnt && with_links)
		emit_handle_struct(skel, "bpf_link", "links", false);
}
