#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Install what make test-cross needs, but only what is missing: Debian's
# aarch64 cross compiler, qemu-user to run its programs, and the arm64
# builds of the libraries mjt links (LMDB, zstd, xxHash, libmicrohttpd)
# with pkgconf's aarch64-linux-gnu-pkg-config that finds them.  Those
# come from Debian's arm64 packages beside this machine's (multiarch):
# dpkg is told of the arm64 architecture first when it does not know it.
# Criterion is not among them: its two builds cannot be installed together
# here, and the cross-check compares mjq's answers instead.
set -eu

missing=""
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 ||
    missing="$missing gcc-aarch64-linux-gnu"
command -v qemu-aarch64 >/dev/null 2>&1 || missing="$missing qemu-user"
command -v aarch64-linux-gnu-pkg-config >/dev/null 2>&1 ||
    missing="$missing pkgconf:arm64"
for m in lmdb:liblmdb-dev libzstd:libzstd-dev libxxhash:libxxhash-dev \
    libmicrohttpd:libmicrohttpd-dev; do
    aarch64-linux-gnu-pkg-config --exists "${m%%:*}" 2>/dev/null ||
        missing="$missing ${m#*:}:arm64"
done

[ -z "$missing" ] && exit 0

echo "install-cross: installing$missing" >&2
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg >/dev/null 2>&1
then
    echo "install-cross: apt-get not found; install$missing by hand" >&2
    exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
dpkg --print-foreign-architectures | grep -qx arm64 ||
    $sudo dpkg --add-architecture arm64
$sudo apt-get update -qq >&2
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >&2
