#!/bin/sh
# SPDX-License-Identifier: MIT
# make fuzz: build the libFuzzer targets (tests/reliability/fuzz/) with clang, under
# AddressSanitizer and UndefinedBehaviorSanitizer, and run each for
# FUZZ_SECONDS (default 40) from a seed corpus of real hands and real small
# tables.  Exits non-zero when a target crashed; the input that did it is
# left in build-fuzz/ to become a regression seed in tests/reliability/fuzz/seeds/.
# Usage: scripts/fuzz.sh BUILD_DIR   (BUILD_DIR holds mjt-gen and the tables)
set -eu
B=${1:-build}
F=build-fuzz
SECS=${FUZZ_SECONDS:-40}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
# mjq's objects but its main
CLI_OBJ=$(for f in query/mjq/*.c; do
    [ "$f" = query/mjq/main.c ] || printf '%s ' "$F/${f%.c}.o"
done)

make --no-print-directory CC=clang BUILD="$F" \
    CFLAGS="-g -O1 $SAN -fsanitize=fuzzer-no-link" \
    "$F/libmjt.a" $CLI_OBJ "$F/query/mjq/web_assets.o" "$F/include/mjt.h"
LIBS=$(pkg-config --libs lmdb libzstd libxxhash libmicrohttpd)
for t in hand sealed batch table diff serve; do
    # shellcheck disable=SC2086
    clang -g -O1 $SAN -fsanitize=fuzzer -march=x86-64-v2 -std=c11 \
        -D_POSIX_C_SOURCE=200809L -Itests/reliability/fuzz -Iquery/mjq -I"$F/include" \
        -Icore \
        "tests/reliability/fuzz/fuzz_$t.c" tests/reliability/fuzz/fuzz_common.c \
        $CLI_OBJ "$F/query/mjq/web_assets.o" "$F/libmjt.a" $LIBS -lpthread \
        -o "$F/fuzz_$t"
done

# Seeds: the committed ones, and small real tables made here.
for t in hand sealed batch table diff serve; do
    mkdir -p "$F/corpus/$t"
    cp tests/reliability/fuzz/seeds/"$t"/* "$F/corpus/$t/" 2>/dev/null || true
done
"$B/mjt-gen" -q -j 2 --max-tiles 2 -o "$F/small.lmdb" >/dev/null
"$B/mjt-gen" -q -j 2 --max-tiles 2 --solver nocap -o "$F/nocap.lmdb" >/dev/null
cp "$F/small.lmdb" "$F/corpus/table/small.lmdb"
{ printf '\200'; cat "$F/small.lmdb" "$F/nocap.lmdb"; } >"$F/corpus/diff/pair"

status=0
for t in hand sealed batch table diff serve; do
    if MJT_FUZZ_TABLES="$B/test/mjt.lmdb" "$F/fuzz_$t" \
        -max_total_time="$SECS" -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$F/crash-$t-" "$F/corpus/$t" \
        >"$F/log-$t" 2>&1; then
        runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$F/log-$t" |
            tail -n 1)
        echo "fuzz $t: $runs(s), no crash"
    else
        echo "fuzz $t: CRASH (see $F/log-$t and $F/crash-$t-*)"
        tail -n 30 "$F/log-$t"
        status=1
    fi
done
rm -f /tmp/mjt-fuzz-*
exit $status
