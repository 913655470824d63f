# The C roguelike tutorial in Rust. `make run` plays, `make test` checks.

# The part for `make run` (unset: the game) and `make part`.
PART ?=
CARGO ?= cargo
# Extra arguments for `make run`, e.g. ARGS="--seed 42 --rng msvc".
ARGS ?=

.PHONY: run test test-deps web web-deps lint package deps bench soak book mdbook clean part windows windows-deps test-windows windows-stand-in check-msvc

## Play. `make run` builds and runs the game, `rogue` (crates/game/rogue:
## every part, every field of view, `--seed`, `--rng`, `--log`), with
## ARGS="--seed N ...". `make run PART=N` runs Part N's own program
## instead, the code its page shows, written into target/run/part-N as
## `make part` writes it (Parts 0-3 out of crates/parts/part-N, Part 4 out
## of the tutorial's crates, crates/tutorial, with the part's version,
## 0.N.0), and built there. The first run builds it (about a minute),
## showing cargo's progress.
run: deps
ifeq ($(PART),)
	$(CARGO) build --release -p rogue
	./target/release/rogue $(ARGS)
else ifneq ($(filter $(PART),0 1 2 3 4),)
	rm -rf target/run/part-$(PART)
	@$(CARGO) run -q --release -p rogue-parts -- --part $(PART) --out target/run/part-$(PART) >/dev/null
	cd target/run/part-$(PART) && CARGO_TARGET_DIR=$(CURDIR)/target/run/target $(CARGO) run --release -- $(ARGS)
else
	@echo "make run: PART must be 0, 1, 2, 3 or 4, not '$(PART)'"; exit 2
endif

## Part N of the tutorial as a Cargo project of its own, with its own
## Cargo.lock, in OUT (which must not exist yet): `make part PART=2
## OUT=../part-2`. Without PART or OUT, or with an OUT that exists, it says
## so on one line and exits 2, having written nothing.
ifneq ($(filter part,$(MAKECMDGOALS)),)
ifeq ($(and $(PART),$(OUT)),)
$(error usage: make part PART=N OUT=DIR, where DIR does not exist yet)
endif
ifneq ($(wildcard $(OUT)),)
$(error make part: OUT=$(OUT) exists already; give another OUT, or remove $(OUT) first)
endif
endif
part:
	@[ -x $(or $(CARGO_TARGET_DIR),target)/release/rogue-parts ] || \
	  echo "make part: building rogue-parts first, once (about a minute)..."
	@$(CARGO) run -q --release -p rogue-parts -- --part $(PART) --out $(OUT)

## Every test: unit, golden (headless and in a pseudo-terminal), races,
## each part built on its own, docs and pictures, the HTML reports and
## asciinema recordings, the book built with a terminal in every part page
## and played in headless Chromium against the replay, the libtcod fields
## of view against python-tcod (when it is installed), and the Windows
## build under Wine (when Wine, MinGW and rustc-web are installed). With
## NO_SKIP=1, as CI sets it, a missing tool is an error, not a skip.
test: deps test-deps book
	$(CARGO) test --workspace
	$(CARGO) run -q -p rogue-docs-check
	$(CARGO) build -q -p rogue-trace
	python3 tests/browser.py
	python3 tests/fov_vs_tcod.py
	@if $(WIN_TOOLS_PRESENT); then \
	  $(MAKE) --no-print-directory test-windows; \
	elif [ -n "$(NO_SKIP)" ]; then \
	  echo "The Windows tests cannot run: Wine, MinGW or rustc-web is missing (make windows-deps)."; exit 1; \
	else \
	  echo "Windows tests SKIPPED: Wine, MinGW or rustc-web is missing (make windows-deps installs them)."; \
	fi

## Windows, built on this machine: Debian's rustc-web and its std sources
## (-Zbuild-std), MinGW's linker, and Wine to run what was built. The
## target is Windows 7's, whose std runs on Debian's Wine 8;
## x86_64-pc-windows-gnu is linked too.
WIN_TARGET ?= x86_64-win7-windows-gnu
WIN_DIR := target/windows
WIN_STD := -Zbuild-std=std,panic_abort --target-dir $(WIN_DIR)
WINE_ENV := WINEDEBUG=-all WINEPREFIX=$(CURDIR)/$(WIN_DIR)/wine
WIN_CARGO := $(WINE_ENV) RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
  CARGO_TARGET_X86_64_WIN7_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
  CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
  CARGO_TARGET_X86_64_WIN7_WINDOWS_GNU_RUNNER=$(CURDIR)/tests/windows/wine-run $(CARGO)
WIN_TOOLS_PRESENT := [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library/std ] \
  && command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 && command -v wine >/dev/null 2>&1
MINGW_CC := x86_64-w64-mingw32-gcc -O2 -Wall

## rogue.exe and rogue-trace.exe for 64-bit Windows, in
## target/windows/x86_64-win7-windows-gnu/release (about three minutes
## the first time).
windows: windows-deps
	$(WIN_CARGO) build --release $(WIN_STD) --target $(WIN_TARGET) -p rogue -p rogue-trace -p rogue-main
	$(WIN_CARGO) build --release $(WIN_STD) --target x86_64-pc-windows-gnu -p rogue
	$(MINGW_CC) -o $(WIN_DIR)/$(WIN_TARGET)/release/wine-console.exe tests/windows/wine-console.c
	@echo "Built $(WIN_DIR)/$(WIN_TARGET)/release/rogue.exe, rogue-trace.exe and rogue-main.exe"

## $(call rustc_web_and,CHECK,BUILD,PACKAGES,NAMES): unless the shell test
## CHECK holds, installs Debian's rustc-web and rust-web-src (from
## bookworm-security) and PACKAGES when run as root, else prints the
## commands and fails. The Windows and the web builds both need it.
comma := ,
define rustc_web_and
	@if ! { $(1); }; then \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "Installing rustc-web, rust-web-src, $(4)..."; \
	    apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q -t bookworm-security rustc-web rust-web-src && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(3); \
	  else \
	    echo "$(2) needs Debian's rustc-web and rust-web-src, $(4):"; \
	    echo "  sudo apt-get install -t bookworm-security rustc-web rust-web-src"; \
	    echo "  sudo apt-get install $(3)"; \
	    exit 1; \
	  fi; \
	fi
endef

## The PDCurses sources the Windows build compiles (pdcurses-sys), for C
## programs on PDCurses built with MinGW.
PDCURSES = $(firstword $(wildcard $(or $(CARGO_HOME),$(HOME)/.cargo)/registry/src/*/pdcurses-sys-0.7.1/src/PDCurses))
## A C program with the C original's curses calls, on PDCurses.
define build_stand_in
	x86_64-w64-mingw32-gcc -O2 -w -I$(PDCURSES) -o $(1) crates/trace/cli/benches/stand_in.c \
	  $(PDCURSES)/pdcurses/*.c $(PDCURSES)/win32/*.c
endef

## $(call build_windows_parts,DIR): Parts 0 to 3 written out as `make
## part` writes them, each built for Windows as the project of its own it
## is, in the Windows target folder; every part's program is rogue-main, so
## each is kept as DIR/rogue-part-N.exe (build the workspace's rogue-main
## after them).
define build_windows_parts
	for n in 0 1 2 3; do \
	  rm -rf $(WIN_DIR)/parts/part-$$n && \
	  $(CARGO) run -q --release -p rogue-parts -- --part $$n --out $(WIN_DIR)/parts/part-$$n >/dev/null && \
	  (cd $(WIN_DIR)/parts/part-$$n && $(WIN_CARGO) build --locked -Zbuild-std=std,panic_abort \
	    --target-dir $(CURDIR)/$(WIN_DIR) --target $(WIN_TARGET)) && \
	  cp $(WIN_DIR)/$(WIN_TARGET)/debug/rogue-main.exe $(1)/rogue-part-$$n.exe || exit 1; \
	done
endef

## The workspace's tests built for Windows and run under Wine, then
## rogue-trace.exe's own capture on Wine's console: rogue.exe against
## every msvc golden trace, the programs of Parts 0 to 3 and Part 4's
## (rogue-main.exe) on the goldens each plays on Linux (msvc where it
## seeds), compare --port and fuzz --port, and a C program on PDCurses
## against its ncurses twin; last, the MSVC type-check.
test-windows: windows-deps
	@# Every program is built before Wine runs any.
	$(WIN_CARGO) test $(WIN_STD) --target $(WIN_TARGET) --workspace --no-run
	$(call build_windows_parts,$(WIN_DIR)/$(WIN_TARGET)/debug)
	$(WIN_CARGO) build $(WIN_STD) --target $(WIN_TARGET) -p rogue-main
	$(MINGW_CC) -o $(WIN_DIR)/$(WIN_TARGET)/debug/wine-console.exe tests/windows/wine-console.c
	@# A make of its own: the PDCurses sources are found once the build
	@# above has fetched them (this recipe is expanded before it runs).
	$(MAKE) --no-print-directory windows-stand-in STAND_IN=$(WIN_DIR)/$(WIN_TARGET)/debug/stand-in.exe
	$(MINGW_CC) -include crates/trace/capture/pin/seed.h -DROGUE_SEED=42 \
	  -o $(WIN_DIR)/$(WIN_TARGET)/debug/pin-probe.exe crates/trace/cli/tests/fixtures/pin_probe.c
	@# Wine's prefix is made first, and its server left to end, so that no
	@# test program starts while Wine sets itself up or winds down.
	mkdir -p $(WIN_DIR)/wine
	$(WINE_ENV) wineboot --init && $(WINE_ENV) wineserver --wait
	@# Then one Wine server for every test program, kept until the tests
	@# end however they end: a server that is not persistent winds Wine
	@# down once its last program ends, and a program that starts as it
	@# does can lose its connection ("recvmsg: Connection reset by peer")
	@# and end with status 1. tests/windows/wine-run, cargo's runner,
	@# starts again a test program that failed having written nothing.
	$(WINE_ENV) wineserver --persistent; \
	trap '$(WINE_ENV) wineserver --kill' EXIT; \
	$(WIN_CARGO) test $(WIN_STD) --target $(WIN_TARGET) --workspace && \
	$(WINE_ENV) ROGUE_WINDOWS_DIR=$(CURDIR)/$(WIN_DIR)/$(WIN_TARGET)/debug \
	  $(CARGO) test -p rogue --test wine -- --ignored --test-threads=1 --nocapture
	$(MAKE) --no-print-directory check-msvc

## The C stand-in on PDCurses, built with MinGW into $(STAND_IN).
windows-stand-in:
	$(call build_stand_in,$(STAND_IN))

## Type-checks the workspace, every target, for x86_64-pc-windows-msvc,
## Rust's default on Windows. PDCurses's C is not compiled: MinGW's headers
## cannot build it under clang-cl, so its link key is overridden here, on
## the command line only (in a config file, a real MSVC build would lose
## PDCurses).
check-msvc: windows-deps
	$(WIN_CARGO) check $(WIN_STD) --target x86_64-pc-windows-msvc --workspace --all-targets \
	  --config 'target.x86_64-pc-windows-msvc.pdcurses.rustc-link-lib=["pdcurses"]'

## What the Windows build needs (Debian 12): installed when run as root,
## else the command is printed.
windows-deps:
	$(call rustc_web_and,$(WIN_TOOLS_PRESENT),The Windows build,gcc-mingw-w64-x86-64 wine wine64,MinGW and Wine)

## Formatting, lints and documentation, warnings as errors.
lint:
	$(CARGO) fmt --all -- --check
	cd crates/web && $(CARGO) fmt --all -- --check
	cd crates/trace/cli/tests/fixtures/crossterm_port && $(CARGO) fmt -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps -q

## Every crate packaged as a registry gets it and built from its package
## alone (`cargo package --workspace`, into target/verify/package), and
## rogue-trace installed as a reader installs it (`cargo install --path`),
## into target/install, then run. rogue-docs-check is left out: it uses
## rogue-parts, and cargo packages no crate that needs another that is
## never published (both read the repository, so neither is).
## Cargo takes a package it verifies for one from a registry, whose
## sources never change: it keeps the copy it unpacked into its home
## (registry/src/-HASH) and the build of it in the target folder. A
## second run with changed sources would build the first run's, so
## both are removed first.
package: deps
	rm -rf target/verify "$${CARGO_HOME:-$$HOME/.cargo}"/registry/src/-*/rogue-*
	$(CARGO) package --workspace --exclude rogue-docs-check --allow-dirty --target-dir target/verify
	rm -rf target/install
	$(CARGO) install --locked --path crates/trace/cli --root target/install
	target/install/bin/rogue-trace --version

## What the tests run besides the build: headless Chromium and
## ChromeDriver (the HTML reports and the book's terminals, opened as a
## reader opens them), asciinema (recordings of the game read as
## traces), Node.js and a JDK (ports in a script language and in Java). Installed when run as root, else the command
## is printed and the tests stop.
test-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1 \
	    || ! command -v asciinema >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1 \
	    || ! command -v javac >/dev/null 2>&1 || ! command -v go >/dev/null 2>&1 \
	    || [ ! -d /usr/share/gocode/src/github.com/gdamore/tcell/v2 ]; then \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Chromium, ChromeDriver, asciinema, Node.js, a JDK, Go and tcell for the tests..."; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver asciinema nodejs default-jdk-headless golang-go golang-github-gdamore-tcell.v2-dev; \
	  else \
	    echo "The tests need Chromium, ChromeDriver, asciinema, Node.js, a JDK, Go and tcell. Install them, then run make test again:"; \
	    echo "  Debian/Ubuntu: sudo apt-get install chromium chromium-driver asciinema nodejs default-jdk-headless golang-go golang-github-gdamore-tcell.v2-dev"; \
	    exit 1; \
	  fi; \
	fi

## The ncurses development files the build links against.
deps:
	@if ! [ -e /usr/include/ncurses.h ] && ! pkg-config --exists ncurses 2>/dev/null; then \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "Installing the ncurses development package (libncurses-dev)..."; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q libncurses-dev pkg-config; \
	  else \
	    echo "The ncurses development package is missing. Install it, then run make again:"; \
	    echo "  Debian/Ubuntu: sudo apt-get install libncurses-dev pkg-config"; \
	    echo "  Fedora:        sudo dnf install ncurses-devel"; \
	    echo "  macOS:         brew install ncurses"; \
	    exit 1; \
	  fi; \
	fi

## 10,000 seeds x 1,000 random keys, headless, in release.
soak: deps
	$(CARGO) test --release -p rogue-game --test properties -- --ignored --nocapture soak

clean:
	$(CARGO) clean

## Speed: every field of view against two published crates; replay of
## 10,000 keys against the game alone; capture's keys/s for rogue and a C
## ncurses program, and fuzz's cases a minute (ROGUE_C_ORIGINAL=path
## measures the C original itself); the book's terminals.
bench: deps
	$(CARGO) build --release -p rogue -p rogue-trace
	$(CARGO) bench -p rogue-fov-modes --bench fov
	$(CARGO) bench -p rogue-replay --bench replay
	$(CARGO) bench -p rogue-trace --bench capture
	$(MAKE) --no-print-directory book
	$(CARGO) build -q -p rogue-trace
	python3 tests/browser.py --bench

## The book: docs/ as an mdBook in target/book (installs mdbook if
## missing), with every part playable in its page (`make web`), and each
## step of a part page captioned with its file and place or the folder
## its command runs in, by the preprocessor `rogue-docs-check book`
## (docs/book.toml); Part 3's own crand/src/lib.rs is copied into
## docs/download for its page to offer.
book: mdbook web
	mkdir -p docs/download/crand
	cp crates/parts/part-3/crates/crand/src/lib.rs docs/download/crand/lib.rs
	mdbook build docs

## What the book's pages play, compiled to WebAssembly into docs/play:
## each part's own program (written out as `make part` writes it, built
## with the page's curses, crates/web/pancurses, swapped in by a
## `[patch]`) and the game (crates/web/game), passed through binaryen's
## asyncify; and the pages' scripts (the grid renderer's are the format
## crate's, crates/trace/format/assets, whose HTML reports are built with
## them). Debian's rustc-web and its std sources (-Zbuild-std) build for
## wasm32-wasip1, linked by lld with wasi-libc.
WEB_OUT := docs/play
WEB_TARGET := $(CURDIR)/target/web/target
WEB_CARGO := RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
  CARGO_TARGET_DIR=$(WEB_TARGET) CARGO_TARGET_WASM32_WASIP1_LINKER=wasm-ld \
  RUSTFLAGS="-C link-self-contained=no -C link-arg=-L/usr/lib/wasm32-wasi \
  -C link-arg=/usr/lib/wasm32-wasi/crt1-command.o -C link-arg=-lc" $(CARGO)
WEB_BUILD := build -q --release --target wasm32-wasip1 -Zbuild-std=std,panic_abort \
  --config 'profile.release.opt-level="s"' --config 'profile.release.panic="abort"' \
  --config 'profile.release.lto=true' --config 'profile.release.codegen-units=1' \
  --config 'profile.release.debug=0' --config 'profile.release.strip=true'
WEB_WASM := $(WEB_TARGET)/wasm32-wasip1/release
ASYNCIFY := wasm-opt --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
  --enable-nontrapping-float-to-int --asyncify --pass-arg=asyncify-imports@rogue.getch -Oz
## The program NAME's bytes (target/web/NAME.wasm, asyncified) as play.js
## loads them: a script that registers them.
WEB_SCRIPT = { printf 'RoguePlay.register("%s", "' "$$name"; \
  base64 -w0 target/web/$$file.wasm; printf '");\n'; } > $(WEB_OUT)/$$file.js

web: web-deps
	mkdir -p $(WEB_OUT) target/web
	$(CARGO) build -q -p rogue-parts
	for n in 0 1 2 3 4; do \
	  rm -rf target/web/part-$$n && \
	  ./target/debug/rogue-parts --part $$n --out target/web/part-$$n > /dev/null && \
	  (cd target/web/part-$$n && $(WEB_CARGO) $(WEB_BUILD) -p rogue-main \
	    --config 'patch.crates-io.pancurses.path="$(CURDIR)/crates/web/pancurses"') && \
	  $(ASYNCIFY) $(WEB_WASM)/rogue-main.wasm -o target/web/part-$$n.wasm && \
	  name=$$n file=part-$$n && $(WEB_SCRIPT) || exit 1; \
	done
	cd crates/web && $(WEB_CARGO) $(WEB_BUILD) -p rogue-web-game
	$(ASYNCIFY) $(WEB_WASM)/rogue-web-game.wasm -o target/web/game.wasm
	name=game file=game && $(WEB_SCRIPT)
	cp crates/trace/format/assets/grid.js crates/trace/format/assets/grid.css \
	  crates/web/play.js crates/web/play.css $(WEB_OUT)/

## What the web build needs (Debian 12): installed when run as root, else
## the command is printed.
WEB_TOOLS_PRESENT := [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library/std ] \
  && command -v wasm-opt >/dev/null 2>&1 && command -v wasm-ld >/dev/null 2>&1 \
  && [ -e /usr/lib/wasm32-wasi/crt1-command.o ]
web-deps:
	$(call rustc_web_and,$(WEB_TOOLS_PRESENT),The web build,binaryen lld wasi-libc,binaryen$(comma) lld and wasi-libc)

## mdbook, built by cargo (about two minutes) if it is not installed.
mdbook:
	@command -v mdbook >/dev/null 2>&1 || $(CARGO) install mdbook --locked --version ^0.4
