// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Native code of JIT-compiled programs, through Capstone.
 *
 * Capstone is loaded when code is first disassembled, not linked in: its
 * 2 MB of tables, in the binary, made every short command (a btf dump of
 * a small object) peak 15% above bpftool's memory, for the one command
 * that needs them. The function types come from capstone.h, so the
 * compiler checks every call as if it were linked.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <capstone/capstone.h>

#include "jit_disasm.h"
#include "../lib/compiler.h"

#ifndef CAPSTONE_SONAME
#define CAPSTONE_SONAME "libcapstone.so.4"
#endif

static struct capstone {
	__typeof__(cs_open) *open;
	__typeof__(cs_option) *option;
	__typeof__(cs_strerror) *strerror;
	__typeof__(cs_malloc) *malloc;
	__typeof__(cs_disasm_iter) *disasm_iter;
	__typeof__(cs_free) *free;
	__typeof__(cs_close) *close;
} cs;

#define CS_FN(f)                                       \
	{                                              \
		"cs_" #f, offsetof(struct capstone, f) \
	}

/* Kept loaded once loaded: the process is short and may dump again. */
int bk_jit__load(const struct bk_diag *diag)
{
	static const struct {
		const char *name;
		size_t off;
	} fns[] = {
		CS_FN(open),   CS_FN(option),	   CS_FN(strerror),
		CS_FN(malloc), CS_FN(disasm_iter), CS_FN(free),
		CS_FN(close),
	};
	struct capstone loaded;
	void *lib, *sym;
	size_t i;

	if (cs.open)
		return 0;
	lib = dlopen(CAPSTONE_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!lib)
		return bk_err(diag, -ENOENT,
			      "disassembling jited code needs Capstone: %s",
			      dlerror());
	for (i = 0; i < ARRAY_SIZE(fns); i++) {
		sym = dlsym(lib, fns[i].name);
		if (!sym) {
			dlclose(lib);
			return bk_err(diag, -ENOENT, "%s has no %s",
				      CAPSTONE_SONAME, fns[i].name);
		}
		/* POSIX's way from a data pointer to a function pointer */
		memcpy((char *)&loaded + fns[i].off, &sym, sizeof(sym));
	}
	cs = loaded;
	return 0;
}

static int open_engine(csh *handle, const struct bk_diag *diag)
{
	int ret = bk_jit__load(diag);
	cs_err err;

	if (ret)
		return ret;
#if defined(__x86_64__)
	err = cs.open(CS_ARCH_X86, CS_MODE_64, handle);
	if (err == CS_ERR_OK)
		err = cs.option(*handle, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
#elif defined(__aarch64__)
	err = cs.open(CS_ARCH_ARM64, CS_MODE_ARM, handle);
#else
	err = CS_ERR_ARCH;
#endif
	if (err == CS_ERR_ARCH)
		return bk_err(
			diag, -EOPNOTSUPP,
			"disassembling jited code is not supported on this machine");
	if (err != CS_ERR_OK)
		return bk_err(diag, -EINVAL, "capstone: %s", cs.strerror(err));
	return 0;
}

int bk_jit__disasm(const void *code, size_t len, __u64 addr, bk_jit_insn_fn fn,
		   void *ctx, const struct bk_diag *diag)
{
	const __u8 *p = code;
	struct bk_jit_insn out;
	uint64_t pc = addr;
	cs_insn *insn;
	csh handle;
	int err;

	err = open_engine(&handle, diag);
	if (err)
		return err;
	insn = cs.malloc(handle);
	if (!insn) {
		cs.close(&handle);
		return bk_err(diag, -ENOMEM, "out of memory");
	}
	while (len && !err) {
		out.bytes = p;
		if (!cs.disasm_iter(handle, &p, &len, &pc, insn)) {
			err = bk_err(
				diag, -EINVAL,
				"jited code at +0x%llx is not an instruction Capstone knows",
				(unsigned long long)(pc - addr));
			break;
		}
		out.pc = insn->address - addr;
		out.size = insn->size;
		out.mnemonic = insn->mnemonic;
		out.operands = insn->op_str;
		err = fn(ctx, &out);
	}
	cs.free(insn, 1);
	cs.close(&handle);
	return err;
}
