# SPDX-License-Identifier: MIT
# mjt: one Makefile, GNU make.  `make help` lists the targets.

# ---- What a user may override -------------------------------------------
CC         ?= cc
CFLAGS     ?= -O2 -g
LDFLAGS    ?=
PKG_CONFIG ?= pkg-config
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man
TABLESDIR  ?= $(PREFIX)/share/mjt
DESTDIR    ?=
V          ?= 0
TABLES     ?= tables/mjt.lmdb
VALGRIND   ?= valgrind -q --error-exitcode=3 --leak-check=full \
              --errors-for-leak-kinds=definite
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
# -j$(JOBS) for a make run alone; none in a make that make test runs on
# every core: that one shares its parent's job slots (a -j would take as
# many again, with a warning).
JOBS_FLAG   = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS))
# The Python module is built for, tested with and installed into Debian's
# python3 (its python3-dev headers), not whichever python3 is first on PATH.
PYTHON     ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
# Where make install puts the module: PREFIX/lib/pythonX.Y/dist-packages on
# Debian (whose python3 looks there under /usr/local), site-packages elsewhere.
PYTHONDIR  ?= $(shell $(PYTHON) -c 'import sys, sysconfig; print("$(PREFIX)/lib/python%d.%d/%s" % (sys.version_info[:2] + ("dist-packages" if "posix_local" in sysconfig.get_scheme_names() else "site-packages",)))' 2>/dev/null)

# SSSE3 and POPCNT carry the join (query/libmjt/analysis/minplus.h), SSE4.1
# the enumeration's visit too (query/libmjt/stats/visit.c); x86-64-v2 (2009
# on) has all three, and the library runs about ten times faster with them.
# So on x86-64 the library is built twice, portable and with VEC_CFLAGS,
# and picks the one the CPU runs as the program starts (DISPATCH, see
# query/libmjt/isa/isa.c); everything is otherwise built for any CPU of the
# architecture.  DISPATCH=no builds the one path ARCH_CFLAGS asks for
# (none: the portable one; -march=native: this machine's, and then
# dispatch is off unless asked for).
ARCH_CFLAGS ?=
# (fixed: isa.c checks the CPU for x86-64-v2 and nothing more)
override VEC_CFLAGS := -march=x86-64-v2
ifneq (,$(findstring x86_64,$(shell $(CC) -dumpmachine 2>/dev/null)))
DISPATCH ?= $(if $(strip $(ARCH_CFLAGS)),no,yes)
endif

# ---- The project's own flags, appended so CFLAGS=-O0 keeps them ----------
BUILD     := build
DEPS      := lmdb libzstd libxxhash
CLI_DEPS  := libmicrohttpd
TEST_DEPS := criterion
PACKAGES  := liblmdb-dev libzstd-dev libxxhash-dev libcriterion-dev \
             libmicrohttpd-dev \
             python3-dev python3-pytest python3-numpy

WARN      := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
             -Wmissing-prototypes
# The library's assertions check its own invariants, never a caller's
# input: off by default, on in `make debug` and under the sanitizers
# (NDEBUG= turns them on).
NDEBUG       ?= -DNDEBUG
MJT_CPPFLAGS := -D_POSIX_C_SOURCE=200809L $(NDEBUG)
MJT_CFLAGS   := -std=c11 $(WARN) -fPIC -fvisibility=hidden -MMD -MP
DEP_CFLAGS    = $(shell $(PKG_CONFIG) --cflags $(DEPS) 2>/dev/null)
DEP_LIBS      = $(shell $(PKG_CONFIG) --libs $(DEPS) 2>/dev/null)
CLI_CFLAGS    = $(shell $(PKG_CONFIG) --cflags $(CLI_DEPS) 2>/dev/null)
CLI_LIBS      = $(shell $(PKG_CONFIG) --libs $(CLI_DEPS) 2>/dev/null)
TEST_CFLAGS   = $(shell $(PKG_CONFIG) --cflags $(TEST_DEPS) 2>/dev/null)
TEST_LIBS     = $(shell $(PKG_CONFIG) --libs $(TEST_DEPS) 2>/dev/null)
ALL_CFLAGS    = $(INC) $(MJT_CPPFLAGS) $(CPPFLAGS) $(MJT_CFLAGS) $(DEP_CFLAGS) \
                $(ARCH_CFLAGS) $(CFLAGS) $(EXTRA_CFLAGS)
ALL_LDLIBS    = $(DEP_LIBS) -lpthread -lm $(LDLIBS)

ifeq ($(V),0)
Q = @
say = @printf '  %-6s %s\n' $(1) $(2);
else
Q =
say =
endif

# The layers.  core depends on nothing of ours; gen (mjt-gen) and the
# library (query/libmjt, a folder per module) on core alone; mjq
# (query/mjq) and the Python module on the public header alone.  Each
# directory's include path holds only what it may use, so a wrong include
# fails to build (tests/lib/layers.sh tries one in each); mjt.h is copied
# into a directory of its own under build/ because the library's folders
# also hold its private headers.
LIB_DIR    := query/libmjt
LIB_DIRS   := $(LIB_DIR) $(sort $(dir $(wildcard $(LIB_DIR)/*/*.[ch])))
PUBLIC_HDR := $(BUILD)/include/mjt.h
CORE_INC   := -Icore
GEN_INC    := -Igen -Icore
LIB_INC    := $(patsubst %/,%,$(addprefix -I,$(LIB_DIRS))) -Icore
CLI_INC    := -Iquery/mjq -I$(BUILD)/include
PUBLIC_INC := -I$(BUILD)/include
TEST_INC   := -Itests -Itests/reliability -Igen $(LIB_INC)

CORE_SRC  := $(wildcard core/*.c)
GEN_SRC   := $(wildcard gen/*.c)
LIB_SRC   := $(wildcard $(LIB_DIR)/*.c $(LIB_DIR)/*/*.c)
CLI_SRC   := $(wildcard query/mjq/*.c)
# The Criterion suites, a binary a group: the library's (make unit), the
# generator's and core's, and the reliability suite.
UNIT_SRC  := $(wildcard tests/lib/test_*.c) tests/lib/brute.c \
             tests/lib/brute_forms.c tests/lib/brute_wall.c tests/lib/alter.c \
             tests/lib/brute_expect.c
GENT_SRC  := $(wildcard tests/gen/test_*.c)
REL_SRC   := $(wildcard tests/reliability/test_*.c)
# mjq against the library it prints (tests/mjq), a binary of its own so
# that the library's suite (make unit) needs no mjq.
MJQT_SRC  := $(wildcard tests/mjq/test_*.c)
BENCH_SRC := $(wildcard tests/bench/bench_*.c)

obj = $(patsubst %.c,$(BUILD)/%.o,$(1))
CORE_OBJ  := $(call obj,$(CORE_SRC))
GEN_OBJ   := $(call obj,$(GEN_SRC))
LIB_OBJ   := $(call obj,$(LIB_SRC))
CLI_OBJ   := $(call obj,$(CLI_SRC)) $(BUILD)/query/mjq/web_assets.o
WEB_FILES := index.html app.js style.css favicon.svg
UNIT_OBJ  := $(call obj,$(UNIT_SRC))
GENT_OBJ  := $(call obj,$(GENT_SRC))
REL_OBJ   := $(call obj,$(REL_SRC))
MJQT_OBJ  := $(call obj,$(MJQT_SRC))
TEST_BINS := $(BUILD)/test_lib $(BUILD)/test_gen $(BUILD)/test_reliability \
             $(BUILD)/test_mjq
BENCH_BIN := $(patsubst tests/bench/%.c,$(BUILD)/%,$(BENCH_SRC))
FUZZ_TARGETS := hand sealed batch table diff serve
REPLAY_BIN := $(addprefix $(BUILD)/fuzz_replay_,$(FUZZ_TARGETS))

# Keep the objects pattern rules make on the way (the fuzz replays' ones).
.SECONDARY:

.PHONY: all lib gen cli python tables test unit test-lib test-gen test-mjq \
        test-reliability test-python test-web test-long test-cross bench \
        install uninstall \
        clean clean-tables help deps deps-check debug asan ubsan sanitize leakcheck \
        fuzz check docs FORCE

all: lib gen cli ## build libmjt, mjt-gen and mjq under build/

# The shared library's ABI: soname libmjt.so.N (N the major version), the file
# named by the whole version, the links beside it.
VERSION    := $(shell sed -n 's/.*MJT_VERSION_STRING "\(.*\)"/\1/p' $(LIB_DIR)/mjt.h)
SOMAJOR    := $(firstword $(subst ., ,$(VERSION)))
SONAME     := libmjt.so.$(SOMAJOR)
SOFILE     := libmjt.so.$(VERSION)

lib: $(BUILD)/libmjt.a $(BUILD)/libmjt.so $(BUILD)/mjt.pc ## libmjt only

# ---- The Python module (query/python): mjt/ under build/python ----------
# On the public header alone; libmjt.a (position-independent, symbols
# hidden) is linked in, so the module needs no libmjt.so at run time.
PY_CFLAGS  = $(shell $(PKG_CONFIG) --cflags python3 2>/dev/null)
PY_EXT     = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
PY_PKG     := $(BUILD)/python/mjt
PY_FILES   := $(addprefix $(PY_PKG)/,__init__.py __init__.pyi py.typed)

python: $(PY_PKG)/_mjt$(PY_EXT) $(PY_FILES) ## the Python module, in build/python

# Every C file of the module (setup.py takes the same).
PY_SRC     := $(wildcard query/python/mjt/*.c)

$(PY_PKG)/_mjt$(PY_EXT): $(PY_SRC) query/python/mjt/_mjt.h $(PUBLIC_HDR) \
        $(BUILD)/libmjt.a $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(PKG_CONFIG) --exists python3 || { echo "python3-dev is missing \
(run 'make deps')" >&2; exit 1; }
	$(call say,CC,$@)$(CC) $(PUBLIC_INC) $(MJT_CPPFLAGS) -std=c11 -Wall -Wextra \
	    -fPIC -fvisibility=hidden $(PY_CFLAGS) $(ARCH_CFLAGS) $(CFLAGS) \
	    $(EXTRA_CFLAGS) \
	    -shared $(LDFLAGS) -Wl,--exclude-libs,ALL -o $@ $(PY_SRC) \
	    $(BUILD)/libmjt.a $(ALL_LDLIBS)

$(PY_PKG)/%: query/python/mjt/%
	@mkdir -p $(@D)
	$(Q)cp $< $@
gen: $(BUILD)/mjt-gen ## mjt-gen only
cli: $(BUILD)/mjq ## mjq only

deps: ## install the Debian packages pkg-config cannot find
	$(Q)sh scripts/install-deps.sh

deps-check:
	@$(PKG_CONFIG) --exists $(DEPS) $(CLI_DEPS) || { echo "missing packages: \
install $(PACKAGES) (or run 'make deps')" >&2; exit 1; }

# The builds of tables, test, unit, test-long and debug compile on every
# core (one make process: each file is made once).
tables: deps ## install deps, build, write tables/mjt.lmdb (anew when damaged: the old kept as .bad), print a summary
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) all python
	$(Q)sh scripts/tables.sh $(BUILD) $(TABLES) $(JOBS)

# The tests and benchmarks keep their table cache (see mjt_tables_open) in
# the build tree, not under $HOME.
test unit test-lib test-gen test-mjq test-reliability test-python test-web \
test-long test-cross bench: export MJT_CACHE_DIR = $(abspath $(BUILD))/cache

# The groups make test runs (CI's portable pass names those whose answers
# depend on the code path).  They run on every core (two at a time on two),
# each group's output printed whole when it ends: most of their scripts
# keep one core busy (mjq, Python), and each writes only its own temporary
# files and reads the build, so on two cores a serial run left one idle.
# The page's group runs alone, after them: its server and browser tests
# wait on clocks.
TEST_GROUPS ?= test-lib test-gen test-mjq test-reliability test-python test-web
TEST_ANY_CORE = $(filter-out test-web,$(TEST_GROUPS))

# The benchmarks are built too, and test-reliability runs each once on a
# few hands: make bench is how every speed figure is taken, so a change
# that breaks one fails here, not there.
test: deps ## install deps, build, run every test (non-zero on failure)
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(TEST_BINS) all \
	    $(BUILD)/test/mjt.lmdb $(BUILD)/header.ok $(REPLAY_BIN) python \
	    $(BENCH_BIN)
	$(Q)sh tests/tree.sh before $(BUILD)
	$(if $(TEST_ANY_CORE),$(Q)$(MAKE) --no-print-directory -j$(JOBS) \
	    -Orecurse $(TEST_ANY_CORE))
	$(if $(filter test-web,$(TEST_GROUPS)),$(Q)$(MAKE) --no-print-directory test-web)
	$(Q)sh tests/tree.sh after $(BUILD)

# Each group of tests on its own: what it tests, then how.  make test runs
# them all; each builds what it needs.
# The library's suite but its exhaustive checks (the suite `exhaustive`:
# every one-suit hand, every draw order of the small worlds, every path's
# statistics), which make test-lib runs after it.  The two filters are
# each other's complement: a test is in one run or the other, never lost.
UNIT_FAST := --filter '!(exhaustive)/*'
UNIT_REST := --filter 'exhaustive/*'

unit: deps ## the library's own tests but the exhaustive ones, fast (under a minute)
	$(Q)$(MAKE) --no-print-directory $(JOBS_FLAG) $(BUILD)/test_lib \
	    $(BUILD)/test/mjt.lmdb
	$(Q)MJT_BUILD=$(BUILD) $(BUILD)/test_lib --jobs 2 $(UNIT_FAST)

test-lib: unit $(BUILD)/header.ok ## the library: all its tests, mjt.h alone, the ABI, the layers
	$(Q)MJT_BUILD=$(BUILD) $(BUILD)/test_lib --jobs 2 $(UNIT_REST)
	$(Q)$(MAKE) --no-print-directory lib python
	$(Q)PYTHON='$(PYTHON)' JOBS='$(JOBS)' \
	    PYTHON_TESTS=$(if $(filter test-python,$(TEST_GROUPS)),yes,no) \
	    sh tests/lib/abi.sh $(BUILD)
	$(Q)MAKE='$(MAKE)' JOBS='$(JOBS)' sh tests/lib/rebuild.sh $(BUILD)
	$(Q)CC='$(CC)' CORE_INC='$(CORE_INC)' GEN_INC='$(GEN_INC)' \
	    LIB_INC='$(LIB_INC)' CLI_INC='$(CLI_INC)' PUBLIC_INC='$(PUBLIC_INC)' \
	    NDEBUG='$(NDEBUG)' sh tests/lib/layers.sh $(BUILD)

test-gen: deps ## mjt-gen and core: solvers, enumeration, forms
	$(Q)$(MAKE) --no-print-directory $(BUILD)/test_gen $(BUILD)/test/mjt.lmdb
	$(Q)MJT_BUILD=$(BUILD) $(BUILD)/test_gen --jobs 2

test-mjq: deps ## mjq: every command, stats against enumerate, scores against majiang-core, the README's examples
	$(Q)$(MAKE) --no-print-directory all python $(BUILD)/test_mjq \
	    $(BUILD)/test/mjt.lmdb
	$(Q)MJT_BUILD=$(BUILD) $(BUILD)/test_mjq --jobs 2
	$(Q)sh tests/mjq/cli.sh $(BUILD)
	$(Q)sh tests/mjq/stats.sh $(BUILD)
	$(Q)PYTHON='$(PYTHON)' sh tests/mjq/score.sh $(BUILD)
	$(Q)CC='$(CC)' CFLAGS='$(CFLAGS)' LDFLAGS='$(LDFLAGS)' LIBS='$(ALL_LDLIBS)' \
	    sh tests/mjq/readme.sh $(BUILD)

test-reliability: deps ## damaged tables, bad input, the fuzz seeds replayed, the benchmarks run
	$(Q)$(MAKE) --no-print-directory $(BUILD)/test_reliability all \
	    $(BUILD)/test/mjt.lmdb $(REPLAY_BIN) $(BENCH_BIN)
	$(Q)MJT_BUILD=$(BUILD) $(BUILD)/test_reliability --jobs 2
	$(Q)sh tests/reliability/fuzz-replay.sh $(BUILD)
	$(Q)PYTHON='$(PYTHON)' sh tests/bench/smoke.sh $(BUILD)

test-python: deps ## the Python module
	$(Q)$(MAKE) --no-print-directory python $(BUILD)/test/mjt.lmdb
	$(Q)PYTHON='$(PYTHON)' sh tests/python/python.sh $(BUILD)

test-web: deps ## mjq serve and the page, in a real browser
	$(Q)$(MAKE) --no-print-directory all $(BUILD)/test/mjt.lmdb
	$(Q)PYTHON='$(PYTHON)' sh tests/web/web.sh $(BUILD)

test-long: deps ## the exhaustive runs too long for `make test`
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(TEST_BINS) all \
	    $(BUILD)/test/mjt.lmdb
	$(Q)for t in lib gen reliability; do MJT_BUILD=$(BUILD) MJT_LONG=1 \
	    $(BUILD)/test_$$t --jobs 2 || exit 1; done
	$(Q)MJT_DIFF_TILES=14 MJT_BATCH_LINES=10000000 sh tests/mjq/cli.sh $(BUILD)
	$(Q)MJT_LONG=1 sh tests/mjq/stats.sh $(BUILD)
	$(Q)MJT_LONG=1 PYTHON='$(PYTHON)' sh tests/mjq/score.sh $(BUILD)
	$(Q)$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=30
	$(Q)$(MAKE) --no-print-directory test-cross

# Another architecture: mjt-gen and mjq cross-compiled for aarch64 (plain
# C: the dispatch is x86-64's) into $(CROSS_BUILD), run under qemu-user
# against this machine's build: the same tables, record for record, and
# the same answers, byte for byte (tests/cross/aarch64.sh).  What it
# needs, Debian's cross compiler, qemu-user and the arm64 libraries, is
# installed when missing (scripts/install-cross.sh); make test-long runs
# it.
CROSS_BUILD ?= build-aarch64
CROSS_CC    ?= aarch64-linux-gnu-gcc
test-cross: deps ## mjt-gen and mjq built for aarch64, run under qemu-user: this machine's tables and answers
	$(Q)sh scripts/install-cross.sh
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) all $(BUILD)/test/mjt.lmdb
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) BUILD='$(CROSS_BUILD)' \
	    CC='$(CROSS_CC)' PKG_CONFIG=aarch64-linux-gnu-pkg-config \
	    DISPATCH=no ARCH_CFLAGS= \
	    '$(CROSS_BUILD)/mjt-gen' '$(CROSS_BUILD)/mjq'
	$(Q)PYTHON='$(PYTHON)' sh tests/cross/aarch64.sh $(BUILD) $(CROSS_BUILD)

bench: deps ## benchmarks, one `BENCH name value unit` line per figure
	$(Q)$(MAKE) --no-print-directory all $(BENCH_BIN) python
	$(Q)PYTHON='$(PYTHON)' sh scripts/bench.sh $(BUILD)

# Objects depend on the flags too: a stamp holds the last compile flags,
# rewritten only when they change (make CFLAGS=... rebuilds everything).
# It leaves out the include paths: they are each directory's own (target
# variables, which a prerequisite inherits from whichever object asked for
# it first), so with them `make` and `make test` rewrote the stamp in turn
# and each rebuilt the whole tree after the other.
FLAGS_TEXT   = $(CC) $(MJT_CPPFLAGS) $(CPPFLAGS) $(MJT_CFLAGS) $(DEP_CFLAGS) \
               $(ARCH_CFLAGS) $(CFLAGS) $(EXTRA_CFLAGS) $(TEST_CFLAGS) \
               dispatch=$(DISPATCH) $(VEC_CFLAGS)
FLAGS_STAMP := $(BUILD)/.flags
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(FLAGS_TEXT)' | cmp -s - $@ || echo '$(FLAGS_TEXT)' > $@
FORCE:

$(BUILD)/%.o: %.c $(FLAGS_STAMP) | deps-check
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) $(FILE_CFLAGS) $(COPY_CFLAGS) -c $< -o $@

# Each directory's include path (the most specific pattern wins).
$(BUILD)/core/%.o: INC = $(CORE_INC)
$(BUILD)/gen/%.o: INC = $(GEN_INC)
$(BUILD)/$(LIB_DIR)/%.o: INC = $(LIB_INC)
$(BUILD)/query/mjq/%.o: INC = $(CLI_INC) $(CLI_CFLAGS)
$(BUILD)/tests/%.o: INC = $(TEST_INC)
$(BUILD)/tests/reliability/fuzz/%.o: INC = -Itests/reliability/fuzz $(CLI_INC)
# test_query.c and install_check.c are what a user writes: mjt.h alone.
$(BUILD)/tests/lib/test_query.o: INC = -Itests $(PUBLIC_INC)
FUZZ_OBJ := $(call obj,$(wildcard tests/reliability/fuzz/*.c))
$(CLI_OBJ) $(FUZZ_OBJ) $(BUILD)/tests/lib/test_query.o: $(PUBLIC_HDR)

$(PUBLIC_HDR): $(LIB_DIR)/mjt.h
	@mkdir -p $(@D)
	$(Q)cp $< $@

# Only the loader knows where the tables are installed, so another PREFIX
# rebuilds that one file (its own stamp), not the tree.
TABLES_STAMP := $(BUILD)/.tablesdir
$(TABLES_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(TABLESDIR)' | cmp -s - $@ || echo '$(TABLESDIR)' > $@
$(BUILD)/$(LIB_DIR)/tables/tables.o $(BUILD)/isa/raw/$(LIB_DIR)/tables/tables.o: \
    FILE_CFLAGS = -DMJT__INSTALLED_TABLES='"$(TABLESDIR)/mjt.lmdb"'
$(BUILD)/$(LIB_DIR)/tables/tables.o $(BUILD)/isa/raw/$(LIB_DIR)/tables/tables.o: \
    $(TABLES_STAMP)

# Scoring is many small decisions a hand, and -O3's inlining and loop
# passes take about 5% off it (make bench: score.counts); the wall's graph
# and dynamic program lose 5-7% of their instructions to them (forward
# play at 4-shanten, exchange at 2), where the rest of the library gains
# nothing.  An optimisation level the user gives, in CFLAGS (make debug's
# -O0) or in EXTRA_CFLAGS, is theirs alone.
ifeq ($(origin CFLAGS)$(findstring -O,$(EXTRA_CFLAGS)),file)
$(foreach d,$(BUILD) $(BUILD)/isa/raw,$(foreach f,score/score score/readings score/settle score/situation wall/dp wall/points wall/graph wall/symmetry,\
    $(eval $(d)/$(LIB_DIR)/$(f).o: FILE_CFLAGS = -O3)))
endif

# mjt-gen records the version it was built as (and --version prints it);
# mjt.h holds the number.
$(BUILD)/gen/writer.o $(BUILD)/gen/main.o: \
    FILE_CFLAGS = -DMJT__GEN_VERSION='"$(VERSION)"'
$(BUILD)/gen/writer.o $(BUILD)/gen/main.o: $(LIB_DIR)/mjt.h

$(BUILD)/tests/%.o: tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -c $< -o $@

# mjt.h alone, as C99 and as C++, every warning an error.
$(BUILD)/header.ok: tests/lib/header_c99.c $(PUBLIC_HDR)
	@mkdir -p $(@D)
	$(call say,CHECK,mjt.h)$(CC) -std=c99 -pedantic -Wall -Wextra -Werror \
	    $(PUBLIC_INC) -c $< -o $(BUILD)/header_c99.o
	$(Q)if command -v $(CXX) >/dev/null 2>&1; then $(CXX) -x c++ -std=c++11 \
	    -pedantic -Wall -Wextra -Werror $(PUBLIC_INC) -fsyntax-only $<; fi
	@touch $@

# The tables the tests read, built with -j2 (test_table checks -j1 agrees).
$(BUILD)/test/mjt.lmdb: $(BUILD)/mjt-gen
	@mkdir -p $(@D)
	$(call say,GEN,$@)$(BUILD)/mjt-gen -q -j 2 -o $@ >/dev/null

# ---- Run-time dispatch (DISPATCH=yes, x86-64) -----------------------------
# The library's sources and core's once more, for x86-64-v2 (less
# core/alloc.c: its allocation budget is one for both copies); then
# scripts/dispatch.sh renames each copy's symbols apart, under
# $(BUILD)/isa, and writes the trampolines every public function becomes
# (tramp.S) and their list (fns.h), which isa.c's tables are made of.
COMMA    := ,
ISA_DIR  := $(BUILD)/isa
ISA_OBJ  := $(BUILD)/$(LIB_DIR)/isa/isa.o
ifeq ($(DISPATCH),yes)
COPY_OBJ := $(filter-out $(ISA_OBJ),$(LIB_OBJ)) $(CORE_OBJ)
VEC_SRC  := $(filter-out $(LIB_DIR)/isa/isa.c core/alloc.c,$(LIB_SRC) $(CORE_SRC))
VEC_RAW  := $(patsubst %.c,$(ISA_DIR)/raw/%.o,$(VEC_SRC))
ISA_COPY := $(patsubst $(BUILD)/%,$(ISA_DIR)/portable/%,$(COPY_OBJ)) \
            $(patsubst $(ISA_DIR)/raw/%,$(ISA_DIR)/v2/%,$(VEC_RAW))
LIBMJT_OBJ := $(ISA_COPY) $(ISA_OBJ) $(ISA_DIR)/tramp.o
SO_MAP   := $(ISA_DIR)/exports.map

$(ISA_DIR)/raw/%.o: %.c $(FLAGS_STAMP) | deps-check
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) $(FILE_CFLAGS) $(VEC_CFLAGS) \
	    $(COPY_CFLAGS) -c $< -o $@
# The copies are renamed in their machine code, which -flto's objects
# hold none of: they (the whole library and core) are compiled without it,
# and only the programs' own objects keep it.
$(COPY_OBJ) $(VEC_RAW): COPY_CFLAGS = \
    $(if $(findstring -flto,$(CFLAGS) $(EXTRA_CFLAGS)),-fno-lto)
$(ISA_DIR)/raw/core/%.o: INC = $(CORE_INC)
$(ISA_DIR)/raw/$(LIB_DIR)/%.o: INC = $(LIB_INC)

$(ISA_COPY) $(ISA_DIR)/fns.h $(ISA_DIR)/tramp.S $(SO_MAP) &: $(COPY_OBJ) \
        $(VEC_RAW) scripts/dispatch.sh
	$(call say,ISA,$(ISA_DIR))OBJCOPY='$(OBJCOPY)' sh scripts/dispatch.sh \
	    $(ISA_DIR) $(BUILD) -- $(COPY_OBJ) -- $(VEC_RAW)

$(ISA_DIR)/tramp.o: $(ISA_DIR)/tramp.S
	$(call say,AS,$<)$(CC) $(filter-out -march=%,$(ALL_CFLAGS)) -c $< -o $@
$(ISA_OBJ): $(ISA_DIR)/fns.h
$(ISA_OBJ): FILE_CFLAGS = -DMJT__DISPATCH -I$(ISA_DIR)
else
LIBMJT_OBJ := $(LIB_OBJ) $(CORE_OBJ)
SO_MAP   :=
endif
OBJCOPY  ?= objcopy

# Made anew: `ar r` into an old archive would keep objects since removed.
$(BUILD)/libmjt.a: $(LIBMJT_OBJ)
	$(call say,AR,$@)rm -f $@ && $(AR) rcs $@ $^

$(BUILD)/$(SOFILE): $(LIBMJT_OBJ) $(SO_MAP)
	$(call say,LD,$@)$(CC) -shared -Wl,-soname,$(SONAME) $(LDFLAGS) -o $@ \
	    $(LIBMJT_OBJ) $(if $(SO_MAP),-Wl$(COMMA)--version-script=$(SO_MAP)) \
	    $(ALL_LDLIBS)

$(BUILD)/libmjt.so: $(BUILD)/$(SOFILE)
	$(Q)ln -sf $(SOFILE) $(BUILD)/$(SONAME)
	$(Q)ln -sf $(SOFILE) $@

# Made anew on every run (PREFIX may differ), replaced only when it changes,
# through a file of the make's own (make test's groups run make at once).
# A program linked with `pkg-config --libs mjt` finds libmjt.so where it
# was installed: its Libs carry an rpath, but for the loader's own
# directories (/usr/lib..., /lib...), which need none and where Debian
# forbids one.  (/usr/local/lib is searched only once ldconfig has run.)
PC_RPATH = $(if $(filter /usr/lib /usr/lib/% /lib /lib/% /usr/lib64 /lib64,$(LIBDIR)),, -Wl,-rpath,$${libdir})
$(BUILD)/mjt.pc: $(LIB_DIR)/mjt.pc.in FORCE
	@mkdir -p $(@D)
	@sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@DEPS@|$(DEPS)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@TABLESDIR@|$(TABLESDIR)|' \
	    -e 's|@RPATH@|$(PC_RPATH)|' $< > $@.tmp.$$$$ && \
	if cmp -s $@.tmp.$$$$ $@; then rm -f $@.tmp.$$$$; \
	else mv $@.tmp.$$$$ $@; fi

$(BUILD)/mjt-gen: $(GEN_OBJ) $(CORE_OBJ)
	$(call say,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

$(BUILD)/mjq: $(CLI_OBJ) $(BUILD)/libmjt.a
	$(call say,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(CLI_LIBS) $(ALL_LDLIBS)

# mjq serve's page, compiled in: no file is read at run time.
$(BUILD)/query/mjq/web_assets.c: $(addprefix query/web/,$(WEB_FILES)) scripts/embed.sh
	@mkdir -p $(@D)
	$(call say,EMBED,$@)sh scripts/embed.sh $@ query/web $(WEB_FILES)
$(BUILD)/query/mjq/web_assets.o: $(BUILD)/query/mjq/web_assets.c $(FLAGS_STAMP)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Iquery/mjq -c $< -o $@

# The tests check mjt-gen's solvers and enumeration too.
GEN_LIB_OBJ := $(call obj,$(addprefix gen/,decompose.c enum.c forms.c \
                 patterns.c reference.c))
$(BUILD)/test_lib: $(UNIT_OBJ) $(GEN_LIB_OBJ) $(BUILD)/libmjt.a
	$(call say,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(TEST_LIBS) $(ALL_LDLIBS)
$(BUILD)/test_gen: $(GENT_OBJ) $(BUILD)/tests/lib/brute.o $(GEN_LIB_OBJ) \
        $(BUILD)/libmjt.a
	$(call say,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(TEST_LIBS) $(ALL_LDLIBS)
$(BUILD)/test_mjq: $(MJQT_OBJ) $(BUILD)/tests/lib/brute.o \
        $(BUILD)/tests/lib/brute_forms.o $(BUILD)/tests/lib/alter.o \
        $(GEN_LIB_OBJ) $(BUILD)/libmjt.a
	$(call say,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(TEST_LIBS) $(ALL_LDLIBS)
$(BUILD)/test_reliability: $(REL_OBJ) $(BUILD)/tests/lib/brute.o \
        $(GEN_LIB_OBJ) $(BUILD)/libmjt.a
	$(call say,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(TEST_LIBS) $(ALL_LDLIBS)

# The fuzz targets with a plain main that replays files (tests/fuzz/).
$(BUILD)/fuzz_replay_%: $(BUILD)/tests/reliability/fuzz/fuzz_%.o \
        $(BUILD)/tests/reliability/fuzz/replay.o \
        $(BUILD)/tests/reliability/fuzz/fuzz_common.o \
        $(filter-out $(BUILD)/query/mjq/main.o,$(CLI_OBJ)) \
        $(BUILD)/libmjt.a
	$(call say,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(CLI_LIBS) $(ALL_LDLIBS)

$(BUILD)/tests/reliability/fuzz/%.o: tests/reliability/fuzz/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/bench_%: $(BUILD)/tests/bench/bench_%.o $(GEN_LIB_OBJ) $(BUILD)/libmjt.a
	$(call say,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

# The tables `make install` installs: made first when missing.
$(TABLES): | $(BUILD)/mjt-gen
	$(call say,GEN,$@)$(BUILD)/mjt-gen -q -j $(JOBS) -o $@ >/dev/null

install: all python $(TABLES) ## install everything, the tables and the Python module too (PREFIX, DESTDIR, ...DIR)
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
	    $(DESTDIR)$(BINDIR) $(DESTDIR)$(TABLESDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 644 $(LIB_DIR)/mjt.h $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 $(BUILD)/libmjt.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/$(SOFILE) $(DESTDIR)$(LIBDIR)/
	ln -sf $(SOFILE) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SOFILE) $(DESTDIR)$(LIBDIR)/libmjt.so
	install -m 644 $(BUILD)/mjt.pc $(DESTDIR)$(LIBDIR)/pkgconfig/
	install -d $(DESTDIR)$(PYTHONDIR)/mjt
	install -m 644 $(PY_PKG)/_mjt$(PY_EXT) $(PY_FILES) $(DESTDIR)$(PYTHONDIR)/mjt/
	install -m 755 $(BUILD)/mjq $(BUILD)/mjt-gen $(DESTDIR)$(BINDIR)/
	install -m 644 query/mjq/mjq.1 gen/mjt-gen.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(TABLES) $(DESTDIR)$(TABLESDIR)/mjt.lmdb
	@echo "installed under $(DESTDIR)$(PREFIX); tables in $(DESTDIR)$(TABLESDIR)"

uninstall: ## remove what install put in place, and the directory it made
	rm -f $(DESTDIR)$(INCLUDEDIR)/mjt.h \
	    $(DESTDIR)$(LIBDIR)/libmjt.a $(DESTDIR)$(LIBDIR)/libmjt.so \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/$(SOFILE) \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/mjt.pc \
	    $(DESTDIR)$(BINDIR)/mjq $(DESTDIR)$(BINDIR)/mjt-gen \
	    $(DESTDIR)$(MANDIR)/man1/mjq.1 $(DESTDIR)$(MANDIR)/man1/mjt-gen.1 \
	    $(DESTDIR)$(TABLESDIR)/mjt.lmdb
	rm -rf $(DESTDIR)$(PYTHONDIR)/mjt
	-rmdir $(DESTDIR)$(TABLESDIR) 2>/dev/null

clean: ## remove everything the build made (tables stay)
	rm -rf $(BUILD) build-debug build-asan build-ubsan build-sanitize build-fuzz build-portable $(CROSS_BUILD)
	rm -rf query/python/build query/python/*.egg-info
	find query tests scripts -name __pycache__ -type d -prune -exec rm -rf {} +

clean-tables: ## remove the generated tables
	rm -f tables/*.lmdb tables/*.lmdb.tmp.*

DEBUG_BUILD := BUILD=build-debug CFLAGS='-O0 -g' NDEBUG=

debug: deps ## build-debug/: assertions on, no optimisation; runs the unit tests there
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(DEBUG_BUILD) all \
	    build-debug/test_lib build-debug/test/mjt.lmdb
	$(Q)$(MAKE) --no-print-directory $(DEBUG_BUILD) unit

comma := ,

# Every test in build-$(1), built and linked with -fsanitize=$(2) and the
# library's assertions on; the leak check (ASan's) takes
# tests/reliability/lsan.supp's suppressions.
sanitized = LSAN_OPTIONS=suppressions=$(CURDIR)/tests/reliability/lsan.supp \
	MJT_SANITIZER=1 $(MAKE) BUILD=build-$(1) NDEBUG= \
	    CFLAGS='-O1 -g -fsanitize=$(2) -fno-sanitize-recover=all -fno-omit-frame-pointer' \
	    LDFLAGS=-fsanitize=$(2) test

asan: deps ## run every test under AddressSanitizer (leaks too)
	$(call sanitized,asan,address)

ubsan: deps ## run every test under UndefinedBehaviorSanitizer
	$(call sanitized,ubsan,undefined)

# Both at once: one build and one run of the suite finds what the two
# find apart (CI's pass, which the two took twice as long to make).
sanitize: deps ## run every test under ASan (leaks too) and UBSan together
	$(call sanitized,sanitize,address$(comma)undefined)

leakcheck: deps ## run library tests and mjq under valgrind (errors fail)
	$(Q)command -v valgrind >/dev/null 2>&1 || sh scripts/install-deps.sh valgrind
	$(Q)$(MAKE) --no-print-directory $(BUILD)/test_lib all $(BUILD)/test/mjt.lmdb
	$(Q)for f in 'query/*' 'errors/*' 'join/*' 'rank/*' 'alloc/*'; do \
	    MJT_BUILD=$(BUILD) $(VALGRIND) --trace-children=yes \
	        $(BUILD)/test_lib --jobs 1 --filter "$$f" || exit 1; done
	$(Q)printf '123m456p789s1122z\n55555m\n123m456p789s11222z\n' | \
	    $(VALGRIND) $(BUILD)/mjq --tables $(BUILD)/test/mjt.lmdb --json \
	    >/dev/null; test $$? -ne 3
	$(Q)$(VALGRIND) $(BUILD)/mjq --tables $(BUILD)/test/mjt.lmdb stats \
	    --tiles 4 >/dev/null
	$(Q)cp $(BUILD)/test/mjt.lmdb $(BUILD)/test/copy.lmdb
	$(Q)$(VALGRIND) $(BUILD)/mjq diff --full $(BUILD)/test/mjt.lmdb \
	    $(BUILD)/test/copy.lmdb >/dev/null; test $$? -ne 3

fuzz: deps ## fuzz parsers and loaders with libFuzzer (FUZZ_SECONDS each)
	$(Q)command -v clang >/dev/null 2>&1 || sh scripts/install-deps.sh clang
	$(Q)$(MAKE) --no-print-directory all $(BUILD)/test/mjt.lmdb
	$(Q)sh scripts/fuzz.sh $(BUILD)

docs: deps ## refresh docs/page.png, the screenshot of the page the README shows
	$(Q)$(MAKE) --no-print-directory all $(BUILD)/test/mjt.lmdb
	$(Q)MJT_SCREENSHOT=docs/page.png PYTHON='$(PYTHON)' sh tests/web/web.sh $(BUILD)

check: ## is every C file laid out as .clang-format says? (CI runs it)
	$(Q)command -v clang-format >/dev/null 2>&1 || \
	    sh scripts/install-deps.sh clang-format
	$(Q)sh scripts/check.sh

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' Makefile | \
	    sed 's/:.*## /\t/' | awk -F'\t' '{printf "  %-14s %s\n", $$1, $$2}'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
