// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Unit tests of src/prog/disasm.c: every instruction class in the
 * verifier's syntax (what the kernel and bpftool print), and prototypes
 * from BTF in bpftool's spelling. prog_dump.bats compares whole programs
 * with bpftool; this covers the instructions those programs lack.
 */
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "prog/disasm.h"
#include "tap.h"

#define INSN(c, d, s, o, i)                \
	((struct bpf_insn){.code = (c),    \
			   .dst_reg = (d), \
			   .src_reg = (s), \
			   .off = (o),     \
			   .imm = (i)})

struct insn_case {
	struct bpf_insn insn[2];
	const char *want;
};

static const struct insn_case cases[] = {
	{{INSN(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0)}, "(b7) r0 = 0"},
	{{INSN(BPF_ALU | BPF_ADD | BPF_K, 1, 0, 0, -5)}, "(04) w1 += -5"},
	{{INSN(BPF_ALU64 | BPF_SUB | BPF_X, 2, 3, 0, 0)}, "(1f) r2 -= r3"},
	{{INSN(BPF_ALU | BPF_ARSH | BPF_X, 4, 5, 0, 0)}, "(cc) w4 s>>= w5"},
	{{INSN(BPF_ALU64 | BPF_NEG, 6, 0, 0, 0)}, "(87) r6 = -r6"},
	{{INSN(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 16)},
	 "(dc) r1 = be16 r1"},
	{{INSN(BPF_ALU64 | BPF_MOD | BPF_K, 7, 0, 0, 3)}, "(97) r7 %= 3"},
	{{INSN(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, 0x55667788),
	  INSN(0, 0, 0, 0, 0x11223344)},
	 "(18) r1 = 0x1122334455667788"},
	{{INSN(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_MAP_FD, 0, 5)},
	 "(18) r1 = map[id:5]"},
	{{INSN(BPF_LD | BPF_IMM | BPF_DW, 2, BPF_PSEUDO_MAP_VALUE, 0, 7),
	  INSN(0, 0, 0, 0, 16)},
	 "(18) r2 = map[id:7][0]+16"},
	{{INSN(BPF_LDX | BPF_MEM | BPF_DW, 0, 1, 8, 0)},
	 "(79) r0 = *(u64 *)(r1 +8)"},
	{{INSN(BPF_STX | BPF_MEM | BPF_W, 10, 1, -4, 0)},
	 "(63) *(u32 *)(r10 -4) = r1"},
	{{INSN(BPF_ST | BPF_MEM | BPF_B, 10, 0, -1, 7)},
	 "(72) *(u8 *)(r10 -1) = 7"},
	{{INSN(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_ADD)},
	 "(db) lock *(u64 *)(r1 +0) += r2"},
	{{INSN(BPF_STX | BPF_ATOMIC | BPF_W, 1, 2, 0, BPF_ADD | BPF_FETCH)},
	 "(c3) r2 = atomic_fetch_add((u32 *)(r1 +0), r2)"},
	{{INSN(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 8, BPF_XCHG)},
	 "(db) r2 = atomic64_xchg((u64 *)(r1 +8), r2)"},
	{{INSN(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_CMPXCHG)},
	 "(db) r0 = atomic64_cmpxchg((u64 *)(r1 +0), r0, r2)"},
	{{INSN(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 1, 8)},
	 "(15) if r1 == 0x8 goto pc+1"},
	{{INSN(BPF_JMP32 | BPF_JLT | BPF_X, 1, 2, -3, 0)},
	 "(ae) if w1 < w2 goto pc-3"},
	{{INSN(BPF_JMP | BPF_JSGT | BPF_K, 3, 0, 2, -1)},
	 "(65) if r3 s> 0xffffffff goto pc+2"},
	{{INSN(BPF_JMP | BPF_JA, 0, 0, 4, 0)}, "(05) goto pc+4"},
	{{INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)}, "(95) exit"},
	{{INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 3)},
	 "(85) call pc+3"},
	{{INSN(BPF_LD | BPF_ABS | BPF_H, 0, 0, 0, 12)},
	 "(28) r0 = *(u16 *)skb[12]"},
	{{INSN(BPF_LD | BPF_IND | BPF_B, 0, 3, 0, 2)},
	 "(50) r0 = *(u8 *)skb[r3 + 2]"},
};

static void test_insns(void)
{
	struct bk_disasm_ctx ctx = {};
	char buf[128];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bk_disasm__insn(cases[i].insn, &ctx, buf, sizeof(buf));
		CHECK(!strcmp(buf, cases[i].want), "insn: '%s' (got '%s')",
		      cases[i].want, buf);
	}
	bk_disasm__insn(cases[0].insn, &ctx, buf, 6);
	CHECK(!strcmp(buf, "(b7) "), "insn: a short buffer is cut, terminated");
}

static void test_func_sig(void)
{
	struct btf *btf = btf__new_empty();
	int i32, st, ptr, proto, func, vproto, vfunc;
	char buf[256];

	i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	st = btf__add_struct(btf, "xdp_md", 0);
	ptr = btf__add_ptr(btf, st);
	proto = btf__add_func_proto(btf, i32);
	btf__add_func_param(btf, "ctx", ptr);
	btf__add_func_param(btf, "", i32);
	btf__add_func_param(btf, "", 0);
	func = btf__add_func(btf, "f", BTF_FUNC_GLOBAL, proto);
	vproto = btf__add_func_proto(btf, 0);
	vfunc = btf__add_func(btf, "g", BTF_FUNC_STATIC, vproto);

	bk_disasm__func_sig(btf, func, buf, sizeof(buf));
	CHECK(!strcmp(buf, "int f(struct xdp_md * ctx, int, ...)"),
	      "func sig: bpftool's spelling (got '%s')", buf);
	bk_disasm__func_sig(btf, vfunc, buf, sizeof(buf));
	CHECK(!strcmp(buf, "void g()"), "func sig: void, no parameters");
	bk_disasm__func_sig(btf, func, buf, 10);
	CHECK(buf[0] == '\0', "func sig: too long for the buffer is empty");
	bk_disasm__func_sig(btf, 999, buf, sizeof(buf));
	CHECK(buf[0] == '\0', "func sig: a bad type id is empty");
	btf__free(btf);
}

int main(void)
{
	test_insns();
	test_func_sig();
	return tap_done();
}
