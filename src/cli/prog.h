/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
#ifndef BPFKIT_CLI_PROG_H
#define BPFKIT_CLI_PROG_H

#include <stdbool.h>
#include <linux/types.h>

#include "../prog/info.h"

/*
 * The prog object's verbs beyond show and load live in their own files
 * (prog_run.c, prog_dump.c); prog.c holds the table, the help, the
 * dispatch and the PROG selector they share. argv[0] is the first argument
 * after the verb.
 */
int do_prog_run(int argc, char **argv);
int do_prog_dump(int argc, char **argv);

/*
 * PROG := { id PROG_ID | pinned FILE | name PROG_NAME | tag PROG_TAG }:
 * consume its two words from argc and argv into q. 0, or -1 after p_err().
 */
int parse_prog_selector(int *argc, char ***argv, struct bk_prog_query *q);

struct bk_load_result;
/* Why each program verify mode rejected was rejected: its error and log. */
void print_rejections(const struct bk_load_result *res);

#endif /* BPFKIT_CLI_PROG_H */
