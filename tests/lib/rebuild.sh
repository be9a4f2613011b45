#!/bin/sh
# SPDX-License-Identifier: MIT
# One build serves `make` and `make test`: once both have built, asking
# for either's programs again compiles nothing, in either order.  (The
# saved compile flags once held each directory's include path, so each
# target rewrote them for the other and the whole tree was rebuilt at
# every switch.)
# And `make clean` removes all that a build, pip or the tests leave in the
# tree, in a copy of the sources with such leftovers planted in it.
# Usage: tests/lib/rebuild.sh BUILD_DIR, with MAKE and JOBS (run by `make
# test-lib`)
set -u
B=${1:-build}
MAKE=${MAKE:-make}
. "$(dirname "$0")/../harness.sh"

built() {
    # shellcheck disable=SC2086
    $MAKE --no-print-directory BUILD="$B" V=0 $1 >"$tmp/out" 2>&1 ||
        { cat "$tmp/out"; return 1; }
    ! grep -q '^  CC ' "$tmp/out"
}
$MAKE --no-print-directory BUILD="$B" all "$B/test_lib" "$B/test_gen" \
    >/dev/null 2>&1 || bad "build"
for targets in all "$B/test_lib" "$B/test_gen" all "$B/test_lib"; do
    built "$targets" && ok ||
        { bad "make $targets recompiled:"; grep '^  CC ' "$tmp/out" | head -n 5; }
done

if git rev-parse --git-dir >/dev/null 2>&1; then
    mkdir "$tmp/src"
    git ls-files -co --exclude-standard | grep -v '^tables/.*\.lmdb$' |
        tar -cf - -T - | tar -xf - -C "$tmp/src"
    (cd "$tmp/src" && find . -type f | sort) >"$tmp/sources"
    for d in build build-debug build-portable query/python/build \
        query/python/mjt.egg-info tests/python/__pycache__ \
        query/python/mjt/__pycache__; do
        mkdir -p "$tmp/src/$d" && touch "$tmp/src/$d/left"
    done
    # a plain `make clean`: not the BUILD= of the make that runs this
    # test (CI's portable build), which MAKEFLAGS would pass down
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $MAKE --no-print-directory \
        -C "$tmp/src" clean >/dev/null 2>&1 || bad "make clean failed"
    (cd "$tmp/src" && find . -type f | sort) >"$tmp/after"
    if cmp -s "$tmp/sources" "$tmp/after"; then
        ok
    else
        bad "make clean left files behind:"
        diff "$tmp/sources" "$tmp/after" | sed -n 's/^> /  /p'
    fi
fi
# A link-time-optimised build (EXTRA_CFLAGS=-flto) builds and answers (the
# test build's tables): on x86-64 the dispatching library renames its two
# copies' symbols in their machine code, which -flto objects do not hold
# (once, this build failed with "no public function found").  The
# sanitizers' pass leaves it out: a sanitized build is never a release's.
if [ -z "${MJT_SANITIZER:-}" ]; then
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $MAKE --no-print-directory \
        -j"${JOBS:-2}" BUILD="$tmp/lto" EXTRA_CFLAGS=-flto "$tmp/lto/mjq" \
        >"$tmp/out" 2>&1 ||
        { bad "make EXTRA_CFLAGS=-flto failed:"; tail -n 5 "$tmp/out"; }
fi
if [ -x "$tmp/lto/mjq" ]; then
    shanten=$("$tmp/lto/mjq" --tables "$B/test/mjt.lmdb" --json \
        123m456p789s1122z 2>/dev/null |
        grep -o '"overall":[0-9-]*' | head -n 1 | cut -d: -f2)
    [ "$shanten" = 0 ] && ok || bad "the -flto mjq: shanten '$shanten', not 0"
fi
finish rebuild
