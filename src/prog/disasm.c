// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * BPF instructions in the verifier's syntax, kernel symbols for calls, and
 * function prototypes from BTF: the text of prog dump.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "disasm.h"
#include "../lib/compiler.h"
#include "../lib/mem.h"

/* ---- kernel symbols --------------------------------------------------- */

struct ksym {
	__u64 addr;
	char *name;
};

struct bk_kallsyms {
	struct ksym *syms; /* sorted by address */
	size_t cnt, cap;
	__u64 call_base; /* __bpf_call_base */
};

static int cmp_ksym(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int add_ksym(struct bk_kallsyms *s, __u64 addr, const char *name)
{
	if (bk_ensure_mem((void **)&s->syms, &s->cap, sizeof(*s->syms),
			  s->cnt + 1))
		return -ENOMEM;
	s->syms[s->cnt].name = strdup(name);
	if (!s->syms[s->cnt].name)
		return -ENOMEM;
	s->syms[s->cnt++].addr = addr;
	return 0;
}

struct bk_kallsyms *bk_kallsyms__load(void)
{
	struct bk_kallsyms *s = calloc(1, sizeof(*s));
	unsigned long long addr;
	char line[512], name[256];
	FILE *f;
	int err = 0;

	if (!s)
		return NULL;
	f = fopen("/proc/kallsyms", "re");
	if (!f) {
		free(s);
		return NULL;
	}
	while (!err && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %*c %255s", &addr, name) != 2 || !addr)
			continue;
		if (!strcmp(name, "__bpf_call_base"))
			s->call_base = addr;
		err = add_ksym(s, addr, name);
	}
	fclose(f);
	if (err) {
		bk_kallsyms__free(s);
		errno = -err;
		return NULL;
	}
	qsort(s->syms, s->cnt, sizeof(*s->syms), cmp_ksym);
	return s;
}

void bk_kallsyms__free(struct bk_kallsyms *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->cnt; i++)
		free(s->syms[i].name);
	free(s->syms);
	free(s);
}

__u64 bk_kallsyms__call_base(const struct bk_kallsyms *s)
{
	return s ? s->call_base : 0;
}

const char *bk_kallsyms__find(const struct bk_kallsyms *s, __u64 addr)
{
	struct ksym key = {.addr = addr}, *hit;

	if (!s || !addr)
		return NULL;
	hit = bsearch(&key, s->syms, s->cnt, sizeof(*s->syms), cmp_ksym);
	return hit ? hit->name : NULL;
}

/* ---- instructions ----------------------------------------------------- */

/* Appends to a fixed buffer; what does not fit is cut. */
struct sbuf {
	char *buf;
	size_t len, pos;
	bool overflow;
};

static void __printf(2, 3) sb_printf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (sb->pos >= sb->len) {
		sb->overflow = true;
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->pos, sb->len - sb->pos, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sb->len - sb->pos) {
		sb->overflow = true;
		sb->pos = sb->len;
		return;
	}
	sb->pos += n;
}

static const char *const alu_ops[16] = {
	"+=",  "-=", "*=", "/=", "|=",	 "&=",	   "<<=", ">>=",
	"neg", "%=", "^=", "=",	 "s>>=", "endian", "BUG", "BUG",
};

static const char *const jmp_ops[16] = {
	"jmp",	"==",	">", ">=", "&",	 "!=",	"s>",  "s>=",
	"call", "exit", "<", "<=", "s<", "s<=", "BUG", "BUG",
};

/* Indexed by BPF_SIZE() >> 3: W, H, B, DW. */
static const char *const mem_sizes[4] = {"u32", "u16", "u8", "u64"};

static const char *size_str(__u8 code)
{
	return mem_sizes[BPF_SIZE(code) >> 3];
}

static void fmt_alu(struct sbuf *sb, const struct bpf_insn *in)
{
	char r = BPF_CLASS(in->code) == BPF_ALU64 ? 'r' : 'w';
	__u8 op = BPF_OP(in->code);

	if (op == BPF_END) {
		sb_printf(sb, "r%d = %s%d r%d", in->dst_reg,
			  BPF_SRC(in->code) == BPF_TO_BE ? "be" : "le", in->imm,
			  in->dst_reg);
	} else if (op == BPF_NEG) {
		sb_printf(sb, "%c%d = -%c%d", r, in->dst_reg, r, in->dst_reg);
	} else if (BPF_SRC(in->code) == BPF_X) {
		sb_printf(sb, "%c%d %s %c%d", r, in->dst_reg, alu_ops[op >> 4],
			  r, in->src_reg);
	} else {
		sb_printf(sb, "%c%d %s %d", r, in->dst_reg, alu_ops[op >> 4],
			  in->imm);
	}
}

static void fmt_atomic(struct sbuf *sb, const struct bpf_insn *in)
{
	static const char *const names[16] = {
		[BPF_ADD >> 4] = "add",
		[BPF_AND >> 4] = "and",
		[BPF_OR >> 4] = "or",
		[BPF_XOR >> 4] = "xor",
	};
	const char *w = BPF_SIZE(in->code) == BPF_DW ? "64" : "";
	const char *sz = size_str(in->code);
	int op = in->imm & ~BPF_FETCH;

	if (in->imm == BPF_XCHG) {
		sb_printf(sb, "r%d = atomic%s_xchg((%s *)(r%d %+d), r%d)",
			  in->src_reg, w, sz, in->dst_reg, in->off,
			  in->src_reg);
	} else if (in->imm == BPF_CMPXCHG) {
		sb_printf(sb, "r0 = atomic%s_cmpxchg((%s *)(r%d %+d), r0, r%d)",
			  w, sz, in->dst_reg, in->off, in->src_reg);
	} else if (op < 256 && !(op & 0xf) && names[op >> 4] &&
		   (in->imm & BPF_FETCH)) {
		sb_printf(sb, "r%d = atomic%s_fetch_%s((%s *)(r%d %+d), r%d)",
			  in->src_reg, w, names[op >> 4], sz, in->dst_reg,
			  in->off, in->src_reg);
	} else if (op < 256 && !(op & 0xf) && names[op >> 4]) {
		sb_printf(sb, "lock *(%s *)(r%d %+d) %s r%d", sz, in->dst_reg,
			  in->off, alu_ops[op >> 4], in->src_reg);
	} else {
		sb_printf(sb, "BUG_%02x", in->code);
	}
}

static void fmt_store(struct sbuf *sb, const struct bpf_insn *in)
{
	if (BPF_CLASS(in->code) == BPF_ST && BPF_MODE(in->code) == BPF_MEM)
		sb_printf(sb, "*(%s *)(r%d %+d) = %d", size_str(in->code),
			  in->dst_reg, in->off, in->imm);
	else if (BPF_MODE(in->code) == BPF_MEM)
		sb_printf(sb, "*(%s *)(r%d %+d) = r%d", size_str(in->code),
			  in->dst_reg, in->off, in->src_reg);
	else if (BPF_MODE(in->code) == BPF_ATOMIC &&
		 BPF_CLASS(in->code) == BPF_STX)
		fmt_atomic(sb, in);
	else
		sb_printf(sb, "BUG_%02x", in->code);
}

static void fmt_imm64(struct sbuf *sb, const struct bpf_insn *in)
{
	__u64 imm = (__u64)(__u32)in[1].imm << 32 | (__u32)in->imm;

	sb_printf(sb, "r%d = ", in->dst_reg);
	switch (in->src_reg) {
	case BPF_PSEUDO_MAP_FD:
		sb_printf(sb, "map[id:%u]", in->imm);
		break;
	case BPF_PSEUDO_MAP_VALUE:
		sb_printf(sb, "map[id:%u][0]+%u", in->imm, in[1].imm);
		break;
	case BPF_PSEUDO_MAP_IDX_VALUE:
		sb_printf(sb, "map[idx:%u]+%u", in->imm, in[1].imm);
		break;
	case BPF_PSEUDO_FUNC:
		sb_printf(sb, "subprog[%+d]", in->imm);
		break;
	default:
		sb_printf(sb, "0x%llx", (unsigned long long)imm);
		break;
	}
}

static void fmt_load(struct sbuf *sb, const struct bpf_insn *in)
{
	__u8 mode = BPF_MODE(in->code);

	if (BPF_CLASS(in->code) == BPF_LDX && mode == BPF_MEM)
		sb_printf(sb, "r%d = *(%s *)(r%d %+d)", in->dst_reg,
			  size_str(in->code), in->src_reg, in->off);
	else if (mode == BPF_ABS)
		sb_printf(sb, "r0 = *(%s *)skb[%d]", size_str(in->code),
			  in->imm);
	else if (mode == BPF_IND)
		sb_printf(sb, "r0 = *(%s *)skb[r%d + %d]", size_str(in->code),
			  in->src_reg, in->imm);
	else if (mode == BPF_IMM && BPF_SIZE(in->code) == BPF_DW)
		fmt_imm64(sb, in);
	else
		sb_printf(sb, "BUG_ld_%02x", in->code);
}

/* Subprogram calls: pc-relative, named by the JIT's symbol. */
static void fmt_call(struct sbuf *sb, const struct bpf_insn *in,
		     const struct bk_disasm_ctx *ctx)
{
	const char *name;
	__u64 addr;

	if (in->src_reg == BPF_PSEUDO_CALL) {
		addr = (__u32)in->imm < ctx->jited_ksym_cnt
			       ? ctx->jited_ksyms[in->imm]
			       : 0;
		name = bk_kallsyms__find(ctx->syms, addr);
		if (name)
			sb_printf(sb, "call pc%+d#%s", in->off, name);
		else if (addr)
			sb_printf(sb, "call pc%+d#0x%llx", in->off,
				  (unsigned long long)addr);
		else
			sb_printf(sb, "call pc%+d", in->imm);
		return;
	}
	addr = ctx->call_base ? ctx->call_base + in->imm : 0;
	name = bk_kallsyms__find(ctx->syms, addr);
	if (name)
		sb_printf(sb, "call %s#%d", name, in->imm);
	else if (addr)
		sb_printf(sb, "call 0x%llx#%d", (unsigned long long)addr,
			  in->imm);
	else
		sb_printf(sb, "call unknown#%d", in->imm);
}

static void fmt_jmp(struct sbuf *sb, const struct bpf_insn *in,
		    const struct bk_disasm_ctx *ctx)
{
	char r = BPF_CLASS(in->code) == BPF_JMP ? 'r' : 'w';
	__u8 op = BPF_OP(in->code);

	if (op == BPF_CALL)
		fmt_call(sb, in, ctx);
	else if (op == BPF_JA)
		sb_printf(sb, "goto pc%+d", in->off);
	else if (op == BPF_EXIT)
		sb_printf(sb, "exit");
	else if (BPF_SRC(in->code) == BPF_X)
		sb_printf(sb, "if %c%d %s %c%d goto pc%+d", r, in->dst_reg,
			  jmp_ops[op >> 4], r, in->src_reg, in->off);
	else
		sb_printf(sb, "if %c%d %s 0x%x goto pc%+d", r, in->dst_reg,
			  jmp_ops[op >> 4], (__u32)in->imm, in->off);
}

void bk_disasm__insn(const struct bpf_insn *insn,
		     const struct bk_disasm_ctx *ctx, char *buf, size_t len)
{
	struct sbuf sb = {.buf = buf, .len = len};

	if (!len)
		return;
	buf[0] = '\0';
	sb_printf(&sb, "(%02x) ", insn->code);
	switch (BPF_CLASS(insn->code)) {
	case BPF_ALU:
	case BPF_ALU64:
		fmt_alu(&sb, insn);
		break;
	case BPF_ST:
	case BPF_STX:
		fmt_store(&sb, insn);
		break;
	case BPF_LD:
	case BPF_LDX:
		fmt_load(&sb, insn);
		break;
	default: /* BPF_JMP, BPF_JMP32 */
		fmt_jmp(&sb, insn, ctx);
		break;
	}
}

/* ---- prototypes ------------------------------------------------------- */

static int fmt_type(struct sbuf *sb, const struct btf *btf, __u32 id,
		    int depth);

static const char *name_of(const struct btf *btf, const struct btf_type *t)
{
	return btf__name_by_offset(btf, t->name_off) ?: "";
}

static int fmt_func(struct sbuf *sb, const struct btf *btf,
		    const struct btf_type *proto, const struct btf_type *func,
		    int depth)
{
	const struct btf_param *p = btf_params(proto);
	__u16 i;

	if (fmt_type(sb, btf, proto->type, depth))
		return -1;
	sb_printf(sb, "%s(", func ? name_of(btf, func) : "");
	for (i = 0; i < btf_vlen(proto); i++, p++) {
		if (i)
			sb_printf(sb, ", ");
		if (!p->type) {
			sb_printf(sb, "...");
			continue;
		}
		if (fmt_type(sb, btf, p->type, depth))
			return -1;
		if (p->name_off)
			sb_printf(sb, "%s",
				  btf__name_by_offset(btf, p->name_off));
		else if (sb->pos && sb->pos < sb->len &&
			 sb->buf[sb->pos - 1] == ' ')
			sb->buf[--sb->pos] = '\0';
	}
	sb_printf(sb, ")");
	return 0;
}

/* A type as bpftool spells it: each word followed by a space. */
static int fmt_type(struct sbuf *sb, const struct btf *btf, __u32 id, int depth)
{
	const struct btf_type *t;

	if (!id) {
		sb_printf(sb, "void ");
		return 0;
	}
	t = btf__type_by_id(btf, id);
	/* BTF from the kernel is checked, yet a loop must not recurse forever. */
	if (!t || depth > 64)
		return -1;
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_FLOAT:
		sb_printf(sb, "%s ", name_of(btf, t));
		return 0;
	case BTF_KIND_STRUCT:
		sb_printf(sb, "struct %s ", name_of(btf, t));
		return 0;
	case BTF_KIND_UNION:
		sb_printf(sb, "union %s ", name_of(btf, t));
		return 0;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		sb_printf(sb, "enum %s ", name_of(btf, t));
		return 0;
	case BTF_KIND_FWD:
		sb_printf(sb, "%s %s ", btf_kflag(t) ? "union" : "struct",
			  name_of(btf, t));
		return 0;
	case BTF_KIND_ARRAY:
		if (fmt_type(sb, btf, btf_array(t)->type, depth + 1))
			return -1;
		sb_printf(sb, "[%d]", btf_array(t)->nelems);
		return 0;
	case BTF_KIND_PTR:
		if (fmt_type(sb, btf, t->type, depth + 1))
			return -1;
		sb_printf(sb, "* ");
		return 0;
	case BTF_KIND_VOLATILE:
		sb_printf(sb, "volatile ");
		return fmt_type(sb, btf, t->type, depth + 1);
	case BTF_KIND_CONST:
		sb_printf(sb, "const ");
		return fmt_type(sb, btf, t->type, depth + 1);
	case BTF_KIND_RESTRICT:
		sb_printf(sb, "restrict ");
		return fmt_type(sb, btf, t->type, depth + 1);
	case BTF_KIND_FUNC_PROTO:
		return fmt_func(sb, btf, t, NULL, depth + 1);
	case BTF_KIND_FUNC:
		if (!btf__type_by_id(btf, t->type))
			return -1;
		return fmt_func(sb, btf, btf__type_by_id(btf, t->type), t,
				depth + 1);
	default:
		return -1;
	}
}

void bk_disasm__func_sig(const struct btf *btf, __u32 type_id, char *buf,
			 size_t len)
{
	struct sbuf sb = {.buf = buf, .len = len};

	if (!len)
		return;
	buf[0] = '\0';
	if (!btf || fmt_type(&sb, btf, type_id, 0) || sb.overflow)
		buf[0] = '\0';
}
