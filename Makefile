# lnlt build. Plain GNU Make: the project is one C library, one program, and a
# directory of test and benchmark programs; sources are discovered by wildcard so a
# new module or test needs no edit here.
#
#   make            build the lnlt program (build/debug/lnlt)
#   make play       set up, build, and start the game server: play in the browser
#   make play-terminal  the same game in the terminal (lnlt play)
#   make test       set up, then run every test twice (gcc build and clang
#                   ASan+UBSan), then the browser tests (playwright + chromium)
#   make bench      build and run the benchmarks (figures on stdout)
#   make valgrind   run the test suite under valgrind's leak checker
#   make fuzz       build the libFuzzer targets of fuzz/ (clang, ASan+UBSan) into build/fuzz/fuzz/
#   make fuzz-smoke run each fuzz target briefly over its seed corpus (part of make test)
#   make fuzz-fast  the same targets with UBSan only at -O2, for long runs (build/fuzz-fast/fuzz/)

ifeq ($(origin CC),default)
CC      := gcc
endif
BUILD   ?= build/debug
SAN     ?=
OPT     ?= -O2 -g

WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wno-missing-field-initializers
# The server (src/server) adds civetweb, libpq, SQLite and libcrypto. Only
# civetweb is linked: src/server/pq_load.c opens libpq when a PostgreSQL store
# first connects, sqlite_load.c opens SQLite when a SQLite store opens, and
# crypto.c opens libcrypto when the server starts or a replay checks its seed,
# since linking them cost every start of every program 8.4, 1.1 and 2.5 million
# instructions of dynamic linking (docs/performance.md). LNLT_BUILD_ID names the build
# whose snapshots a server trusts (src/server/server.c).
PG_CFLAGS := $(shell pkg-config --cflags libpq 2>/dev/null || echo -I/usr/include/postgresql)
BUILD_ID  := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo dev)
CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) $(WARN) -Iinclude -Isrc $(PG_CFLAGS) \
           -DLNLT_SOURCE_DIR='"$(CURDIR)"' -DLNLT_BUILD_ID='"$(BUILD_ID)"' $(SAN) $(EXTRA_CFLAGS)
LDFLAGS := $(SAN)
# Link-time optimisation of the program and the benchmarks, with gcc: the rules
# ask the map and the counter catalogue through small functions of other files,
# which only a whole-program view inlines (10% fewer instructions per self-play
# game, docs/performance.md). The objects hold both forms, and the test programs
# link the ordinary code (-fno-lto), as quickly as before; the clang sanitizer
# build has none of it.
ifeq ($(SAN)$(findstring clang,$(CC)),)
LTO     := -flto=auto -ffat-lto-objects
endif
CFLAGS  += $(LTO)
LTO_LINK := $(if $(LTO),-flto=auto $(OPT) $(WARN))
NO_LTO   := $(if $(LTO),-fno-lto)
LIBS    := -ljansson -lcivetweb -lpthread -lm -ldl

LIB_SRC   := $(sort $(shell find src -name '*.c' ! -path 'src/cli/*'))
CLI_SRC   := $(sort $(wildcard src/cli/*.c))
TEST_SRC  := $(sort $(wildcard tests/test_*.c))
TSUP_SRC  := $(sort $(wildcard tests/support/*.c))
BENCH_SRC := $(sort $(wildcard bench/*.c))
FUZZ_SRC  := $(sort $(wildcard fuzz/fuzz_*.c))

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TSUP_OBJ  := $(TSUP_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN  := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
FUZZ_BIN  := $(FUZZ_SRC:fuzz/%.c=$(BUILD)/fuzz/%)
CLI_LIB_OBJ := $(filter-out $(BUILD)/obj/src/cli/main.o,$(CLI_OBJ))
LIBA      := $(BUILD)/liblnlt.a
PROGRAM   := $(BUILD)/lnlt

.PHONY: all setup setup-browser play play-terminal test test-one test-browser bench valgrind clean fuzz fuzz-build fuzz-fast fuzz-smoke
all: setup $(PROGRAM)

setup:
	@scripts/setup.sh

setup-browser:
	@scripts/setup.sh --browser

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIBA): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# The opening cache of the shipped scenarios (docs/performance.md): written by the
# program just linked, which alone will read it (the files carry its build id).
$(PROGRAM): $(CLI_OBJ) $(LIBA)
	$(CC) $(LDFLAGS) $(LTO_LINK) $(CLI_OBJ) $(LIBA) $(LIBS) -lncursesw -o $@
	$@ cache $(sort $(wildcard data/scenarios/*.json))

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(TSUP_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $(NO_LTO) $< $(TSUP_OBJ) $(LIBA) $(LIBS) -lcmocka -o $@

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $(LTO_LINK) $< $(LIBA) $(LIBS) -o $@

# A fuzz target: its file, the shared set-up, the lnlt subcommands (without main)
# and the library, linked with libFuzzer's main.
$(BUILD)/fuzz/%: $(BUILD)/obj/fuzz/%.o $(BUILD)/obj/fuzz/common.o $(CLI_LIB_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -fsanitize=fuzzer $^ $(LIBS) -lncursesw -o $@

# The server benchmark drives a real server with the tests' harness.
$(BUILD)/bench/bench_server: $(BUILD)/obj/bench/bench_server.o $(BUILD)/obj/tests/support/server_harness.o $(LIBA) $(PROGRAM)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $(LTO_LINK) $(BUILD)/obj/bench/bench_server.o $(BUILD)/obj/tests/support/server_harness.o $(LIBA) $(LIBS) -o $@

# One configuration: build everything, run every test program.
test-one: $(PROGRAM) $(TEST_BIN)
	@scripts/run-tests.sh $(BUILD) $(TEST_BIN)

# The README's test command: the plain gcc build, then the same suite built by
# clang under AddressSanitizer + UndefinedBehaviorSanitizer.
test: setup-browser
	@scripts/check-conformance.sh
	@$(MAKE) --no-print-directory test-one
	@$(MAKE) --no-print-directory test-one CC=clang BUILD=build/asan OPT="-O1 -g" \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
	@$(MAKE) --no-print-directory fuzz-smoke
	@$(MAKE) --no-print-directory test-browser

# The browser client (web/) in Debian's chromium, against the gcc build's server.
test-browser: $(PROGRAM)
	@scripts/run-browser-tests.sh $(PROGRAM)

# The game server with its embedded SQLite store (lnlt.db here): open the URL it
# prints. PORT=8081 if 8080 is taken.
PORT ?= 8080
play: all
	@echo "lnlt: open http://127.0.0.1:$(PORT)/ in your browser to play (Ctrl-C stops the server)"
	@$(PROGRAM) serve --listen 127.0.0.1:$(PORT) --db lnlt.db

# The fuzz targets (docs/fuzzing.md): clang with coverage for libFuzzer, ASan and UBSan.
FUZZ_VARS := CC=clang BUILD=build/fuzz OPT="-O1 -g" \
  SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
fuzz: setup
	@$(MAKE) --no-print-directory fuzz-build $(FUZZ_VARS)
fuzz-build: $(FUZZ_BIN)

# The long-run flavour (docs/fuzzing.md, "Long runs"): the same targets with UBSan
# only, at -O2, into build/fuzz-fast/fuzz/; about twice as many executions a second.
# What it cannot see (ASan's memory errors and leaks) is caught by replaying the
# corpus it grows through the ASan+UBSan build (scripts/fuzz-long.sh does).
FUZZ_FAST_VARS := CC=clang BUILD=build/fuzz-fast OPT="-O2 -g" \
  SAN="-fsanitize=fuzzer-no-link,undefined -fno-sanitize-recover=all" \
  NOCMP="-fno-sanitize-coverage=trace-cmp"
# In that flavour the code that computes on the game's state rather than reading
# the input's bytes (the rules but their action parser, the map, the drawing, the
# computer player) keeps its edge coverage but loses libFuzzer's comparison
# tracing: half the time of the slow targets went to tracing comparisons of hex
# numbers and scores that no input byte decides (docs/fuzzing.md, "Seventh round").
NOCMP_SRC := $(filter-out src/rules/action_text.c,$(wildcard src/ai/*.c src/view/*.c src/map/*.c src/rules/*.c))
$(NOCMP_SRC:%.c=$(BUILD)/obj/%.o): CFLAGS += $(NOCMP)
fuzz-fast: setup
	@$(MAKE) --no-print-directory fuzz-build $(FUZZ_FAST_VARS)

# Each target for FUZZ_SECONDS (default 4) over a copy of its seed corpus.
fuzz-smoke: fuzz
	@scripts/fuzz-smoke.sh build/fuzz/fuzz $(or $(FUZZ_SECONDS),4)

# Without SCENARIO: the starter scenario (Assault on Vierville) against the computer.
play-terminal: all
	$(PROGRAM) play $(or $(SCENARIO),$(firstword $(wildcard data/scenarios/*vierville*.json) $(wildcard data/scenarios/*.json)))

bench: setup $(BENCH_BIN)
	@for b in $(BENCH_BIN); do echo "== $$b"; $$b || exit 1; done

valgrind: setup $(PROGRAM) $(TEST_BIN)
	@scripts/run-tests.sh $(BUILD) --valgrind $(TEST_BIN)

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
