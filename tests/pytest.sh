#!/bin/sh
# SPDX-License-Identifier: MIT
# Run the pytest suite in DIR quietly and print its tally as the shell
# tests do ("NAME: 22 passed in 6.1s"), or its whole log when it fails.
# Usage: tests/pytest.sh NAME DIR, with PYTHON and the suite's variables in
# the environment (tests/python/python.sh and tests/web/web.sh set them).
set -u
name=$1 dir=$2
log=$(mktemp)
PYTHONDONTWRITEBYTECODE=1 "${PYTHON:-python3}" -m pytest -q \
    -p no:cacheprovider "$dir" >"$log" 2>&1
rc=$?
tail -n 1 "$log" | sed "s/^=* */$name: /; s/ *=*\$//"
[ "$rc" -eq 0 ] || cat "$log"
rm -f "$log"
exit "$rc"
