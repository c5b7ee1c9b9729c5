# The two commands of the README: `make run` and `make test`. Both start from nothing.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
SERVER_STAMP := $(VENV)/.server

.PHONY: run test lint bench bench-anchors bench-copy clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

# `make run` needs only the server; a venv already made by `make test` has it.
$(SERVER_STAMP): pyproject.toml
	test -f $(STAMP) -a $(STAMP) -nt pyproject.toml || { $(PYTHON) -m venv $(VENV) \
		&& $(PY) -m pip install --quiet --upgrade pip && $(PY) -m pip install --quiet -e ".[server]"; }
	touch $(SERVER_STAMP)

run: $(SERVER_STAMP)
	$(VENV)/bin/president serve

test: $(STAMP)
	PY=$(PY) bash scripts/run-tests.sh

lint: $(STAMP)
	$(PY) -m ruff check src tests benchmarks examples
	$(PY) -m mypy

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py

bench-anchors: $(STAMP)
	$(PY) benchmarks/anchors.py

bench-copy: $(STAMP)
	$(PY) benchmarks/copy_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
