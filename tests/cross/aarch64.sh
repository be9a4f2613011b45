#!/bin/sh
# SPDX-License-Identifier: MIT
# The library on another architecture: mjt-gen and mjq cross-compiled for
# aarch64 (the portable C, no dispatch: CROSS_DIR, built by make
# test-cross) and run under qemu-user, against this machine's build: the
# tables the aarch64 mjt-gen writes must be this machine's, record for
# record, and every answer of the aarch64 mjq byte for byte this
# machine's mjq's, on the same tables: the analysis of dealt hands of every
# size (with red fives, calls, three players, the improvement tiles), the
# chances and expected points in the three move sets, the scoring
# fixture's 10,000 hands, the waits of every one-suit hand, statistics,
# an enumeration and the ranks.
# Usage: tests/cross/aarch64.sh BUILD_DIR CROSS_DIR   (make test-cross)
set -u
B=${1:-build}
X=${2:-build-aarch64}
. "$(dirname "$0")/../harness.sh"
PY=${PYTHON:-python3}
T="$B/test/mjt.lmdb"

# qemu-aarch64 with no -L: the program's loader and libraries are
# Debian's arm64 ones (multiarch, under /lib/aarch64-linux-gnu), those it
# was linked against.  (The cross compiler's own copy of libc, under
# /usr/aarch64-linux-gnu, is another build of it: mixed with the
# multiarch libraries a program hangs in its first pthread_create.)
arm() { qemu-aarch64 "$@"; }

# same NAME ARGS...: mjq ARGS on this machine and on aarch64, stdin from
# $tmp/in: the same output, byte for byte, and the same exit status.
same() {
    name=$1
    shift
    "$B/mjq" "$@" <"$tmp/in" >"$tmp/here" 2>&1
    here=$?
    arm "$X/mjq" "$@" <"$tmp/in" >"$tmp/there" 2>&1
    there=$?
    if [ "$here" -ne "$there" ]; then
        bad "$name: exit status $here here, $there on aarch64"
        head -n 5 "$tmp/there"
    elif ! cmp -s "$tmp/here" "$tmp/there"; then
        bad "$name: the answers differ"
        diff "$tmp/here" "$tmp/there" | head -n 10
    elif [ ! -s "$tmp/here" ]; then
        bad "$name: no answer"
    else
        ok
    fi
}

# The binaries are aarch64's, and run.
file_arch=$(od -An -tx1 -j18 -N2 "$X/mjq" | tr -d ' ')
[ "$file_arch" = b700 ] && ok || bad "$X/mjq is not an aarch64 program"
arm "$X/mjq" --version >"$tmp/version" 2>&1 &&
    grep -q 'code path portable' "$tmp/version" && ok ||
    { bad "mjq --version on aarch64"; cat "$tmp/version"; }

# The tables: the aarch64 mjt-gen (two threads) writes this machine's.
if arm "$X/mjt-gen" -q -j 2 -o "$tmp/a64.lmdb" >"$tmp/gen" 2>&1; then
    ok
else
    bad "mjt-gen on aarch64"
    cat "$tmp/gen"
fi
"$B/mjq" diff --full "$T" "$tmp/a64.lmdb" >"$tmp/diff" 2>&1 && ok ||
    { bad "the aarch64 tables differ from this machine's"; head "$tmp/diff"; }
# (mjq diff can fail: tables of fewer patterns are found different.)
"$B/mjt-gen" -q -j 2 --max-tiles 13 -o "$tmp/small.lmdb" >/dev/null 2>&1
"$B/mjq" diff "$tmp/small.lmdb" "$tmp/a64.lmdb" >/dev/null 2>&1
[ $? -eq 1 ] && ok || bad "mjq diff missed tables of fewer patterns"

# The analysis: dealt hands of every size, red fives among them; hands
# with calls; three players; the improvement tiles.
: >"$tmp/in"
for n in 1 2 4 5 7 8 10 11 13 14; do
    "$B/mjq" deal --tiles "$n" --count 400 --seed "$n" --red >>"$tmp/in"
done
printf '%s\n' '12m55p,3333m,111z,222z' '123m456p55s,234s,789s' \
    '1m,111z,222z,333z,444z' '2345m067p,789s,0555p' >>"$tmp/in"
same analysis --tables "$T" --json
same analysis.text --tables "$T"
"$B/mjq" deal --tiles 14 --count 1000 --seed 3 --players 3 >"$tmp/in"
same analysis.sanma --tables "$T" --json --players 3
"$B/mjq" deal --tiles 14 --count 200 --seed 4 >"$tmp/in"
"$B/mjq" deal --tiles 13 --count 200 --seed 5 >>"$tmp/in"
same improve --tables "$T" --json --improve

# The chances and the expected points: 14-tile hands of 2 and 3 shanten
# in every move set, and a 13-tile hand, with and without the points.
: >"$tmp/in"
for h in 56678m56p13389s5z 346778p145688s6z 2478m3478p14s3445z \
    1226899m12699s27z; do
    same "prob $h" --tables "$T" prob --json "$h"
    same "prob.score $h" --tables "$T" prob --json --score --dora 1z "$h"
    same "prob.exchange $h" --tables "$T" prob --json --moves exchange "$h"
    same "prob.exchange.score $h" --tables "$T" prob --json --moves exchange \
        --score "$h"
done
same prob.back --tables "$T" prob --json --moves back --score \
    --draws 8 56678m56p13389s5z
same prob.13 --tables "$T" prob --json --score --riichi always 6678m56p13389s5z

# Scoring: the fixture's hands, each as mjq score takes a batch line.
"$PY" -c 'import json, sys
for line in open(sys.argv[1]):
    print(json.dumps(json.loads(line)["in"]))' \
    tests/data/score/majiang-1.4.1.jsonl >"$tmp/in"
same score --tables "$T" score --json

# Every wait of every one-suit hand; statistics, an enumeration, ranks.
: >"$tmp/in"
same waits --tables "$T" waits --all-one-suit -j 2
same stats --tables "$T" stats --tiles 11 --json -q
same stats.sanma --tables "$T" stats --tiles 8 --players 3 --json -q
same enumerate --tables "$T" enumerate --tiles 5 -j 2 --json -q
same rank rank --json 123m456p789s1122z 19m19p19s1234567z 5555m
same unrank unrank --tiles 14 0 1234567 99999999999

# The comparison can fail: one answer changed is found.
printf '%s\n' 123m456p789s1122z >"$tmp/in"
"$B/mjq" --tables "$T" --json <"$tmp/in" | sed 's/"overall":0/"overall":1/' \
    >"$tmp/changed"
arm "$X/mjq" --tables "$T" --json <"$tmp/in" >"$tmp/there" 2>&1
cmp -s "$tmp/changed" "$tmp/there" && bad "a changed answer went unseen" || ok

finish cross-aarch64
