/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
#ifndef BPFKIT_CLI_MAIN_H
#define BPFKIT_CLI_MAIN_H

#include <stdbool.h>
#include <linux/types.h>

#include "../lib/compiler.h"
#include "../lib/diag.h"
#include "out.h"

/* User space speaks __u32 and friends, as the kernel's UAPI does. */
#pragma GCC poison u8 u16 u32 u64 s8 s16 s32 s64

#define NEXT_ARG()               \
	({                       \
		argc--;          \
		argv++;          \
		if (argc < 0)    \
			usage(); \
	})
#define NEXT_ARGP()              \
	({                       \
		(*argc)--;       \
		(*argv)++;       \
		if (*argc < 0)   \
			usage(); \
	})
#define BAD_ARG()                              \
	({                                     \
		p_err("what is '%s'?", *argv); \
		-1;                            \
	})
#define GET_ARG()         \
	({                \
		argc--;   \
		argv++;   \
		argv[-1]; \
	})
#define REQ_ARGS(cnt)                                                       \
	({                                                                  \
		int _cnt = (cnt);                                           \
		bool _res;                                                  \
                                                                            \
		if (argc < _cnt) {                                          \
			p_err("'%s' needs at least %d arguments, %d found", \
			      argv[-1], _cnt, argc);                        \
			_res = false;                                       \
		} else {                                                    \
			_res = true;                                        \
		}                                                           \
		_res;                                                       \
	})

/* Shared grammar pieces of the help texts (and of the man pages). */
#define HELP_SPEC_OPTIONS \
	"OPTIONS := { {-j|--json} [{-p|--pretty}] | {-d|--debug} }"
#define HELP_SPEC_PROGRAM_OPTIONS                                     \
	"OPTIONS := { {-j|--json} [{-p|--pretty}] | {-d|--debug} |\n" \
	"                    {-n|--nomount} }"

extern const char *bin_name;
extern bool debug_output;
extern bool block_mount;
/* A signal the command caught and stopped on: the process ends by it. */
extern int exit_signal;

struct cmd {
	const char *cmd;
	int (*func)(int argc, char **argv);
};

bool is_prefix(const char *pfx, const char *str);
/* A decimal, 0x hex or 0 octal number up to UINT_MAX; no sign. */
bool parse_u32(const char *s, __u32 *v);
int cmd_select(const struct cmd *cmds, int argc, char **argv,
	       int (*help)(int argc, char **argv));
void usage(void) __noreturn;

/* The per-object entry points; each object lives in src/cli/<object>.c. */
int do_btf(int argc, char **argv);
int do_gen(int argc, char **argv);
int do_link(int argc, char **argv);
int do_map(int argc, char **argv);
int do_object(int argc, char **argv);
int do_prog(int argc, char **argv);

#endif /* BPFKIT_CLI_MAIN_H */
