# The two commands of the README: `make run` and `make test`. Both start from nothing.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench bench-anchors bench-copy clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/president serve

test: $(STAMP)
	bash scripts/ensure-chromium.sh
	$(PY) -m ruff check src tests benchmarks
	$(PY) -m mypy
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check src tests benchmarks
	$(PY) -m mypy

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py

bench-anchors: $(STAMP)
	$(PY) benchmarks/anchors.py

bench-copy: $(STAMP)
	$(PY) benchmarks/copy_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
