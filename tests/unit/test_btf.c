// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Unit tests of src/btf: parsing from buffers (aligned or not), split BTF
 * against a base, the ELF entry point with .BTF.ext and its iteration, the
 * .BTF.ext walk with the plain inputs the linker gives it, and
 * checks the CLI tests cannot reach (split BTF has no file of its own here).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <linux/bpf.h>

#include "btf/btf.h"
#include "elf/elf.h"
#include "tap.h"

static char msg[512];

static void record(void *ctx, enum bk_diag_level level, const char *m)
{
	if (level == BK_DIAG_ERROR)
		snprintf(msg, sizeof(msg), "%s", m);
}

static const struct bk_diag diag = {.fn = record};

/* A small BTF: int, a struct of an int and a pointer to int. */
static struct btf *make_base(void)
{
	struct btf *btf = btf__new_empty();
	int i, p, s;

	i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	p = btf__add_ptr(btf, i);
	s = btf__add_struct(btf, "pair", 16);
	btf__add_field(btf, "a", i, 0, 0);
	btf__add_field(btf, "p", p, 64, 0);
	return s > 0 ? btf : NULL;
}

static void test_buffers(void)
{
	struct btf *base = make_base(), *btf = NULL;
	const void *raw;
	char *copy;
	__u32 size;

	raw = btf__raw_data(base, &size);
	CHECK(bk_btf__parse_buf(raw, size, "base", &diag, &btf) == 0 &&
		      btf__type_cnt(btf) == 4,
	      "parse_buf: valid BTF gives libbpf's object with all types");
	btf__free(btf);

	/* One byte off: records must still be read aligned. */
	copy = malloc(size + 1);
	memcpy(copy + 1, raw, size);
	btf = NULL;
	CHECK(bk_btf__parse_buf(copy + 1, size, "odd", &diag, &btf) == 0 &&
		      btf__type_cnt(btf) == 4,
	      "parse_buf: data at an odd address parses the same");
	btf__free(btf);

	/* A pointer to type [9] in a 3-type BTF. */
	copy[1 + sizeof(struct btf_header) + sizeof(struct btf_type) + 4 +
	     offsetof(struct btf_type, type)] = 9;
	btf = NULL;
	CHECK(bk_btf__parse_buf(copy + 1, size, "bad", &diag, &btf) ==
			      -EINVAL &&
		      !btf &&
		      strcmp(msg,
			     "bad: type [2] PTR: type references type [9], beyond the last type [3]") ==
			      0,
	      "parse_buf: out-of-range reference fails, *btf untouched: %s",
	      msg);
	free(copy);
	btf__free(base);
}

static void test_split(void)
{
	struct btf *base = make_base(), *split, *btf = NULL;
	const void *raw;
	__u32 size;
	int s;

	split = btf__new_empty_split(base);
	s = btf__add_struct(split, "outer", 24);
	btf__add_field(split, "in", 3, 0, 0);  /* base's struct pair */
	btf__add_field(split, "x", 1, 128, 0); /* base's int */
	btf__add_typedef(split, "pair_t", 3);  /* name from split */
	btf__add_ptr(split, s);
	raw = btf__raw_data(split, &size);
	CHECK(bk_btf__validate(raw, size, "split", base, &diag) == 0,
	      "split: validates against its base");
	CHECK(bk_btf__validate(raw, size, "split", NULL, &diag) == -EINVAL,
	      "split: without its base it is invalid: %s", msg);
	CHECK(bk_btf__parse_split_buf(raw, size, "split", base, &diag, &btf) ==
			      0 &&
		      btf__type_cnt(btf) == 7 && btf__base_btf(btf) == base,
	      "split: parse_split_buf gives split BTF over the caller's base");
	btf__free(btf);
	btf__free(split);

	split = btf__new_empty_split(base);
	btf__add_ptr(split, 7); /* neither base nor split has [7] */
	raw = btf__raw_data(split, &size);
	CHECK(bk_btf__validate(raw, size, "split", base, &diag) == -EINVAL &&
		      strstr(msg,
			     "type [4] PTR: type references type [7], beyond the last type [4]"),
	      "split: references beyond base and split types fail: %s", msg);
	btf__free(split);
	btf__free(base);
}

static void test_elf_ext(const char *build)
{
	const struct bk_btf_ext_sec *sec;
	const struct bpf_func_info *fi;
	struct bk_btf_ext *ext = NULL;
	struct btf *btf = NULL;
	struct bk_elf *elf;
	char path[512];
	size_t i, recs = 0;

	snprintf(path, sizeof(path), "%s/progs/btf_kinds.bpf.o", build);
	elf = bk_elf__open_file(path, BK_ELF_BPF_OBJ, &diag);
	CHECK(elf && bk_btf__parse_elf(elf, &diag, &btf, &ext) == 0 && ext,
	      "parse_elf: .BTF and .BTF.ext of %s", path);
	if (!ext)
		goto out;
	CHECK(bk_btf_ext__sec_cnt(ext, BK_BTF_EXT_FUNC_INFO) == 2 &&
		      bk_btf_ext__sec_cnt(ext, BK_BTF_EXT_CORE_RELO) == 0,
	      "ext: func_info for .text and the program, no CO-RE");
	for (i = 0; i < bk_btf_ext__sec_cnt(ext, BK_BTF_EXT_FUNC_INFO); i++) {
		sec = bk_btf_ext__sec(ext, BK_BTF_EXT_FUNC_INFO, i);
		fi = bk_btf_ext_sec__rec(sec, 0);
		recs += sec->rec_cnt;
		CHECK(btf_is_func(btf__type_by_id(btf, fi->type_id)) &&
			      fi->insn_off == 0,
		      "ext: section '%s' starts with a FUNC at insn_off 0",
		      sec->name);
	}
	CHECK(recs == 3, "ext: 3 functions in all");
	CHECK(!bk_btf_ext__sec(ext, BK_BTF_EXT_FUNC_INFO, 2) &&
		      !bk_btf_ext__sec(ext, BK_BTF_EXT_KIND_CNT, 0),
	      "ext: out-of-range lookups return NULL");
	CHECK(bk_btf_ext__header(ext)->hdr_len >= 24 &&
		      strcmp(bk_btf_ext__kind_str(BK_BTF_EXT_LINE_INFO),
			     "line_info") == 0,
	      "ext: header and kind names");
out:
	bk_btf_ext__free(ext);
	btf__free(btf);
	bk_elf__free(elf);
}

/*
 * bk_btf_ext__walk() with plain inputs, as the linker calls it: a .BTF.ext
 * of one func_info section (".text", two records), read at an odd
 * address, against a code section whose size the test sets.
 */
struct walk_case {
	size_t code_size;
	size_t sec_calls;
	__u32 rec_cnt;
};

static enum bk_btf_ext_target walk_find(void *ctx, const char *name,
					size_t *size)
{
	const struct walk_case *c = ctx;

	if (strcmp(name, ".text"))
		return BK_BTF_EXT_NO_SEC;
	*size = c->code_size;
	return BK_BTF_EXT_CODE;
}

static int walk_sec(void *ctx, enum bk_btf_ext_kind kind,
		    const struct bk_btf_ext_sec *sec)
{
	struct walk_case *c = ctx;

	c->sec_calls++;
	c->rec_cnt += kind == BK_BTF_EXT_FUNC_INFO ? sec->rec_cnt : 0;
	return 0;
}

static int walk(size_t code_size, __u32 insn_off1, __u32 type_id1,
		struct walk_case *c)
{
	static const char strs[] = "\0.text";
	__u32 ext[] = {
		/* magic, version 1, no flags; hdr_len; func_info off, len;
		 * line_info off, len; core_relo off, len */
		BTF_MAGIC | 1 << 16,
		32,
		0,
		28,
		28,
		0,
		28,
		0,
		8,
		1,
		2,
		0,
		1,
		insn_off1,
		type_id1,
	};
	struct bk_btf_ext_walk w = {
		.file = "t.o",
		.diag = &diag,
		.strs = strs,
		.strs_len = sizeof(strs),
		.type_cnt = 3,
		.find_code = walk_find,
		.on_sec = walk_sec,
		.ctx = c,
	};
	char buf[sizeof(ext) + 1];

	memset(c, 0, sizeof(*c));
	c->code_size = code_size;
	msg[0] = 0;
	memcpy(buf + 1, ext, sizeof(ext));
	return bk_btf_ext__walk(buf + 1, sizeof(ext), &w);
}

static void test_ext_walk(void)
{
	struct walk_case c;

	CHECK(walk(16, 8, 2, &c) == 0 && c.sec_calls == 1 && c.rec_cnt == 2,
	      "ext walk: a valid section is handed over once, whole");
	CHECK(walk(16, 3, 0, &c) == 0 && c.rec_cnt == 2,
	      "ext walk: misaligned insn_off and type 0 pass, as libbpf links them");
	CHECK(walk(0, 0, 1, &c) == 0 && c.rec_cnt == 2,
	      "ext walk: func_info at offset 0 of an empty code section passes");
	CHECK(walk(0, 8, 1, &c) == -EINVAL && c.sec_calls == 0 &&
		      !strcmp(msg,
			      "t.o: .BTF.ext: func_info for section '.text': record #1: insn_off 8 is beyond the section's 0 bytes"),
	      "ext walk: only offset 0 is accepted there: %s", msg);
	CHECK(walk(16, 16, 1, &c) == -EINVAL &&
		      !strcmp(msg,
			      "t.o: .BTF.ext: func_info for section '.text': record #1: insn_off 16 is beyond the section's 16 bytes"),
	      "ext walk: insn_off at the section's end is refused: %s", msg);
	CHECK(walk(16, 8, 3, &c) == -EINVAL &&
		      !strcmp(msg,
			      "t.o: .BTF.ext: func_info for section '.text': record #1: type ID 3 is beyond the last type [2]"),
	      "ext walk: a type ID past the type count is refused: %s", msg);
}

/*
 * The walk from memory and over a file in windows must see the same thing.
 * A generated .BTF.ext of several windows: func_info records of 20 bytes,
 * line_info of 36 and core_relo of 20 (sizes that do not divide the
 * window), in sections of 1 to 997 records, so that section heads and
 * records straddle window edges.
 */
#define BIG_SECS 40
#define BIG_CODE_SIZE (1 << 20)

static const char big_strs[] = "\0.text\0prog\0file.c\0x = 1;\0000:1";

struct big_ext {
	__u32 *words;
	size_t cnt, cap;
};

static void big_put(struct big_ext *b, __u32 v)
{
	if (b->cnt == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->words = realloc(b->words, b->cap * sizeof(*b->words));
		if (!b->words)
			abort();
	}
	b->words[b->cnt++] = v;
}

/* One block of kind: rec_size, then BIG_SECS sections; returns its bytes. */
static __u32 big_block(struct big_ext *b, __u32 rec_size, __u32 seed)
{
	size_t start = b->cnt;
	__u32 s, i, w;

	big_put(b, rec_size);
	for (s = 0; s < BIG_SECS; s++) {
		__u32 cnt = 1 + (s * 7919 + seed) % 997;

		big_put(b, s % 2 ? 1 : 7); /* ".text" or "prog" */
		big_put(b, cnt);
		for (i = 0; i < cnt; i++) {
			big_put(b, 8 * ((i + seed) % 4096)); /* insn_off */
			for (w = 1; w < rec_size / 4; w++)
				big_put(b, (i + w + s) % 2 ? 12 : 0);
		}
	}
	return (b->cnt - start) * 4;
}

/* The header, then func_info, line_info and core_relo blocks. */
static struct big_ext make_big_ext(void)
{
	struct big_ext b = {0};
	__u32 len[3], i;

	for (i = 0; i < 8; i++)
		big_put(&b, 0);
	len[0] = big_block(&b, 20, 1);
	len[1] = big_block(&b, 36, 2);
	len[2] = big_block(&b, 20, 3);
	b.words[0] = BTF_MAGIC | 1 << 16;
	b.words[1] = 32;
	b.words[2] = 0;
	b.words[3] = len[0];
	b.words[4] = len[0];
	b.words[5] = len[1];
	b.words[6] = len[0] + len[1];
	b.words[7] = len[2];
	return b;
}

/* What a walk handed over: per record, its kind, section, place, bytes. */
struct big_log {
	struct big_ext out;
	size_t calls, split_runs;
};

static enum bk_btf_ext_target big_find(void *ctx, const char *name,
				       size_t *size)
{
	*size = BIG_CODE_SIZE;
	return BK_BTF_EXT_CODE;
}

static int big_on_sec(void *ctx, enum bk_btf_ext_kind kind,
		      const struct bk_btf_ext_sec *sec)
{
	struct big_log *log = ctx;
	const char *rec;
	__u32 i, w, v;

	log->calls++;
	log->split_runs += sec->run_cnt < sec->rec_cnt;
	for (i = 0; i < sec->run_cnt; i++) {
		big_put(&log->out, kind);
		big_put(&log->out, sec->name_off);
		big_put(&log->out, sec->rec_cnt);
		big_put(&log->out, sec->run_idx + i);
		rec = bk_btf_ext_sec__rec(sec, i);
		/* from memory, records are at an odd address */
		for (w = 0; w < sec->rec_size / 4; w++) {
			memcpy(&v, rec + 4 * w, sizeof(v));
			big_put(&log->out, v);
		}
	}
	return 0;
}

/* Walk b (at an odd address, or at an odd offset of a file) into log. */
static int walk_big(const struct big_ext *b, bool from_file, size_t file_size,
		    struct big_log *log)
{
	struct bk_btf_ext_walk w = {
		.file = "big.o",
		.diag = &diag,
		.strs = big_strs,
		.strs_len = sizeof(big_strs),
		.type_cnt = 13,
		.find_code = big_find,
		.on_sec = big_on_sec,
		.ctx = log,
	};
	size_t size = b->cnt * 4;
	char *buf = malloc(size + 3);
	FILE *f;
	int err;

	if (!buf)
		abort();
	memset(log, 0, sizeof(*log));
	msg[0] = 0;
	memcpy(buf + 3, b->words, size);
	if (!from_file) {
		err = bk_btf_ext__walk(buf + 1 + 2, size, &w);
		free(buf);
		return err;
	}
	f = tmpfile();
	if (!f ||
	    fwrite(buf, 1, bk_min(size + 3, file_size), f) !=
		    bk_min(size + 3, file_size) ||
	    fflush(f))
		abort();
	err = bk_btf_ext__walk_file(fileno(f), 3, size, &w);
	fclose(f);
	free(buf);
	return err;
}

static void test_ext_walk_file(void)
{
	struct big_ext b = make_big_ext();
	struct big_log mem, file;
	size_t size = b.cnt * 4, mid;
	char mem_msg[sizeof(msg)];
	int err;

	CHECK(size > 4 * BK_BTF_EXT_WINDOW,
	      "ext file walk: %zu bytes, %zu windows", size,
	      size / BK_BTF_EXT_WINDOW);
	err = walk_big(&b, false, SIZE_MAX, &mem);
	CHECK(!err && mem.calls == 3 * BIG_SECS && !mem.split_runs,
	      "ext file walk: from memory, whole sections: %s", msg);
	err = walk_big(&b, true, SIZE_MAX, &file);
	CHECK(!err && file.calls > mem.calls && file.split_runs > 0,
	      "ext file walk: from a file, %zu runs, %zu of part of a section: %s",
	      file.calls, file.split_runs, msg);
	CHECK(file.out.cnt == mem.out.cnt &&
		      !memcmp(file.out.words, mem.out.words,
			      mem.out.cnt * sizeof(__u32)),
	      "ext file walk: the same sections and records both ways");
	free(mem.out.words);
	free(file.out.words);

	/* a fault in the last window: the last record's insn_off */
	b.words[b.cnt - 5] = BIG_CODE_SIZE;
	err = walk_big(&b, false, SIZE_MAX, &mem);
	snprintf(mem_msg, sizeof(mem_msg), "%s", msg);
	CHECK(err == -EINVAL &&
		      strstr(msg, "core_relo for section '.text': record #") &&
		      strstr(msg,
			     "insn_off 1048576 is beyond the section's 1048576 bytes"),
	      "ext file walk: a fault in the last window, from memory: %s",
	      msg);
	err = walk_big(&b, true, SIZE_MAX, &file);
	CHECK(err == -EINVAL && !strcmp(msg, mem_msg) &&
		      file.out.cnt >= mem.out.cnt &&
		      !memcmp(file.out.words, mem.out.words,
			      mem.out.cnt * sizeof(__u32)),
	      "ext file walk: the same fault from a file, after the runs before it: %s",
	      msg);
	free(mem.out.words);
	free(file.out.words);

	/* a file cut short of the section's size */
	mid = 3 + size / 2;
	err = walk_big(&b, true, mid, &file);
	CHECK(err == -EIO &&
		      !strcmp(msg, "big.o: the file changed while being read"),
	      "ext file walk: a file shorter than the section: %s", msg);
	free(file.out.words);
	free(b.words);
}

/* Copy src to a new temporary file; its path goes to tmp. */
static int copy_to_tmp(const char *src, char *tmp)
{
	char buf[4096];
	FILE *in = fopen(src, "rb"), *out;
	size_t n;
	int fd;

	fd = mkstemp(tmp);
	out = fd >= 0 ? fdopen(fd, "wb") : NULL;
	while (in && out && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	if (in)
		fclose(in);
	return out && !fclose(out) ? 0 : -1;
}

/*
 * A file's .BTF.ext as the dumper reads it (bk_btf__parse_file(): checked
 * in windows, walked again on demand) hands over what the index of the
 * same section in memory holds; a file changed between the two walks is
 * reported as such.
 */
static void test_file_ext(const char *build)
{
	struct bk_btf_ext *ext = NULL, *fext = NULL;
	struct btf *btf = NULL, *fbtf = NULL;
	char path[512], tmp[] = "/tmp/test_btf.XXXXXX", want[600];
	struct big_log mem = {0}, file = {0};
	const struct bk_btf_ext_header *h;
	struct bk_elf *elf;
	__u32 bad_rec_size = 3;
	int err, fd;

	snprintf(path, sizeof(path), "%s/progs/btf_externs.bpf.o", build);
	elf = bk_elf__open_file(path, BK_ELF_BPF_OBJ, &diag);
	CHECK(elf && !copy_to_tmp(path, tmp) &&
		      !bk_btf__parse_elf(elf, &diag, &btf, &ext) &&
		      !bk_btf__parse_file(tmp, &diag, &fbtf, &fext) && fext,
	      "file ext: %s in memory and from a file: %s", path, msg);
	if (!fext)
		goto out;
	err = bk_btf_ext__for_each_sec(ext, big_on_sec, &mem, &diag)
		      ?: bk_btf_ext__for_each_sec(fext, big_on_sec, &file,
						  &diag);
	CHECK(!err && mem.out.cnt && mem.out.cnt == file.out.cnt &&
		      !memcmp(mem.out.words, file.out.words,
			      mem.out.cnt * sizeof(__u32)) &&
		      !bk_btf_ext__sec_cnt(fext, BK_BTF_EXT_FUNC_INFO) &&
		      !memcmp(bk_btf_ext__header(ext), bk_btf_ext__header(fext),
			      sizeof(*h)),
	      "file ext: the same header, sections and records as the index");
	/* func_info's record size, after the check: now out of bounds */
	h = bk_btf_ext__header(ext);
	fd = open(tmp, O_WRONLY);
	CHECK(fd >= 0 &&
		      pwrite(fd, &bad_rec_size, sizeof(bad_rec_size),
			     bk_elf__find_sec(elf, ".BTF.ext")->shdr.sh_offset +
				     h->hdr_len + h->func_info_off) == 4,
	      "file ext: the file changed after the check");
	if (fd >= 0)
		close(fd);
	snprintf(want, sizeof(want), "%s: the file changed while being read",
		 tmp);
	msg[0] = 0;
	CHECK(bk_btf_ext__for_each_sec(fext, big_on_sec, &file, &diag) ==
			      -EIO &&
		      !strcmp(msg, want),
	      "file ext: a fault found on the second walk: %s", msg);
out:
	unlink(tmp);
	free(mem.out.words);
	free(file.out.words);
	bk_btf_ext__free(fext);
	bk_btf_ext__free(ext);
	bk_btf__free(fbtf);
	btf__free(btf);
	bk_elf__free(elf);
}

int main(void)
{
	const char *build = getenv("BPFKIT_BUILD") ?: "build";

	test_buffers();
	test_split();
	test_elf_ext(build);
	test_ext_walk();
	test_ext_walk_file();
	test_file_ext(build);
	CHECK(strcmp(bk_btf__kind_str(BTF_KIND_ENUM64), "ENUM64") == 0 &&
		      strcmp(bk_btf__kind_str(99), "UNKNOWN") == 0 &&
		      strcmp(bk_btf__core_relo_kind_str(0), "byte_off") == 0 &&
		      !bk_btf__core_relo_kind_str(99),
	      "names of kinds and relocation kinds");
	bk_btf__free(NULL);
	bk_btf_ext__free(NULL);
	return tap_done();
}
