#!/bin/sh
# SPDX-License-Identifier: MIT
# Replay every committed fuzz seed (tests/reliability/fuzz/seeds/TARGET/*) through its
# target, built without libFuzzer by the Makefile (BUILD/fuzz_replay_*).
# A target aborts or crashes on a failed property; that fails make test.
# Usage: tests/reliability/fuzz-replay.sh BUILD_DIR
set -u
B=${1:-build}
pass=0
fail=0
log=$(mktemp)
trap 'rm -f "$log" /tmp/mjt-fuzz-*' EXIT
for t in hand sealed batch table diff serve; do
    n=$(ls tests/reliability/fuzz/seeds/$t | wc -l)
    if MJT_FUZZ_TABLES="$B/test/mjt.lmdb" "$B/fuzz_replay_$t" \
        tests/reliability/fuzz/seeds/"$t"/* >/dev/null 2>"$log"; then
        pass=$((pass + 1))
    else
        echo "FAIL fuzz seeds of $t ($n files)"
        tail -n 20 "$log"
        fail=$((fail + 1))
    fi
done
echo "fuzz-seeds: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
