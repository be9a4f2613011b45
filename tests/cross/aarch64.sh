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
# The aarch64 programs keep a table cache of their own: the native mjq's
# would be the same file (its name is the tables' and the layout's, alike
# on both), and the aarch64 mjq would never decompress and lay out the
# tables itself.  Its first open writes the cache, the others read it.
ARMCACHE="$tmp/cache-aarch64"
arm() { MJT_CACHE_DIR="$ARMCACHE" qemu-aarch64 "$@"; }

# same NAME ARGS...: mjq ARGS on this machine and on aarch64, stdin from
# $tmp/in: both succeed, with the same output, byte for byte.
same() {
    name=$1
    shift
    "$B/mjq" "$@" <"$tmp/in" >"$tmp/here" 2>&1
    here=$?
    arm "$X/mjq" "$@" <"$tmp/in" >"$tmp/there" 2>&1
    there=$?
    if [ "$here" -ne 0 ]; then
        bad "$name: exit status $here here"
        head -n 5 "$tmp/here"
    elif [ "$here" -ne "$there" ]; then
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
# deal N K SEED [OPTION...]: K hands of N tiles into $tmp/in.
deal() {
    n=$1 k=$2 seed=$3
    shift 3
    "$B/mjq" deal --tiles "$n" --count "$k" --seed "$seed" "$@" \
        >>"$tmp/in" || bad "mjq deal --tiles $n"
}
: >"$tmp/in"
for n in 1 2 4 5 7 8 10 11 13 14; do
    deal "$n" 400 "$n" --red
done
printf '%s\n' '12m55p,3333m,111z,222z' '123m456p55s,234s,789s' \
    '1m,111z,222z,333z,444z' '2345m678p9s,789s,0555p' >>"$tmp/in"
same analysis --tables "$T" --json
same analysis.text --tables "$T"
# and with no cache at all: the tables decompressed into the process
ARMCACHE=
same analysis.uncached --tables "$T" --json
ARMCACHE="$tmp/cache-aarch64"
: >"$tmp/in"
deal 14 1000 3 --players 3
same analysis.sanma --tables "$T" --json --players 3
: >"$tmp/in"
deal 14 200 4
deal 13 200 5
same improve --tables "$T" --json --improve

# The chances and the expected points: the tables of 14-tile hands of 1
# to 3 shanten, with and without the points, in forward and exchange play
# (the points in exchange play at 1 and 2: at 3 they pass the memory
# budget), and 13-tile questions, one in back play.
: >"$tmp/in"
for h in 346778p145688s66z 56678m56p13389s55z 2478m3478p14s3445z \
    1226899m12699s27z; do
    same "prob $h" --tables "$T" prob --json "$h"
    same "prob.score $h" --tables "$T" prob --json --score --dora 1z "$h"
    same "prob.exchange $h" --tables "$T" prob --json --moves exchange "$h"
done
for h in 346778p145688s66z 56678m56p13389s55z; do
    same "prob.exchange.score $h" --tables "$T" prob --json --moves exchange \
        --score "$h"
done
same prob.13 --tables "$T" prob --json --score --riichi always \
    56678m56p13389s5z
same prob.back --tables "$T" prob --json --moves back --score \
    --draws 8 56678m56p13389s5z

# Scoring: the fixture's hands, each as mjq score takes a batch line.
"$PY" -c 'import json, sys
for line in open(sys.argv[1]):
    print(json.dumps(json.loads(line)["in"]))' \
    tests/data/score/majiang-1.4.1.jsonl >"$tmp/in"
same score score --json

# Every wait of every one-suit hand; statistics, an enumeration, ranks.
: >"$tmp/in"
same waits --tables "$T" waits --all-one-suit -j 2
same stats --tables "$T" stats --tiles 11 --json -q
same stats.sanma --tables "$T" stats --tiles 8 --players 3 --json -q
same enumerate --tables "$T" enumerate --tiles 5 -j 2 --json -q
same rank rank --json 123m456p789s1122z 19m19p19s1234567z 5555m
same unrank unrank --tiles 14 0 1234567 99999999999

# The comparison can fail: the aarch64 answer, right, is not a changed one.
printf '%s\n' 123m456p789s1122z >"$tmp/in"
same tenpai --tables "$T" --json
sed 's/"overall":0/"overall":1/' "$tmp/here" >"$tmp/changed"
if cmp -s "$tmp/here" "$tmp/changed"; then
    bad "the changed answer is the same"
else
    cmp -s "$tmp/changed" "$tmp/there" && bad "a changed answer went unseen" ||
        ok
fi
# and the aarch64 programs made and read a cache of their own
ls "$ARMCACHE"/* >/dev/null 2>&1 && ok || bad "no aarch64 table cache"

finish cross-aarch64
