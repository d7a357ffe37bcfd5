// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Unit tests of src/btf: parsing from buffers (aligned or not), split BTF
 * against a base, the ELF entry point with .BTF.ext and its iteration, and
 * checks the CLI tests cannot reach (split BTF has no file of its own here).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
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

int main(void)
{
	const char *build = getenv("BPFKIT_BUILD") ?: "build";

	test_buffers();
	test_split();
	test_elf_ext(build);
	CHECK(strcmp(bk_btf__kind_str(BTF_KIND_ENUM64), "ENUM64") == 0 &&
		      strcmp(bk_btf__kind_str(99), "UNKNOWN") == 0 &&
		      strcmp(bk_btf__core_relo_kind_str(0), "byte_off") == 0 &&
		      !bk_btf__core_relo_kind_str(99),
	      "names of kinds and relocation kinds");
	bk_btf__free(NULL);
	bk_btf_ext__free(NULL);
	return tap_done();
}
