#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python module's tests (tests/python, pytest) on the module make python
# built into BUILD_DIR/python, against the test tables and BUILD_DIR/mjq.
# Usage: tests/python/python.sh BUILD_DIR [PYTHONPATH]   (run by `make test`; abi.sh
# runs it again on the module pip built against the installed libmjt)
set -u
B=${1:-build}
site=${2:-$B/python}
# A module built with AddressSanitizer needs its runtime loaded first, and
# the interpreter's own allocations are not ours to count as leaks.
preload=
if ldd "$site"/mjt/_mjt*.so 2>/dev/null | grep -q libasan; then
    preload=$(${CC:-cc} -print-file-name=libasan.so)
fi
LD_PRELOAD="$preload" ASAN_OPTIONS=detect_leaks=0 PYTHONPATH="$site" \
    MJT_TABLES="$B/test/mjt.lmdb" MJQ="$B/mjq" \
    sh "$(dirname "$0")/../pytest.sh" python tests/python
