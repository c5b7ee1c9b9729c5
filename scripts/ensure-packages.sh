#!/usr/bin/env bash
# Installs the Debian packages the tests use when they are missing: chromium for the browser tests, postgresql and
# redis-server for the tests of several server processes (the tests start throwaway servers of their own from
# these packages; the system services are not used).
set -euo pipefail
# One install at a time: CI starts one while the virtual environment is made, and the check make test runs then
# waits for it instead of failing on apt's lock.
if command -v flock >/dev/null 2>&1; then
    exec 9>"${TMPDIR:-/tmp}/president-ensure-packages.lock"
    flock 9
fi
missing=()
if ! command -v chromium >/dev/null 2>&1; then
    missing+=(chromium)
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
    missing+=(postgresql)
fi
if ! command -v redis-server >/dev/null 2>&1; then
    missing+=(redis-server)
fi
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi
echo "Installing Debian's ${missing[*]} for the tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
