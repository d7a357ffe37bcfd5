# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
#
# make            build build/bpfkit
# make demo       install what is missing, build, link the demo programs
# make check      the whole test suite, a line per file as it finishes; ends
#                 with "N passed, N failed, N skipped" (under 5 minutes on 2
#                 cores: the bad-input corpus runs in-process, and as one
#                 bpfkit process per mutation family)
# make check-full make check, and every corpus case as its own bpfkit
#                 process too (what CI runs; about 5 more minutes)
# make san        the suite under ASan+UBSan (in build-san/)
# make valgrind   representative commands under valgrind
# make lint       clang-format, cppcheck, shellcheck
# make bench      bpfkit against bpftool on the same inputs
# make fuzz       libFuzzer targets for FUZZ_SECONDS each
# make install    PREFIX=/usr/local DESTDIR=
# V=1 shows full commands; BUILD=dir builds out of tree elsewhere.

BUILD     ?= build
PREFIX    ?= /usr/local
CC        ?= gcc
CLANG     ?= clang
BPFTOOL   ?= bpftool
ARCH      := $(shell uname -m)
VERSION   := $(shell cat VERSION)
FUZZ_SECONDS ?= 30

# Capstone is compiled against but not linked: src/prog/jit_disasm.c loads
# it (by the soname found below) when jited code is first disassembled,
# so its tables cost nothing to the commands that never disassemble.
PKGS      := libbpf libelf zlib jansson
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) capstone 2>/dev/null)
PKG_LIBS  := $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lbpf -lelf -lz -ljansson)
CAPSTONE_SONAME := $(shell objdump -p $$(pkg-config --variable=libdir capstone 2>/dev/null)/libcapstone.so 2>/dev/null | awk '$$1 == "SONAME" { print $$2 }')

# bpfkit links these statically, as bpftool links libbpf: a short command
# then pays no dynamic symbol binding, which is most of its memory (map
# dump's peak RSS must stay under bpftool's). Debian's -dev packages ship
# the archives. STATIC_LIBS=0 links them dynamically.
STATIC_LIBS ?= 1
#
# The binary is not position-independent: as a PIE, the archives' pointer
# tables (capstone's above all, 1.3 MB, when it was linked) took 79 k
# relative relocations, applied and copied at every start, which made a
# short command cost four times bpftool's CPU and 5 MB of memory before
# doing anything.
ifeq ($(STATIC_LIBS),1)
BIN_LIBS  := -Wl,-Bstatic $(PKG_LIBS) -Wl,-Bdynamic
BIN_LDFLAGS := -no-pie
else
BIN_LIBS  := $(PKG_LIBS)
endif

WARNINGS  := -Wall -Wextra -Werror -Wformat=2 -Wshadow -Wmissing-prototypes \
	     -Wstrict-prototypes -Wold-style-definition -Wwrite-strings \
	     -Wpointer-arith -Wvla -Wundef -Wdate-time -fno-common \
	     -Wno-unused-parameter -Wno-missing-field-initializers
CFLAGS    ?= -O2 -g
ifdef SANITIZE
CFLAGS    += -fsanitize=$(SANITIZE) -fno-sanitize-recover=all -fno-omit-frame-pointer
LDFLAGS   += -fsanitize=$(SANITIZE)
endif
ALL_CFLAGS := -std=gnu11 $(CFLAGS) $(WARNINGS) $(PKG_CFLAGS) \
	      -ffile-prefix-map=$(CURDIR)=. -D_GNU_SOURCE \
	      -DBPFKIT_VERSION='"$(VERSION)"' -MMD -MP \
	      $(if $(CAPSTONE_SONAME),-DCAPSTONE_SONAME='"$(CAPSTONE_SONAME)"')

BPF_CFLAGS := -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall -Werror \
	      -I/usr/include/$(ARCH)-linux-gnu -I$(BUILD) -Iprogs

SRCS      := $(sort $(wildcard src/*/*.c))
OBJS      := $(patsubst src/%.c,$(BUILD)/%.o,$(SRCS))
# Everything but the CLI: what tests, fuzzers and benchmarks link against.
LIB_OBJS  := $(filter-out $(BUILD)/cli/%,$(OBJS))
PROGS_SRC := $(sort $(wildcard progs/*.bpf.c))
PROGS     := $(patsubst progs/%.bpf.c,$(BUILD)/progs/%.bpf.o,$(PROGS_SRC))
# C test helpers: tests/bin/NAME.c -> $(BUILD)/tests/NAME, linked with LIB_OBJS.
TBIN_SRC  := $(sort $(wildcard tests/bin/*.c))
TBINS     := $(patsubst tests/bin/%.c,$(BUILD)/tests/%,$(TBIN_SRC))
# corpus_check runs the CLI's entry points in-process: it links the CLI too,
# with main() renamed as tests/fuzz/run.sh does.
CLI_TEST_OBJS := $(filter-out $(BUILD)/cli/main.o,$(filter $(BUILD)/cli/%,$(OBJS))) \
		 $(BUILD)/tests/cli_main.o
UNIT_SRC  := $(sort $(wildcard tests/unit/*.c))
UNITS     := $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(UNIT_SRC))
FUZZ_SRC  := $(sort $(wildcard tests/fuzz/fuzz_*.c))
MAN_RST   := $(sort $(wildcard man/bpfkit*.rst))
MANS      := $(patsubst man/%.rst,$(BUILD)/man/%.8,$(MAN_RST))

ifeq ($(V),1)
Q :=
msg =
else
Q := @
msg = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

.PHONY: all progs tests man check check-full demo san valgrind lint bench fuzz install clean deps FORCE
.DEFAULT_GOAL := all

all: $(BUILD)/bpfkit

$(BUILD)/bpfkit: $(OBJS)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(LDFLAGS) $(BIN_LDFLAGS) -o $@ $^ $(BIN_LIBS)

$(BUILD)/%.o: src/%.c
	@mkdir -p $(@D)
	$(call msg,CC,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

-include $(OBJS:.o=.d)

# vmlinux.h for BPF programs that want kernel types; generated, never committed.
$(BUILD)/vmlinux.h:
	@mkdir -p $(@D)
	$(call msg,GEN,$@)
	$(Q)$(BPFTOOL) btf dump file /sys/kernel/btf/vmlinux format c > $@.tmp && mv $@.tmp $@

progs: $(PROGS)

$(BUILD)/progs/%.bpf.o: progs/%.bpf.c $(wildcard progs/*.h) | $(BUILD)/vmlinux.h
	@mkdir -p $(@D)
	$(call msg,CLANG,$@)
	$(Q)$(CLANG) $(BPF_CFLAGS) -c -o $@ $<

tests: $(TBINS) $(UNITS)

$(BUILD)/tests/%: tests/bin/%.c $(LIB_OBJS)
	@mkdir -p $(@D)
	$(call msg,CC,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -Isrc $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(PKG_LIBS)

$(BUILD)/tests/cli_main.o: src/cli/main.c
	@mkdir -p $(@D)
	$(call msg,CC,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -Dmain=bpfkit_cli_main -c -o $@ $<

-include $(BUILD)/tests/cli_main.d

$(BUILD)/tests/corpus_check: tests/bin/corpus_check.c $(CLI_TEST_OBJS) $(LIB_OBJS)
	@mkdir -p $(@D)
	$(call msg,CC,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -Isrc $(LDFLAGS) -o $@ $< \
		$(CLI_TEST_OBJS) $(LIB_OBJS) $(PKG_LIBS)

$(BUILD)/tests/unit/%: tests/unit/%.c $(LIB_OBJS)
	@mkdir -p $(@D)
	$(call msg,CC,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -Isrc $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(PKG_LIBS)

man: $(MANS)

$(BUILD)/man/%.8: man/%.rst $(wildcard man/common_*.rst man/substitutions.rst)
	@mkdir -p $(@D)
	$(call msg,RST2MAN,$@)
	$(Q)rst2man --strict --no-datestamp $< > $@.tmp && mv $@.tmp $@

deps:
	@bash scripts/deps.sh --if-missing

check: deps
	@$(MAKE) --no-print-directory all progs tests man
	@BPFKIT_BUILD=$(BUILD) bash tests/run.sh

# The same suite; robustness.bats then runs the full CLI sweep as well.
check-full: export BPFKIT_CHECK_FULL := 1
check-full: check

# Sanitizer reports abort (a signal), so that tests expecting exit 1 cannot
# mistake one for an ordinary failure.
san:
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1 \
	$(MAKE) --no-print-directory BUILD=build-san SANITIZE=address,undefined check

# Representative commands and a corpus sample under valgrind; make check
# VALGRIND=1 instead runs every bats call of bpfkit under it (slow).
valgrind: deps
	@$(MAKE) --no-print-directory all progs tests
	@BPFKIT_BUILD=$(BUILD) bash tests/valgrind.sh

demo: deps
	@$(MAKE) --no-print-directory all progs
	@BPFKIT_BUILD=$(BUILD) bash scripts/demo.sh

# cppcheck reads neither libbpf's headers (LIBBPF_OPTS) nor positional
# printf arguments (%1$$s), which codegen templates use throughout.
CPPCHECK_SUPPRESS := --suppress=unknownMacro --suppress=invalidPrintfArgType_s \
		     --suppress=invalidPrintfArgType_uint --suppress=invalidPrintfArgType_sint \
		     --suppress=wrongPrintfScanfArgNum

# The cycle check reads the linker's objects: phases call down, never up.
lint: $(filter $(BUILD)/linker/%,$(OBJS))
	$(Q)bash scripts/check_cycles.sh src/linker $(BUILD)/linker
	$(Q)clang-format --dry-run -Werror $(SRCS) $(wildcard src/*/*.h) $(TBIN_SRC) $(UNIT_SRC) $(FUZZ_SRC)
	$(Q)cppcheck --enable=warning,performance,portability --inline-suppr --error-exitcode=1 -q -D__x86_64__ \
		$(CPPCHECK_SUPPRESS) src
	$(Q)shellcheck -x scripts/*.sh tests/run.sh tests/fuzz/run.sh .ci/run $(wildcard bench/*.sh tests/*.sh)

bench: deps
	@$(MAKE) --no-print-directory all progs
	@BPFKIT_BUILD=$(BUILD) bash bench/run.sh

fuzz:
	@BPFKIT_BUILD=build-fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) bash tests/fuzz/run.sh

install: all man
	install -d $(DESTDIR)$(PREFIX)/sbin $(DESTDIR)$(PREFIX)/share/man/man8 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 0755 $(BUILD)/bpfkit $(DESTDIR)$(PREFIX)/sbin/bpfkit
	install -m 0644 $(MANS) $(DESTDIR)$(PREFIX)/share/man/man8/
	install -m 0644 bash-completion/bpfkit $(DESTDIR)$(PREFIX)/share/bash-completion/completions/bpfkit

clean:
	rm -rf $(BUILD) build-san build-fuzz
