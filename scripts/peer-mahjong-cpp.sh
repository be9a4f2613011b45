#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the peer library mahjong-cpp (GPL-3.0; a checkout outside this tree,
# only read, nothing of it copied here) with our driver
# scripts/peer/mahjong_cpp.cpp, for make bench to time beside mjt's wall model.
# Usage: scripts/peer-mahjong-cpp.sh CHECKOUT [BUILD_DIR]
#   then BUILD_DIR/mahjong_cpp_driver forward|default [R [SECONDS [MB]]] <hands
# Fetches nothing. Its core wants Boost >= 1.81 for boost::unordered_flat_map
# only: a shim in BUILD_DIR/compat makes that std::unordered_map (Debian 12
# has 1.74). It reads its tables from beside the executable, so they are
# copied there; a table the checkout lacks (some snapshots miss
# suits_table.bin) is written by scripts/peer/mahjong_cpp_tables.cpp.
# Rebuilds only what is older than its sources. BUILD_DIR: no spaces.
# Exit 1: CHECKOUT missing or incomplete; 2: a Debian package missing.
set -eu
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
    echo "usage: $0 CHECKOUT [BUILD_DIR] (no checkout at '${1:-}')" >&2
    exit 1
fi
src=$1
out=${2:-build/peer/mahjong-cpp}
here=$(cd "$(dirname "$0")" && pwd)
CXX=${CXX:-g++}

for f in src/mahjong/core/expected_score_calculator.cpp \
    data/config/suits_patterns.json data/config/honors_patterns.json; do
    if [ ! -f "$src/$f" ]; then
        echo "$0: $src is not a mahjong-cpp checkout (no $f)" >&2
        exit 1
    fi
done

command -v "$CXX" >/dev/null || { echo "$0: no $CXX: install g++" >&2; exit 2; }
need() { # header, Debian package
    echo "#include <$1>" | $CXX -std=c++17 -E -x c++ - >/dev/null 2>&1 || {
        echo "$0: no <$1>: install the Debian package $2" >&2
        exit 2
    }
}
need boost/dll.hpp libboost-dev
need boost/filesystem.hpp libboost-filesystem-dev
need spdlog/spdlog.h libspdlog-dev
need rapidjson/document.h rapidjson-dev

# stale OUT FILE...: OUT is missing or older than one of the files.
stale() {
    target=$1
    shift
    [ ! -f "$target" ] || [ -n "$(find "$@" -newer "$target")" ]
}

mkdir -p "$out/compat/boost/unordered" "$out/obj"
shim=$out/compat/boost/unordered/unordered_flat_map.hpp
cat >"$shim.new" <<'EOF'
// Written by scripts/peer-mahjong-cpp.sh: Boost 1.81's unordered_flat_map
// as std::unordered_map, for building mahjong-cpp against Boost 1.74.
#pragma once
#include <functional>
#include <memory>
#include <unordered_map>
#include <utility>
#include <boost/container_hash/hash.hpp>
namespace boost {
namespace unordered {
template <class K, class V, class H = boost::hash<K>,
          class E = std::equal_to<K>,
          class A = std::allocator<std::pair<const K, V>>>
using unordered_flat_map = std::unordered_map<K, V, H, E, A>;
} // namespace unordered
using unordered::unordered_flat_map;
} // namespace boost
EOF
if cmp -s "$shim.new" "$shim"; then
    rm "$shim.new" # unchanged: keep its time, and the objects
else
    mv "$shim.new" "$shim"
fi

flags="-O2 -std=c++17 -DNDEBUG -I$out/compat -I$src/src
    -DSPDLOG_SHARED_LIB -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL"
libs="-lboost_filesystem -lspdlog -lfmt -ldl -pthread"

# Their core, one object a source (rebuilt when it, the shim or any header
# of theirs is newer), then our driver.
headers=$(find "$src/src/mahjong" -name '*.hpp')
objs=
for c in "$src"/src/mahjong/core/*.cpp; do
    o=$out/obj/$(basename "$c" .cpp).o
    objs="$objs $o"
    if stale "$o" "$c" "$shim" $headers; then
        echo "  CXX   $c"
        $CXX $flags -c "$c" -o "$o"
    fi
done
drv=$out/mahjong_cpp_driver
if stale "$drv" "$here/peer/mahjong_cpp.cpp" $objs; then
    echo "  LINK  $drv"
    $CXX $flags "$here/peer/mahjong_cpp.cpp" $objs -o "$drv" $libs
fi

# Their tables, beside the driver: copied, or written when the checkout
# lacks one.
gen=$here/peer/mahjong_cpp_tables.cpp
for t in suits_table.bin honors_table.bin suits_patterns.json \
    honors_patterns.json; do
    if [ -f "$src/data/config/$t" ]; then
        if stale "$out/$t" "$src/data/config/$t"; then
            cp "$src/data/config/$t" "$out/$t"
        fi
    elif stale "$out/$t" "$gen"; then
        if stale "$out/mahjong_cpp_tables" "$gen"; then
            $CXX -O2 -std=c++17 "$gen" -o "$out/mahjong_cpp_tables"
        fi
        echo "  GEN   $out/$t (not in the checkout)"
        "$out/mahjong_cpp_tables" "${t%%_*}" "$out/$t"
    fi
done
