#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Install the four Debian packages mjt builds against, but only those that
# pkg-config cannot already find, so a machine that has them is left alone.
# Arguments name tools some targets need (clang for make fuzz, valgrind for
# make leakcheck), installed when not on the PATH.
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
command -v "$PKG_CONFIG" >/dev/null 2>&1 || missing="$missing pkg-config"
for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
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
