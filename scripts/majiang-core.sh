#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Install majiang-core, the JavaScript scoring library mjt's scores are
# checked against (npm @kobalab/majiang-core, MIT), into BUILD/node_modules
# at the pinned version, with Debian's nodejs and npm (installed when
# missing).  Prints the module's directory.  Used by `make test-long` and
# `make bench`; `make test` needs none of it (it reads a recorded fixture).
# Usage: scripts/majiang-core.sh BUILD
set -eu
B=${1:-build}
VERSION=1.4.1
dir="$B/node_modules/@kobalab/majiang-core"

sh "$(dirname "$0")/install-deps.sh" node:nodejs npm:npm >&2
if [ ! -f "$dir/package.json" ] ||
    ! grep -q "\"version\": \"$VERSION\"" "$dir/package.json"; then
    mkdir -p "$B"
    npm install --silent --no-save --no-audit --no-fund --prefix "$B" \
        "@kobalab/majiang-core@$VERSION" >&2
fi
grep -q "\"version\": \"$VERSION\"" "$dir/package.json" || {
    echo "majiang-core.sh: @kobalab/majiang-core $VERSION not installed" >&2
    exit 1
}
echo "$dir"
