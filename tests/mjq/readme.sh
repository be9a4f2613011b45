#!/bin/sh
# SPDX-License-Identifier: MIT
# Every example of README.md runs as printed.  In a ``` block, a line
# "$ COMMAND" is run and the lines after it, up to the next "$ " line or
# the end of the block, are what it must print on stdout: a line "..."
# stands for any number of lines, and a line ending in "..." for any line
# that starts with what comes before it.  Paths are the test build's:
# build/ is BUILD_DIR, tables/mjt.lmdb the test tables and /tmp/ a
# directory of the test's own, in the command and in what it prints.  The
# ```c block is compiled into a program, linked against libmjt and run.
# Usage: tests/mjq/readme.sh BUILD_DIR, with CC, CFLAGS, LDFLAGS and LIBS of
# the Makefile in the environment (run by `make test`; LIBS unset: the
# library's dependencies as pkg-config gives them).
set -u
B=${1:-build}
T="$B/test/mjt.lmdb"
. "$(dirname "$0")/../harness.sh"

# The examples, as files cmd.N and want.N.
awk -v dir="$tmp" '
function flush() {
    if (cur)
        close(dir "/want." n)
    cur = 0
}
/^```/ {
    if (inb) {
        flush()
        inb = 0
    } else {
        inb = 1
        lang = substr($0, 4)
    }
    next
}
!inb || lang != "" { next }
/^\$ / {
    flush()
    n++
    print substr($0, 3) > (dir "/cmd." n)
    close(dir "/cmd." n)
    printf "" > (dir "/want." n)
    cur = 1
    next
}
cur { print >> (dir "/want." n) }
' README.md

paths() {
    sed -e 's#tables/mjt\.lmdb#@TABLES@#g' -e "s#build/#$B/#g" \
        -e "s#/tmp/#$tmp/#g" -e "s#@TABLES@#$T#g" "$1"
}

# match WANT GOT: whether GOT is what WANT describes (trailing blank
# lines of either ignored).
match() {
    awk '
    NR == FNR { w[++m] = $0; next }
    { g[++k] = $0 }
    function like(a, b) {
        if (a == b)
            return 1
        return a ~ /\.\.\.$/ && substr(b, 1, length(a) - 3) == substr(a, 1, length(a) - 3)
    }
    END {
        while (m > 0 && w[m] == "") m--
        while (k > 0 && g[k] == "") k--
        j = 1
        for (i = 1; i <= m; i++) {
            if (w[i] == "...") {
                if (i == m) exit 0
                while (j <= k && !like(w[i + 1], g[j])) j++
                if (j > k) exit 1
                continue
            }
            if (j > k || !like(w[i], g[j])) exit 1
            j++
        }
        exit j > k ? 0 : 1
    }' "$1" "$2"
}

# A Python module built with AddressSanitizer needs its runtime loaded
# first, and the interpreter's allocations are not ours to count as leaks
# (as in tests/python/python.sh): the examples that run python3 get both.
pyenv=
if ldd "$B"/python/mjt/_mjt*.so 2>/dev/null | grep -q libasan; then
    pyenv="LD_PRELOAD=$(${CC:-cc} -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0"
fi

i=1
while [ -f "$tmp/cmd.$i" ]; do
    cmd=$(paths "$tmp/cmd.$i")
    paths "$tmp/want.$i" >"$tmp/want"
    case $cmd in
    *python3*) run_env=$pyenv ;;
    *) run_env= ;;
    esac
    # shellcheck disable=SC2086
    MJT_TABLES="$T" env $run_env sh -c "$cmd" >"$tmp/got" 2>"$tmp/err"
    status=$?
    if [ "$status" -gt 1 ]; then
        bad "\$ $(cat "$tmp/cmd.$i"): exit $status: $(head -c 300 "$tmp/err")"
    elif match "$tmp/want" "$tmp/got"; then
        ok
    else
        bad "\$ $(cat "$tmp/cmd.$i"): prints another text than README.md's:"
        diff "$tmp/want" "$tmp/got" | head -20
    fi
    i=$((i + 1))
done
[ "$i" -gt 5 ] && ok || bad "found only $((i - 1)) examples in README.md"

# The C example, as a program (tests/readme_c.sh), linked with the
# Makefile's LIBS, or when run by hand with what pkg-config says the
# library needs.
libs=${LIBS:-"$(pkg-config --libs lmdb libzstd libxxhash 2>/dev/null) -lpthread -lm"}
if sh "$(dirname "$0")/../readme_c.sh" README.md >"$tmp/example.c"; then
    # shellcheck disable=SC2086
    if ${CC:-cc} -std=c11 -Wall -Werror ${CFLAGS:-} -I"$B/include" \
        "$tmp/example.c" -o "$tmp/example" ${LDFLAGS:-} "$B/libmjt.a" \
        $libs 2>"$tmp/err"; then
        ok
        if MJT_TABLES="$T" "$tmp/example" >"$tmp/example.out" 2>"$tmp/err"
        then
            ok
            # every line it prints is what a comment of the example says:
            # the whole comment, or its text up to a colon
            said=0 lines=$(wc -l <"$tmp/example.out")
            while IFS= read -r line; do
                if [ -n "$line" ] &&
                    { grep -qF -- "/* $line */" "$tmp/example.c" ||
                        grep -qF -- "/* $line: " "$tmp/example.c"; }; then
                    said=$((said + 1))
                else
                    echo "the C example prints '$line', which it does not say"
                fi
            done <"$tmp/example.out"
            [ "$lines" -ge 6 ] && [ "$said" -eq "$lines" ] && ok ||
                bad "the C example says $said of the $lines lines it prints"
        else
            bad "the C example fails: $(head -c 300 "$tmp/err")"
        fi
    else
        bad "the C example does not build: $(head -c 600 "$tmp/err")"
    fi
else
    bad "no C example in README.md"
fi

finish readme
