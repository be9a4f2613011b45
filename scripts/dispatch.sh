#!/bin/sh
# SPDX-License-Identifier: MIT
# The library's two copies, made one library that picks its code path at
# run time (query/libmjt/isa/isa.c says how and why).
#
#   scripts/dispatch.sh OUT BUILD -- PORTABLE_OBJECTS -- VECTOR_OBJECTS
#
# PORTABLE_OBJECTS are the library's objects as built for any x86-64,
# VECTOR_OBJECTS the same sources built for x86-64-v2 (less core/alloc.c,
# whose allocation budget both copies must share).  Each copy's objects
# are written under OUT/portable and OUT/v2 (at their paths below BUILD
# and OUT/raw), with these symbols renamed:
#   - in both, every public function f (global, default visibility) to
#     f__portable and f__v2: the name f itself is a trampoline's
#     (OUT/tramp.S), one indirect jump through the table isa.c fills in;
#   - in the vector copy, every other global it defines to name__v2 too,
#     so that its calls stay within it and its names clash with nothing.
# The portable copy's internal functions keep their names, which the tests
# also link to.
# Also written: OUT/fns.h (MJT__ISA_FNS, the public functions in
# trampoline order) and OUT/exports.map (the shared library exports the
# trampolines and mjt_isa, nothing of either copy).
set -eu
out=$1 build=$2
shift 2
[ "$1" = "--" ] || { echo "usage: $0 OUT BUILD -- OBJS -- OBJS" >&2; exit 2; }
shift
portable=
while [ "$1" != "--" ]; do portable="$portable $1"; shift; done
shift
vector=$*
OBJCOPY=${OBJCOPY:-objcopy}
READELF=${READELF:-readelf}

tmp="$out/.tmp"
rm -rf "$tmp"
mkdir -p "$tmp"

# readelf -sW: Num Value Size Type Bind Vis Ndx Name
defined() {
    # shellcheck disable=SC2086
    for o in "$@"; do $READELF -sW "$o"; done |
        awk -v want="$want" '$5 == "GLOBAL" && $7 != "UND" && NF >= 8 &&
            (want == "all" || ($4 == "FUNC" && $6 == "DEFAULT")) {print $8}' |
        sort -u
}
# shellcheck disable=SC2086
want=public defined $portable >"$tmp/public"
# shellcheck disable=SC2086
want=all defined $vector >"$tmp/vector"
[ -s "$tmp/public" ] || { echo "$0: no public function found" >&2; exit 1; }

awk '{print $1, $1 "__portable"}' "$tmp/public" >"$tmp/portable.map"
awk '{print $1, $1 "__v2"}' "$tmp/vector" >"$tmp/v2.map"

copy() { # MAP DIR FROM OBJECTS...: each FROM/path to DIR/path
    map=$1 dir=$2 from=$3
    shift 3
    for o in "$@"; do
        rel=${o#"$from"/}
        mkdir -p "$(dirname "$dir/$rel")"
        $OBJCOPY --redefine-syms="$map" "$o" "$dir/$rel.tmp"
        mv "$dir/$rel.tmp" "$dir/$rel"
    done
}
# shellcheck disable=SC2086
copy "$tmp/portable.map" "$out/portable" "$build" $portable
# The vector copy's public functions are among its globals: one map.
# shellcheck disable=SC2086
copy "$tmp/v2.map" "$out/v2" "$out/raw" $vector

{
    echo "/* Made by scripts/dispatch.sh: the public functions, in the"
    echo " * order of the trampolines and of isa.c's tables. */"
    echo "#define MJT__ISA_FNS(X) \\"
    sed 's/.*/    X(&) \\/' "$tmp/public"
    echo
    echo "#define MJT__ISA_COUNT $(wc -l <"$tmp/public")"
} >"$tmp/fns.h"

{
    echo "/* Made by scripts/dispatch.sh: each public function jumps to the"
    echo " * code path isa.c chose, its arguments untouched. */"
    echo "	.hidden	mjt__isa_table"
    echo "	.text"
    awk '{printf "\t.globl\t%s\n\t.type\t%s, @function\n\t.p2align 4\n%s:\n\tjmp\t*mjt__isa_table+%d(%%rip)\n\t.size\t%s, .-%s\n", $1, $1, $1, 8 * (NR - 1), $1, $1}' "$tmp/public"
    echo '	.section	.note.GNU-stack,"",@progbits'
} >"$tmp/tramp.S"

{
    echo "{"
    echo "  global:"
    sed 's/.*/    &;/' "$tmp/public"
    echo "    mjt_isa;"
    echo "  local: *;"
    echo "};"
} >"$tmp/exports.map"

# Written every time, as the copies are (make's one rule makes them all).
for f in fns.h tramp.S exports.map; do
    mv "$tmp/$f" "$out/$f"
done
rm -rf "$tmp"
