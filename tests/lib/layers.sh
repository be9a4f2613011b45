#!/bin/sh
# SPDX-License-Identifier: MIT
# The layers the build enforces: each directory compiles with an include
# path that holds only the layers it stands on (core: nothing of ours;
# gen and query: core; mjq and a user's program: mjt.h alone), so an include of another layer's header fails to build.  For
# each, one header it may include must compile and every header it may
# not must fail; and libmjt.a must hold none of mjt-gen's solvers.
# Usage: tests/layers.sh BUILD_DIR, with CC and the *_INC variables of the
# Makefile in the environment (run by `make test`).
set -u
B=${1:-build}
CC=${CC:-cc}
. "$(dirname "$0")/../harness.sh"

# compiles LAYER FLAGS HEADER: whether "#include HEADER" builds with FLAGS.
compiles() {
    printf '#include "%s"\nint layers_probe;\n' "$3" >"$tmp/probe.c"
    # shellcheck disable=SC2086
    $CC -std=c11 -D_POSIX_C_SOURCE=200809L $2 -fsyntax-only "$tmp/probe.c" \
        >/dev/null 2>&1
}
may() {
    compiles "$1" "$2" "$3" && ok || bad "$1: cannot include $3"
}
may_not() {
    for h in $3; do
        compiles "$1" "$2" "$h" && bad "$1: includes $h, another layer's" ||
            ok
    done
}

LIB_PRIVATE="internal.h codes.h minplus.h"
GEN_ONLY="solvers.h patterns.h enum.h gen.h"

may core "$CORE_INC" suit.h
may_not core "$CORE_INC" "mjt.h tablefile.h cli.h $LIB_PRIVATE $GEN_ONLY"
may gen "$GEN_INC" solvers.h
may_not gen "$GEN_INC" "mjt.h tablefile.h cli.h $LIB_PRIVATE"
may query "$LIB_INC" internal.h
may_not query "$LIB_INC" "cli.h $GEN_ONLY"
may mjq "$CLI_INC" mjt.h
may_not mjq "$CLI_INC" "tablefile.h suit.h diag.h $LIB_PRIVATE $GEN_ONLY"
may public "$PUBLIC_INC" mjt.h
may_not public "$PUBLIC_INC" "tablefile.h suit.h diag.h cli.h $LIB_PRIVATE \
$GEN_ONLY"

# libmjt links what it uses: none of mjt-gen's solvers, enumeration or
# writer, and nothing of mjq.
nm "$B/libmjt.a" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[TDBR]$/ {print $3}' \
    >"$tmp/defined"
[ -s "$tmp/defined" ] && ok || bad "nm found no symbol in $B/libmjt.a"
for sym in mjt__bitboard_deficits mjt__solve_reference mjt__solve_nocap \
    mjt__forms_of mjt__patterns_init mjt__enum_init gen_build gen_write \
    cli_batch; do
    grep -qx "$sym" "$tmp/defined" && bad "libmjt.a defines $sym" || ok
done
# Every name libmjt.a gives a program is the library's own, mjt_ or mjt__
# (a dispatching build's copies add __portable or __v2): a program that
# links it statically can clash with none.  A sanitizer's build adds its
# own (__odr_asan.NAME), which are the compiler's.
foreign=$(grep -v -e '^mjt' -e '^__odr_asan\.mjt' "$tmp/defined" | head -5 |
    tr '\n' ' ')
[ -z "$foreign" ] && ok || bad "libmjt.a defines names not mjt_: $foreign"
# The library never prints, exits or aborts: it calls none of the
# functions that would (ASan's build adds its own reporting, not ours;
# a build with its assertions on, NDEBUG empty, may fail one).
nm -u "$B/libmjt.a" 2>/dev/null | awk '{print $2}' | sort -u >"$tmp/calls"
asserts=__assert_fail
[ -z "${NDEBUG--DNDEBUG}" ] && asserts=
for sym in printf fprintf puts fputs fwrite putchar perror exit _exit abort \
    $asserts; do
    grep -qx "$sym" "$tmp/calls" && bad "libmjt.a calls $sym" || ok
done
# ... and mjq links no solver either.
nm "$B/mjq" 2>/dev/null | grep -q 'mjt__solve_reference\|mjt__bitboard' &&
    bad "mjq links a solver" || ok

# MJT_ belongs to mjt.h; every other macro of ours is MJT__ (or a file's
# own short name).
others=$(find core gen query tests -name '*.[ch]' |
    xargs grep -ln '^#[ ]*define MJT_[A-Za-z0-9]' |
    grep -v '^query/libmjt/mjt.h$')
[ -z "$others" ] && ok || bad "MJT_ macros outside mjt.h: $others"

# No include cycle anywhere, and the clients include mjt.h alone.
if command -v python3 >/dev/null 2>&1; then
    python3 "$(dirname "$0")/includes.py" >"$tmp/includes" && ok ||
        { bad "includes"; grep FAIL "$tmp/includes"; }
fi

finish layers
