/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_LINKER_GC_H
#define BPFKIT_LINKER_GC_H

/*
 * Garbage collection of the final link (gc.c): with it on, finalize calls
 * bk_ld_gc_code() before sections are compacted, bk_ld_gc_fixup_code()
 * once relocations follow the cut, and bk_ld_gc_btf() once the DATASECs
 * are built. Without it (l->gc NULL) all three do nothing.
 */
struct bk_linker;
struct bk_ld_gc;

int bk_ld_gc_new(struct bk_linker *l);
void bk_ld_gc_free(struct bk_ld_gc *gc);
int bk_ld_gc_code(struct bk_linker *l);
int bk_ld_gc_fixup_code(struct bk_linker *l);
int bk_ld_gc_btf(struct bk_linker *l);

#endif /* BPFKIT_LINKER_GC_H */
