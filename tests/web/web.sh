#!/bin/sh
# SPDX-License-Identifier: MIT
# mjq serve's tests (tests/web, pytest): HTTP, load, and the page in
# headless Chromium, which also saves a screenshot of the page: into
# BUILD/page.png, or the file $MJT_SCREENSHOT names (`make docs` gives
# docs/page.png, the one the README shows); none from sanitizer builds,
# whose server is slower.  Nothing tracked is written by make test.
# Usage: tests/web/web.sh BUILD_DIR   (run by `make test` and `make docs`)
set -u
B=${1:-build}
shot=
[ -z "${MJT_SANITIZER:-}" ] && shot=${MJT_SCREENSHOT:-$B/page.png}
MJQ="$B/mjq" MJT_TABLES="$B/test/mjt.lmdb" MJT_SCREENSHOT="$shot" \
    sh "$(dirname "$0")/../pytest.sh" web tests/web
