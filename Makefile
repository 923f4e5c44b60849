# SPDX-License-Identifier: MIT
# hwpc: one build for the library, the commands, the tests, the man pages and
# the benchmarks.  Sources are found by wildcard so that a new module is a new
# file, not a Makefile edit.
#
#   make                 libhwpc (static + shared), commands, hwpc.pc
#   make check           every test, then every test again under ASan+UBSan
#   make check-once      every test, once, in $(BUILD)
#   make install         PREFIX=/usr/local DESTDIR=
#   make bench           build the benchmarks (bench/run prints the figures)
#   make lint-man        mandoc -Tlint on every man page
#   make CC=clang        any C11 compiler that takes gcc-style flags
#
# Without -j, make runs a job per CPU: a fresh clone's make check builds two
# trees, and one at a time took a minute more on two cores (-j1 for one).
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

VERSION    := 0.1.0
SOVERSION  := 0
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man
DATADIR    ?= $(PREFIX)/share/hwpc
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
DESTDIR    ?=

CC      ?= cc
AR      ?= ar
BUILD   ?= build
FUZZ_BUILD ?= build/fuzz
SAN     ?=
OPT     ?= -O2 -g

WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wformat=2 -Wvla -Wno-unused-parameter
# gcc warns about every snprintf that may truncate; ours truncate on purpose
# (messages and labels), and clang has no such warning.
ifeq ($(findstring clang,$(shell $(CC) --version 2>/dev/null)),)
WARN     += -Wno-format-truncation
endif
CPPFLAGS += -Ilib -I$(BUILD)/gen -D_GNU_SOURCE -DHWPC_VERSION='"$(VERSION)"'
CFLAGS   += -std=c11 $(OPT) $(WARN) -fPIC -pthread
# Each object's header dependencies, written by the compiler beside it (.d)
# and included below; -MP keeps a deleted header from breaking the build.
DEPFLAGS := -MMD -MP
LDLIBS   += -lpciaccess -lm -pthread

ifeq ($(SAN),1)
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
CFLAGS   += $(SANFLAGS)
LDFLAGS  += $(SANFLAGS)
endif

LIB_SRCS   := $(sort $(wildcard lib/*.c lib/*/*.c))
LIB_OBJS   := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/regdb_builtin.o
REGDB      := $(sort $(wildcard regdb/*.regdb))
# The generated part of regdb (regdb/rnndb/, from envytools' rnndb).
REGDB_GEN  := $(sort $(wildcard regdb/*/*.regdb))
STATIC_LIB := $(BUILD)/lib/libhwpc.a
SHARED_LIB := $(BUILD)/lib/libhwpc.so.$(VERSION)

# Each command is cli/CMD.c plus its own helpers cli/CMD_*.c; cli/common/
# is what several commands share, linked into all.
CLI_COMMON := $(sort $(wildcard cli/common/*.c))
CLI_COMMON_OBJS := $(CLI_COMMON:%.c=$(BUILD)/obj/%.o)
CLI_HELPERS := $(wildcard cli/*_*.c)
CMDS       := $(sort $(basename $(notdir $(filter-out $(CLI_HELPERS),$(wildcard cli/*.c)))))
CMD_BINS   := $(CMDS:%=$(BUILD)/bin/%)

UNIT_SRCS  := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS  := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
TEST_HELPER_SRCS := $(sort $(wildcard tests/helpers/*.c))
TEST_HELPERS := $(TEST_HELPER_SRCS:tests/helpers/%.c=$(BUILD)/tests/%)

BENCH_SRCS := $(sort $(wildcard bench/*.c))
BENCH_BINS := $(BENCH_SRCS:bench/%.c=$(BUILD)/bench/%)

ALL_OBJS   := $(LIB_OBJS) $(BUILD)/obj/lib/regdb/tools/regdb_compile.o $(BUILD)/obj/gen/regdb_data.o \
              $(CLI_COMMON_OBJS) $(CMDS:%=$(BUILD)/obj/cli/%.o) $(CLI_HELPERS:%.c=$(BUILD)/obj/%.o) \
              $(UNIT_SRCS:%.c=$(BUILD)/obj/%.o) $(TEST_HELPER_SRCS:%.c=$(BUILD)/obj/%.o) \
              $(BENCH_SRCS:%.c=$(BUILD)/obj/%.o)

MANPAGES   := $(sort $(wildcard man/*.[1-8]))

.PHONY: man-output all tests check check-once check-asan asan-tests unit cli-tests pci-tests install uninstall \
        bench lint-man clean difftest
.SUFFIXES:
.DELETE_ON_ERROR:
# Objects are kept (not removed as intermediates): their .d files name them.
.SECONDARY: $(ALL_OBJS)

all: $(STATIC_LIB) $(SHARED_LIB) $(CMD_BINS) $(BUILD)/lib/hwpc.pc

# --- library ---------------------------------------------------------------

# Generated headers come first (order-only: the .d files say who uses them).
$(BUILD)/obj/%.o: %.c | $(BUILD)/gen/tensix_layout.h
	@mkdir -p $(dir $@)
	$(CC) $(DEPFLAGS) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The register database is compiled into the library as tables (nothing
# is parsed at start-up) by regdb-compile, a build-time tool made of the
# same parser HWPC_REGDB=DIR uses at run time.
REGDB_TOOL_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(filter-out lib/regdb/regdb_builtin.c \
	lib/regdb/chipset.c,$(wildcard lib/regdb/*.c)) lib/core/arena.c lib/core/error.c lib/core/strdist.c)
$(BUILD)/tools/regdb-compile: $(BUILD)/obj/lib/regdb/tools/regdb_compile.o $(REGDB_TOOL_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/gen/regdb_builtin.c: $(REGDB) $(REGDB_GEN) $(BUILD)/tools/regdb-compile
	@mkdir -p $(dir $@)
	$(BUILD)/tools/regdb-compile regdb $@

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(DEPFLAGS) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The hand-written files as text, for the tests that edit one and parse it
# (tests/unit/regdb_edit.h) and the fuzz harnesses (the fuzzing build's
# copy too).
$(BUILD)/gen/regdb_data.c $(FUZZ_BUILD)/gen/regdb_data.c: $(REGDB) lib/regdb/embed_regdb.awk
	@mkdir -p $(dir $@)
	awk -f lib/regdb/embed_regdb.awk $(REGDB) > $@

# The Tensix event layout the stream decoder and the simulator's model are
# compiled with, generated from regdb (hwpc_tensix_layout_check refuses a
# regdb loaded at run time that differs).  Every object waits for it (the
# pattern rules above and in the fuzz section); the .d files rebuild its
# users when it changes.
$(BUILD)/gen/tensix_layout.h $(FUZZ_BUILD)/gen/tensix_layout.h: regdb/tensix.regdb lib/tensix/gen_tensix_layout.awk
	@mkdir -p $(dir $@)
	awk -f lib/tensix/gen_tensix_layout.awk regdb/tensix.regdb > $@

# Every full register, field and parameter name lib/ spells out, with its
# file:line, for tests/unit/test_regnames.c to resolve on each chipset.
$(BUILD)/gen/regnames.h: $(LIB_SRCS) lib/regdb/gen_regnames.awk
	@mkdir -p $(dir $@)
	awk -f lib/regdb/gen_regnames.awk $(LIB_SRCS) > $@
$(BUILD)/obj/tests/unit/test_regnames.o: $(BUILD)/gen/regnames.h

$(STATIC_LIB): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

# Only the hwpc_ API is exported: the library's objects are compiled with
# hidden visibility (HWPC_API in the public headers marks what is not), and the
# version script makes every other symbol local.
$(LIB_OBJS): CFLAGS += -fvisibility=hidden

$(SHARED_LIB): $(LIB_OBJS) lib/libhwpc.map
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libhwpc.so.$(SOVERSION) \
	  -Wl,--version-script=lib/libhwpc.map -o $@ $(LIB_OBJS) $(LDLIBS)
	ln -sf libhwpc.so.$(VERSION) $(BUILD)/lib/libhwpc.so.$(SOVERSION)
	ln -sf libhwpc.so.$(SOVERSION) $(BUILD)/lib/libhwpc.so

# hwpc.pc names the directories; make install writes it again with the
# install-time PREFIX, LIBDIR and INCLUDEDIR (those of the build may differ).
PC_SUBST = sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|'

$(BUILD)/lib/hwpc.pc: lib/hwpc.pc.in Makefile
	@mkdir -p $(dir $@)
	$(PC_SUBST) $< > $@

# --- commands --------------------------------------------------------------

# Named, so that make keeps them (they are only reached through cmd_objs).
.SECONDARY: $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard cli/*.c) $(CLI_COMMON))
cmd_objs = $(BUILD)/obj/cli/$(1).o $(patsubst %.c,$(BUILD)/obj/%.o,$(filter cli/$(1)_%,$(CLI_HELPERS)))

# A command that serves metrics loads libmicrohttpd when it does
# (cli/common/metrics_http.c says why): the commands link the loader.
$(BUILD)/bin/%: LDLIBS += -ldl

.SECONDEXPANSION:
$(BUILD)/bin/%: $$(call cmd_objs,$$*) $(CLI_COMMON_OBJS) $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $(call cmd_objs,$*) $(CLI_COMMON_OBJS) $(STATIC_LIB) $(LDLIBS)

# --- tests -----------------------------------------------------------------

$(BUILD)/tests/test_%: $(BUILD)/obj/tests/unit/test_%.o $(BUILD)/obj/gen/regdb_data.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(BUILD)/obj/gen/regdb_data.o $(STATIC_LIB) -lcmocka $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/obj/tests/helpers/%.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(STATIC_LIB) $(LDLIBS)

# A unit test of the commands' shared code (the option parser) links it.
$(BUILD)/tests/test_cli_opt: $(BUILD)/obj/tests/unit/test_cli_opt.o $(CLI_COMMON_OBJS) $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(CLI_COMMON_OBJS) $(STATIC_LIB) -lcmocka $(LDLIBS)

# A helper that drives the commands' shared code (-o FILE) links it too.
$(BUILD)/tests/outfile_hold: $(BUILD)/obj/tests/helpers/outfile_hold.o $(CLI_COMMON_OBJS) $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(CLI_COMMON_OBJS) $(STATIC_LIB) $(LDLIBS)

tests: all $(UNIT_BINS) $(TEST_HELPERS)

unit: tests
	@set -e; for t in $(UNIT_BINS); do echo "== $$t"; $$t; done

cli-tests: tests
	HWPC_BIN=$(CURDIR)/$(BUILD)/bin HWPC_TESTBIN=$(CURDIR)/$(BUILD)/tests bats tests/cli

pci-tests: tests
	HWPC_BIN=$(CURDIR)/$(BUILD)/bin HWPC_TESTBIN=$(CURDIR)/$(BUILD)/tests bats tests/pci

# Every test of one build, in parallel (tests/run: TEST_JOBS at a time,
# default twice the CPUs), ending in "N passed, N failed" after the slowest
# tests and their times.
TEST_JOBS ?=
RUN_TESTS = tests/run $(if $(TEST_JOBS),-j $(TEST_JOBS))
check-once: tests
	$(RUN_TESTS) $(BUILD)

# The fast PCOUNTER engine against the reference on 10,000 random
# configurations (DIFFTEST_COUNT=N for another number).
DIFFTEST_COUNT ?= 10000
# Rewrite the generated record list of hwpc-output(7) from the schema tables
# (lib/output/schema_*.c); tests/checks/output_man.sh fails while it is stale.
man-output: tests
	{ sed '/^\.\\" BEGIN GENERATED/q' man/hwpc-output.7; $(BUILD)/tests/schema_dump --man; \
	  sed -n '/^\.\\" END GENERATED/,$$p' man/hwpc-output.7; } >man/hwpc-output.7.new
	mv man/hwpc-output.7.new man/hwpc-output.7

difftest: tests
	$(BUILD)/tests/pcsim_difftest $(DIFFTEST_COUNT)

ASAN_BUILD := build/asan
# -g1: the line tables a sanitizer's report names file:line with, without
# the variables' descriptions (a fifth of the build's time)
ASAN_MAKE = $(MAKE) BUILD=$(ASAN_BUILD) SAN=1 OPT='-O1 -g1'
# '+': the sub-make gets the jobserver (make sees $(MAKE) only when spelled out)
check-asan:
	+$(ASAN_MAKE) check-once

asan-tests:
	+$(ASAN_MAKE) tests

# Both passes: the two builds (side by side under -j), then the tests of both
# in one pool, so neither pass waits for the other's slowest test.  Each
# build's report ends with its own "N passed, N failed" line.
check: tests asan-tests
	$(RUN_TESTS) $(BUILD) $(ASAN_BUILD)

# --- benchmarks ------------------------------------------------------------

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(STATIC_LIB) $(LDLIBS)

bench: all $(BENCH_BINS)

# --- man pages -------------------------------------------------------------

# mandoc's lint, then ours (tests/checks/man_lint.awk: a .TP paragraph
# holding two options, a reference to a section the page lacks).
lint-man:
	@set -e; for m in $(MANPAGES); do mandoc -Tlint -W warning $$m; done; \
	 awk -f tests/checks/man_lint.awk $(MANPAGES); \
	 echo "man pages lint clean: $(words $(MANPAGES))"

# --- install ---------------------------------------------------------------

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
	  $(DESTDIR)$(INCLUDEDIR)/hwpc $(DESTDIR)$(DATADIR)/regdb
	install -m 755 $(CMD_BINS) $(DESTDIR)$(BINDIR)
	install -m 644 $(STATIC_LIB) $(DESTDIR)$(LIBDIR)
	install -m 755 $(SHARED_LIB) $(DESTDIR)$(LIBDIR)
	ln -sf libhwpc.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libhwpc.so.$(SOVERSION)
	ln -sf libhwpc.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libhwpc.so
	install -m 644 lib/hwpc.h $(DESTDIR)$(INCLUDEDIR)
	install -m 644 $(wildcard lib/hwpc/*.h) $(DESTDIR)$(INCLUDEDIR)/hwpc
	$(PC_SUBST) lib/hwpc.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/hwpc.pc
	chmod 644 $(DESTDIR)$(LIBDIR)/pkgconfig/hwpc.pc
	install -m 644 $(REGDB) $(DESTDIR)$(DATADIR)/regdb
	install -d $(DESTDIR)$(DATADIR)/regdb/rnndb
	install -m 644 $(REGDB_GEN) $(DESTDIR)$(DATADIR)/regdb/rnndb
	install -d $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 contrib/bash-completion/hwpc $(DESTDIR)$(BASHCOMPDIR)/hwpc
	@set -e; for c in $(CMDS); do ln -sf hwpc $(DESTDIR)$(BASHCOMPDIR)/$$c; done
	@set -e; for m in $(MANPAGES); do s=$${m##*.}; \
	  install -d $(DESTDIR)$(MANDIR)/man$$s; \
	  install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s; done

uninstall:
	rm -f $(CMDS:%=$(DESTDIR)$(BINDIR)/%) $(DESTDIR)$(LIBDIR)/libhwpc.* \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/hwpc.pc $(DESTDIR)$(INCLUDEDIR)/hwpc.h
	rm -rf $(DESTDIR)$(INCLUDEDIR)/hwpc $(DESTDIR)$(DATADIR)
	rm -f $(DESTDIR)$(BASHCOMPDIR)/hwpc $(CMDS:%=$(DESTDIR)$(BASHCOMPDIR)/%)

clean:
	rm -rf build

# Header dependencies of every object built so far (see DEPFLAGS).
-include $(ALL_OBJS:.o=.d)

# --- fuzzing ---------------------------------------------------------------
# libFuzzer harnesses (tests/fuzz/fuzz_*.c), built with clang whatever CC
# says, against a library compiled for fuzzing in its own build directory.
#   make fuzz                      build them into $(FUZZ_BUILD)/bin
#   make fuzz-smoke                each harness a few seconds on its corpus
#   make fuzz-long FUZZ_SECONDS=N  each harness N seconds
# A run stops at the first crash, timeout (FUZZ_TIMEOUT seconds per input)
# or leak and leaves its reproducer in $(FUZZ_BUILD)/artifacts.

FUZZ_CC      := clang
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=c11 -O1 -g $(filter-out -Wno-format-truncation,$(WARN)) -pthread $(FUZZ_SAN)
FUZZ_CPPFLAGS := -Ilib -I$(FUZZ_BUILD)/gen -D_GNU_SOURCE -DHWPC_VERSION='"$(VERSION)"'
FUZZ_SRCS    := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_NAMES   := $(basename $(notdir $(FUZZ_SRCS)))
FUZZ_BINS    := $(FUZZ_NAMES:%=$(FUZZ_BUILD)/bin/%)
FUZZ_LIB_OBJS := $(LIB_SRCS:%.c=$(FUZZ_BUILD)/obj/%.o) $(FUZZ_BUILD)/obj/gen/regdb_data.o \
	$(FUZZ_BUILD)/obj/gen/regdb_builtin.o
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 4
FUZZ_TIMEOUT ?= 10
# Harnesses whose smoke run only replays the seed corpus, without mutating
# (none now: the state-file bugs fuzz_sim_state found are fixed).
FUZZ_REPLAY_ONLY ?=
# The smoke run mutates from a fixed seed, so a CI failure reproduces.
FUZZ_SMOKE_SEED ?= 1

.PHONY: fuzz fuzz-smoke fuzz-long

fuzz: $(FUZZ_BINS)

# Header dependencies as in the main build: written by the compiler (.d),
# included at the end of this section.
$(FUZZ_BUILD)/obj/%.o: %.c | $(FUZZ_BUILD)/gen/tensix_layout.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(DEPFLAGS) $(FUZZ_CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/gen/regdb_builtin.c: $(BUILD)/gen/regdb_builtin.c
	@mkdir -p $(dir $@)
	cp $< $@

$(FUZZ_BUILD)/obj/gen/%.o: $(FUZZ_BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(DEPFLAGS) $(FUZZ_CPPFLAGS) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_BUILD)/lib/libhwpc.a: $(FUZZ_LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_BUILD)/bin/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_BUILD)/lib/libhwpc.a | $(FUZZ_BUILD)/gen/tensix_layout.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(DEPFLAGS) -MF $@.d -MT $@ $(FUZZ_CPPFLAGS) -Itests/unit $(FUZZ_CFLAGS) -fsanitize=fuzzer \
	  -o $@ $< $(FUZZ_BUILD)/lib/libhwpc.a $(LDLIBS)

-include $(FUZZ_LIB_OBJS:.o=.d) $(FUZZ_BINS:=.d)

# One harness: corpus copied to a scratch directory (new inputs never land
# in the tree), its dictionary if it has one; libFuzzer's closing
# "Done N runs" line gives the count.
define fuzz_run
	@set -e; fail=""; \
	for f in $(FUZZ_NAMES); do \
	  work=$(FUZZ_BUILD)/work/$$f; rm -rf $$work; mkdir -p $$work/corpus $(FUZZ_BUILD)/artifacts; \
	  cp tests/fuzz/corpus/$$f/* $$work/corpus/; \
	  dict=""; [ -f tests/fuzz/$$f.dict ] && dict="-dict=tests/fuzz/$$f.dict"; \
	  limit="$(1)"; case " $(2) " in *" $$f "*) limit="-runs=0";; esac; \
	  if $(FUZZ_BUILD)/bin/$$f $$limit -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2048 \
	       -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$f- $$dict \
	       $$work/corpus > $$work/log 2>&1; then \
	    runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $$work/log); \
	    size=$$(ls $$work/corpus | wc -l); \
	    printf '%-22s ok   %10s runs  corpus %s%s\n' $$f "$$runs" "$$size" \
	      "$$( [ "$$limit" = -runs=0 ] && echo ' (seed replay only)')"; \
	  else \
	    printf '%-22s FAIL (log: %s)\n' $$f $$work/log; tail -n 30 $$work/log; fail="$$fail $$f"; \
	  fi; \
	done; \
	if [ -n "$$fail" ]; then echo "fuzz: failed:$$fail"; exit 1; fi
endef

fuzz-smoke: fuzz
	$(call fuzz_run,-max_total_time=$(FUZZ_SMOKE_SECONDS) -seed=$(FUZZ_SMOKE_SEED),$(FUZZ_REPLAY_ONLY))

fuzz-long: fuzz
	$(call fuzz_run,-max_total_time=$(FUZZ_SECONDS),)

# --- regdb from envytools' rnndb (maintainers) -----------------------------

# Rewrite regdb/rnndb/ from an envytools checkout; the output is committed
# and reviewed like any regdb change (hwpc-regdb(5), GENERATED FILES).
#   make regdb-rnndb ENVYTOOLS=~/src/envytools [ENVYTOOLS_COMMIT=SHA]
# (ENVYTOOLS_COMMIT when the checkout is not a git work tree.)
.PHONY: regdb-rnndb
regdb-rnndb:
	@test -n "$(ENVYTOOLS)" || { echo "make regdb-rnndb: give ENVYTOOLS=DIR, an envytools checkout" >&2; exit 2; }
	python3 regdb/tools/rnndb2regdb.py $(if $(ENVYTOOLS_COMMIT),--commit $(ENVYTOOLS_COMMIT)) $(ENVYTOOLS) regdb/rnndb
	python3 regdb/tools/rnndb2regdb.py --coverage NV10,NV40,G84,GF100 $(ENVYTOOLS)
