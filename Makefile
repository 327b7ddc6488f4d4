# lawalign: the README's two commands are `make build` and `make test`; both set up .venv first.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export PIP_DISABLE_PIP_VERSION_CHECK=1
export HF_HUB_OFFLINE=1
export TRANSFORMERS_OFFLINE=1

.PHONY: setup browser fonts build test eval train fit-settings bench bench-pair bench-book lint clean

$(BIN)/lawalign: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev]'
	touch $(BIN)/lawalign

setup: $(BIN)/lawalign

# Debian's Chromium, for the report's browser test (skipped where it cannot be installed).
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) ; } || \
	  echo "chromium not installed: the browser test will be skipped"

# DejaVu fonts (Debian fonts-dejavu-core): the PDF test fixtures typeset Vietnamese, Russian and Turkish.
fonts:
	@[ -f /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf ] || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core >/dev/null ; }

# The package's bytecode is written here (compileall skips what is up to date), so a run where
# PYTHONDONTWRITEBYTECODE is set does not compile the sources again each time (~0.4 s a run).
build: setup
	@$(BIN)/python -m compileall -q src/lawalign >/dev/null
	$(BIN)/lawalign build corpus

# The README's test command: lint and type checks, and the tests and the library's doctests on every
# core (pytest-xdist; a module's tests stay on one worker, so its fixtures are built once). The lint
# (single-threaded, about a minute cold) runs beside the tests; its report is printed after them and
# either failing fails the target.
test: setup browser fonts
	@log=$$(mktemp); $(MAKE) --no-print-directory lint >"$$log" 2>&1 & lint=$$!; \
	$(BIN)/python -m pytest -q -n auto --dist loadscope --doctest-modules tests src/lawalign tools/lawalign_dev; \
	tests=$$?; wait $$lint; linted=$$?; cat "$$log"; rm -f "$$log"; \
	[ $$tests -eq 0 ] && [ $$linted -eq 0 ]

eval: setup
	$(BIN)/python scripts/evaluate.py

# The fitted line-role model (src/lawalign/data/reader/roles.json) from the development gold: the
# same bytes for the same gold and settings (docs/ingest.md, "The fitted reader").
# and the document aligner's bead weights (src/lawalign/data/align/beads.json) from the gold beads of
# ../shared/benchmarks (docs/align.md, "The fitted bead score"; the first run encodes them, ~5 min),
# the two constants of `lawalign pair`'s default strategy (src/lawalign/data/align/both.json),
# and the biases of its encoder fitted to each shipped language pair's gold beads
# (src/lawalign/data/align/encoders/en-zh.safetensors, docs/align.md "The encoder fitted to a language
# pair"; about 3 minutes).
train: setup
	PYTHONPATH=src:tools $(BIN)/python -m lawalign_dev.evaluate.train_reader
	PYTHONPATH=src:tools $(BIN)/python -m lawalign_dev.evaluate.train_aligner
	PYTHONPATH=src:tools $(BIN)/python -m lawalign_dev.evaluate.train_both
	PYTHONPATH=src:tools $(BIN)/python -m lawalign_dev.evaluate.train_encoder

# Whether the structure stage's hand-set numbers (data/reader/settings.toml) hold out of sample: each
# number alone halved and doubled, cross-validated by site on tests/realworld (docs/ingest.md, "Tuned
# numbers"). Prints only; a change is made to the file by hand, then measured by `make eval`.
fit-settings: setup
	PYTHONPATH=src:tools $(BIN)/python -m lawalign_dev.evaluate.fit_settings tests/realworld

bench: setup fonts
	$(BIN)/python scripts/bench.py

bench-pair: setup  # only cold `lawalign pair` on 300 sentences against encoding each side once
	$(BIN)/python scripts/bench.py --pair

bench-book: setup  # only the cold build of a 93-law book in three languages (many minutes)
	$(BIN)/python scripts/bench_perf.py cold-book

# ruff (rules and formatting), strict mypy, and the layer contract of pyproject.toml ([tool.importlinter]) on this checkout's code.
lint: setup
	$(BIN)/ruff check src tests scripts tools
	$(BIN)/ruff format --check src tests scripts tools
	$(BIN)/mypy
	PYTHONPATH=src:tools $(BIN)/lint-imports --no-cache

clean:
	rm -rf corpus/build .cache
