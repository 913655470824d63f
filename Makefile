# The C roguelike tutorial in Rust. `make run` plays, `make test` checks.

PART ?= 4
CARGO ?= cargo
# Extra arguments for `make run`, e.g. ARGS="--seed 42 --rng msvc".
ARGS ?=

.PHONY: run test lint deps bench soak book clean part

## Play the game (PART=0..4, ARGS="--seed N ..."). The first run builds it
## (about a minute), showing cargo's progress.
run: deps
	$(CARGO) build --release -p rogue
	./target/release/rogue --part $(PART) $(ARGS)

## Part N of the tutorial as a Cargo project of its own, in OUT (which
## must not exist yet): `make part PART=2 OUT=../part-2`.
part:
	@if [ -z "$(OUT)" ]; then echo "usage: make part PART=N OUT=DIR (DIR must not exist yet)"; exit 2; fi
	@$(CARGO) run -q --release -p rogue-parts -- --part $(PART) --out $(OUT)

## Every test: unit, golden (headless and in a pseudo-terminal), races,
## docs and pictures, and the libtcod fields of view against python-tcod
## (when it is installed).
test: deps
	$(CARGO) test --workspace
	$(CARGO) run -q -p rogue-docs-check
	python3 tests/fov_vs_tcod.py

## Formatting, lints and documentation, warnings as errors.
lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps -q

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
	$(CARGO) test --release -p rogue-engine --test properties -- --ignored --nocapture soak

clean:
	$(CARGO) clean

## Speed: every field of view against two published crates; replay of
## 10,000 keys against the game alone; capture's keys/s for rogue and a C
## ncurses program (ROGUE_C_ORIGINAL=path measures the C original itself).
bench: deps
	$(CARGO) build --release -p rogue
	$(CARGO) bench -p rogue-fov --bench fov
	$(CARGO) bench -p rogue-replay --bench replay
	$(CARGO) bench -p rogue-trace --bench capture

## The book: docs/ as an mdBook in target/book (installs mdbook if missing).
book:
	@command -v mdbook >/dev/null 2>&1 || $(CARGO) install mdbook --locked --version ^0.4
	mdbook build docs
