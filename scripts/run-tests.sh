#!/usr/bin/env bash
# The whole test suite, as `make test` runs it: the type check runs while the Debian packages the tests need are
# installed (one waits on the network, the other on the CPU), then ruff and pytest; any failure fails the run.
set -uo pipefail
PY=${PY:-.venv/bin/python}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$PY" -m mypy >"$log" 2>&1 &
mypy_pid=$!
status=0
bash scripts/ensure-packages.sh || status=$?
if wait "$mypy_pid"; then
    cat "$log"
else
    cat "$log"
    echo "mypy failed" >&2
    status=1
fi
[ "$status" -eq 0 ] || exit "$status"
"$PY" -m ruff check src tests benchmarks examples || exit $?
exec "$PY" -m pytest -n 2 --dist worksteal --durations=20
