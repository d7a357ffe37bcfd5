/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
#ifndef BPFKIT_CLI_GEN_H
#define BPFKIT_CLI_GEN_H

/*
 * The gen object's verbs live in their own files (gen_object.c,
 * gen_skeleton.c); gen.c holds the table, the help and the dispatch.
 * argv[0] is the first argument after the verb.
 */
int do_gen_object(int argc, char **argv);
int do_gen_skeleton(int argc, char **argv);
int do_gen_subskeleton(int argc, char **argv);
int do_gen_header(int argc, char **argv);

#endif /* BPFKIT_CLI_GEN_H */
