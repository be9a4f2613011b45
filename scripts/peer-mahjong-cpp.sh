#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the peer library mahjong-cpp (GPL-3.0; a checkout outside this tree,
# only read, nothing of it copied here) with our driver
# scripts/peer/mahjong_cpp.cpp, for make bench to time beside mjt's wall model.
# Usage: scripts/peer-mahjong-cpp.sh CHECKOUT [BUILD_DIR]
#   then BUILD_DIR/mahjong_cpp_driver forward|default [R [SECONDS [MB]]] < hands
# Fetches nothing. Its core wants Boost >= 1.81 for boost::unordered_flat_map
# only: a shim in BUILD_DIR/compat makes that std::unordered_map (Debian 12
# has 1.74). Its tables are read from beside the executable, so they are
# copied there; a table the checkout lacks (some snapshots miss
# suits_table.bin) is written by scripts/peer/mahjong_cpp_tables.cpp.
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

for f in src/mahjong/core/expected_score_calculator.cpp src/mahjong/mahjong.hpp \
    data/config/suits_patterns.json data/config/honors_patterns.json; do
    if [ ! -f "$src/$f" ]; then
        echo "$0: $src is not a mahjong-cpp checkout (no $f)" >&2
        exit 1
    fi
done

need() { # header, Debian package
    if ! echo "#include <$1>" | $CXX -std=c++17 -E -x c++ - >/dev/null 2>&1; then
        echo "$0: no <$1>: install the Debian package $2 (apt-get install $2)" >&2
        exit 2
    fi
}
command -v "$CXX" >/dev/null || { echo "$0: no $CXX: install g++" >&2; exit 2; }
need boost/dll.hpp libboost-dev
need boost/filesystem.hpp libboost-filesystem-dev
need spdlog/spdlog.h libspdlog-dev
need rapidjson/document.h rapidjson-dev

mkdir -p "$out/compat/boost/unordered" "$out/obj"
shim=$out/compat/boost/unordered/unordered_flat_map.hpp
if [ ! -f "$shim" ] || [ "$0" -nt "$shim" ]; then
    cat >"$shim" <<'EOF'
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
template <class K, class V, class H = boost::hash<K>, class E = std::equal_to<K>,
          class A = std::allocator<std::pair<const K, V>>>
using unordered_flat_map = std::unordered_map<K, V, H, E, A>;
} // namespace unordered
using unordered::unordered_flat_map;
} // namespace boost
EOF
fi

flags="-O2 -std=c++17 -DNDEBUG -I$out/compat -I$src/src
    -DSPDLOG_SHARED_LIB -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL"
libs="-lboost_filesystem -lspdlog -lfmt -ldl -pthread"

# An object is rebuilt when it is missing or older than its source, a header
# of the checkout, or the shim.
objs=
for c in "$src"/src/mahjong/core/*.cpp; do
    o=$out/obj/$(basename "$c" .cpp).o
    objs="$objs $o"
    if [ ! -f "$o" ] || [ "$c" -nt "$o" ] || [ "$shim" -nt "$o" ] ||
        [ -n "$(find "$src/src/mahjong" -name '*.hpp' -newer "$o" | head -n 1)" ]; then
        echo "  CXX   $c"
        $CXX $flags -c "$c" -o "$o"
    fi
done

drv=$out/mahjong_cpp_driver
stale=$(find "$here/peer/mahjong_cpp.cpp" $objs -newer "$drv" 2>/dev/null | head -n 1) || true
if [ ! -f "$drv" ] || [ -n "$stale" ]; then
    echo "  LINK  $drv"
    $CXX $flags "$here/peer/mahjong_cpp.cpp" $objs -o "$drv" $libs
fi

# The tables, beside the driver.
for t in suits_table.bin honors_table.bin suits_patterns.json honors_patterns.json; do
    if [ -f "$src/data/config/$t" ]; then
        [ -f "$out/$t" ] && [ ! "$src/data/config/$t" -nt "$out/$t" ] ||
            cp "$src/data/config/$t" "$out/$t"
    elif [ ! -f "$out/$t" ] || [ "$here/peer/mahjong_cpp_tables.cpp" -nt "$out/$t" ]; then
        gen=$out/mahjong_cpp_tables
        [ -f "$gen" ] && [ ! "$here/peer/mahjong_cpp_tables.cpp" -nt "$gen" ] ||
            $CXX -O2 -std=c++17 "$here/peer/mahjong_cpp_tables.cpp" -o "$gen"
        echo "  GEN   $out/$t (not in the checkout)"
        "$gen" "${t%%_*}" "$out/$t"
    fi
done
