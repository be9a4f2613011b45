#!/bin/sh
# SPDX-License-Identifier: MIT
# Nothing make test runs may write into the source tree: `tests/tree.sh
# before BUILD` records git's view of the tree, `tests/tree.sh after BUILD`
# fails when it changed (a tracked file rewritten, an untracked file left
# that .gitignore does not cover).  Outside a git checkout it passes.
# Usage: tests/tree.sh before|after BUILD_DIR   (run by `make test`)
set -u
B=${2:-build}
git rev-parse --git-dir >/dev/null 2>&1 || exit 0
now=$(git status --porcelain=v1 --untracked-files=all 2>/dev/null)
if [ "$1" = before ]; then
    mkdir -p "$B" && printf '%s\n' "$now" >"$B/.tree-before"
    exit 0
fi
if [ "$(printf '%s\n' "$now")" = "$(cat "$B/.tree-before" 2>/dev/null)" ]; then
    echo "tree: 1 passed, 0 failed"
    exit 0
fi
echo "FAIL make test changed the source tree (git status, before and after):"
printf '%s\n' "$now" | diff "$B/.tree-before" - | sed -n 's/^[<>]/  &/p'
echo "tree: 0 passed, 1 failed"
exit 1
