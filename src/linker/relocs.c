// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Relocation phase: each relocation of a copied section is appended to its
 * output section with the offset shifted by where the input section landed
 * and the symbol index remapped. References through a section symbol carry
 * their offset in the instruction or data word (REL, no addend field): that
 * offset is shifted by where the referenced section landed, and again when
 * compaction moves bytes. Relocations of BTF, BTF.ext and DWARF are
 * consumed: those sections are rebuilt or dropped.
 */
#include <errno.h>
#include <string.h>
#include <linux/bpf.h>

#include "linker_internal.h"
#include "dead_bytes.h"
#include "relocs.h"
#include "../lib/mem.h"

/* The offset a section-relative reference carries, read or written. */
__u64 bk_ld_rel_addend(const void *where, int type, bool is_code)
{
	const struct bpf_insn *insn = where;
	__u64 v64;
	__u32 v32;

	if (is_code)
		return (__u32)insn->imm;
	if (type == R_BPF_64_ABS32 || type == R_BPF_64_NODYLD32) {
		memcpy(&v32, where, sizeof(v32));
		return v32;
	}
	memcpy(&v64, where, sizeof(v64));
	return v64;
}

static void set_addend(void *where, int type, bool is_code, __u64 val)
{
	struct bpf_insn *insn = where;
	__u32 v32 = val;

	if (is_code) {
		insn->imm = (__s32)val;
		return;
	}
	if (type == R_BPF_64_ABS32 || type == R_BPF_64_NODYLD32) {
		memcpy(where, &v32, sizeof(v32));
		return;
	}
	memcpy(where, &val, sizeof(val));
}

static bool is_call(const void *where)
{
	const struct bpf_insn *insn = where;

	return insn->code == (BPF_JMP | BPF_CALL);
}

/* Shift a section-relative reference by delta bytes. */
static void shift_addend(void *where, int type, bool is_code, size_t delta)
{
	__u64 v = bk_ld_rel_addend(where, type, is_code);

	/* a call's immediate counts instructions, not bytes */
	if (is_code && is_call(where))
		delta /= BPF_INSN_SZ;
	set_addend(where, type, is_code, v + delta);
}

static int append_rel(struct bk_linker *l, struct src_obj *obj,
		      struct dst_sec *dst, const struct src_sec *target,
		      const Elf64_Rel *rel, size_t i)
{
	size_t sym_idx = ELF64_R_SYM(rel->r_info);
	int type = ELF64_R_TYPE(rel->r_info);
	const Elf64_Sym *sym = &obj->syms[sym_idx];
	size_t off = target->dst_off + rel->r_offset;
	int handle = obj->sym_map[sym_idx];
	Elf64_Rel *out;

	if (!handle)
		return bk_err(
			l->diag, -EINVAL,
			"%s: section '%s': relocation #%zu references symbol '%s', which is not linked",
			obj->name, target->name, i, obj->strs + sym->st_name);
	if (ELF64_ST_TYPE(sym->st_info) == STT_SECTION) {
		const struct src_sec *ref = &obj->secs[sym->st_shndx];

		shift_addend((char *)dst->data + off, type, dst->is_exec,
			     ref->dst_off);
	}
	if (bk_grow_mem((void **)&dst->rels, &dst->rel_cap, sizeof(*dst->rels),
			dst->rel_cnt + 1))
		return bk_err(l->diag, -ENOMEM, "out of memory");
	out = &dst->rels[dst->rel_cnt++];
	out->r_offset = off;
	out->r_info = ELF64_R_INFO(handle, type);
	return 0;
}

int bk_ld_append_relos(struct bk_linker *l, struct src_obj *obj)
{
	size_t i, j;
	int err;

	for (i = 1; i < obj->elf_sec_cnt; i++) {
		const struct src_sec *sec = &obj->secs[i];
		const struct src_sec *target;
		const Elf64_Rel *rels = sec->data;

		if (sec->shdr.sh_type != SHT_REL)
			continue;
		target = &obj->secs[sec->shdr.sh_info];
		if (target->skipped || target->dst_id < 0)
			continue;
		for (j = 0; j < sec->size / sizeof(*rels); j++) {
			err = append_rel(l, obj, &l->secs[target->dst_id],
					 target, &rels[j], j);
			if (err)
				return err;
		}
	}
	return 0;
}

/*
 * A section-relative reference into a compacted section: a byte offset,
 * or for a call (into code cut by gc) the target's instruction index
 * minus one.
 */
static void remap_addend(struct dst_sec *sec, const Elf64_Rel *rel,
			 const struct dst_sec *target)
{
	void *where = (char *)sec->data + rel->r_offset;
	int type = ELF64_R_TYPE(rel->r_info);
	__u64 v = bk_ld_rel_addend(where, type, sec->is_exec);

	if (sec->is_exec && is_call(where)) {
		__s64 insn = (__s32)v + 1;

		v = bk_ld_remap_sec_off(target, insn * BPF_INSN_SZ) /
			    BPF_INSN_SZ -
		    1;
	} else {
		v = bk_ld_remap_sec_off(target, v);
	}
	set_addend(where, type, sec->is_exec, v);
}

/*
 * After compaction: drop relocations of removed bytes, move the others,
 * and re-point section-relative references into compacted sections.
 */
static void fixup_sec_relos(struct bk_linker *l, struct dst_sec *sec)
{
	size_t i, kept = 0;

	for (i = 0; i < sec->rel_cnt; i++) {
		Elf64_Rel rel = sec->rels[i];
		const struct dst_sym *sym = &l->syms[ELF64_R_SYM(rel.r_info)];

		if (bk_ld_is_dead_off(sec, rel.r_offset))
			continue;
		rel.r_offset = bk_ld_remap_sec_off(sec, rel.r_offset);
		if (ELF64_ST_TYPE(sym->sym.st_info) == STT_SECTION &&
		    l->secs[sym->sec_id].compacted)
			remap_addend(sec, &rel, &l->secs[sym->sec_id]);
		sec->rels[kept++] = rel;
	}
	sec->rel_cnt = kept;
}

int bk_ld_fixup_relos(struct bk_linker *l)
{
	size_t i;

	for (i = 0; i < l->sec_cnt; i++) {
		struct dst_sec *sec = &l->secs[i];

		if (sec->rel_cnt && !sec->ephemeral)
			fixup_sec_relos(l, sec);
	}
	return 0;
}
