#!/bin/sh
# SPDX-License-Identifier: MIT
# libmjt as an embedder meets it: the soname, the symbols it exports (the
# public functions of mjt.h and nothing else), and an install under a
# fresh prefix that a program finds with pkg-config, links against the
# shared library and opens the installed tables with the default path.
# Usage: tests/lib/abi.sh BUILD_DIR, with JOBS (make's) and PYTHON_TESTS
# (no: not the Python tests on the module pip built)   (run by `make test`)
set -u
B=${1:-build}
. "$(dirname "$0")/../harness.sh"

version=$(sed -n 's/.*MJT_VERSION_STRING "\(.*\)"/\1/p' query/libmjt/mjt.h)
major=${version%%.*}

soname=$(readelf -d "$B/libmjt.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = "libmjt.so.$major" ] && ok || bad "soname: '$soname'"
[ -f "$B/libmjt.so.$version" ] && [ -L "$B/libmjt.so.$major" ] &&
    [ -L "$B/libmjt.so" ] && ok || bad "versioned file and links"

# Exported functions against the MJT_API declarations of mjt.h.
sed -n 's/^MJT_API [^(]*[ *]\(mjt_[a-z_0-9]*\)(.*/\1/p' query/libmjt/mjt.h |
    sort >"$tmp/declared"
nm -D --defined-only "$B/libmjt.so" | awk '$2 ~ /[TtDdBbRr]/ {print $3}' |
    grep -v '^_' | sort >"$tmp/exported"
if [ -z "${MJT_SANITIZER:-}" ]; then
    if [ -s "$tmp/declared" ] && cmp -s "$tmp/declared" "$tmp/exported"; then
        ok
    else
        bad "exported symbols differ from mjt.h's (< declared, > exported):"
        diff "$tmp/declared" "$tmp/exported"
    fi
fi

# The Python module links libmjt.a in and exports none of it (with
# dispatch, each function three times over otherwise).
leaked=$(nm -D --defined-only "$B"/python/mjt/_mjt*.so 2>/dev/null |
    awk '$3 ~ /^mjt_/ {print $3}' | head -n 3)
[ -z "$leaked" ] && ok || bad "the Python module exports libmjt's: $leaked"
# Install under a prefix of our own, from a build of our own (the default
# table path is compiled in), then build a program as an embedder would.
# Sanitizer builds skip it: their library wants their runtime.
if [ -z "${MJT_SANITIZER:-}" ]; then
    P="$tmp/prefix"
    if make --no-print-directory -j"${JOBS:-2}" BUILD="$tmp/build" \
        PREFIX="$P" TABLES="$B/test/mjt.lmdb" install >"$tmp/install.log" 2>&1
    then
        ok
    else
        bad "make install"; tail -n 20 "$tmp/install.log"
    fi
    export PKG_CONFIG_PATH="$P/lib/pkgconfig"
    [ "$(pkg-config --variable=tablesdir mjt)" = "$P/share/mjt" ] && ok ||
        bad "mjt.pc tablesdir"
    pkg-config --print-requires-private mjt | grep -q lmdb && ok ||
        bad "mjt.pc Requires.private"
    # No -rpath here: mjt.pc's Libs carry it for a prefix of one's own.
    # shellcheck disable=SC2046
    if cc -std=c99 -Wall -Werror tests/lib/install_check.c \
        $(pkg-config --cflags --libs mjt) -o "$tmp/check" 2>"$tmp/cc.log"; then
        ok
    else
        bad "compile against the installed header"; cat "$tmp/cc.log"
    fi
    # The installed tools, from another directory, as a user runs them.
    mkdir "$tmp/elsewhere"
    (cd "$tmp/elsewhere" && env -u MJT_TABLES "$P/bin/mjq" 123m456p789s1122z) \
        >"$tmp/out" 2>&1 && grep -q 'waits     1z 2z' "$tmp/out" && ok ||
        { bad "installed mjq elsewhere"; cat "$tmp/out"; }
    (cd "$tmp/elsewhere" && "$P/bin/mjt-gen" -q --max-tiles 2) \
        >"$tmp/out" 2>&1 && [ -f "$tmp/elsewhere/mjt.lmdb" ] && ok ||
        { bad "installed mjt-gen elsewhere: its default output"; cat "$tmp/out"; }
    # The README's C example, built as its text says and run from
    # elsewhere: it finds the installed library and the installed tables.
    sh tests/readme_c.sh README.md >"$tmp/example.c" &&
        cc -std=c11 -Wall -Werror "$tmp/example.c" -o "$tmp/example" \
            $(pkg-config --cflags --libs mjt) 2>"$tmp/cc.log" && ok ||
        { bad "the README's C example against the installed prefix";
          cat "$tmp/cc.log"; }
    (cd "$tmp/elsewhere" && env -u MJT_TABLES -u LD_LIBRARY_PATH \
        "$tmp/example") >"$tmp/out" 2>&1 && ok ||
        { bad "the README's C example, installed, from elsewhere";
          cat "$tmp/out"; }
    for m in mjq mjt-gen; do
        if [ -f "$P/share/man/man1/$m.1" ] &&
            ! LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 \
                -l "$P/share/man/man1/$m.1" 2>&1 >/dev/null | grep -q .; then
            ok
        else
            bad "manual page $m.1 installed and rendered without warnings"
        fi
    done
    # The Python module make install put in place imports from there and
    # opens the installed tables by default; pip builds it again against
    # the installed libmjt (pkg-config), and the Python tests pass on it.
    py=${PYTHON:-python3}
    pydir=$(find "$P/lib" -type d -path '*/python3*/mjt' | head -n 1)
    (cd "$tmp/elsewhere" && env -u MJT_TABLES PYTHONPATH="${pydir%/mjt}" \
        "$py" -c 'import mjt; print(mjt.Tables().waits("123m456p789s1122z"))') \
        >"$tmp/out" 2>&1 && grep -q "\['1z', '2z'\]" "$tmp/out" && ok ||
        { bad "installed Python module"; cat "$tmp/out"; }
    cp -R query/python "$tmp/pysrc"
    rm -rf "$tmp/pysrc"/mjt/*.so "$tmp/pysrc/build" "$tmp/pysrc"/*.egg-info
    if PKG_CONFIG_PATH="$P/lib/pkgconfig" "$py" -m pip install -q \
        --root-user-action=ignore --no-build-isolation --no-deps --no-index \
        --target "$tmp/site" \
        "$tmp/pysrc" >"$tmp/pip.log" 2>&1 &&
        ldd "$tmp/site"/mjt/_mjt*.so | grep -q "$P/lib/libmjt.so.$major"; then
        ok
    else
        bad "pip install against the installed libmjt"; cat "$tmp/pip.log"
    fi
    # A run that leaves the Python tests out (CI's portable pass: the
    # module only passes the library's answers on) leaves them out here.
    if [ "${PYTHON_TESTS:-yes}" != no ]; then
        PYTHON="$py" sh tests/python/python.sh "$B" "$tmp/site" && ok ||
            bad "the Python tests on the module pip built"
    fi
    if [ -x "$tmp/check" ]; then
        readelf -d "$tmp/check" | grep -q "NEEDED.*libmjt.so.$major" && ok ||
            bad "the program needs libmjt.so.$major"
        env -u MJT_TABLES "$tmp/check" "$P/share/mjt/mjt.lmdb" \
            >"$tmp/out" 2>&1 && ok || { bad "installed program"; cat "$tmp/out"; }
        # $MJT_TABLES comes first; a missing one is named with the rest
        MJT_TABLES="$B/test/mjt.lmdb" "$tmp/check" "$B/test/mjt.lmdb" \
            >"$tmp/out" 2>&1 && ok || { bad "MJT_TABLES"; cat "$tmp/out"; }
        rm "$P/share/mjt/mjt.lmdb"
        # (from outside the source tree, whose tables/ would be found)
        (cd "$tmp/elsewhere" && MJT_TABLES=/nonexistent/x.lmdb \
            "$tmp/check" --missing) >"$tmp/out" 2>&1
        if [ $? -eq 0 ] && grep -q "/nonexistent/x.lmdb" "$tmp/out" &&
            grep -q "tables/mjt.lmdb in .*elsewhere or above" \
                "$tmp/out" &&
            grep -q "$P/share/mjt/mjt.lmdb" "$tmp/out"; then
            ok
        else
            bad "no tables: every path tried is named"; cat "$tmp/out"
        fi
    fi
    make --no-print-directory BUILD="$tmp/build" PREFIX="$P" uninstall \
        >"$tmp/install.log" 2>&1
    left=$(find "$P" -type f | wc -l)
    [ "$left" -eq 0 ] && [ ! -d "$P/share/mjt" ] && ok ||
        { bad "uninstall left files behind"; find "$P" -type f; }
fi

finish abi
