// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Names in generated code: the object name that prefixes everything, field
 * names made from BTF and ELF names, include guards.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "skeleton.h"
#include "skel_internal.h"

/* Keywords of C11 and C++20, sorted for bsearch(). */
/* clang-format off */
static const char *const keywords[] = {
	"_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic",
	"_Imaginary", "_Noreturn", "_Static_assert", "_Thread_local", "alignas",
	"alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool",
	"break", "case", "catch", "char", "char16_t", "char32_t", "char8_t",
	"class", "co_await", "co_return", "co_yield", "compl", "concept",
	"const", "const_cast", "consteval", "constexpr", "constinit",
	"continue", "decltype", "default", "delete", "do", "double",
	"dynamic_cast", "else", "enum", "explicit", "export", "extern", "false",
	"float", "for", "friend", "goto", "if", "inline", "int", "long",
	"mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
	"operator", "or", "or_eq", "private", "protected", "public", "register",
	"reinterpret_cast", "requires", "restrict", "return", "short", "signed",
	"sizeof", "static", "static_assert", "static_cast", "struct", "switch",
	"template", "this", "thread_local", "throw", "true", "try", "typedef",
	"typeid", "typename", "union", "unsigned", "using", "virtual", "void",
	"volatile", "wchar_t", "while", "xor", "xor_eq",
};
/* clang-format on */

static int cmp_keyword(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

bool bk_skel__is_keyword(const char *name)
{
	return bsearch(name, keywords, ARRAY_SIZE(keywords),
		       sizeof(keywords[0]), cmp_keyword) != NULL;
}

static bool is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static const char *why_not_ident(const char *name)
{
	const char *p;

	if (!*name)
		return "it is empty";
	if (isdigit((unsigned char)*name))
		return "it starts with a digit";
	for (p = name; *p; p++) {
		if (!is_ident_char(*p))
			return "only letters, digits and '_' may appear in it";
	}
	if (bk_skel__is_keyword(name))
		return "it is a C or C++ keyword";
	return NULL;
}

int bk_skel__check_name(const char *name, const struct bk_diag *diag)
{
	const char *why = why_not_ident(name);

	if (why)
		return bk_err(diag, -EINVAL,
			      "object name '%s' is not a C identifier: %s",
			      name, why);
	return 0;
}

char *bk_skel__sanitize(const char *name)
{
	char *ident = strdup(name), *p;

	if (!ident)
		return NULL;
	for (p = ident; *p; p++) {
		if (!is_ident_char(*p))
			*p = '_';
	}
	return ident;
}

static bool strip_suffix(char *s, const char *sfx)
{
	size_t n = strlen(s), m = strlen(sfx);

	if (n < m || strcmp(s + n - m, sfx) != 0)
		return false;
	s[n - m] = '\0';
	return true;
}

int bk_skel__default_name(const char *path, char **name,
			  const struct bk_diag *diag)
{
	const char *base = strrchr(path, '/');
	const char *why;
	char *s, *p;

	s = strdup(base ? base + 1 : path);
	if (!s)
		return bk_err(diag, -ENOMEM, "out of memory");
	/* Only ".o", as bpftool: app.bpf.o is app_bpf, the name user space
	 * written for bpftool's skeletons (libbpf-bootstrap's) calls. */
	strip_suffix(s, ".o");
	for (p = s; *p; p++) {
		if (!is_ident_char(*p))
			*p = '_';
	}
	why = why_not_ident(s);
	if (why) {
		free(s);
		return bk_err(
			diag, -EINVAL,
			"%s: no object name can be made from the file name (%s): give one with 'name'",
			path, why);
	}
	*name = s;
	return 0;
}

char *bk_skel__guard(const char *obj_name, const char *suffix)
{
	char *guard, *p;

	if (asprintf(&guard, "__%s_%s__", obj_name, suffix) < 0)
		return NULL;
	for (p = guard; *p; p++)
		*p = toupper((unsigned char)*p);
	return guard;
}

bool bk_skel__sec_has_pfx(const char *name, const char *pfx)
{
	size_t n = strlen(pfx);

	return strncmp(name, pfx, n) == 0 && (!name[n] || name[n] == '.');
}

bool bk_skel__is_data_sec_name(const char *name)
{
	return bk_skel__sec_has_pfx(name, ".data") ||
	       bk_skel__sec_has_pfx(name, ".bss") ||
	       bk_skel__sec_has_pfx(name, ".rodata");
}
