// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit prog dump { xlated | jited } PROG [{ file FILE | [linum] [opcodes] }]
 *
 * The instructions the kernel runs, each function headed by its prototype
 * and each source line (from the program's line info) before the first
 * instruction made from it, in bpftool's layout.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "main.h"
#include "prog.h"
#include "../lib/file.h"
#include "../prog/disasm.h"
#include "../prog/image.h"
#include "../prog/jit_disasm.h"

/* bpftool's limit for a prototype; longer ones are not shown. */
#define FUNC_SIG_LEN 1024

struct dump_args {
	struct bk_prog_query q;
	bool jited;
	const char *file;
	bool linum, opcodes;
};

/* Walks a program's records in instruction order. */
struct dump_state {
	const struct bk_prog_image *img;
	const struct dump_args *a;
	struct bk_kallsyms *syms;
	__u32 func_idx;	 /* next func_info record */
	__u32 line_idx;	 /* next line_info record */
	__u64 func_addr; /* jited: where the function being dumped starts */
	const struct bpf_line_info *shown; /* last line printed */
	char sig[FUNC_SIG_LEN];
};

static int parse_dump_args(int argc, char **argv, struct dump_args *a)
{
	if (!argc) {
		p_err("expected 'xlated' or 'jited'");
		return -1;
	}
	if (is_prefix(*argv, "xlated")) {
		a->jited = false;
	} else if (is_prefix(*argv, "jited")) {
		a->jited = true;
	} else {
		p_err("expected 'xlated' or 'jited', got: '%s'?", *argv);
		return -1;
	}
	NEXT_ARG();
	if (parse_prog_selector(&argc, &argv, &a->q))
		return -1;
	while (argc) {
		if (is_prefix(*argv, "file")) {
			NEXT_ARG();
			if (!argc || a->file) {
				p_err("'file' needs one file name");
				return -1;
			}
			a->file = GET_ARG();
		} else if (is_prefix(*argv, "linum")) {
			NEXT_ARG();
			a->linum = true;
		} else if (is_prefix(*argv, "opcodes")) {
			NEXT_ARG();
			a->opcodes = true;
		} else {
			return BAD_ARG();
		}
	}
	if (a->file && (a->linum || a->opcodes)) {
		p_err("'file' writes the raw code: 'linum' and 'opcodes' do not apply");
		return -1;
	}
	return 0;
}

/* ---- source records ----------------------------------------------------- */

static void print_func_sig(struct dump_state *s, __u32 type_id)
{
	bk_disasm__func_sig(s->img->btf, type_id, s->sig, sizeof(s->sig));
	if (s->sig[0])
		out_str("proto", "%s:\n", s->sig);
}

/* The prototype of the function starting at insn_off, if one does. */
static void print_func_at(struct dump_state *s, __u32 insn_off)
{
	const struct bk_prog_image *img = s->img;

	while (s->func_idx < img->func_info_cnt &&
	       img->func_info[s->func_idx].insn_off < insn_off)
		s->func_idx++;
	if (img->btf && s->func_idx < img->func_info_cnt &&
	    img->func_info[s->func_idx].insn_off == insn_off)
		print_func_sig(s, img->func_info[s->func_idx++].type_id);
}

/* "; line [file:F line_num:N line_col:C]", as bpftool prints it. */
static void print_line(const struct bk_prog_image *img,
		       const struct bpf_line_info *li, bool linum)
{
	const char *line = btf__name_by_offset(img->btf, li->line_off);
	__u32 num = BPF_LINE_INFO_LINE_NUM(li->line_col);
	__u32 col = BPF_LINE_INFO_LINE_COL(li->line_col);
	const char *file;

	if (!line)
		return;
	while (isspace((unsigned char)*line))
		line++;
	out_str("src", "; %s", line);
	if (linum) {
		file = btf__name_by_offset(img->btf, li->file_name_off);
		out_str("file", " [file:%s", file ?: "");
		/* JSON leaves out what is unknown (0), as bpftool does */
		if (num || !json_output)
			out_u64("line_num", " line_num:%llu", num);
		if (col || !json_output)
			out_u64("line_col", " line_col:%llu", col);
		out_plain("]");
	}
	out_plain("\n");
}

/*
 * The line record covering pos (an instruction index, or for jited code an
 * address): the last one that starts at or before it. Printed once, at the
 * first instruction it covers.
 */
static void print_line_at(struct dump_state *s, __u64 pos)
{
	const struct bk_prog_image *img = s->img;
	const struct bpf_line_info *hit = NULL;
	__u64 start;

	if (!img->btf)
		return;
	for (; s->line_idx < img->line_info_cnt; s->line_idx++) {
		start = img->jited ? img->jited_line_info[s->line_idx]
				   : img->line_info[s->line_idx].insn_off;
		if (start > pos)
			break;
		hit = &img->line_info[s->line_idx];
	}
	if (hit && hit != s->shown) {
		print_line(img, hit, s->a->linum);
		s->shown = hit;
	}
}

/* ---- opcodes ------------------------------------------------------------ */

/* bpftool's fprint_hex: sep between bytes, two spaces after eight. */
static void print_hex_plain(const __u8 *p, size_t n, const char *sep)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i && !(i % 16))
			out_plain("\n");
		else if (i && !(i % 8))
			out_plain("  ");
		else if (i)
			out_plain("%s", sep);
		out_plain("%02x", p[i]);
	}
}

static void print_hex_json(const char *key, const __u8 *p, size_t n)
{
	char hex[8];
	size_t i;

	out_arr_open(key);
	for (i = 0; i < n; i++) {
		snprintf(hex, sizeof(hex), "0x%02x", p[i]);
		out_str(NULL, NULL, hex);
	}
	out_arr_close();
}

static void print_insn_opcodes(const struct bpf_insn *insn, bool wide)
{
	char hex[8];

	if (!json_output) {
		out_plain("       ");
		print_hex_plain((const __u8 *)insn, wide ? 16 : 8, " ");
		out_plain("\n");
		return;
	}
	out_obj_open("opcodes");
	snprintf(hex, sizeof(hex), "0x%02x", insn->code);
	out_str("code", NULL, hex);
	snprintf(hex, sizeof(hex), "0x%x", insn->src_reg);
	out_str("src_reg", NULL, hex);
	snprintf(hex, sizeof(hex), "0x%x", insn->dst_reg);
	out_str("dst_reg", NULL, hex);
	print_hex_json("off", (const __u8 *)&insn->off, 2);
	print_hex_json("imm", (const __u8 *)&insn->imm, wide ? 12 : 4);
	out_obj_close();
}

/* ---- xlated ------------------------------------------------------------- */

static bool has_calls(const struct bpf_insn *insns, __u32 cnt)
{
	__u32 i;

	for (i = 0; i < cnt; i++) {
		if (BPF_CLASS(insns[i].code) == BPF_JMP &&
		    BPF_OP(insns[i].code) == BPF_CALL)
			return true;
	}
	return false;
}

static void dump_xlated(struct dump_state *s)
{
	const struct bpf_insn *insns = s->img->code;
	__u32 cnt = s->img->code_len / sizeof(*insns), i;
	struct bk_disasm_ctx ctx = {
		.syms = s->syms,
		.call_base = bk_kallsyms__call_base(s->syms),
		.jited_ksyms = s->img->jited_ksyms,
		.jited_ksym_cnt = s->img->jited_func_cnt,
	};
	char text[256];
	bool wide;

	out_arr_open(NULL);
	for (i = 0; i < cnt; i++) {
		wide = insns[i].code == (BPF_LD | BPF_IMM | BPF_DW) &&
		       i + 1 < cnt;
		out_obj_open(NULL);
		print_func_at(s, i);
		print_line_at(s, i);
		bk_disasm__insn(&insns[i], &ctx, text, sizeof(text));
		out_plain("%4u: ", i);
		out_str("disasm", "%s\n", text);
		if (s->a->opcodes)
			print_insn_opcodes(&insns[i], wide);
		out_obj_close();
		/* The second half of a 64-bit load is part of the first. */
		i += wide;
	}
	out_arr_close();
}

/* ---- jited -------------------------------------------------------------- */

/* The kernel symbol a call goes to ("callq 0xffffffffc0001234"), or NULL. */
static const char *call_target(const struct dump_state *s,
			       const struct bk_jit_insn *insn)
{
	unsigned long long addr;
	char *end;

	if (strncmp(insn->mnemonic, "call", 4) ||
	    strncmp(insn->operands, "0x", 2))
		return NULL;
	addr = strtoull(insn->operands, &end, 16);
	return *end ? NULL : bk_kallsyms__find(s->syms, addr);
}

static int print_jit_insn(void *ctx, const struct bk_jit_insn *insn)
{
	struct dump_state *s = ctx;
	const char *target = call_target(s, insn);
	char pc[16];

	out_obj_open(NULL);
	/* jited line records hold the addresses of the code */
	print_line_at(s, s->func_addr + insn->pc);
	snprintf(pc, sizeof(pc), "0x%x", insn->pc);
	out_str("pc", NULL, pc);
	out_plain("%4x:\t", insn->pc);
	out_str("operation", "%s", insn->mnemonic);
	out_str("operands", "\t%s", insn->operands);
	if (target)
		out_str("target", " <%s>", target);
	out_plain("\n");
	if (s->a->opcodes && !json_output) {
		out_plain("\t");
		print_hex_plain(insn->bytes, insn->size, " ");
		out_plain("\n");
	} else if (s->a->opcodes) {
		print_hex_json("opcodes", insn->bytes, insn->size);
	}
	out_obj_close();
	return 0;
}

/* One function of the jited image: prototype, symbol, instructions. */
static int dump_jited_func(struct dump_state *s, __u32 f, const __u8 *code)
{
	const struct bk_prog_image *img = s->img;
	const char *sym = bk_kallsyms__find(s->syms, img->jited_ksyms[f]);
	char fallback[64];
	int err;

	if (!sym) {
		snprintf(fallback, sizeof(fallback), "bpf_prog_%s_%s", img->tag,
			 img->name);
		sym = fallback;
	}
	out_obj_open(NULL);
	if (img->btf && f < img->func_info_cnt)
		print_func_sig(s, img->func_info[f].type_id);
	out_str("name", "%s:\n", sym);
	s->func_addr = img->jited_ksyms[f];
	out_arr_open("insns");
	err = bk_jit__disasm(code, img->jited_func_lens[f], img->jited_ksyms[f],
			     print_jit_insn, s, &cli_diag);
	out_arr_close();
	out_obj_close();
	if (f + 1 < img->jited_func_cnt)
		out_plain("\n");
	return err;
}

static int dump_jited(struct dump_state *s)
{
	const struct bk_prog_image *img = s->img;
	const __u8 *code = img->code;
	size_t done = 0;
	__u32 f;
	int err = 0;

	out_arr_open(NULL);
	for (f = 0; f < img->jited_func_cnt && !err; f++) {
		if (img->jited_func_lens[f] > img->code_len - done) {
			p_err("program '%s': function #%u runs past the jited code",
			      img->name, f);
			err = -1;
			break;
		}
		err = dump_jited_func(s, f, code + done);
		done += img->jited_func_lens[f];
	}
	out_arr_close();
	return err ? -1 : 0;
}

/* ---- file --------------------------------------------------------------- */

static int write_code(const char *path, const struct bk_prog_image *img)
{
	struct bk_out_file f = {.fd = -1};
	int err = bk_out_file__open(&f, path, &cli_diag);

	if (!err && write(f.fd, img->code, img->code_len) != img->code_len) {
		p_err("%s: %s", path, strerror(errno));
		err = -1;
	}
	err = err ?: bk_out_file__commit(&f, &cli_diag);
	bk_out_file__abort(&f);
	if (!err)
		out_null(NULL);
	return err ? -1 : 0;
}

int do_prog_dump(int argc, char **argv)
{
	struct bk_prog_image img = {};
	struct dump_args a = {};
	struct dump_state s = {.img = &img, .a = &a};
	int fd, err;

	if (parse_dump_args(argc, argv, &a))
		return -1;
	fd = bk_prog__open(&a.q, &cli_diag);
	if (fd < 0)
		return -1;
	err = bk_prog_image__load(fd, a.jited, &img, &cli_diag);
	close(fd);
	if (err)
		return -1;
	/* Call targets are named from kallsyms, as bpftool does; without
	 * it they are addresses. */
	if (!a.file && (a.jited || has_calls(img.code, img.code_len / 8)))
		s.syms = bk_kallsyms__load();
	if (a.file)
		err = write_code(a.file, &img);
	else if (a.jited)
		/* nothing printed when the disassembler is missing */
		err = bk_jit__load(&cli_diag) ? -1 : dump_jited(&s);
	else
		dump_xlated(&s);
	bk_kallsyms__free(s.syms);
	bk_prog_image__free(&img);
	return err;
}
