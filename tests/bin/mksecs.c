// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * mksecs OUT COUNT [PREFIX]
 *
 * Write a BPF relocatable object with COUNT data sections named
 * PREFIX0, PREFIX1, ... (PREFIX defaults to "d"), each holding the same
 * four bytes, beside a symbol table with only the null symbol. Beyond
 * 65279 sections it uses extended section numbering, as ELF requires.
 * Tests build objects with more sections than a linked object can hold
 * from it, in a fraction of a second, without a compiler.
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIRST_DATA 3 /* after null, .strtab, .symtab */

struct image {
	char *strs;
	size_t strs_len;
	size_t strs_cap;
};

static size_t add_str(struct image *im, const char *s)
{
	size_t len = strlen(s) + 1, off = im->strs_len;

	if (im->strs_len + len > im->strs_cap) {
		im->strs_cap = (im->strs_len + len) * 2;
		im->strs = realloc(im->strs, im->strs_cap);
		if (!im->strs) {
			perror("mksecs");
			exit(1);
		}
	}
	memcpy(im->strs + off, s, len);
	im->strs_len += len;
	return off;
}

/* extended numbering beyond 65279 sections: the count lives in header #0 */
static Elf64_Ehdr make_ehdr(size_t shoff, size_t shnum)
{
	return (Elf64_Ehdr){
		.e_ident = {ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64,
			    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
				    ? ELFDATA2LSB
				    : ELFDATA2MSB,
			    EV_CURRENT},
		.e_type = ET_REL,
		.e_machine = EM_BPF,
		.e_version = EV_CURRENT,
		.e_shoff = shoff,
		.e_ehsize = sizeof(Elf64_Ehdr),
		.e_shentsize = sizeof(Elf64_Shdr),
		.e_shnum = shnum < SHN_LORESERVE ? shnum : 0,
		.e_shstrndx = 1,
	};
}

int main(int argc, char **argv)
{
	const char *prefix = argc > 3 ? argv[3] : "d";
	static const unsigned char data[8] = {1, 2, 3, 4};
	struct image im = {};
	size_t cnt, shnum, i, data_off, sym_off, str_off, shoff;
	Elf64_Shdr *sh;
	Elf64_Sym null_sym = {};
	Elf64_Ehdr eh;
	char name[64];
	FILE *f;

	if (argc < 3 || !(cnt = strtoul(argv[2], NULL, 0))) {
		fprintf(stderr, "usage: mksecs OUT COUNT [PREFIX]\n");
		return 1;
	}
	shnum = FIRST_DATA + cnt;
	sh = calloc(shnum, sizeof(*sh));
	if (!sh) {
		perror("mksecs");
		return 1;
	}
	add_str(&im, "");
	sh[1].sh_name = add_str(&im, ".strtab");
	sh[2].sh_name = add_str(&im, ".symtab");
	for (i = 0; i < cnt; i++) {
		snprintf(name, sizeof(name), "%s%zu", prefix, i);
		sh[FIRST_DATA + i].sh_name = add_str(&im, name);
	}
	/* layout: ELF header, data, symbols, strings, section headers */
	data_off = sizeof(eh);
	sym_off = data_off + sizeof(data);
	str_off = sym_off + sizeof(null_sym);
	shoff = (str_off + im.strs_len + 7) & ~(size_t)7;
	if (shnum >= SHN_LORESERVE)
		sh[0].sh_size = shnum;
	sh[1] = (Elf64_Shdr){.sh_name = sh[1].sh_name,
			     .sh_type = SHT_STRTAB,
			     .sh_offset = str_off,
			     .sh_size = im.strs_len,
			     .sh_addralign = 1};
	sh[2] = (Elf64_Shdr){.sh_name = sh[2].sh_name,
			     .sh_type = SHT_SYMTAB,
			     .sh_offset = sym_off,
			     .sh_size = sizeof(null_sym),
			     .sh_link = 1,
			     .sh_info = 1,
			     .sh_addralign = 8,
			     .sh_entsize = sizeof(null_sym)};
	for (i = FIRST_DATA; i < shnum; i++) {
		sh[i].sh_type = SHT_PROGBITS;
		sh[i].sh_flags = SHF_ALLOC | SHF_WRITE;
		sh[i].sh_offset = data_off;
		sh[i].sh_size = 4;
		sh[i].sh_addralign = 4;
	}
	eh = make_ehdr(shoff, shnum);
	f = fopen(argv[1], "wb");
	if (!f || fwrite(&eh, sizeof(eh), 1, f) != 1 ||
	    fwrite(data, sizeof(data), 1, f) != 1 ||
	    fwrite(&null_sym, sizeof(null_sym), 1, f) != 1 ||
	    fwrite(im.strs, im.strs_len, 1, f) != 1 ||
	    fseek(f, (long)shoff, SEEK_SET) ||
	    fwrite(sh, sizeof(*sh), shnum, f) != shnum || fclose(f)) {
		perror(argv[1]);
		return 1;
	}
	free(sh);
	free(im.strs);
	return 0;
}
