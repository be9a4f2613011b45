#!/bin/sh
# SPDX-License-Identifier: MIT
# mjq serve's tests (tests/web, pytest): HTTP, load, and the page in
# headless Chromium, which also saves the screenshot the README shows
# (docs/page.png; not from sanitizer builds, whose server is slower).
# Usage: tests/web.sh BUILD_DIR   (run by `make test`)
set -u
B=${1:-build}
PY=${PYTHON:-python3}
shot=
[ -z "${MJT_SANITIZER:-}" ] && shot=docs/page.png
log="${TMPDIR:-/tmp}/mjt-web.$$"
MJQ="$B/mjq" MJT_TABLES="$B/test/mjt.lmdb" MJT_SCREENSHOT="$shot" \
    PYTHONDONTWRITEBYTECODE=1 "$PY" -m pytest -q -p no:cacheprovider \
    tests/web >"$log" 2>&1
rc=$?
tail -n 1 "$log" | sed 's/^=* */web: /; s/ *=*$//'
[ "$rc" -eq 0 ] || cat "$log"
rm -f "$log"
exit "$rc"
