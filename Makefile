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

VERSION    := 0.1.0
SOVERSION  := 0
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man
DATADIR    ?= $(PREFIX)/share/hwpc
DESTDIR    ?=

CC      ?= cc
AR      ?= ar
BUILD   ?= build
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
LDLIBS   += -lpciaccess -lm -pthread

ifeq ($(SAN),1)
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
CFLAGS   += $(SANFLAGS)
LDFLAGS  += $(SANFLAGS)
endif

LIB_SRCS   := $(sort $(wildcard lib/*.c lib/sim/*.c))
LIB_OBJS   := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/regdb_data.o
LIB_HDRS   := lib/hwpc.h $(sort $(wildcard lib/hwpc/*.h))
REGDB      := $(sort $(wildcard regdb/*.regdb))
STATIC_LIB := $(BUILD)/lib/libhwpc.a
SHARED_LIB := $(BUILD)/lib/libhwpc.so.$(VERSION)

CLI_COMMON := $(sort $(wildcard cli/common/*.c))
CLI_COMMON_OBJS := $(CLI_COMMON:%.c=$(BUILD)/obj/%.o)
CMDS       := $(sort $(basename $(notdir $(wildcard cli/*.c))))
CMD_BINS   := $(CMDS:%=$(BUILD)/bin/%)

UNIT_SRCS  := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS  := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
TEST_HELPER_SRCS := $(sort $(wildcard tests/helpers/*.c))
TEST_HELPERS := $(TEST_HELPER_SRCS:tests/helpers/%.c=$(BUILD)/tests/%)

BENCH_SRCS := $(sort $(wildcard bench/*.c))
BENCH_BINS := $(BENCH_SRCS:bench/%.c=$(BUILD)/bench/%)

MANPAGES   := $(sort $(wildcard man/*.[1-8]))

.PHONY: all tests check check-once check-asan unit cli-tests pci-tests install uninstall \
        bench lint-man clean difftest
.SUFFIXES:
.DELETE_ON_ERROR:

all: $(STATIC_LIB) $(SHARED_LIB) $(CMD_BINS) $(BUILD)/lib/hwpc.pc

# --- library ---------------------------------------------------------------

$(BUILD)/obj/%.o: %.c $(LIB_HDRS) $(wildcard lib/*.h lib/sim/*.h cli/common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The register database is compiled into the library as text, parsed at
# start-up; HWPC_REGDB=DIR replaces it at run time.
$(BUILD)/gen/regdb_data.c: $(REGDB) lib/embed_regdb.awk
	@mkdir -p $(dir $@)
	awk -f lib/embed_regdb.awk $(REGDB) > $@

$(BUILD)/obj/gen/regdb_data.o: $(BUILD)/gen/regdb_data.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(STATIC_LIB): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(SHARED_LIB): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libhwpc.so.$(SOVERSION) -o $@ $^ $(LDLIBS)
	ln -sf libhwpc.so.$(VERSION) $(BUILD)/lib/libhwpc.so.$(SOVERSION)
	ln -sf libhwpc.so.$(SOVERSION) $(BUILD)/lib/libhwpc.so

$(BUILD)/lib/hwpc.pc: lib/hwpc.pc.in Makefile
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' $< > $@

# --- commands --------------------------------------------------------------

$(BUILD)/bin/%: $(BUILD)/obj/cli/%.o $(CLI_COMMON_OBJS) $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(CLI_COMMON_OBJS) $(STATIC_LIB) $(LDLIBS)

# --- tests -----------------------------------------------------------------

$(BUILD)/tests/test_%: $(BUILD)/obj/tests/unit/test_%.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(STATIC_LIB) -lcmocka $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/obj/tests/helpers/%.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(STATIC_LIB) $(LDLIBS)

tests: all $(UNIT_BINS) $(TEST_HELPERS)

unit: tests
	@set -e; for t in $(UNIT_BINS); do echo "== $$t"; HWPC_TEST_DATA=$(CURDIR)/tests/data $$t; done

cli-tests: tests
	HWPC_BIN=$(CURDIR)/$(BUILD)/bin HWPC_TESTBIN=$(CURDIR)/$(BUILD)/tests bats tests/cli

pci-tests: tests
	HWPC_BIN=$(CURDIR)/$(BUILD)/bin HWPC_TESTBIN=$(CURDIR)/$(BUILD)/tests bats tests/pci

# Every test of one build, ending in "N passed, N failed".
check-once: tests
	tests/run $(BUILD)

# The fast PCOUNTER engine against the reference on 10,000 random
# configurations (DIFFTEST_COUNT=N for another number).
DIFFTEST_COUNT ?= 10000
difftest: tests
	$(BUILD)/tests/pcsim_difftest $(DIFFTEST_COUNT)

check-asan:
	$(MAKE) BUILD=build/asan SAN=1 OPT='-O1 -g' check-once

# Sequential on purpose: two readable runs, each with its closing line.
check:
	$(MAKE) check-once
	$(MAKE) check-asan

# --- benchmarks ------------------------------------------------------------

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(STATIC_LIB) $(LDLIBS)

bench: all $(BENCH_BINS)

# --- man pages -------------------------------------------------------------

lint-man:
	@set -e; for m in $(MANPAGES); do mandoc -Tlint -W warning $$m; done; \
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
	install -m 644 $(BUILD)/lib/hwpc.pc $(DESTDIR)$(LIBDIR)/pkgconfig
	install -m 644 $(REGDB) $(DESTDIR)$(DATADIR)/regdb
	@set -e; for m in $(MANPAGES); do s=$${m##*.}; \
	  install -d $(DESTDIR)$(MANDIR)/man$$s; \
	  install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s; done

uninstall:
	rm -f $(CMDS:%=$(DESTDIR)$(BINDIR)/%) $(DESTDIR)$(LIBDIR)/libhwpc.* \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/hwpc.pc $(DESTDIR)$(INCLUDEDIR)/hwpc.h
	rm -rf $(DESTDIR)$(INCLUDEDIR)/hwpc $(DESTDIR)$(DATADIR)

clean:
	rm -rf build
