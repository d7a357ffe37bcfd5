// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * mkcorpus: write the malformed-input corpus that tests/robustness.bats runs
 * through every command that reads objects.
 *
 *	mkcorpus PROGS_DIR OUT_DIR
 *
 * The sources are objects built from progs/rob_*.bpf.c. Each case is one
 * deliberate change to a copy of a source (a truncation, a header field, a
 * symbol, a relocation, a BTF or BTF.ext record) written to OUT_DIR, plus
 * one line in OUT_DIR/MANIFEST:
 *
 *	case	EXPECT	FILE	-	WHAT
 *	pair	EXPECT	FILE	FILE2	WHAT
 *
 * EXPECT has one letter per command group, in the order btf dump (raw, -j,
 * format c), btf dump ext, gen object (with a good object, both orders),
 * gen skeleton: F = must fail with exit 1, 0 = must succeed, A = either
 * (the change may leave a valid file). No command may crash, hang or
 * allocate by a size the file merely claims. Pairs are objects that are
 * valid alone but must not link together (EXPECT applies to gen object).
 *
 * Output is deterministic: the same objects give the same corpus, byte for
 * byte. This reads ELF and BTF directly (no libelf): it has to build the
 * malformed files libelf would refuse to write.
 */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <linux/btf.h>

#include "btf/btf.h"
#include "lib/compiler.h"

#define BTF_INFO_ENC(kind, kflag, vlen) \
	((!!(kflag) << 31) | ((kind) << 24) | ((vlen)&0xffff))
#define BTF_INT_ENC(encoding, bits_offset, nr_bits) \
	((encoding) << 24 | (bits_offset) << 16 | (nr_bits))

/* Expectations, one letter per command group: dump, ext, link, skeleton. */
#define EXP_ALL "FFFF"	  /* the file as a whole is unreadable */
#define EXP_ANY "AAAA"	  /* may still be valid */
#define EXP_EXT "AFFA"	  /* .BTF.ext is corrupt */
#define EXP_EXT_OK "A00A" /* odd .BTF.ext that libbpf 1.1 links */
#define EXP_LINK "AAFA"	  /* only the linker's checks must catch it */
#define EXP_LOAD "AAFF"	  /* libbpf's object loader catches it as well */

#define BIG_OFF 0xffffff00u /* an offset/index beyond any small file */

struct btf_ext_hdr {
	__u16 magic;
	__u8 version;
	__u8 flags;
	__u32 hdr_len;
	__u32 func_info_off;
	__u32 func_info_len;
	__u32 line_info_off;
	__u32 line_info_len;
	__u32 core_relo_off;
	__u32 core_relo_len;
};

/* One source object, parsed. Offsets are file offsets into buf. */
struct obj {
	const char *tag;
	unsigned char *buf;
	size_t size;
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	size_t shnum;
	const char *shstr;
	size_t shstr_size;
	size_t symtab_idx;
	const Elf64_Sym *syms;
	size_t sym_cnt;
	const char *symstr;
	size_t symstr_size;
	size_t btf_idx;
	size_t btf_off;	  /* the .BTF header */
	size_t types_off; /* the type section */
	size_t strs_off;  /* the string section */
	const struct btf_header *bh;
	size_t *type_off; /* type_off[id], id 1..type_cnt */
	size_t type_cnt;
	size_t ext_idx;
	size_t ext_off;
	const struct btf_ext_hdr *xh;
	bool skel_may_fail; /* libbpf cannot open it alone (unresolved externs) */
};

/* A mutated copy of an object. */
struct mut {
	const struct obj *o;
	unsigned char *buf;
	size_t size;
};

static const char *out_dir;
static FILE *manifest;
static size_t case_cnt;

static __printf(1, 2) void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "mkcorpus: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

static void *xmalloc(size_t size)
{
	void *p = malloc(size ?: 1);

	if (!p)
		die("out of memory");
	return p;
}

static unsigned char *read_all(const char *path, size_t *size)
{
	unsigned char *buf;
	struct stat st;
	FILE *f = fopen(path, "rb");

	if (!f || fstat(fileno(f), &st))
		die("%s: %s", path, strerror(errno));
	buf = xmalloc(st.st_size);
	if (fread(buf, 1, st.st_size, f) != (size_t)st.st_size)
		die("%s: short read", path);
	fclose(f);
	*size = st.st_size;
	return buf;
}

static void write_all(const char *name, const void *buf, size_t size)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", out_dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(buf, 1, size, f) != size || fclose(f))
		die("%s: %s", path, strerror(errno));
}

/* Case names become file names: keep [A-Za-z0-9._+-], map the rest to '_'. */
static void sanitize(char *s)
{
	for (; *s; s++) {
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789._+-",
			    *s))
			*s = '_';
	}
}

static void add_line(const char *kind, const char *expect, const char *file,
		     const char *file2, const char *what)
{
	fprintf(manifest, "%s\t%s\t%s\t%s\t%s\n", kind, expect, file, file2,
		what);
	case_cnt++;
}

/* ---- parsing the (trusted, but still checked) sources ---- */

static const char *sec_name(const struct obj *o, size_t idx)
{
	size_t off = o->sh[idx].sh_name;

	return off < o->shstr_size ? o->shstr + off : "?";
}

static size_t find_sec(const struct obj *o, const char *name)
{
	size_t i;

	for (i = 1; i < o->shnum; i++) {
		if (strcmp(sec_name(o, i), name) == 0)
			return i;
	}
	return 0;
}

static size_t find_sym(const struct obj *o, const char *name)
{
	size_t i;

	for (i = 1; i < o->sym_cnt; i++) {
		if (o->syms[i].st_name < o->symstr_size &&
		    strcmp(o->symstr + o->syms[i].st_name, name) == 0)
			return i;
	}
	die("%s: no symbol '%s'", o->tag, name);
	return 0;
}

static void parse_btf(struct obj *o)
{
	const Elf64_Shdr *sh = &o->sh[o->btf_idx];
	size_t off, end, cap = 64;

	o->btf_off = sh->sh_offset;
	o->bh = (const void *)(o->buf + o->btf_off);
	if (o->bh->magic != BTF_MAGIC)
		die("%s: bad BTF magic", o->tag);
	o->types_off = o->btf_off + o->bh->hdr_len + o->bh->type_off;
	o->strs_off = o->btf_off + o->bh->hdr_len + o->bh->str_off;
	o->type_off = xmalloc(cap * sizeof(*o->type_off));
	end = o->types_off + o->bh->type_len;
	for (off = o->types_off; off < end;) {
		if (o->type_cnt + 2 > cap) {
			cap *= 2;
			o->type_off = realloc(o->type_off,
					      cap * sizeof(*o->type_off));
			if (!o->type_off)
				die("out of memory");
		}
		o->type_off[++o->type_cnt] = off;
		off += bk_btf__type_rec_size((const void *)(o->buf + off));
	}
	if (off != end)
		die("%s: BTF type section does not parse", o->tag);
}

static void load_obj(struct obj *o, const char *dir, const char *file,
		     const char *tag)
{
	char path[4096];
	size_t i;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	o->tag = tag;
	o->buf = read_all(path, &o->size);
	o->eh = (const void *)o->buf;
	if (o->size < sizeof(*o->eh) || memcmp(o->buf, ELFMAG, SELFMAG) ||
	    o->eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    o->eh->e_shoff + o->eh->e_shnum * sizeof(Elf64_Shdr) > o->size)
		die("%s: not a 64-bit ELF object", path);
	o->sh = (const void *)(o->buf + o->eh->e_shoff);
	o->shnum = o->eh->e_shnum;
	o->shstr = (const char *)o->buf + o->sh[o->eh->e_shstrndx].sh_offset;
	o->shstr_size = o->sh[o->eh->e_shstrndx].sh_size;
	for (i = 1; i < o->shnum; i++) {
		if (o->sh[i].sh_type == SHT_SYMTAB)
			o->symtab_idx = i;
	}
	if (!o->symtab_idx)
		die("%s: no symbol table", path);
	o->syms = (const void *)(o->buf + o->sh[o->symtab_idx].sh_offset);
	o->sym_cnt = o->sh[o->symtab_idx].sh_size / sizeof(Elf64_Sym);
	o->symstr = (const char *)o->buf +
		    o->sh[o->sh[o->symtab_idx].sh_link].sh_offset;
	o->symstr_size = o->sh[o->sh[o->symtab_idx].sh_link].sh_size;
	o->btf_idx = find_sec(o, ".BTF");
	o->ext_idx = find_sec(o, ".BTF.ext");
	if (!o->btf_idx || !o->ext_idx)
		die("%s: no .BTF or .BTF.ext", path);
	parse_btf(o);
	o->ext_off = o->sh[o->ext_idx].sh_offset;
	o->xh = (const void *)(o->buf + o->ext_off);
}

/* ---- mutations ---- */

static struct mut *mut_new(const struct obj *o)
{
	struct mut *m = xmalloc(sizeof(*m));

	m->o = o;
	m->size = o->size;
	m->buf = xmalloc(o->size);
	memcpy(m->buf, o->buf, o->size);
	return m;
}

static __u64 get_n(const unsigned char *buf, size_t off, size_t width)
{
	__u64 v = 0;

	memcpy(&v, buf + off, width); /* little-endian host and objects */
	return v;
}

static void put_n(struct mut *m, size_t off, size_t width, __u64 val)
{
	if (off + width > m->size)
		die("%s: mutation at %zu beyond the file", m->o->tag, off);
	memcpy(m->buf + off, &val, width);
}

/*
 * Write the case and free the copy. Sources that libbpf cannot open alone
 * (unresolved externs) leave the skeleton's outcome open.
 */
static __printf(3, 4) void emit(struct mut *m, const char *expect,
				const char *fmt, ...)
{
	char name[256], file[300], exp[5];
	va_list ap;
	int n;

	n = snprintf(name, sizeof(name), "%s-", m->o->tag);
	va_start(ap, fmt);
	vsnprintf(name + n, sizeof(name) - n, fmt, ap);
	va_end(ap);
	sanitize(name);
	snprintf(file, sizeof(file), "%s.o", name);
	snprintf(exp, sizeof(exp), "%s", expect);
	if (m->o->skel_may_fail && exp[3] != 'F')
		exp[3] = 'A';
	write_all(file, m->buf, m->size);
	add_line("case", exp, file, "-", name);
	free(m->buf);
	free(m);
}

/* One field changed: the common case. */
static __printf(6, 7) void emit_put(const struct obj *o, size_t off,
				    size_t width, __u64 val, const char *expect,
				    const char *fmt, ...)
{
	struct mut *m = mut_new(o);
	char name[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	put_n(m, off, width, val);
	emit(m, expect, "%s", name);
}

/* ---- truncations ---- */

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* Sections whose contents the readers parse (the rest they copy). */
static bool is_structural(const struct obj *o, size_t idx)
{
	return idx == o->btf_idx || idx == o->ext_idx || idx == o->symtab_idx ||
	       o->sh[idx].sh_type == SHT_STRTAB ||
	       o->sh[idx].sh_type == SHT_REL;
}

/*
 * Cut the file at every structural boundary: inside and at the end of the
 * ELF header, at each section's start, middle and end, and inside the
 * section header table (which clang puts last, so every cut damages it).
 */
static void gen_truncations(const struct obj *o)
{
	static const size_t fixed[] = {0,  1,  3,  4,  5,  16,
				       24, 40, 52, 62, 63, 64};
	size_t *cuts, cnt = 0, i, cap;
	struct mut *m;

	cap = ARRAY_SIZE(fixed) + 3 * o->shnum + 8;
	cuts = xmalloc(cap * sizeof(*cuts));
	for (i = 0; i < ARRAY_SIZE(fixed); i++)
		cuts[cnt++] = fixed[i];
	for (i = 1; i < o->shnum; i++) {
		if (o->sh[i].sh_type == SHT_NOBITS)
			continue;
		cuts[cnt++] = o->sh[i].sh_offset;
		cuts[cnt++] = o->sh[i].sh_offset + o->sh[i].sh_size;
		if (is_structural(o, i))
			cuts[cnt++] = o->sh[i].sh_offset + o->sh[i].sh_size / 2;
	}
	cuts[cnt++] = o->eh->e_shoff;
	cuts[cnt++] = o->eh->e_shoff + sizeof(Elf64_Shdr);
	cuts[cnt++] = o->eh->e_shoff + o->shnum / 2 * sizeof(Elf64_Shdr);
	cuts[cnt++] = o->size - sizeof(Elf64_Shdr);
	cuts[cnt++] = o->size - 1;
	qsort(cuts, cnt, sizeof(*cuts), cmp_size);
	for (i = 0; i < cnt; i++) {
		if (cuts[i] >= o->size || (i && cuts[i] == cuts[i - 1]))
			continue;
		m = mut_new(o);
		m->size = cuts[i];
		emit(m, EXP_ALL, "trunc-%05zu", cuts[i]);
	}
	free(cuts);
}

/* ---- the ELF header ---- */

#define EH_OFF(field) offsetof(Elf64_Ehdr, field)
#define EH_W(field) sizeof(((Elf64_Ehdr *)0)->field)
#define EH_PUT(o, field, val, exp, name) \
	emit_put(o, EH_OFF(field), EH_W(field), val, exp, "ehdr-%s", name)

static void gen_ehdr_ident(const struct obj *o)
{
	static const struct {
		size_t idx;
		unsigned char val;
		const char *exp, *name;
	} ident[] = {
		{EI_MAG0, 0x7e, EXP_ALL, "mag0"},
		{EI_MAG3, 'G', EXP_ALL, "mag3"},
		{EI_CLASS, ELFCLASS32, EXP_ALL, "class32"},
		{EI_CLASS, ELFCLASSNONE, EXP_ALL, "class0"},
		{EI_CLASS, 3, EXP_ALL, "class3"},
		{EI_DATA, ELFDATA2MSB, EXP_ALL, "data-msb"},
		{EI_DATA, ELFDATANONE, EXP_ALL, "data0"},
		{EI_VERSION, 0, EXP_ALL, "ident-version0"},
		{EI_OSABI, 0xff, EXP_ANY, "osabi"},
		{EI_PAD, 0xff, EXP_ANY, "pad"},
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ident); i++)
		emit_put(o, ident[i].idx, 1, ident[i].val, ident[i].exp,
			 "ehdr-%s", ident[i].name);
}

static void gen_ehdr_fields(const struct obj *o)
{
	size_t shnum = o->shnum, shoff = o->eh->e_shoff;
	bool grow_fits = shoff + (shnum + 1) * sizeof(Elf64_Shdr) <= o->size;

	/* A BTF dump may read any ELF with .BTF, as bpftool does. */
	EH_PUT(o, e_type, ET_EXEC, "AAFF", "type-exec");
	EH_PUT(o, e_type, ET_DYN, "AAFF", "type-dyn");
	EH_PUT(o, e_type, 0xfe01, "AAFF", "type-os");
	EH_PUT(o, e_machine, EM_X86_64, "AAFF", "machine-x86");
	EH_PUT(o, e_machine, EM_NONE, EXP_LINK, "machine-none");
	EH_PUT(o, e_version, 0, EXP_ANY, "version0");
	EH_PUT(o, e_entry, 0x1234, EXP_ANY, "entry");
	EH_PUT(o, e_flags, 0xffffffff, EXP_ANY, "flags");
	EH_PUT(o, e_ehsize, 0, EXP_ANY, "ehsize0");
	EH_PUT(o, e_phoff, 64, EXP_ANY, "phoff-overlap");
	EH_PUT(o, e_shoff, 0, EXP_ALL, "shoff0");
	EH_PUT(o, e_shoff, shoff + 1, EXP_ALL, "shoff+1");
	EH_PUT(o, e_shoff, shoff + 8, EXP_ALL, "shoff+8");
	EH_PUT(o, e_shoff, shoff - 64, EXP_ALL, "shoff-64");
	EH_PUT(o, e_shoff, shoff + 64, EXP_ALL, "shoff+64");
	EH_PUT(o, e_shoff, o->size, EXP_ALL, "shoff-eof");
	EH_PUT(o, e_shoff, ~0ull - 63, EXP_ALL, "shoff-wrap");
	/* libelf ignores e_shentsize; a strict reader rejects it */
	EH_PUT(o, e_shentsize, 32, EXP_ANY, "shentsize32");
	EH_PUT(o, e_shentsize, 0, EXP_ANY, "shentsize0");
	EH_PUT(o, e_shnum, 1, EXP_ALL, "shnum1");
	EH_PUT(o, e_shnum, 0, EXP_ALL, "shnum0");
	/* the last section is .symtab: only the BTF readers can do without */
	EH_PUT(o, e_shnum, shnum - 1, EXP_LOAD, "shnum-1");
	EH_PUT(o, e_shnum, shnum + 1, grow_fits ? EXP_ANY : EXP_ALL, "shnum+1");
	EH_PUT(o, e_shnum, 0xfeff, EXP_ALL, "shnum-feff");
	EH_PUT(o, e_shstrndx, 0, EXP_ALL, "shstrndx0");
	EH_PUT(o, e_shstrndx, shnum, EXP_ALL, "shstrndx-beyond");
	EH_PUT(o, e_shstrndx, o->symtab_idx, EXP_ALL, "shstrndx-symtab");
	EH_PUT(o, e_shstrndx, o->btf_idx, EXP_ALL, "shstrndx-btf");
}

/* ---- section headers ---- */

enum sec_role {
	ROLE_NULL,
	ROLE_STRTAB,
	ROLE_SYMTAB,
	ROLE_CODE,
	ROLE_CODE_REL,
	ROLE_DATA,
	ROLE_BSS,
	ROLE_BTF,
	ROLE_EXT,
	ROLE_AUX_REL, /* .rel.BTF, .rel.BTF.ext, .rel.debug_*: consumed */
	ROLE_OTHER,   /* debug sections, .llvm_addrsig, license */
};

static enum sec_role sec_role(const struct obj *o, size_t idx)
{
	const Elf64_Shdr *sh = &o->sh[idx];
	size_t target = sh->sh_info;

	if (idx == 0)
		return ROLE_NULL;
	if (idx == o->eh->e_shstrndx || sh->sh_type == SHT_STRTAB)
		return ROLE_STRTAB;
	if (sh->sh_type == SHT_SYMTAB)
		return ROLE_SYMTAB;
	if (idx == o->btf_idx)
		return ROLE_BTF;
	if (idx == o->ext_idx)
		return ROLE_EXT;
	if (sh->sh_type == SHT_REL)
		return target < o->shnum &&
				       (o->sh[target].sh_flags & SHF_EXECINSTR)
			       ? ROLE_CODE_REL
			       : ROLE_AUX_REL;
	if (sh->sh_flags & SHF_EXECINSTR)
		return ROLE_CODE;
	if (sh->sh_type == SHT_NOBITS)
		return ROLE_BSS;
	if (sh->sh_flags & SHF_ALLOC)
		return ROLE_DATA;
	return ROLE_OTHER;
}

/* What garbage in a section's bytes breaks. */
static const char *garbage_exp(enum sec_role role)
{
	switch (role) {
	case ROLE_STRTAB:
	case ROLE_BTF:
		return EXP_ALL;
	case ROLE_EXT:
		return EXP_EXT;
	default:
		return EXP_ANY;
	}
}

#define SH_OFF(idx, field)                             \
	(o->eh->e_shoff + (idx) * sizeof(Elf64_Shdr) + \
	 offsetof(Elf64_Shdr, field))
#define SH_W(field) sizeof(((Elf64_Shdr *)0)->field)
#define SH_PUT(idx, field, val, exp, what)                     \
	emit_put(o, SH_OFF(idx, field), SH_W(field), val, exp, \
		 "shdr%02zu-%s-" #field "-%s", idx, sec_name(o, idx), what)

/* Changes any section header can take. */
static void gen_shdr_common(const struct obj *o, size_t i)
{
	const Elf64_Shdr *sh = &o->sh[i];
	enum sec_role role = sec_role(o, i);
	bool has_bytes = sh->sh_type != SHT_NOBITS && sh->sh_size;
	const char *beyond = has_bytes ? EXP_ALL : EXP_ANY;
	const char *grow = EXP_ANY, *empty = EXP_ANY;

	SH_PUT(i, sh_name, BIG_OFF, i ? EXP_ALL : EXP_ANY, "beyond");
	SH_PUT(i, sh_offset, o->size + 0x100, beyond, "beyond");
	SH_PUT(i, sh_offset, sh->sh_offset + 1,
	       has_bytes ? garbage_exp(role) : EXP_ANY, "plus1");
	SH_PUT(i, sh_size, 0xfffffff000ull,
	       role == ROLE_NULL || role == ROLE_BSS ? EXP_ANY : EXP_ALL,
	       "huge");
	if (role == ROLE_NULL)
		return;
	switch (role) {
	case ROLE_STRTAB:
	case ROLE_BTF:
		empty = EXP_ALL;
		break;
	case ROLE_EXT:
		/* no records: a linker may take it for no .BTF.ext at all */
		empty = "AFAA";
		break;
	case ROLE_SYMTAB:
		empty = EXP_LOAD;
		grow = EXP_LINK;
		break;
	case ROLE_CODE:
		empty = o->sh[i].sh_size ? EXP_LINK : EXP_ANY;
		grow = EXP_LINK;
		break;
	case ROLE_CODE_REL:
		grow = EXP_LINK;
		break;
	default:
		break;
	}
	SH_PUT(i, sh_size, 0, empty, "zero");
	if (role != ROLE_BSS)
		SH_PUT(i, sh_size, sh->sh_size + 1, grow, "plus1");
	SH_PUT(i, sh_type, SHT_NULL,
	       role == ROLE_STRTAB   ? EXP_ALL
	       : role == ROLE_SYMTAB ? EXP_LOAD
				     : EXP_ANY,
	       "null");
	SH_PUT(i, sh_type, SHT_NOBITS,
	       role == ROLE_SYMTAB ? EXP_LOAD
	       : role == ROLE_CODE ? EXP_ANY
				   : empty,
	       "nobits");
	SH_PUT(i, sh_addralign, 3,
	       role == ROLE_CODE || role == ROLE_DATA ? EXP_LINK : EXP_ANY,
	       "3");
}

static void gen_shdr_symtab(const struct obj *o, size_t i)
{
	SH_PUT(i, sh_link, 0, EXP_LINK, "0");
	SH_PUT(i, sh_link, o->shnum + 3, EXP_LINK, "beyond");
	SH_PUT(i, sh_link, i, EXP_LINK, "self");
	SH_PUT(i, sh_entsize, 0, EXP_LINK, "0");
	SH_PUT(i, sh_entsize, 16, EXP_LINK, "16");
	SH_PUT(i, sh_info, 0, EXP_ANY, "0");
	SH_PUT(i, sh_info, o->sym_cnt + 10, EXP_ANY, "beyond");
}

/* A relocation section must be .rel<target>, point at code, use the symtab. */
static void gen_shdr_code_rel(const struct obj *o, size_t i)
{
	const Elf64_Shdr *sh = &o->sh[i];
	size_t other, j;

	for (other = 0, j = 1; j < o->shnum && !other; j++) {
		if (j != sh->sh_info && sec_role(o, j) == ROLE_CODE)
			other = j;
	}
	SH_PUT(i, sh_link, 0, EXP_LINK, "0");
	SH_PUT(i, sh_link, o->shnum + 3, EXP_LINK, "beyond");
	SH_PUT(i, sh_link, o->btf_idx, EXP_LINK, "btf");
	SH_PUT(i, sh_info, 0, EXP_LINK, "0");
	SH_PUT(i, sh_info, o->shnum + 3, EXP_LINK, "beyond");
	SH_PUT(i, sh_info, i, EXP_LINK, "self");
	SH_PUT(i, sh_info, o->symtab_idx, EXP_LINK, "symtab");
	SH_PUT(i, sh_info, other, EXP_LINK, "othercode");
	SH_PUT(i, sh_entsize, 0, EXP_LINK, "0");
	SH_PUT(i, sh_entsize, 24, EXP_LINK, "24");
	SH_PUT(i, sh_type, SHT_RELA, EXP_LINK, "rela");
	SH_PUT(i, sh_name, sh->sh_name + 1, EXP_LINK, "renamed");
	SH_PUT(i, sh_size, sh->sh_size - sizeof(Elf64_Rel), EXP_ANY,
	       "minus1rel");
}

static void gen_shdr_data(const struct obj *o, size_t i)
{
	size_t custom = find_sec(o, ".data.rob");

	SH_PUT(i, sh_flags, ~0ull, EXP_ANY, "all");
	/* a second symbol table */
	SH_PUT(i, sh_type, SHT_SYMTAB, EXP_LOAD, "symtab");
	SH_PUT(i, sh_type, SHT_REL, EXP_LINK, "rel");
	SH_PUT(i, sh_type, 0x12345678, EXP_ANY, "unknown");
	SH_PUT(i, sh_offset, 0, EXP_ANY, "over-ehdr");
	SH_PUT(i, sh_offset, o->eh->e_shoff, EXP_ANY, "over-shdrs");
	/* limits: alignment padding must not be allocated blindly */
	SH_PUT(i, sh_addralign, 1ull << 40, EXP_ANY, "2e40");
	SH_PUT(i, sh_addralign, 1ull << 63, EXP_ANY, "2e63");
	if (custom) /* two sections of the same name in one object */
		SH_PUT(custom, sh_name, o->sh[i].sh_name, EXP_ANY, "dup");
}

static void gen_shdr_role(const struct obj *o, size_t i)
{
	const Elf64_Shdr *sh = &o->sh[i];

	switch (sec_role(o, i)) {
	case ROLE_NULL:
		SH_PUT(i, sh_type, SHT_PROGBITS, EXP_ANY, "progbits");
		SH_PUT(i, sh_link, BIG_OFF, EXP_ANY, "big");
		break;
	case ROLE_STRTAB:
		SH_PUT(i, sh_type, SHT_PROGBITS, EXP_ALL, "progbits");
		break;
	case ROLE_SYMTAB:
		gen_shdr_symtab(o, i);
		break;
	case ROLE_CODE:
		SH_PUT(i, sh_flags, sh->sh_flags & ~SHF_EXECINSTR, EXP_ANY,
		       "noexec");
		SH_PUT(i, sh_addralign, 0, EXP_ANY, "0");
		break;
	case ROLE_CODE_REL:
		gen_shdr_code_rel(o, i);
		break;
	case ROLE_DATA:
		gen_shdr_data(o, i);
		break;
	case ROLE_BSS:
		/* limits: NOBITS sizes cost nothing to claim */
		SH_PUT(i, sh_size, 1ull << 40, EXP_ANY, "2e40");
		SH_PUT(i, sh_size, ~0ull, EXP_ANY, "max");
		SH_PUT(i, sh_type, SHT_PROGBITS, EXP_ANY, "progbits");
		break;
	case ROLE_BTF:
		SH_PUT(i, sh_flags, SHF_ALLOC | SHF_WRITE, EXP_ANY, "alloc");
		SH_PUT(i, sh_type, SHT_SYMTAB, EXP_LOAD, "symtab");
		/* no .BTF at all: the externs and maps have no types */
		SH_PUT(i, sh_name, sh->sh_name + 1, EXP_ALL, "renamed");
		SH_PUT(i, sh_offset, o->sh[o->ext_idx].sh_offset, EXP_ALL,
		       "at-ext");
		break;
	case ROLE_EXT:
		SH_PUT(i, sh_name, sh->sh_name + 1, "AFAA", "renamed");
		/* a second .BTF after the real one */
		SH_PUT(i, sh_name, o->sh[o->btf_idx].sh_name, "AFAA",
		       "dup-btf");
		break;
	case ROLE_AUX_REL:
		SH_PUT(i, sh_info, o->shnum + 3, EXP_LINK, "beyond");
		SH_PUT(i, sh_link, 0, EXP_ANY, "0");
		break;
	case ROLE_OTHER:
		break;
	}
}

static void gen_shdrs(const struct obj *o)
{
	bool seen[ROLE_OTHER + 1] = {0};
	enum sec_role role;
	size_t i;

	for (i = 0; i < o->shnum; i++) {
		role = sec_role(o, i);
		/* every kind of section once; the rest share the same code */
		if (seen[role])
			continue;
		seen[role] = true;
		gen_shdr_common(o, i);
		gen_shdr_role(o, i);
	}
}

/* ---- symbols ---- */

#define SYM_OFF(idx, field)                                           \
	(o->sh[o->symtab_idx].sh_offset + (idx) * sizeof(Elf64_Sym) + \
	 offsetof(Elf64_Sym, field))
#define SYM_W(field) sizeof(((Elf64_Sym *)0)->field)
#define SYM_PUT(idx, field, val, exp, what)                      \
	emit_put(o, SYM_OFF(idx, field), SYM_W(field), val, exp, \
		 "sym%02zu-%s-" #field "-%s", idx, sym_label(o, idx), what)

static const char *sym_label(const struct obj *o, size_t idx)
{
	const Elf64_Sym *s = &o->syms[idx];

	if (idx == 0)
		return "null";
	if (ELF64_ST_TYPE(s->st_info) == STT_SECTION)
		return "secsym";
	if (ELF64_ST_TYPE(s->st_info) == STT_FILE)
		return "file";
	return o->symstr + s->st_name;
}

/*
 * A symbol needs a name within the string table, a section index in range,
 * a known binding, DEFAULT or HIDDEN visibility, and a section symbol has
 * value 0.
 */
static void gen_sym(const struct obj *o, size_t idx, bool full)
{
	const Elf64_Sym *s = &o->syms[idx];
	unsigned char bind = ELF64_ST_BIND(s->st_info);
	unsigned char type = ELF64_ST_TYPE(s->st_info);
	/*
	 * gABI wants symbol #0 all zeroes and libbpf checks that, but nothing
	 * reads it: a reader may ignore it.
	 */
	const char *must = idx ? EXP_LINK : EXP_ANY;

	SYM_PUT(idx, st_name, o->symstr_size + 0x100, must, "beyond");
	SYM_PUT(idx, st_shndx, o->shnum + 3, must, "beyond");
	SYM_PUT(idx, st_shndx, SHN_XINDEX, must, "xindex");
	SYM_PUT(idx, st_info, ELF64_ST_INFO(5, type), must, "bind5");
	SYM_PUT(idx, st_other, STV_PROTECTED, must, "protected");
	SYM_PUT(idx, st_other, STV_INTERNAL, must, "internal");
	if (idx == 0)
		SYM_PUT(idx, st_value, 8, must, "8");
	if (idx == 0 || !full)
		return;
	SYM_PUT(idx, st_name, 0, EXP_ANY, "empty");
	SYM_PUT(idx, st_name, s->st_name + 1, EXP_ANY, "suffix");
	SYM_PUT(idx, st_shndx, SHN_ABS, EXP_ANY, "abs");
	SYM_PUT(idx, st_shndx, SHN_COMMON, EXP_ANY, "common");
	SYM_PUT(idx, st_shndx, o->btf_idx, EXP_ANY, "btf");
	SYM_PUT(idx, st_shndx, SHN_UNDEF, EXP_ANY, "undef");
	SYM_PUT(idx, st_info,
		ELF64_ST_INFO(bind ? STB_LOCAL : STB_GLOBAL, type), EXP_ANY,
		"bindswap");
	SYM_PUT(idx, st_info, ELF64_ST_INFO(STB_WEAK, type), EXP_ANY, "weak");
	SYM_PUT(idx, st_info, ELF64_ST_INFO(bind, 13), EXP_ANY, "type13");
	SYM_PUT(idx, st_other, STV_HIDDEN, EXP_ANY, "hidden");
	SYM_PUT(idx, st_value, s->st_value + 1,
		type == STT_SECTION ? must : EXP_ANY, "plus1");
	SYM_PUT(idx, st_value, 0xfffffffffff0ull,
		type == STT_SECTION ? must : EXP_ANY, "huge");
	SYM_PUT(idx, st_size, ~0ull, EXP_ANY, "max");
}

/* The first full_cnt names get every change, the others the index checks. */
static void gen_syms(const struct obj *o, const char *const *names, size_t cnt,
		     size_t full_cnt)
{
	size_t i, idx, secsym = 0, file = 0;

	for (i = 1; i < o->sym_cnt; i++) {
		if (!secsym && ELF64_ST_TYPE(o->syms[i].st_info) == STT_SECTION)
			secsym = i;
		if (!file && ELF64_ST_TYPE(o->syms[i].st_info) == STT_FILE)
			file = i;
	}
	gen_sym(o, 0, false);
	if (file)
		gen_sym(o, file, false);
	if (secsym)
		gen_sym(o, secsym, full_cnt > 1);
	for (i = 0; i < cnt; i++) {
		idx = find_sym(o, names[i]);
		gen_sym(o, idx, i < full_cnt);
	}
}

/* ---- relocations ---- */

#define REL_OFF(sec, n, field)                            \
	(o->sh[sec].sh_offset + (n) * sizeof(Elf64_Rel) + \
	 offsetof(Elf64_Rel, field))
#define REL_PUT(sec, n, field, val, exp, what)                              \
	emit_put(o, REL_OFF(sec, n, field), 8, val, exp,                    \
		 "rel-%s-%zu-" #field "-%s", sec_name(o, sec), (size_t)(n), \
		 what)

/*
 * The linker must check relocations. The skeleton generator may take what
 * it needs from symbols and BTF alone, as bpfkit's does (libbpf would
 * reject these objects when the skeleton opens them).
 */
static void gen_code_rel(const struct obj *o, size_t sec, size_t n, bool full)
{
	const Elf64_Rel *r = (const void *)(o->buf + REL_OFF(sec, n, r_offset));
	__u64 sym = ELF64_R_SYM(r->r_info), type = ELF64_R_TYPE(r->r_info);
	size_t target_size = o->sh[o->sh[sec].sh_info].sh_size;
	size_t dbgsym = 0, i;

	for (i = 1; i < o->sym_cnt && !dbgsym; i++) {
		if (ELF64_ST_TYPE(o->syms[i].st_info) == STT_SECTION &&
		    sec_role(o, o->syms[i].st_shndx) == ROLE_OTHER)
			dbgsym = i;
	}
	REL_PUT(sec, n, r_info, ELF64_R_INFO(o->sym_cnt, type), EXP_LINK,
		"symcnt");
	REL_PUT(sec, n, r_offset, r->r_offset + 1, EXP_LINK, "plus1");
	if (!full)
		return;
	REL_PUT(sec, n, r_info, ELF64_R_INFO(0, type), EXP_LINK, "sym0");
	REL_PUT(sec, n, r_info, ELF64_R_INFO(0xffffffffu, type), EXP_LINK,
		"symmax");
	if (dbgsym)
		REL_PUT(sec, n, r_info, ELF64_R_INFO(dbgsym, type), EXP_ANY,
			"debugsec");
	REL_PUT(sec, n, r_info, ELF64_R_INFO(sym, 0), EXP_ANY, "type0");
	REL_PUT(sec, n, r_info, ELF64_R_INFO(sym, 99), EXP_LINK, "type99");
	REL_PUT(sec, n, r_info, ELF64_R_INFO(sym, 3), EXP_ANY, "type-abs32");
	REL_PUT(sec, n, r_offset, r->r_offset + 4, EXP_LINK, "plus4");
	REL_PUT(sec, n, r_offset, r->r_offset + 8, EXP_ANY, "plus8");
	REL_PUT(sec, n, r_offset, target_size, EXP_LINK, "secend");
	REL_PUT(sec, n, r_offset, 0xfffffffffff8ull, EXP_LINK, "huge");
}

/* .rel.BTF, .rel.BTF.ext, .rel.debug_*: consumed; nothing is required. */
static void gen_aux_rel(const struct obj *o, size_t sec)
{
	const Elf64_Rel *r = (const void *)(o->buf + REL_OFF(sec, 0, r_offset));
	__u64 type = ELF64_R_TYPE(r->r_info);

	REL_PUT(sec, 0, r_info, ELF64_R_INFO(o->sym_cnt + 5, type), EXP_ANY,
		"symcnt");
	REL_PUT(sec, 0, r_info, ELF64_R_INFO(ELF64_R_SYM(r->r_info), 99),
		EXP_ANY, "type99");
	REL_PUT(sec, 0, r_offset, 0xfffffffffff8ull, EXP_ANY, "huge");
}

/* The index of the first relocation of that type in section sec, or -1. */
static long find_rel(const struct obj *o, size_t sec, __u64 type)
{
	const Elf64_Rel *r = (const void *)(o->buf + o->sh[sec].sh_offset);
	size_t n, cnt = o->sh[sec].sh_size / sizeof(*r);

	for (n = 0; n < cnt; n++) {
		if (ELF64_R_TYPE(r[n].r_info) == type)
			return n;
	}
	return -1;
}

static void gen_rels(const struct obj *o)
{
	static const char *const aux[] = {".rel.BTF", ".rel.BTF.ext",
					  ".rel.debug_info"};
	bool aux_done[ARRAY_SIZE(aux)] = {0}, call_done = false, first = true;
	long call;
	size_t i, n;

	for (i = 1; i < o->shnum; i++) {
		if (o->sh[i].sh_type != SHT_REL || !o->sh[i].sh_size)
			continue;
		if (sec_role(o, i) == ROLE_CODE_REL) {
			/* all changes once, and to one call; a few elsewhere */
			gen_code_rel(o, i, 0, first);
			first = false;
			call = find_rel(o, i, 10 /* R_BPF_64_32 */);
			if (!call_done && call > 0) {
				gen_code_rel(o, i, call, true);
				call_done = true;
			}
			continue;
		}
		for (n = 0; n < ARRAY_SIZE(aux); n++) {
			if (!aux_done[n] &&
			    strcmp(sec_name(o, i), aux[n]) == 0) {
				aux_done[n] = true;
				gen_aux_rel(o, i);
			}
		}
	}
}

/* ---- BTF ---- */

#define BH_OFF(field) (o->btf_off + offsetof(struct btf_header, field))
#define BH_W(field) sizeof(((struct btf_header *)0)->field)
#define BH_PUT(field, val, exp, what)                     \
	emit_put(o, BH_OFF(field), BH_W(field), val, exp, \
		 "btfhdr-" #field "-%s", what)

static void gen_btf_hdr(const struct obj *o)
{
	const struct btf_header *h = o->bh;

	BH_PUT(magic, 0xeb9e, EXP_ALL, "bad");
	BH_PUT(magic, 0x9feb, EXP_ALL, "swapped");
	/* libbpf ignores version and flags; the kernel checks them */
	BH_PUT(version, 0, EXP_ANY, "0");
	BH_PUT(version, 2, EXP_ANY, "2");
	BH_PUT(flags, 1, EXP_ANY, "1");
	BH_PUT(hdr_len, 0, EXP_ALL, "0");
	BH_PUT(hdr_len, 8, EXP_ALL, "8");
	BH_PUT(hdr_len, 23, EXP_ALL, "23");
	BH_PUT(hdr_len, 25, EXP_ALL, "25");
	BH_PUT(hdr_len, 28, EXP_ALL, "28");
	BH_PUT(hdr_len, BIG_OFF, EXP_ALL, "big");
	BH_PUT(type_off, 1, EXP_ALL, "1");
	BH_PUT(type_off, 4, EXP_ALL, "4");
	BH_PUT(type_off, BIG_OFF, EXP_ALL, "big");
	BH_PUT(type_len, h->type_len - 4, EXP_ALL, "minus4");
	BH_PUT(type_len, h->type_len - 1, EXP_ALL, "minus1");
	BH_PUT(type_len, h->type_len + 4, EXP_ALL, "plus4");
	BH_PUT(type_len, 0xfffffff0, EXP_ALL, "huge");
	/* no types at all is a valid BTF, but not for what refers to it */
	BH_PUT(type_len, 0, EXP_LINK, "0");
	BH_PUT(str_off, h->str_off - 1, EXP_ALL, "minus1");
	BH_PUT(str_off, h->str_off + 4, EXP_ALL, "plus4");
	BH_PUT(str_off, BIG_OFF, EXP_ALL, "big");
	BH_PUT(str_len, h->str_len - 1, EXP_ALL, "minus1");
	BH_PUT(str_len, h->str_len + 1, EXP_ALL, "plus1");
	BH_PUT(str_len, 0, EXP_ALL, "0");
	BH_PUT(str_len, 0xffffffff, EXP_ALL, "max");
}

static const char *const kind_names[] = {
	"unkn",	   "int",      "ptr",	   "array",	 "struct",
	"union",   "enum",     "fwd",	   "typedef",	 "volatile",
	"const",   "restrict", "func",	   "func_proto", "var",
	"datasec", "float",    "decl_tag", "type_tag",	 "enum64",
};

static const struct btf_type *btf_t(const struct obj *o, size_t id)
{
	return (const void *)(o->buf + o->type_off[id]);
}

#define T_PUT(id, off, val, exp, what)                                        \
	emit_put(o, o->type_off[id] + (off), 4, val, exp, "btf%03zu-%s-%s",   \
		 (size_t)(id), kind_names[BTF_INFO_KIND(btf_t(o, id)->info)], \
		 what)

static size_t first_of_kind(const struct obj *o, unsigned int kind)
{
	size_t id;

	for (id = 1; id <= o->type_cnt; id++) {
		if (BTF_INFO_KIND(btf_t(o, id)->info) == kind)
			return id;
	}
	return 0;
}

static bool is_ref_kind(unsigned int kind)
{
	switch (kind) {
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_TYPE_TAG:
		return true;
	default:
		return false;
	}
}

static bool has_vlen(unsigned int kind)
{
	switch (kind) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_DATASEC:
		return true;
	default:
		return false;
	}
}

/* Out-of-range string offsets, unknown kinds, impossible vlen: never valid. */
static void gen_btf_common(const struct obj *o, size_t id)
{
	const struct btf_type *t = btf_t(o, id);
	unsigned int kind = BTF_INFO_KIND(t->info),
		     vlen = BTF_INFO_VLEN(t->info);
	__u32 other = t->info & ~0x1f00ffffu;
	size_t bad_id = o->type_cnt + 1;

	if (kind == BTF_KIND_INT || kind == BTF_KIND_STRUCT)
		T_PUT(id, 0, o->bh->str_len, EXP_ALL, "name-end");
	T_PUT(id, 0, BIG_OFF, EXP_ALL, "name-big");
	T_PUT(id, 4, other | (kind == 1 ? 20 : 0) << 24 | vlen, EXP_ALL,
	      "kind-bad");
	T_PUT(id, 4, other | 31 << 24 | vlen, EXP_ALL, "kind31");
	if (kind == BTF_KIND_STRUCT || kind == BTF_KIND_INT) {
		T_PUT(id, 4, t->info ^ 0x80000000u, EXP_ANY, "kflag");
		T_PUT(id, 4, t->info | 0x00ff0000u, EXP_ANY, "unused-bits");
	}
	if (has_vlen(kind)) {
		T_PUT(id, 4, (t->info & ~0xffffu) | 0xffff, EXP_ALL,
		      "vlen-max");
		T_PUT(id, 4, t->info + 1, EXP_ANY, "vlen+1");
		T_PUT(id, 4, t->info & ~0xffffu, EXP_ANY, "vlen0");
	} else if (kind == BTF_KIND_INT || kind == BTF_KIND_PTR) {
		T_PUT(id, 4, t->info | 1, EXP_ANY, "vlen1");
	}
	if (is_ref_kind(kind)) {
		T_PUT(id, 8, bad_id, EXP_ALL, "type-end");
		if (kind == BTF_KIND_PTR || kind == BTF_KIND_FUNC)
			T_PUT(id, 8, 0x7fffffff, EXP_ALL, "type-big");
		/* a loop: must be rejected or survived, never followed forever */
		T_PUT(id, 8, id, EXP_ANY, "type-self");
	}
	if (kind == BTF_KIND_PTR || kind == BTF_KIND_VAR)
		T_PUT(id, 8, 0, EXP_ANY, "type-void");
}

/* Member-level records: ids and names out of range, absurd sizes, loops. */
static void gen_btf_kind(const struct obj *o, size_t id)
{
	const struct btf_type *t = btf_t(o, id);
	size_t bad = o->type_cnt + 1, vlen = BTF_INFO_VLEN(t->info);
	size_t int_id = first_of_kind(o, BTF_KIND_INT);

	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_INT:
		T_PUT(id, 8, 0, EXP_ANY, "size0");
		T_PUT(id, 8, 0xffffffff, EXP_ANY, "size-max");
		T_PUT(id, 12, 0x0f000020, EXP_ANY, "encoding");
		T_PUT(id, 12, 0x000000ff, EXP_ANY, "nr_bits");
		T_PUT(id, 12, 0x00ff0020, EXP_ANY, "bit-offset");
		break;
	case BTF_KIND_ARRAY:
		T_PUT(id, 12, bad, EXP_ALL, "elem-end");
		T_PUT(id, 16, bad, EXP_ALL, "index-end");
		T_PUT(id, 12, id, EXP_ANY, "elem-self");
		T_PUT(id, 20, 0xffffffff, EXP_ANY, "nelems-max");
		break;
	case BTF_KIND_STRUCT:
		T_PUT(id, 12, BIG_OFF, EXP_ALL, "m0-name-big");
		T_PUT(id, 16, bad, EXP_ALL, "m0-type-end");
		T_PUT(id, 20, 0xffffffff, EXP_ANY, "m0-offset-max");
		/* contains itself by value: infinite size */
		T_PUT(id, 12 + 12 * (vlen - 1) + 4, id, EXP_ANY, "mlast-self");
		T_PUT(id, 8, 0xffffffff, EXP_ANY, "size-max");
		break;
	case BTF_KIND_UNION:
		T_PUT(id, 16, bad, EXP_ALL, "m0-type-end");
		T_PUT(id, 8, 0, EXP_ANY, "size0");
		break;
	case BTF_KIND_ENUM:
		T_PUT(id, 12, BIG_OFF, EXP_ALL, "e0-name-big");
		T_PUT(id, 8, 3, EXP_ANY, "size3");
		break;
	case BTF_KIND_FUNC_PROTO:
		T_PUT(id, 12, BIG_OFF, EXP_ALL, "p0-name-big");
		T_PUT(id, 16, bad, EXP_ALL, "p0-type-end");
		break;
	case BTF_KIND_FUNC:
		T_PUT(id, 8, int_id, EXP_ANY, "type-not-proto");
		T_PUT(id, 4, (t->info & ~0xffffu) | 9, EXP_ANY, "linkage9");
		break;
	case BTF_KIND_VAR:
		T_PUT(id, 12, 7, EXP_ANY, "linkage7");
		break;
	case BTF_KIND_DATASEC:
		T_PUT(id, 12, bad, EXP_ALL, "v0-type-end");
		T_PUT(id, 12, int_id, EXP_ANY, "v0-type-not-var");
		T_PUT(id, 16, 0xfffffff0, EXP_ANY, "v0-offset-huge");
		T_PUT(id, 20, 0xffffffff, EXP_ANY, "v0-size-max");
		T_PUT(id, 8, 0, EXP_ANY, "size0");
		T_PUT(id, 8, 0xffffffff, EXP_ANY, "size-max");
		break;
	case BTF_KIND_DECL_TAG:
		T_PUT(id, 12, 100, EXP_ANY, "component100");
		T_PUT(id, 12, -2, EXP_ANY, "component-2");
		break;
	case BTF_KIND_FLOAT:
		T_PUT(id, 8, 3, EXP_ANY, "size3");
		break;
	case BTF_KIND_FWD:
		/* unused, must be 0: btf__dedup faulted on it when linking
		 * (found by fuzz_link) */
		T_PUT(id, 8, 0x8e00, EXP_ALL, "type-nonzero");
		break;
	default:
		break;
	}
}

static size_t find_btf(const struct obj *o, unsigned int kind,
		       const char *name);

static void gen_btf_types(const struct obj *o)
{
	unsigned int kind;
	size_t id, cv;

	for (kind = 1; kind < ARRAY_SIZE(kind_names); kind++) {
		id = first_of_kind(o, kind);
		if (!id)
			continue;
		gen_btf_common(o, id);
		gen_btf_kind(o, id);
	}
	/*
	 * A struct member of function type, directly and through a typedef:
	 * btf_dump divides the member's offset by its alignment, 0 (found by
	 * fuzz_btf_dump). task_struct's second member is at offset 32; rob_rec's
	 * member #1 is an unsigned int bitfield at offset 32.
	 */
	id = find_btf(o, BTF_KIND_STRUCT, "task_struct");
	T_PUT(id, 12 + 12 + 4, first_of_kind(o, BTF_KIND_FUNC), EXP_ALL,
	      "m1-type-func");
	id = find_btf(o, BTF_KIND_STRUCT, "rob_rec");
	T_PUT(id, 12 + 12 + 4, find_btf(o, BTF_KIND_TYPEDEF, "rob_u32_t"),
	      EXP_ANY, "m1-type-typedef");
	T_PUT(find_btf(o, BTF_KIND_TYPEDEF, "rob_u32_t"), 8,
	      first_of_kind(o, BTF_KIND_FUNC_PROTO), EXP_ALL, "func-proto");
	/* the same for an array element, the array a union member */
	id = find_btf(o, BTF_KIND_UNION, "rob_num");
	id = ((const struct btf_member *)(btf_t(o, id) + 1))[1].type;
	T_PUT(id, 12, first_of_kind(o, BTF_KIND_DATASEC), EXP_ALL,
	      "elem-datasec");
	/* a two-type loop: CONST -> VOLATILE -> CONST */
	id = first_of_kind(o, BTF_KIND_CONST);
	cv = id ? btf_t(o, id)->type : 0;
	if (cv && BTF_INFO_KIND(btf_t(o, cv)->info) == BTF_KIND_VOLATILE)
		T_PUT(cv, 8, id, EXP_ANY, "loop-const");
}

/* ---- BTF.ext ---- */

#define XH_OFF(field) (o->ext_off + offsetof(struct btf_ext_hdr, field))
#define XH_W(field) sizeof(((struct btf_ext_hdr *)0)->field)
#define XH_PUT(field, val, exp, what)                     \
	emit_put(o, XH_OFF(field), XH_W(field), val, exp, \
		 "ext-hdr-" #field "-%s", what)

static void gen_ext_hdr(const struct obj *o)
{
	const struct btf_ext_hdr *x = o->xh;

	XH_PUT(magic, 0xeb9e, EXP_EXT, "bad");
	/* libbpf's btf_ext_parse_hdr() refuses both (-ENOTSUP) */
	XH_PUT(version, 2, EXP_EXT, "2");
	XH_PUT(flags, 1, EXP_EXT, "1");
	XH_PUT(hdr_len, 0, EXP_EXT, "0");
	XH_PUT(hdr_len, 4, EXP_EXT, "4");
	XH_PUT(hdr_len, 24, EXP_EXT, "24");
	XH_PUT(hdr_len, 33, EXP_EXT, "33");
	XH_PUT(hdr_len, BIG_OFF, EXP_EXT, "big");
	XH_PUT(func_info_off, x->func_info_off + 1, EXP_EXT, "plus1");
	XH_PUT(func_info_off, BIG_OFF, EXP_EXT, "big");
	XH_PUT(func_info_len, 0, EXP_ANY, "0");
	XH_PUT(func_info_len, x->func_info_len + 4, EXP_EXT, "plus4");
	XH_PUT(func_info_len, BIG_OFF, EXP_EXT, "big");
	XH_PUT(line_info_off, BIG_OFF, EXP_EXT, "big");
	XH_PUT(line_info_len, 0, EXP_ANY, "0");
	XH_PUT(line_info_len, x->line_info_len - 4, EXP_EXT, "minus4");
	XH_PUT(core_relo_off, BIG_OFF, EXP_EXT, "big");
	XH_PUT(core_relo_len, 0, EXP_ANY, "0");
}

/*
 * One block of records (func_info, line_info or CO-RE relocations): its
 * record size, the first section's name and count, and fields of the first
 * record. String offsets and type IDs the linker must remap are checked by
 * it; the dumper may print them as they are.
 */
struct ext_field {
	size_t off;
	__u32 val;
	const char *exp, *what;
};

static void gen_ext_block(const struct obj *o, const char *block, __u32 off,
			  const struct ext_field *rec, size_t rec_cnt)
{
	size_t base = o->ext_off + o->xh->hdr_len + off, i;

#define X_PUT(at, val, exp, what) \
	emit_put(o, base + (at), 4, val, exp, "ext-%s-%s", block, what)
	X_PUT(0, 0, EXP_EXT, "recsize0");
	X_PUT(0, 4, EXP_EXT, "recsize4");
	X_PUT(0, 7, EXP_EXT, "recsize7");
	X_PUT(0, 64, EXP_EXT, "recsize64");
	X_PUT(0, BIG_OFF, EXP_EXT, "recsize-big");
	X_PUT(4, BIG_OFF, EXP_EXT, "sec-name-big");
	X_PUT(4, 0, EXP_EXT, "sec-name-empty");
	X_PUT(8, 0, EXP_EXT, "count0");
	X_PUT(8, get_n(o->buf, base + 8, 4) + 1, EXP_EXT, "count+1");
	X_PUT(8, 0x7fffffff, EXP_EXT, "count-huge");
	for (i = 0; i < rec_cnt; i++)
		X_PUT(12 + rec[i].off, rec[i].val, rec[i].exp, rec[i].what);
#undef X_PUT
}

static void gen_ext(const struct obj *o)
{
	__u32 bad = o->type_cnt + 1;
	/*
	 * What libbpf 1.1's linker accepts (it checks type IDs and string
	 * offsets only) must be linked and dumped: EXP_EXT_OK. A record
	 * beyond its code section is refused.
	 */
	const struct ext_field func[] = {
		{0, 1, EXP_EXT_OK, "r0-insn-misaligned"},
		{0, 0xfffffff8, EXP_EXT, "r0-insn-huge"},
		{4, bad, EXP_EXT, "r0-type-end"},
		{4, first_of_kind(o, BTF_KIND_INT), EXP_EXT_OK, "r0-type-int"},
	};
	const struct ext_field line[] = {
		{0, 2, EXP_EXT_OK, "r0-insn-misaligned"},
		{4, BIG_OFF, EXP_EXT, "r0-file-big"},
		{8, BIG_OFF, EXP_EXT, "r0-line-big"},
		{12, 0xffffffff, EXP_EXT_OK, "r0-linecol-max"},
	};
	const struct ext_field core[] = {
		{4, bad, EXP_EXT, "r0-type-end"},
		{8, BIG_OFF, EXP_EXT, "r0-access-big"},
		{12, 99, EXP_EXT_OK, "r0-kind99"},
	};

	gen_ext_hdr(o);
	if (o->xh->func_info_len)
		gen_ext_block(o, "func", o->xh->func_info_off, func,
			      ARRAY_SIZE(func));
	if (o->xh->line_info_len)
		gen_ext_block(o, "line", o->xh->line_info_off, line,
			      ARRAY_SIZE(line));
	if (o->xh->hdr_len >= sizeof(*o->xh) && o->xh->core_relo_len)
		gen_ext_block(o, "core", o->xh->core_relo_off, core,
			      ARRAY_SIZE(core));
}

/* ---- limits: small files that claim huge counts ---- */

#define SH0_OFF(field) SH_OFF(0, field)

static void gen_limits(const struct obj *o)
{
	struct mut *m;

	/* extended numbering (e_shnum 0, count in section #0): valid... */
	m = mut_new(o);
	put_n(m, EH_OFF(e_shnum), 2, 0);
	put_n(m, SH0_OFF(sh_size), 8, o->shnum);
	emit(m, EXP_ANY, "limit-shnum-extended");
	/* ...until the count is absurd */
	m = mut_new(o);
	put_n(m, EH_OFF(e_shnum), 2, 0);
	put_n(m, SH0_OFF(sh_size), 8, 0xfffffffe);
	emit(m, EXP_ALL, "limit-shnum-extended-huge");
	m = mut_new(o);
	put_n(m, EH_OFF(e_shnum), 2, 0);
	put_n(m, SH0_OFF(sh_size), 8, 0x00ffffff);
	emit(m, EXP_ALL, "limit-shnum-extended-16M");
	m = mut_new(o);
	put_n(m, EH_OFF(e_shstrndx), 2, SHN_XINDEX);
	put_n(m, SH0_OFF(sh_link), 4, o->eh->e_shstrndx);
	emit(m, EXP_ANY, "limit-shstrndx-extended");
	m = mut_new(o);
	put_n(m, EH_OFF(e_shstrndx), 2, SHN_XINDEX);
	put_n(m, SH0_OFF(sh_link), 4, 0xfffffff0);
	emit(m, EXP_ALL, "limit-shstrndx-extended-huge");
	m = mut_new(o);
	put_n(m, EH_OFF(e_phoff), 8, 64);
	put_n(m, EH_OFF(e_phnum), 2, 0xffff);
	emit(m, EXP_ANY, "limit-phnum-max");
	m = mut_new(o);
	put_n(m, SH_OFF(o->symtab_idx, sh_size), 8, 0x10000000ull * 24);
	emit(m, EXP_ALL, "limit-symtab-256M-symbols");
}

/*
 * A minimal ELF: null, .shstrtab, .BTF (given bytes), .symtab, .strtab.
 * shnum < 0 gives the true count; section #0's sh_size is sh0_size.
 */
static void emit_tiny_elf(const void *btf, size_t btf_size, const char *expect,
			  const char *name, int shnum, __u64 sh0_size)
{
	static const char shstr[] = "\0.shstrtab\0.BTF\0.symtab\0.strtab";
	unsigned char buf[1024] = {0};
	Elf64_Ehdr *eh = (void *)buf;
	Elf64_Shdr *sh;
	size_t off = sizeof(*eh), shstr_off, btf_off, sym_off, str_off;
	char file[128];

	shstr_off = off;
	memcpy(buf + off, shstr, sizeof(shstr));
	off = (off + sizeof(shstr) + 7) & ~7ul;
	btf_off = off;
	memcpy(buf + off, btf, btf_size);
	off = (off + btf_size + 7) & ~7ul;
	sym_off = off;
	off += sizeof(Elf64_Sym);
	str_off = off;
	off += 8;
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = ET_REL;
	eh->e_machine = EM_BPF;
	eh->e_version = EV_CURRENT;
	eh->e_ehsize = sizeof(*eh);
	eh->e_shentsize = sizeof(*sh);
	eh->e_shoff = off;
	eh->e_shnum = shnum < 0 ? 5 : shnum;
	eh->e_shstrndx = 1;
	if (off + 5 * sizeof(*sh) > sizeof(buf))
		die("tiny ELF does not fit");
	sh = (void *)(buf + off);
	sh[0].sh_size = sh0_size;
	sh[1] = (Elf64_Shdr){.sh_name = 1,
			     .sh_type = SHT_STRTAB,
			     .sh_offset = shstr_off,
			     .sh_size = sizeof(shstr),
			     .sh_addralign = 1};
	sh[2] = (Elf64_Shdr){.sh_name = 11,
			     .sh_type = SHT_PROGBITS,
			     .sh_offset = btf_off,
			     .sh_size = btf_size,
			     .sh_addralign = 4};
	sh[3] = (Elf64_Shdr){.sh_name = 16,
			     .sh_type = SHT_SYMTAB,
			     .sh_offset = sym_off,
			     .sh_size = sizeof(Elf64_Sym),
			     .sh_link = 4,
			     .sh_info = 1,
			     .sh_addralign = 8,
			     .sh_entsize = sizeof(Elf64_Sym)};
	sh[4] = (Elf64_Shdr){.sh_name = 24,
			     .sh_type = SHT_STRTAB,
			     .sh_offset = str_off,
			     .sh_size = 1,
			     .sh_addralign = 1};
	snprintf(file, sizeof(file), "tiny-%s.o", name);
	write_all(file, buf, off + 5 * sizeof(*sh));
	add_line("case", expect, file, "-", file);
}

/* A BTF blob: header, the given type records, strings "\0int\0s". */
static size_t make_btf(unsigned char *buf, const __u32 *types, size_t type_len,
		       __u32 type_len_claim)
{
	static const char strs[] = "\0int\0s";
	struct btf_header h = {
		.magic = BTF_MAGIC,
		.version = BTF_VERSION,
		.hdr_len = sizeof(h),
		.type_off = 0,
		.type_len = type_len_claim,
		.str_off = type_len,
		.str_len = sizeof(strs),
	};

	memcpy(buf, &h, sizeof(h));
	memcpy(buf + sizeof(h), types, type_len);
	memcpy(buf + sizeof(h) + type_len, strs, sizeof(strs));
	return sizeof(h) + type_len + sizeof(strs);
}

static void emit_raw(const void *buf, size_t size, const char *expect,
		     const char *name)
{
	char file[128];

	snprintf(file, sizeof(file), "%s.btf", name);
	write_all(file, buf, size);
	add_line("case", expect, file, "-", file);
}

/* Emit types as a raw BTF file and in a tiny ELF, both to be refused. */
static void emit_tiny_bad(const __u32 *types, size_t type_len, const char *name)
{
	unsigned char btf[256];
	char raw_name[64];
	size_t n;

	if (type_len + 64 > sizeof(btf))
		die("tiny BTF does not fit");
	n = make_btf(btf, types, type_len, type_len);
	emit_tiny_elf(btf, n, EXP_ALL, name, -1, 0);
	snprintf(raw_name, sizeof(raw_name), "tiny-%s", name);
	emit_raw(btf, n, EXP_ALL, raw_name);
}

/*
 * Sizeless members and the edges a C printer does not follow but libbpf's
 * dedup does: btf_dump divided by a FWD member's alignment (SIGFPE), dedup
 * failed with ELOOP on a cycle through a prototype's FUNC parameter.
 */
static void gen_tiny_graph(void)
{
/* [1] INT 'int', the first type of each blob below */
#define INT_REC                                 \
	1, BTF_INFO_ENC(BTF_KIND_INT, 0, 0), 4, \
		BTF_INT_ENC(BTF_INT_SIGNED, 0, 32)
#define REC(kind, vlen) BTF_INFO_ENC(BTF_KIND_##kind, 0, vlen)
	/* [2] FWD 's'; [3] STRUCT 's' { [2] } */
	const __u32 member_fwd[] = {INT_REC,	    5, REC(FWD, 0), 0, 5,
				    REC(STRUCT, 1), 4, 0,	    2, 0};
	/* [2] CONST [3]; [3] FWD 's'; [4] ARRAY of [2] */
	const __u32 elem_fwd[] = {INT_REC, 0, REC(CONST, 0), 3, 5, REC(FWD, 0),
				  0,	   0, REC(ARRAY, 0), 0, 2, 1,
				  2};
	/* [2] STRUCT 's' {}; [3] ARRAY [1] indexed by [2] */
	const __u32 index_struct[] = {
		INT_REC, 5, REC(STRUCT, 0), 4, 0, REC(ARRAY, 0), 0, 1, 2, 1};
	/* [2] FUNC_PROTO int (s [3]); [3] FUNC 's' [2] */
	const __u32 proto_loop[] = {INT_REC, 0, REC(FUNC_PROTO, 1), 1, 5,
				    3,	     5, REC(FUNC, 0),	    2};
#undef REC
#undef INT_REC

	emit_tiny_bad(member_fwd, sizeof(member_fwd), "member-fwd");
	emit_tiny_bad(elem_fwd, sizeof(elem_fwd), "array-elem-const-fwd");
	emit_tiny_bad(index_struct, sizeof(index_struct), "array-index-struct");
	emit_tiny_bad(proto_loop, sizeof(proto_loop), "proto-param-func-loop");
}

static void gen_tiny(void)
{
	/* [1] INT 'int' size=4 bits=32 signed; [2] STRUCT 's' size=4 */
	const __u32 good[] = {1, BTF_INFO_ENC(BTF_KIND_INT, 0, 0),
			      4, BTF_INT_ENC(BTF_INT_SIGNED, 0, 32),
			      5, BTF_INFO_ENC(BTF_KIND_STRUCT, 0, 0),
			      4};
	const __u32 vlen_max[] = {5, BTF_INFO_ENC(BTF_KIND_STRUCT, 0, 0xffff),
				  4};
	unsigned char btf[256];
	size_t n;

	n = make_btf(btf, good, sizeof(good), sizeof(good));
	emit_tiny_elf(btf, n, "0FAA", "valid", -1, 0);
	emit_raw(btf, n, "0FFF", "tiny-valid");
	emit_tiny_elf(btf, n, EXP_ALL, "shnum-max", 0xffff, 0);
	emit_tiny_elf(btf, n, EXP_ALL, "shnum-extended-4G", 0, 0xfffffffe);
	n = make_btf(btf, good, sizeof(good), 0xfffffff0);
	emit_tiny_elf(btf, n, EXP_ALL, "btf-type-len-huge", -1, 0);
	emit_raw(btf, n, EXP_ALL, "tiny-type-len-huge");
	n = make_btf(btf, vlen_max, sizeof(vlen_max), sizeof(vlen_max));
	emit_tiny_elf(btf, n, EXP_ALL, "btf-vlen-max", -1, 0);
	emit_raw(btf, n, EXP_ALL, "tiny-vlen-max");
	n = make_btf(btf, good, sizeof(good), sizeof(good));
	((struct btf_header *)btf)->str_len = 0xffffff00;
	emit_raw(btf, n, EXP_ALL, "tiny-str-len-huge");
	gen_tiny_graph();
}

/* The object's .BTF alone, as a raw BTF file (btf dump reads those). */
static void gen_raw(const struct obj *o)
{
	const unsigned char *btf = o->buf + o->btf_off;
	size_t size = o->sh[o->btf_idx].sh_size;
	const size_t cuts[] = {0,	2, 4, 23, 24, 24 + o->bh->type_len / 2,
			       size - 1};
	size_t struct_id = first_of_kind(o, BTF_KIND_STRUCT);
	unsigned char *copy = xmalloc(size);
	char name[64];
	size_t i;

	snprintf(name, sizeof(name), "%s-raw", o->tag);
	emit_raw(btf, size, "0FFF", name);
	for (i = 0; i < ARRAY_SIZE(cuts); i++) {
		snprintf(name, sizeof(name), "%s-raw-trunc-%05zu", o->tag,
			 cuts[i]);
		emit_raw(btf, cuts[i], EXP_ALL, name);
	}
	memcpy(copy, btf, size);
	copy[0] ^= 1;
	snprintf(name, sizeof(name), "%s-raw-magic", o->tag);
	emit_raw(copy, size, EXP_ALL, name);
	memcpy(copy, btf, size);
	memset(copy + (o->type_off[struct_id] - o->btf_off) + 4, 0xff, 2);
	snprintf(name, sizeof(name), "%s-raw-struct-vlen-max", o->tag);
	emit_raw(copy, size, EXP_ALL, name);
	free(copy);
}

/* ---- semantic conflicts ---- */

static const char *btf_str(const struct obj *o, __u32 off)
{
	return (const char *)o->buf + o->strs_off + off;
}

static size_t find_btf(const struct obj *o, unsigned int kind, const char *name)
{
	size_t id;

	for (id = 1; id <= o->type_cnt; id++) {
		if (BTF_INFO_KIND(btf_t(o, id)->info) == kind &&
		    strcmp(btf_str(o, btf_t(o, id)->name_off), name) == 0)
			return id;
	}
	die("%s: no BTF %s '%s'", o->tag, kind_names[kind], name);
	return 0;
}

/* Externs whose BTF is gone: the whole .BTF, or just their VAR/FUNC. */
static void gen_no_btf(const struct obj *o, const char *const *externs,
		       const unsigned int *kinds, size_t cnt)
{
	__u32 other_name = btf_t(o, first_of_kind(o, BTF_KIND_INT))->name_off;
	struct mut *m = mut_new(o);
	size_t i, id;

	put_n(m, SH_OFF(o->btf_idx, sh_name), 4, o->sh[o->btf_idx].sh_name + 1);
	put_n(m, SH_OFF(o->ext_idx, sh_name), 4, o->sh[o->ext_idx].sh_name + 1);
	emit(m, "FFFF", "no-btf");
	for (i = 0; i < cnt; i++) {
		id = find_btf(o, kinds[i], externs[i]);
		T_PUT(id, 0, other_name, EXP_LINK, "renamed");
	}
}

static void copy_prog(const char *dir, const char *name, const char *expect)
{
	char path[4096], file[256];
	unsigned char *buf;
	size_t size;

	snprintf(path, sizeof(path), "%s/%s.bpf.o", dir, name);
	snprintf(file, sizeof(file), "%s.bpf.o", name);
	buf = read_all(path, &size);
	write_all(file, buf, size);
	free(buf);
	add_line("case", expect, file, "-", name);
}

static void gen_pairs(const char *dir)
{
	static const char *const solo[] = {"rob_dup_a", "rob_dupvar_b",
					   "rob_dupfn_b", "rob_dupmap_b",
					   "rob_mm_def"};
	static const char *const with_externs[] = {
		"rob_mm_var",	 "rob_mm_fn",	  "rob_mm_map",
		"rob_mm_maxent", "rob_mm_struct", "rob_mm_kind"};
	static const char *const pairs[][3] = {
		{"rob_dup_a", "rob_dupvar_b", "strong variable twice"},
		{"rob_dup_a", "rob_dupfn_b", "strong function twice"},
		{"rob_dup_a", "rob_dupmap_b", "strong map twice"},
		{"rob_mm_def", "rob_mm_var", "extern int, defined long"},
		{"rob_mm_def", "rob_mm_fn", "extern function, one parameter"},
		{"rob_mm_def", "rob_mm_map", "extern map, other value type"},
		{"rob_mm_def", "rob_mm_maxent",
		 "extern map, other max_entries"},
		{"rob_mm_def", "rob_mm_struct", "extern struct, other layout"},
		{"rob_mm_def", "rob_mm_kind",
		 "extern variable, defined function"},
		{"rob_lic", "rob_dup_a", "different licenses"},
	};
	char a[256], b[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(solo); i++)
		copy_prog(dir, solo[i], "0000");
	for (i = 0; i < ARRAY_SIZE(with_externs); i++)
		copy_prog(dir, with_externs[i], "000A");
	/* its license differs from the good object's */
	copy_prog(dir, "rob_lic", "00F0");
	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		snprintf(a, sizeof(a), "%s.bpf.o", pairs[i][0]);
		snprintf(b, sizeof(b), "%s.bpf.o", pairs[i][1]);
		add_line("pair", "F", a, b, pairs[i][2]);
	}
}

/* ---- main ---- */

/*
 * Symbols that made a link succeed with an output libbpf cannot open (or
 * bpfkit's skeleton refuses): the linker must refuse them itself.
 */
static void gen_link_outputs(const struct obj *o)
{
	size_t map = find_sym(o, "rob_hash"), fn = find_sym(o, "rob_global_fn");
	size_t var = find_sym(o, "rob_float");
	struct mut *m;

	SYM_PUT(map, st_info, ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE), EXP_LOAD,
		"map-local-notype");
	SYM_PUT(map, st_info, ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE), EXP_LOAD,
		"map-notype");
	/* inside the function's bytes, but not at an instruction */
	m = mut_new(o);
	put_n(m, SYM_OFF(fn, st_value), 8, o->syms[fn].st_value + 4);
	put_n(m, SYM_OFF(fn, st_size), 8, o->syms[fn].st_size - 8);
	emit(m, EXP_LOAD, "sym%02zu-%s-func-unaligned", fn, sym_label(o, fn));
	/* rob_float over rob_data (offset 0, 8 bytes) */
	SYM_PUT(var, st_value, 4, EXP_LINK, "overlaps");
}

static void gen_base(const char *dir)
{
	static const char *const all_syms[] = {
		"rob_global_fn", "LINUX_KERNEL_VERSION", "rob_data",
		"rob_prog",	 "rob_static_fn",	 "rob_weak",
		"rob_recs"};
	static const char *const btf_externs[] = {"LINUX_KERNEL_VERSION"};
	static const unsigned int btf_kinds[] = {BTF_KIND_VAR};
	struct obj o = {0};

	load_obj(&o, dir, "rob_base.bpf.o", "base");
	write_all("base-orig.o", o.buf, o.size);
	add_line("case", "0000", "base-orig.o", "-", "base-orig");
	gen_truncations(&o);
	gen_ehdr_ident(&o);
	gen_ehdr_fields(&o);
	gen_shdrs(&o);
	gen_syms(&o, all_syms, ARRAY_SIZE(all_syms), 2);
	gen_link_outputs(&o);
	gen_rels(&o);
	gen_btf_hdr(&o);
	gen_btf_types(&o);
	gen_ext(&o);
	gen_limits(&o);
	gen_raw(&o);
	gen_no_btf(&o, btf_externs, btf_kinds, ARRAY_SIZE(btf_externs));
	free(o.type_off);
	free(o.buf);
}

/* Mutations that matter for externs: their symbols, relocations and BTF. */
/*
 * An extern whose ELF name holds a newline and an ESC sequence: its BTF is
 * then missing and the error quotes the name, which must stay one line
 * without raw control bytes.
 */
static void gen_ctrl_name(const struct obj *o, const char *sym)
{
	static const char ctrl[] = "x\n\x1b[2J";
	struct mut *m = mut_new(o);
	size_t name_off = o->sh[o->sh[o->symtab_idx].sh_link].sh_offset +
			  o->syms[find_sym(o, sym)].st_name;

	if (strlen(sym) < sizeof(ctrl) - 1)
		die("%s: symbol '%s' is too short", o->tag, sym);
	memcpy(m->buf + name_off, ctrl, sizeof(ctrl) - 1);
	emit(m, EXP_LINK, "sym-%s-ctrl-name", sym);
}

static void gen_ext_obj(const char *dir)
{
	static const char *const syms[] = {"rob_ext_var", "rob_ext_fn",
					   "rob_ext_map", "bpf_prog_active"};
	static const char *const btf_externs[] = {"rob_ext_map", "rob_ext_var",
						  "rob_ext_fn"};
	static const unsigned int btf_kinds[] = {BTF_KIND_VAR, BTF_KIND_VAR,
						 BTF_KIND_FUNC};
	struct obj o = {0};

	load_obj(&o, dir, "rob_ext.bpf.o", "ext");
	o.skel_may_fail = true;
	write_all("ext-orig.o", o.buf, o.size);
	add_line("case", "000A", "ext-orig.o", "-", "ext-orig");
	gen_syms(&o, syms, ARRAY_SIZE(syms), 1);
	gen_rels(&o);
	gen_no_btf(&o, btf_externs, btf_kinds, ARRAY_SIZE(btf_externs));
	gen_ctrl_name(&o, "rob_ext_var");
	free(o.type_off);
	free(o.buf);
}

/* ---- ar archives: headers, sizes, names and indexes -------------------- */

struct arbuf {
	unsigned char *buf;
	size_t len;
	size_t cap;
};

static void ar_put(struct arbuf *a, const void *p, size_t n)
{
	if (a->len + n > a->cap) {
		a->cap = (a->len + n) * 2;
		a->buf = realloc(a->buf, a->cap);
		if (!a->buf)
			die("out of memory");
	}
	memcpy(a->buf + a->len, p, n);
	a->len += n;
}

static void ar_start(struct arbuf *a, const char *magic)
{
	a->len = 0;
	ar_put(a, magic, 8);
}

/* A member named name (as stored); size_field NULL writes the true size. */
static void ar_member(struct arbuf *a, const char *name, const char *size_field,
		      const void *data, size_t n)
{
	char hdr[61], sz[24];

	snprintf(sz, sizeof(sz), "%zu", n);
	snprintf(hdr, sizeof(hdr), "%-16.16s%-12s%-6s%-6s%-8s%-10.10s`\n", name,
		 "0", "0", "0", "644", size_field ? size_field : sz);
	ar_put(a, hdr, 60);
	ar_put(a, data, n);
	if (n & 1)
		ar_put(a, "\n", 1);
}

static void ar_emit(const struct arbuf *a, const char *expect, const char *name)
{
	char file[128];

	snprintf(file, sizeof(file), "ar-%s.a", name);
	write_all(file, a->buf, a->len);
	add_line("case", expect, file, "-", file);
}

/* A GNU "/" index of cnt entries, all at member offset off, names given. */
static void ar_index(struct arbuf *a, __u32 cnt, __u32 off, const char *names,
		     size_t names_len)
{
	unsigned char idx[256];
	size_t i, n = 4;

	idx[0] = cnt >> 24, idx[1] = cnt >> 16, idx[2] = cnt >> 8, idx[3] = cnt;
	for (i = 0; i < cnt && n + 4 + names_len <= sizeof(idx); i++, n += 4) {
		idx[n] = off >> 24, idx[n + 1] = off >> 16;
		idx[n + 2] = off >> 8, idx[n + 3] = off;
	}
	memcpy(idx + n, names, names_len);
	ar_member(a, "/", NULL, idx, n + names_len);
}

/* One member of the good object, its header or length wrong one way. */
struct bad_member {
	const char *name;
	const char *size_field; /* NULL: the true size */
	size_t cut;		/* keep only this many bytes; 0: all */
	const char *tag;
};

static const struct bad_member bad_members[] = {
	{"rob_good.o/", "12x4", 0, "bad-size-field"},
	{"rob_good.o/", "9999999999", 0, "size-past-end"},
	{"cut.o/", NULL, 200, "member-truncated-elf"},
	{"/0", NULL, 0, "long-name-no-table"},
	{"#1/999", NULL, 64, "bsd-name-too-long"},
};

static void gen_archives(const char *dir)
{
	static const char longs[] = "rob_good_library_member.bpf.o/\n";
	static const char text[] = "not an object\n";
	struct arbuf a = {0};
	struct obj o = {0};
	size_t member_off, i;

	load_obj(&o, dir, "rob_good.bpf.o", "ar");
	ar_start(&a, "!<arch>\n");
	ar_emit(&a, "FF0F", "empty");
	ar_member(&a, "//", NULL, longs, sizeof(longs) - 1);
	ar_member(&a, "/0", NULL, o.buf, o.size);
	ar_emit(&a, "FFAF", "long-name");
	/* an index naming a symbol the member lacks: a warning, not an error */
	ar_start(&a, "!<arch>\n");
	member_off = 8 + 60 + 4 + 4 + 14;
	ar_index(&a, 1, member_off, "rob_not_there", 14);
	ar_member(&a, "rob_good.o/", NULL, o.buf, o.size);
	ar_emit(&a, "FFAF", "index-stale");

	for (i = 0; i < ARRAY_SIZE(bad_members); i++) {
		const struct bad_member *b = &bad_members[i];

		ar_start(&a, "!<arch>\n");
		ar_member(&a, b->name, b->size_field, o.buf,
			  b->cut ? b->cut : o.size);
		ar_emit(&a, EXP_ALL, b->tag);
	}
	/* a member with no section headers at all: no array to size */
	ar_start(&a, "!<arch>\n");
	ar_member(&a, "rob_good.o/", NULL, o.buf, o.size);
	memset(a.buf + 8 + 60 + offsetof(Elf64_Ehdr, e_shnum), 0, 2);
	ar_emit(&a, EXP_ALL, "member-no-sections");
	ar_start(&a, "!<arch>\n");
	ar_member(&a, "rob_good.o/", NULL, o.buf, o.size);
	a.len = 8 + 30;
	ar_emit(&a, EXP_ALL, "truncated-header");
	ar_start(&a, "!<arch>\n");
	ar_member(&a, "rob_good.o/", NULL, o.buf, o.size);
	memcpy(a.buf + 8 + 58, "XX", 2);
	ar_emit(&a, EXP_ALL, "bad-end-marker");
	ar_start(&a, "!<arch>\n");
	ar_member(&a, "notes.txt/", NULL, text, sizeof(text) - 1);
	ar_emit(&a, EXP_ALL, "member-not-elf");
	ar_start(&a, "!<arch>\n");
	ar_member(&a, "//", NULL, longs, sizeof(longs) - 1);
	ar_member(&a, "/9999", NULL, o.buf, o.size);
	ar_emit(&a, EXP_ALL, "long-name-past-table");
	ar_start(&a, "!<arch>\n");
	ar_member(&a, "//", NULL, "abc", 3);
	ar_member(&a, "/0", NULL, o.buf, o.size);
	ar_emit(&a, EXP_ALL, "long-name-unterminated");
	ar_start(&a, "!<arch>\n");
	ar_index(&a, 0xffffffffu, 0, "", 0);
	ar_emit(&a, EXP_ALL, "index-count-huge");
	ar_start(&a, "!<arch>\n");
	ar_index(&a, 1, BIG_OFF, "x", 2);
	ar_member(&a, "rob_good.o/", NULL, o.buf, o.size);
	ar_emit(&a, EXP_ALL, "index-offset-past-end");
	ar_start(&a, "!<arch>\n");
	ar_index(&a, 2, 8 + 60 + 4 + 8 + 2, "x", 2);
	ar_member(&a, "rob_good.o/", NULL, o.buf, o.size);
	ar_emit(&a, EXP_ALL, "index-names-short");
	ar_start(&a, "!<arch>\n");
	ar_member(&a, "__.SYMDEF", NULL, "\xf8\xff\xff\x7f\0\0\0\0", 8);
	ar_member(&a, "rob_good.o", NULL, o.buf, o.size);
	ar_emit(&a, EXP_ALL, "bsd-index-pairs-huge");
	ar_start(&a, "!<thin>\n");
	ar_emit(&a, EXP_ALL, "thin");
	free(a.buf);
	free(o.type_off);
	free(o.buf);
}

int main(int argc, char **argv)
{
	char path[4096];

	if (argc != 3) {
		fprintf(stderr, "usage: mkcorpus PROGS_DIR OUT_DIR\n");
		return 2;
	}
	out_dir = argv[2];
	if (mkdir(out_dir, 0755) && errno != EEXIST)
		die("%s: %s", out_dir, strerror(errno));
	snprintf(path, sizeof(path), "%s/MANIFEST", out_dir);
	manifest = fopen(path, "w");
	if (!manifest)
		die("%s: %s", path, strerror(errno));
	/* linked with itself: strong symbols twice */
	copy_prog(argv[1], "rob_good", "00F0");
	gen_base(argv[1]);
	gen_ext_obj(argv[1]);
	gen_tiny();
	gen_pairs(argv[1]);
	gen_archives(argv[1]);
	if (fclose(manifest))
		die("%s: %s", path, strerror(errno));
	printf("%zu cases in %s\n", case_cnt, out_dir);
	return 0;
}
