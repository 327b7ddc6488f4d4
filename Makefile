# lawalign: the README's two commands are `make build` and `make test`; both set up .venv first.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export PIP_DISABLE_PIP_VERSION_CHECK=1
export HF_HUB_OFFLINE=1
export TRANSFORMERS_OFFLINE=1

.PHONY: setup build test eval bench lint clean

$(BIN)/lawalign: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev]'
	touch $(BIN)/lawalign

setup: $(BIN)/lawalign

build: setup
	$(BIN)/lawalign build corpus

test: setup
	$(BIN)/python -m pytest -q

eval: setup
	$(BIN)/python scripts/evaluate.py

bench: setup
	$(BIN)/python scripts/bench.py

lint: setup
	$(BIN)/ruff check src tests scripts
	$(BIN)/mypy

clean:
	rm -rf corpus/build .cache
