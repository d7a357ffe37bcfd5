// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Native code of JIT-compiled programs, through Capstone. */
#include <errno.h>
#include <capstone/capstone.h>

#include "jit_disasm.h"

static int open_engine(csh *handle, const struct bk_diag *diag)
{
#if defined(__x86_64__)
	cs_err err = cs_open(CS_ARCH_X86, CS_MODE_64, handle);

	if (err == CS_ERR_OK)
		err = cs_option(*handle, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
#elif defined(__aarch64__)
	cs_err err = cs_open(CS_ARCH_ARM64, CS_MODE_ARM, handle);
#else
	cs_err err = CS_ERR_ARCH;
#endif
	if (err == CS_ERR_ARCH)
		return bk_err(
			diag, -EOPNOTSUPP,
			"disassembling jited code is not supported on this machine");
	if (err != CS_ERR_OK)
		return bk_err(diag, -EINVAL, "capstone: %s", cs_strerror(err));
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
	insn = cs_malloc(handle);
	if (!insn) {
		cs_close(&handle);
		return bk_err(diag, -ENOMEM, "out of memory");
	}
	while (len && !err) {
		out.bytes = p;
		if (!cs_disasm_iter(handle, &p, &len, &pc, insn)) {
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
	cs_free(insn, 1);
	cs_close(&handle);
	return err;
}
