#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Install the Debian packages mjt builds against (LMDB, zstd, xxHash,
# Criterion, and for the Python module python3-dev, python3-pytest and
# python3-numpy), but only those not already there, so a machine that has
# them is left alone.
# Arguments name tools some targets need (clang for make fuzz, valgrind for
# make leakcheck, node:nodejs for the checks against majiang-core), as
# COMMAND or COMMAND:PACKAGE, installed when not on the PATH.
# `make tables` and `make test` run this first; on a fresh Debian machine it is
# the only set-up step.
set -eu

PKG_CONFIG=${PKG_CONFIG:-pkg-config}
missing=""

need() { # need MODULE PACKAGE
    if ! command -v "$PKG_CONFIG" >/dev/null 2>&1 ||
       ! "$PKG_CONFIG" --exists "$1" 2>/dev/null; then
        missing="$missing $2"
    fi
}

need lmdb liblmdb-dev
need libzstd libzstd-dev
need libxxhash libxxhash-dev
need criterion libcriterion-dev
need libmicrohttpd libmicrohttpd-dev
need python3 python3-dev
# The Python module's tests run on Debian's python3 (the Makefile's PYTHON).
py=/usr/bin/python3
[ -x "$py" ] || py=python3
for mod in pytest:python3-pytest numpy:python3-numpy \
    selenium:python3-selenium; do
    "$py" -c "import ${mod%%:*}" 2>/dev/null || missing="$missing ${mod#*:}"
done
command -v "$PKG_CONFIG" >/dev/null 2>&1 || missing="$missing pkg-config"
# mjq serve's browser test: headless Chromium, its driver, and a font with
# the characters of the honor tiles.
[ -x /usr/bin/chromium ] || missing="$missing chromium"
[ -x /usr/bin/chromedriver ] || missing="$missing chromium-driver"
fc-list :lang=zh 2>/dev/null | grep -q . || missing="$missing fonts-wqy-zenhei"
for tool in "$@"; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
done

[ -z "$missing" ] && exit 0

echo "install-deps: installing$missing" >&2
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: apt-get not found; install$missing by hand" >&2
    exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >&2
