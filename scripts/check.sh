#!/bin/sh
# SPDX-License-Identifier: MIT
# make check: is every C file laid out as .clang-format says?  Prints the
# files that are not and exits 1; `clang-format -i FILE` lays one out.
set -eu
command -v clang-format >/dev/null 2>&1 || {
    echo "check: clang-format not found (apt-get install clang-format)" >&2
    exit 1
}
bad=0
for f in $(find core gen query tests -name '*.[ch]' | sort); do
    if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
        echo "check: $f is not laid out as .clang-format says"
        bad=1
    fi
done
[ "$bad" -eq 0 ] && echo "check: every file is laid out as .clang-format says"
exit "$bad"
