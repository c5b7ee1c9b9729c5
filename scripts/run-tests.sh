#!/usr/bin/env bash
# The whole test suite, as `make test` runs it: the type check (one core) runs from the start, while the Debian
# packages the tests need are installed (a wait on the network), ruff checks and pytest runs; its report comes at
# the end. Any failure fails the run, and pytest runs even when the type check fails.
set -uo pipefail
PY=${PY:-.venv/bin/python}
# Compiled modules and pytest's rewritten test modules are written once and read by every worker and every server
# process a test starts, even where the environment asks Python not to write them.
unset PYTHONDONTWRITEBYTECODE
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$PY" -m mypy >"$log" 2>&1 &
mypy_pid=$!
status=0
bash scripts/ensure-packages.sh || status=$?
if [ "$status" -eq 0 ]; then
    "$PY" -m ruff check src tests benchmarks examples || status=$?
fi
if [ "$status" -eq 0 ]; then
    "$PY" -m pytest -n 2 --dist worksteal --durations=20 || status=$?
fi
if wait "$mypy_pid"; then
    cat "$log"
else
    cat "$log"
    echo "mypy failed" >&2
    status=1
fi
exit "$status"
