#!/bin/sh
# SPDX-License-Identifier: MIT
# mjq serve's tests (tests/web, pytest): HTTP, load, and the page in
# headless Chromium, which also saves the screenshot the README shows
# (docs/page.png; not from sanitizer builds, whose server is slower).
# Usage: tests/web/web.sh BUILD_DIR   (run by `make test`)
set -u
B=${1:-build}
shot=
[ -z "${MJT_SANITIZER:-}" ] && shot=docs/page.png
MJQ="$B/mjq" MJT_TABLES="$B/test/mjt.lmdb" MJT_SCREENSHOT="$shot" \
    sh "$(dirname "$0")/../pytest.sh" web tests/web
