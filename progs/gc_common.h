/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/* What gc_app.bpf.c uses of gc_lib.bpf.c (gen object ... gc tests). */
#ifndef GC_COMMON_H
#define GC_COMMON_H

/* 200 global functions gc_f<D>_<U>(x) = x * 3 + D * 10 + U, D 0-19. */
int gc_f0_1(int x);
int gc_f7_3(int x);
int gc_f19_9(int x);
/* calls a static helper of the library */
int gc_mid(int x);
/* bpf_loop() with a static callback: 0 + 1 + ... + (n - 1), n <= 64 */
int gc_loop_sum(int n);
/* __weak in the library; the application overrides gc_hook only */
int gc_hook(int x);
int gc_hook2(int x);
/* the index of a function whose address the library's .rodata holds */
int gc_table_len(void);

#endif
