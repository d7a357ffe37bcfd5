/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_SECTIONS_H
#define BPFKIT_LINKER_SECTIONS_H

/*
 * Section data: same-named sections concatenated (sections.c).
 */
struct bk_linker;
struct src_obj;

/* Refuse an input whose sections would not fit in the output. */
int bk_ld_check_out_sec_cnt(struct bk_linker *l, const struct src_obj *obj);
int bk_ld_append_sec_data(struct bk_linker *l, struct src_obj *obj);

#endif /* BPFKIT_LINKER_SECTIONS_H */
