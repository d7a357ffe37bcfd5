// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Functions and what their instructions use. A function is an STT_FUNC
 * symbol in an executable section: in .text a subprogram, elsewhere a
 * program (libbpf's rule). Calls, map and data references and extern uses
 * are read from the instructions together with their relocations; then
 * each function's facts are extended by those of everything it calls.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/libbpf.h>

#include "object_internal.h"
#include "../lib/mem.h"

#define INSN_SZ sizeof(struct bpf_insn)

static bool is_code_sec(const struct bk_elf_sec *sec)
{
	return sec->shdr.sh_type == SHT_PROGBITS &&
	       (sec->shdr.sh_flags & SHF_EXECINSTR);
}

static int check_rel(const struct obj_ctx *ctx, const struct bk_elf_sec *rel,
		     const struct bk_elf_sec *code, const Elf64_Rel *r)
{
	size_t sym_idx = ELF64_R_SYM(r->r_info);

	if (sym_idx >= ctx->sym_cnt)
		return bk_err(
			ctx->diag, -EINVAL,
			"%s: section '%s': relocation references symbol #%zu beyond %zu symbols",
			ctx->obj->path, rel->name, sym_idx, ctx->sym_cnt);
	if (r->r_offset % INSN_SZ || r->r_offset >= code->size)
		return bk_err(
			ctx->diag, -EINVAL,
			"%s: section '%s': relocation offset %llu is not an instruction of '%s'",
			ctx->obj->path, rel->name,
			(unsigned long long)r->r_offset, code->name);
	return 0;
}

/* Relocations of code sections, by the place they patch. */
static int index_relos(struct obj_ctx *ctx)
{
	size_t i, j, sec_cnt = bk_elf__sec_cnt(ctx->elf);
	int err;

	ctx->relos = bk_hashmap__new(bk_int_hash, bk_int_equal, NULL);
	if (!ctx->relos)
		return -ENOMEM;
	for (i = 1; i < sec_cnt; i++) {
		const struct bk_elf_sec *rel = bk_elf__sec(ctx->elf, i), *code;
		const Elf64_Rel *r = rel->data;

		if (rel->shdr.sh_type != SHT_REL ||
		    rel->shdr.sh_info >= sec_cnt)
			continue;
		code = bk_elf__sec(ctx->elf, rel->shdr.sh_info);
		if (!is_code_sec(code))
			continue;
		if (rel->shdr.sh_entsize != sizeof(*r) ||
		    rel->size % sizeof(*r) || (uintptr_t)r % __alignof__(*r))
			return bk_err(
				ctx->diag, -EINVAL,
				"%s: section '%s': not an aligned array of %zu-byte relocations",
				ctx->obj->path, rel->name, sizeof(*r));
		for (j = 0; j < rel->size / sizeof(*r); j++) {
			err = check_rel(ctx, rel, code, &r[j]);
			err = err
				      ?: bk_hashmap__set(
						 ctx->relos,
						 obj_place(code->idx,
							   r[j].r_offset),
						 (uintptr_t)&r[j]);
			if (err)
				return err;
		}
	}
	return 0;
}

static const Elf64_Sym *relo_sym(const struct obj_ctx *ctx, size_t sec_idx,
				 size_t off)
{
	uintptr_t r;

	if (!bk_hashmap__find(ctx->relos, obj_place(sec_idx, off), &r))
		return NULL;
	return &ctx->syms[ELF64_R_SYM(((const Elf64_Rel *)r)->r_info)];
}

static enum bk_obj_func_kind func_kind(const Elf64_Sym *sym, const char *sec)
{
	int bind = ELF64_ST_BIND(sym->st_info);

	if (strcmp(sec, ".text"))
		return BK_OBJ_PROG;
	if ((bind == STB_GLOBAL || bind == STB_WEAK) &&
	    ELF64_ST_VISIBILITY(sym->st_other) != STV_HIDDEN)
		return BK_OBJ_GLOBAL_SUBPROG;
	return BK_OBJ_STATIC_SUBPROG;
}

/* libbpf's section name rules, without its complaints about unknown ones. */
static void set_prog_type(struct bk_obj_func *f)
{
	libbpf_print_fn_t old = libbpf_set_print(NULL);
	enum bpf_attach_type attach;
	enum bpf_prog_type type;
	int err;

	/* SEC("?name") only turns autoload off. */
	err = libbpf_prog_type_by_name(f->sec + (f->sec[0] == '?'), &type,
				       &attach);
	libbpf_set_print(old);
	f->prog_type = err ? -1 : (int)type;
	/* 0 is both "none" and cgroup_inet_ingress, which only cgroup_skb uses. */
	f->attach_type = err || (!attach && type != BPF_PROG_TYPE_CGROUP_SKB)
				 ? -1
				 : (int)attach;
}

static int add_func(struct obj_ctx *ctx, const Elf64_Sym *sym,
		    const struct bk_elf_sec *sec)
{
	struct bk_object *obj = ctx->obj;
	struct bk_obj_func *f;

	if (sym->st_value % INSN_SZ || sym->st_size % INSN_SZ ||
	    sym->st_value > sec->size ||
	    sym->st_size > sec->size - sym->st_value)
		return bk_err(
			ctx->diag, -EINVAL,
			"%s: section '%s': function '%s' is not a whole number of instructions inside it",
			obj->path, sec->name, bk_obj_sym_name(ctx, sym));
	if (bk_ensure_mem((void **)&obj->funcs, &ctx->func_cap,
			  sizeof(*obj->funcs), obj->func_cnt + 1))
		return -ENOMEM;
	f = &obj->funcs[obj->func_cnt];
	f->name = bk_obj_sym_name(ctx, sym);
	f->sec = sec->name;
	f->kind = func_kind(sym, sec->name);
	f->prog_type = f->attach_type = -1;
	if (f->kind == BK_OBJ_PROG)
		set_prog_type(f);
	f->sec_idx = sec->idx;
	f->off = sym->st_value;
	f->insn_cnt = sym->st_size / INSN_SZ;
	obj->func_cnt++;
	return 0;
}

static int cmp_func(const void *a, const void *b)
{
	const struct bk_obj_func *x = a, *y = b;

	if (x->kind != y->kind)
		return x->kind == BK_OBJ_PROG ? -1 : y->kind == BK_OBJ_PROG;
	if (x->sec_idx != y->sec_idx)
		return x->sec_idx < y->sec_idx ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Programs first, each group in section then offset order. */
static int collect_funcs(struct obj_ctx *ctx)
{
	size_t i, sec_cnt = bk_elf__sec_cnt(ctx->elf);
	int err;

	for (i = 1; i < ctx->sym_cnt; i++) {
		const Elf64_Sym *sym = &ctx->syms[i];
		const struct bk_elf_sec *sec;

		if (ELF64_ST_TYPE(sym->st_info) != STT_FUNC ||
		    sym->st_shndx == SHN_UNDEF || sym->st_shndx >= sec_cnt)
			continue;
		sec = bk_elf__sec(ctx->elf, sym->st_shndx);
		if (!is_code_sec(sec))
			continue;
		err = add_func(ctx, sym, sec);
		if (err)
			return err;
	}
	if (ctx->obj->func_cnt)
		qsort(ctx->obj->funcs, ctx->obj->func_cnt,
		      sizeof(*ctx->obj->funcs), cmp_func);
	ctx->func_at = bk_hashmap__new(bk_int_hash, bk_int_equal, NULL);
	if (!ctx->func_at)
		return -ENOMEM;
	for (i = 0; i < ctx->obj->func_cnt; i++) {
		const struct bk_obj_func *f = &ctx->obj->funcs[i];

		if (bk_hashmap__set(ctx->func_at, obj_place(f->sec_idx, f->off),
				    i + 1))
			return -ENOMEM;
	}
	return 0;
}

/* Named data objects by place, for section-relative references. */
static int index_vars(struct obj_ctx *ctx)
{
	size_t i;

	ctx->var_at = bk_hashmap__new(bk_int_hash, bk_int_equal, NULL);
	if (!ctx->var_at)
		return -ENOMEM;
	for (i = 1; i < ctx->sym_cnt; i++) {
		const Elf64_Sym *sym = &ctx->syms[i];

		if (ELF64_ST_TYPE(sym->st_info) != STT_OBJECT ||
		    sym->st_shndx == SHN_UNDEF || !*bk_obj_sym_name(ctx, sym))
			continue;
		if (bk_hashmap__set(ctx->var_at,
				    obj_place(sym->st_shndx, sym->st_value),
				    (uintptr_t)bk_obj_sym_name(ctx, sym)))
			return -ENOMEM;
	}
	return 0;
}

static int add_id(struct bk_obj_ids *ids, __u32 id)
{
	if (bk_ensure_mem((void **)&ids->v, &ids->cap, sizeof(*ids->v),
			  ids->cnt + 1))
		return -ENOMEM;
	ids->v[ids->cnt++] = id;
	return 0;
}

static int add_callee(struct bk_obj_func *f, size_t idx)
{
	size_t *v = bk_reallocarray(f->callees, f->callee_cnt + 1, sizeof(*v));

	if (!v)
		return -ENOMEM;
	v[f->callee_cnt++] = idx;
	f->callees = v;
	return 0;
}

static int call_local(struct obj_ctx *ctx, struct bk_obj_func *f,
		      size_t sec_idx, __s64 target, size_t insn_off)
{
	uintptr_t idx;

	if (target < 0 ||
	    !bk_hashmap__find(ctx->func_at, obj_place(sec_idx, target), &idx))
		return bk_err(
			ctx->diag, -EINVAL,
			"%s: section '%s': call at instruction #%zu does not reach a function",
			ctx->obj->path, bk_obj_sec_name(ctx, sec_idx),
			insn_off / INSN_SZ);
	f->features |= 1u << BK_FEAT_BPF2BPF_CALLS;
	if (ctx->obj->funcs[idx - 1].kind == BK_OBJ_GLOBAL_SUBPROG)
		f->features |= 1u << BK_FEAT_GLOBAL_FUNCS;
	return bk_obj_names_add(&f->subprogs, ctx->obj->funcs[idx - 1].name)
		       ?: add_callee(f, idx - 1);
}

static int call_extern(struct obj_ctx *ctx, struct bk_obj_func *f,
		       const char *name)
{
	if (bk_obj_loader_sec(ctx, name) == OBJ_KSYMS_FUNC) {
		f->features |= 1u << BK_FEAT_KFUNC_CALLS;
		return bk_obj_names_add(&f->kfuncs, name);
	}
	return bk_obj_names_add(&f->imports, name);
}

/* BPF_PSEUDO_CALL: a subprogram, or an extern (kfunc or import). */
static int read_call(struct obj_ctx *ctx, struct bk_obj_func *f,
		     const struct bpf_insn *insn, size_t off)
{
	const Elf64_Sym *sym = relo_sym(ctx, f->sec_idx, off);
	__s64 rel_target = ((__s64)insn->imm + 1) * (__s64)INSN_SZ;

	if (!sym)
		return call_local(ctx, f, f->sec_idx, (__s64)off + rel_target,
				  off);
	if (sym->st_shndx == SHN_UNDEF)
		return call_extern(ctx, f, bk_obj_sym_name(ctx, sym));
	if (ELF64_ST_TYPE(sym->st_info) == STT_SECTION)
		return call_local(ctx, f, sym->st_shndx,
				  (__s64)sym->st_value + rel_target, off);
	return call_local(ctx, f, sym->st_shndx, (__s64)sym->st_value, off);
}

static const char *data_name(const struct obj_ctx *ctx, const Elf64_Sym *sym,
			     __s32 imm)
{
	uintptr_t name;

	if (ELF64_ST_TYPE(sym->st_info) != STT_SECTION)
		return bk_obj_sym_name(ctx, sym);
	/* Static data: the section symbol plus the variable's offset. */
	if (bk_hashmap__find(ctx->var_at, obj_place(sym->st_shndx, (__u32)imm),
			     &name))
		return (const char *)name;
	return bk_obj_sec_name(ctx, sym->st_shndx);
}

static int read_extern_ref(const struct obj_ctx *ctx, struct bk_obj_func *f,
			   const char *name)
{
	switch (bk_obj_loader_sec(ctx, name)) {
	case OBJ_KSYMS_VAR:
		f->features |= 1u << BK_FEAT_TYPED_KSYMS;
		break;
	case OBJ_KSYMS_FUNC: /* a kfunc's address */
		return bk_obj_names_add(&f->kfuncs, name);
	default:
		break;
	}
	return bk_obj_names_add(&f->globals, name);
}

/* ld_imm64 with a relocation: a map, global data or an extern. */
static int read_ld_imm64(struct obj_ctx *ctx, struct bk_obj_func *f,
			 const struct bpf_insn *insn, size_t off)
{
	const Elf64_Sym *sym = relo_sym(ctx, f->sec_idx, off);
	const char *sec;

	if (!sym)
		return 0;
	if (sym->st_shndx == SHN_UNDEF)
		return read_extern_ref(ctx, f, bk_obj_sym_name(ctx, sym));
	if (sym->st_shndx < bk_elf__sec_cnt(ctx->elf) &&
	    is_code_sec(bk_elf__sec(ctx->elf, sym->st_shndx))) {
		/* A callback's address (bpf_loop() and friends): a callee. */
		__s64 target = (__s64)sym->st_value;

		if (ELF64_ST_TYPE(sym->st_info) == STT_SECTION)
			target += insn->imm;
		return call_local(ctx, f, sym->st_shndx, target, off);
	}
	sec = bk_obj_sec_name(ctx, sym->st_shndx);
	if (bk_obj_is_map_sec(sec))
		return bk_obj_names_add(&f->maps,
					data_name(ctx, sym, insn->imm));
	if (bk_obj_is_data_sec(sec)) {
		f->features |= 1u << BK_FEAT_GLOBAL_DATA;
		return bk_obj_names_add(&f->globals,
					data_name(ctx, sym, insn->imm));
	}
	return 0;
}

/* Encodings newer than the original instruction set. */
static __u32 insn_features(const struct bpf_insn *insn)
{
	__u8 cls = BPF_CLASS(insn->code), op = BPF_OP(insn->code);
	__u32 feats = 0;

	if (cls == BPF_JMP || cls == BPF_JMP32) {
		if (cls == BPF_JMP32 && op == BPF_JA)
			feats |= 1u << BK_FEAT_CPUV4; /* gotol */
		else if (cls == BPF_JMP32)
			feats |= 1u << BK_FEAT_JMP32;
		if (op != BPF_CALL && op != BPF_EXIT && insn->off < 0)
			feats |= 1u << BK_FEAT_BOUNDED_LOOPS;
	} else if (cls == BPF_STX && BPF_MODE(insn->code) == BPF_ATOMIC &&
		   insn->imm != BPF_ADD) {
		feats |= 1u << BK_FEAT_ATOMICS; /* beyond the old XADD */
	} else if ((cls == BPF_LDX && BPF_MODE(insn->code) == 0x80) ||
		   ((cls == BPF_ALU || cls == BPF_ALU64) &&
		    ((op == BPF_MOV && insn->off) ||
		     ((op == BPF_DIV || op == BPF_MOD) && insn->off == 1) ||
		     (cls == BPF_ALU64 && op == BPF_END)))) {
		/* ldsx (BPF_MEMSX), movsx, sdiv/smod, bswap */
		feats |= 1u << BK_FEAT_CPUV4;
	}
	return feats;
}

static int read_insns(struct obj_ctx *ctx, struct bk_obj_func *f)
{
	const struct bk_elf_sec *sec = bk_elf__sec(ctx->elf, f->sec_idx);
	const struct bpf_insn *insns =
		(const struct bpf_insn *)((const char *)sec->data + f->off);
	size_t i;
	int err = 0;

	for (i = 0; i < f->insn_cnt && !err; i++) {
		const struct bpf_insn *insn = &insns[i];
		size_t off = f->off + i * INSN_SZ;

		f->features |= insn_features(insn);
		if (insn->code == (BPF_JMP | BPF_CALL) && !insn->src_reg)
			err = add_id(&f->helpers, (__u32)insn->imm);
		else if (insn->code == (BPF_JMP | BPF_CALL))
			err = read_call(ctx, f, insn, off);
		else if (insn->code == (BPF_LD | BPF_IMM | BPF_DW)) {
			err = read_ld_imm64(ctx, f, insn, off);
			i++; /* its second half holds no opcode */
		}
	}
	return err;
}

/* The function whose instructions hold off (binary search by place). */
static struct bk_obj_func *func_at_insn(const struct obj_ctx *ctx,
					size_t sec_idx, size_t off)
{
	struct bk_obj_func *funcs = ctx->obj->funcs, *f;
	const struct bk_obj_func probe = {
		.kind = strcmp(bk_obj_sec_name(ctx, sec_idx), ".text")
				? BK_OBJ_PROG
				: BK_OBJ_STATIC_SUBPROG,
		.sec_idx = sec_idx,
		.off = off,
	};
	size_t lo = 0, hi = ctx->obj->func_cnt;

	while (lo < hi) { /* first function placed after off */
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_func(&funcs[mid], &probe) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	f = &funcs[lo - 1];
	if (f->sec_idx != sec_idx || off >= f->off + f->insn_cnt * INSN_SZ)
		return NULL;
	return f;
}

/* CO-RE relocation records, counted per function they patch. */
static void count_core_relos(struct obj_ctx *ctx)
{
	size_t i, n;
	__u32 j;

	n = ctx->ext ? bk_btf_ext__sec_cnt(ctx->ext, BK_BTF_EXT_CORE_RELO) : 0;
	for (i = 0; i < n; i++) {
		const struct bk_btf_ext_sec *s =
			bk_btf_ext__sec(ctx->ext, BK_BTF_EXT_CORE_RELO, i);
		const struct bk_elf_sec *code =
			bk_elf__find_sec(ctx->elf, s->name);

		for (j = 0; code && j < s->rec_cnt; j++) {
			const struct bpf_core_relo *r =
				bk_btf_ext_sec__rec(s, j);
			struct bk_obj_func *f =
				func_at_insn(ctx, code->idx, r->insn_off);

			if (f) {
				f->core_relo_cnt++;
				f->features |= 1u << BK_FEAT_CORE;
			}
		}
	}
}

static int merge_ids(struct bk_obj_ids *dst, const struct bk_obj_ids *src)
{
	size_t i;

	for (i = 0; i < src->cnt; i++) {
		if (add_id(dst, src->v[i]))
			return -ENOMEM;
	}
	return 0;
}

static int merge_names(struct bk_obj_names *dst, const struct bk_obj_names *src)
{
	size_t i;

	for (i = 0; i < src->cnt; i++) {
		if (bk_obj_names_add(dst, src->v[i]))
			return -ENOMEM;
	}
	return 0;
}

/* What a function reached uses, the function needs too. */
static int merge_reached(struct bk_obj_func *f, const struct bk_obj_func *c)
{
	f->features |= c->features;
	f->core_relo_cnt += c->core_relo_cnt;
	return merge_ids(&f->helpers, &c->helpers) ?:
		       merge_names(&f->kfuncs, &c->kfuncs) ?:
		       merge_names(&f->maps, &c->maps) ?:
		       merge_names(&f->globals, &c->globals) ?:
		       merge_names(&f->imports, &c->imports);
}

static void sort_facts(struct bk_obj_func *f);
static void free_facts(struct bk_obj_func *f);

/* Move the facts a function's own code gives out of it into own. */
static void take_own_facts(struct bk_obj_func *f, struct bk_obj_func *own)
{
	sort_facts(f);
	*own = *f;
	memset(&f->helpers, 0, sizeof(f->helpers));
	memset(&f->kfuncs, 0, sizeof(f->kfuncs));
	memset(&f->maps, 0, sizeof(f->maps));
	memset(&f->globals, 0, sizeof(f->globals));
	memset(&f->imports, 0, sizeof(f->imports));
	f->features = 0;
	f->core_relo_cnt = 0;
}

struct closure {
	size_t *stack;
	unsigned int *seen; /* generation that last visited each function */
	struct bk_obj_func *own; /* each function's facts from its own code */
};

/*
 * funcs[root] gets the union of the own facts of every function reachable
 * from it, itself included: linear in what it reaches, whatever the shape
 * of the call graph.
 */
static int close_over(struct bk_object *obj, struct closure *c, size_t root)
{
	struct bk_obj_func *f = &obj->funcs[root];
	size_t i, top = 0, cur;
	int err = 0;

	c->seen[root] = root + 1;
	c->stack[top++] = root;
	while (top && !err) {
		cur = c->stack[--top];
		err = merge_reached(f, &c->own[cur]);
		for (i = 0; i < obj->funcs[cur].callee_cnt; i++) {
			size_t next = obj->funcs[cur].callees[i];

			if (c->seen[next] != root + 1) {
				c->seen[next] = root + 1;
				c->stack[top++] = next;
			}
		}
	}
	sort_facts(f);
	return err;
}

static int close_all(struct bk_object *obj)
{
	size_t n = obj->func_cnt, i;
	struct closure c = {
		.stack = calloc(n + 1, sizeof(size_t)),
		.seen = calloc(n + 1, sizeof(unsigned int)),
		.own = calloc(n + 1, sizeof(struct bk_obj_func)),
	};
	int err = c.stack && c.seen && c.own ? 0 : -ENOMEM;

	for (i = 0; i < n && !err; i++)
		take_own_facts(&obj->funcs[i], &c.own[i]);
	for (i = 0; i < n && !err; i++)
		err = close_over(obj, &c, i);
	for (i = 0; c.own && i < n; i++)
		free_facts(&c.own[i]);
	free(c.stack);
	free(c.seen);
	free(c.own);
	return err;
}

static int cmp_u32(const void *a, const void *b)
{
	__u32 x = *(const __u32 *)a, y = *(const __u32 *)b;

	return x < y ? -1 : x > y;
}

static void sort_facts(struct bk_obj_func *f)
{
	size_t i, n = 0;

	if (f->helpers.cnt) {
		qsort(f->helpers.v, f->helpers.cnt, sizeof(__u32), cmp_u32);
		for (i = 1; i < f->helpers.cnt; i++) {
			if (f->helpers.v[i] != f->helpers.v[n])
				f->helpers.v[++n] = f->helpers.v[i];
		}
		f->helpers.cnt = n + 1;
	}
	bk_obj_names_finish(&f->kfuncs);
	bk_obj_names_finish(&f->maps);
	bk_obj_names_finish(&f->globals);
	bk_obj_names_finish(&f->subprogs);
	bk_obj_names_finish(&f->imports);
}

static void free_facts(struct bk_obj_func *f)
{
	free(f->helpers.v);
	free(f->kfuncs.v);
	free(f->maps.v);
	free(f->globals.v);
	free(f->imports.v);
}

int bk_obj_load_funcs(struct obj_ctx *ctx)
{
	size_t i;
	int err;

	err = index_relos(ctx);
	err = err ?: index_vars(ctx);
	err = err ?: collect_funcs(ctx);
	for (i = 0; i < ctx->obj->func_cnt && !err; i++)
		err = read_insns(ctx, &ctx->obj->funcs[i]);
	if (err)
		return err;
	count_core_relos(ctx);
	return close_all(ctx->obj);
}
