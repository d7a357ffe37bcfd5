/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
#ifndef BPFKIT_BTF_H
#define BPFKIT_BTF_H

/*
 * The BTF module: validated parsing of .BTF and .BTF.ext data, shared by
 * the linker, the BTF dumper and the skeleton generator.
 *
 * libbpf parses BTF well but trusts it: libbpf 1.1 checks the header and the
 * string offsets, not that referenced type IDs exist or that type graphs
 * end, and btf_dump recurses along type references. So every entry point
 * here checks the raw bytes completely first (bk_btf__validate()) and only
 * then hands them to btf__new(). A struct btf obtained here may be walked
 * without further checks:
 *   - every type record lies within the type section, with a known kind
 *     and no reserved bits set;
 *   - every name offset (types, members, enumerators, parameters) is a
 *     valid string offset;
 *   - every referenced type ID is in range, and references have the kind
 *     their referrer needs (FUNC -> FUNC_PROTO, DATASEC -> VAR or FUNC,
 *     VAR -> a data type, DECL_TAG -> a taggable type and component);
 *   - struct/union members and array elements have a size (not void, a
 *     forward declaration or a non-data kind); array index types are ints;
 *   - following references the way a C printer does (modifiers, typedefs,
 *     pointers, arrays, prototypes, and struct/union members except for a
 *     named struct/union behind a pointer) or through any other edge
 *     (index types, FUNC, VAR, DATASEC, DECL_TAG) never loops and never
 *     goes deeper than BK_BTF_MAX_REF_DEPTH.
 * Errors name the input and the type ([id] and kind) and say what is wrong.
 */
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>
#include <linux/btf.h>
#include <bpf/btf.h>

#include "../lib/diag.h"

struct bk_elf;
struct bk_btf_ext;

/* How deep a reference chain may go (see above); btf_dump recurses this far. */
#define BK_BTF_MAX_REF_DEPTH 256

/* Kind names as bpftool prints them ("INT" ... "ENUM64"), else "UNKNOWN". */
const char *bk_btf__kind_str(__u32 kind);

/*
 * Bytes of t's record in a type section: struct btf_type and what its kind
 * and vlen add. 0 for an unknown kind. For walking raw type sections.
 */
__u32 bk_btf__type_rec_size(const struct btf_type *t);

/*
 * Check raw BTF bytes (a .BTF section or a blob like /sys/kernel/btf/vmlinux)
 * as described above. base is NULL, or the (validated) base of split BTF.
 * name is used in messages. Returns 0 or -EINVAL/-ENOMEM, the reason in diag.
 */
int bk_btf__validate(const void *data, size_t size, const char *name,
		     const struct btf *base, const struct bk_diag *diag);

/*
 * Working memory validation keeps between calls: a caller that validates
 * many blobs (the linker, one per input) passes one, zero-initialized, to
 * bk_btf__validate_with() and releases it with bk_btf_scratch__free(), so
 * that each input does not map, fault in and unmap its own arrays.
 */
struct bk_btf_scratch_buf {
	void *mem;
	size_t cap;
};

struct bk_btf_scratch {
	struct bk_btf_scratch_buf type_offs, node_state, node_depth;
};

int bk_btf__validate_with(const void *data, size_t size, const char *name,
			  const struct btf *base, const struct bk_diag *diag,
			  struct bk_btf_scratch *scratch);
void bk_btf_scratch__free(struct bk_btf_scratch *scratch);

/* Validate, then parse with libbpf. *btf is set only on success. */
int bk_btf__parse_buf(const void *data, size_t size, const char *name,
		      const struct bk_diag *diag, struct btf **btf);
int bk_btf__parse_split_buf(const void *data, size_t size, const char *name,
			    struct btf *base, const struct bk_diag *diag,
			    struct btf **btf);

/*
 * The .BTF section of an ELF file (any ELF: BPF objects, vmlinux, modules)
 * and, if ext is not NULL, its .BTF.ext section checked against both that BTF
 * and the ELF's code sections (*ext stays NULL when the file has none).
 */
int bk_btf__parse_elf(const struct bk_elf *elf, const struct bk_diag *diag,
		      struct btf **btf, struct bk_btf_ext **ext);
/*
 * As bk_btf__parse_elf(), for an ELF whose .BTF section bk_btf__validate()
 * accepted already (bk_linker__check_input_buf() validates it): .BTF is
 * only parsed by libbpf, .BTF.ext is checked as usual. A file with more
 * than one .BTF section is refused: which one was validated is unclear.
 */
int bk_btf__parse_elf_checked(const struct bk_elf *elf,
			      const struct bk_diag *diag, struct btf **btf,
			      struct bk_btf_ext **ext);

/*
 * A file that is either an ELF file with .BTF or raw BTF data. Of a regular
 * ELF file only the section headers, .BTF and (when ext is asked for)
 * .BTF.ext are read (bk_elf__open_file_secs()). Raw split BTF
 * under /sys/kernel/btf/ (kernel modules) gets /sys/kernel/btf/vmlinux as
 * its base, as bpftool does. ext as for bk_btf__parse_elf(); raw BTF has no
 * .BTF.ext, so asking for it there is an error. Of a regular file, *ext is
 * checked in bounded memory and not indexed (bk_btf_ext__open_file()):
 * read it with bk_btf_ext__for_each_sec(), which works for both, while btf
 * lives; a stream or an ELF read whole gets the index.
 */
int bk_btf__parse_file(const char *path, const struct bk_diag *diag,
		       struct btf **btf, struct bk_btf_ext **ext);

/*
 * BTF object ID of the running kernel (root only): fetched with
 * BPF_OBJ_GET_INFO_BY_FD and validated like a file. Module BTF gets the
 * kernel's vmlinux BTF as base.
 */
int bk_btf__load_from_kernel(__u32 id, const struct bk_diag *diag,
			     struct btf **btf);

/*
 * Free a BTF from bk_btf__parse_buf/_elf/_file() or _load_from_kernel()
 * together with the base these loaded for it (module BTF). Split BTF from
 * bk_btf__parse_split_buf() uses the caller's base: free it with btf__free().
 */
void bk_btf__free(struct btf *btf);

/*
 * Before printing btf as C (libbpf's btf_dump): btf_dump spells every gap in
 * a struct or union as explicit padding, a line per 64 bits, so a type that
 * claims gigabytes around a few members would print for minutes. Fails
 * (-E2BIG) when all padding together exceeds 1 Mbit plus 1 Kbit per type
 * (vmlinux needs about 330 Kbit): C output stays proportional to the BTF.
 */
int bk_btf__check_c_output(const struct btf *btf, const char *name,
			   const struct bk_diag *diag);

/*
 * Iterate over the types a BTF adds (for split BTF, not the base's):
 *	bk_for_each_type(id, t, btf) { ... }
 */
#define bk_for_each_type(id, t, btf)                                       \
	for ((id) = btf__base_btf(btf) ? btf__type_cnt(btf__base_btf(btf)) \
				       : 1;                                \
	     (id) < btf__type_cnt(btf) &&                                  \
	     ((t) = btf__type_by_id((btf), (id)));                         \
	     (id)++)

#include "btf_ext.h"

#endif /* BPFKIT_BTF_H */
