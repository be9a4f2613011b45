#!/bin/sh
# SPDX-License-Identifier: MIT
# make bench: generator and query benchmarks, `BENCH name value unit` lines.
# Usage: scripts/bench.sh BUILD_DIR
set -eu
B=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

patterns=448480 # 405,350 suit + 43,130 honor
for j in 1 2; do
    for run in 1 2 3 4 5; do
        t0=$(now)
        "$B/mjt-gen" -q -j "$j" -o "$tmp/j$j.lmdb" >/dev/null
        t1=$(now)
        echo "$t0 $t1" | awk '{printf "%.3f\n", $2 - $1}'
    done >"$tmp/times$j"
    s=$(median <"$tmp/times$j")
    echo "BENCH gen.j$j.wall $s s"
    echo "$s" | awk -v p=$patterns -v j=$j '{printf "BENCH gen.j%d.rate %.0f patterns/s\n", j, p / $1}'
done
paste "$tmp/times1" "$tmp/times2" | awk '{print $1 / $2}' | median |
    awk '{printf "BENCH gen.speedup %.2f x\n", $1}'
echo "BENCH tables.bytes $(stat -c %s "$tmp/j2.lmdb") bytes"

# mjq diff of two full tables: equal digests (no record read), and --full.
cp "$tmp/j2.lmdb" "$tmp/copy.lmdb"
for full in "" --full; do
    for run in 1 2 3 4 5; do
        t0=$(now)
        "$B/mjq" diff $full "$tmp/j2.lmdb" "$tmp/copy.lmdb" >/dev/null
        t1=$(now)
        echo "$t0 $t1" | awk '{printf "%.1f\n", ($2 - $1) * 1000}'
    done >"$tmp/diff"
    echo "BENCH diff${full:+.full} $(median <"$tmp/diff") ms"
done
# mjq waits --all-one-suit: the countTiles listing of the 93,600 one-suit
# hands (about 4.2 MB of text), whole process, into a file.
for j in 1 2; do
    for run in 1 2 3 4 5; do
        t0=$(now)
        "$B/mjq" waits --tables "$tmp/j2.lmdb" --all-one-suit -j "$j" >"$tmp/list"
        t1=$(now)
        echo "$t0 $t1" | awk '{printf "%.1f\n", ($2 - $1) * 1000}'
    done >"$tmp/listing"
    echo "BENCH listing.j$j $(median <"$tmp/listing") ms"
done
echo "BENCH listing.bytes $(stat -c %s "$tmp/list") bytes"
# mjq stats: every hand of 14 tiles (both counts are computed in every
# run) and of 13 (with effective tiles and waits per kind), whole process;
# and mjq enumerate, the hand-by-hand check, on every 8-tile hand.
for n in 14 13; do
    for run in 1 2 3 4 5; do
        t0=$(now)
        "$B/mjq" --tables "$tmp/j2.lmdb" stats --tiles "$n" --json >/dev/null
        t1=$(now)
        echo "$t0 $t1" | awk '{printf "%.3f\n", $2 - $1}'
    done >"$tmp/stats"
    echo "BENCH stats.n$n $(median <"$tmp/stats") s"
done
for run in 1 2 3; do
    t0=$(now)
    "$B/mjq" --tables "$tmp/j2.lmdb" enumerate --tiles 8 -j 2 >/dev/null
    t1=$(now)
    echo "$t0 $t1" | awk '{printf "%.3f\n", $2 - $1}'
done >"$tmp/enum"
s=$(median <"$tmp/enum")
echo "BENCH enumerate.n8.j2 $s s"
echo "$s" | awk '{printf "BENCH enumerate.n8.rate %.0f hands/s/thread\n", 95305485 / $1 / 2}'
# The 13-tile visit (the whole of it takes minutes): five parts of a
# thousand spread over the ranks, -j 2, whole processes, less five times
# the loading (timed on a part of almost no hands); their rate projects
# the time of all 98,521,596,000 hands.
t0=$(now)
"$B/mjq" --tables "$tmp/j2.lmdb" enumerate --tiles 13 -j 2 \
    --part 1/1000000 >/dev/null
t1=$(now)
for k in 100 300 500 700 900; do
    "$B/mjq" --tables "$tmp/j2.lmdb" enumerate --tiles 13 -j 2 \
        --part "$k/1000" >/dev/null
done
t2=$(now)
echo "$t0 $t1 $t2" | awk '{load = $2 - $1; s = $3 - $2 - 5 * load
    r = 5 * 98521596 / s / 2
    printf "BENCH enumerate.n13.load %.3f s\n", load
    printf "BENCH enumerate.n13.rate %.0f hands/s/thread\n", r
    printf "BENCH enumerate.n13.projected %.0f s\n", 98521596000 / r / 2}'
"$B/bench_query" "$tmp/j2.lmdb" tests/data/ara "${BENCH_HANDS:-10000000}"
# The Python module: single calls from bytes, arrays, lists and text, the
# batches, and import plus open (tests/bench/bench_python.py).
PYTHONPATH="$B/python" "${PYTHON:-python3}" tests/bench/bench_python.py "$tmp/j2.lmdb" \
    "${BENCH_PY_HANDS:-1000000}"
# mjq serve: GET /api/analyze of 14-tile hands over keep-alive on loopback
# (2 server threads, 2 clients), and the page in headless Chromium from
# request to analysis shown.
"$B/mjq" serve --tables "$tmp/j2.lmdb" --listen 127.0.0.1:0 --threads 2 \
    2>"$tmp/serve.err" &
server=$!
sleep 0.5
port=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/serve.err" | head -n 1)
"$B/bench_serve" "$port" 40000 2
"${PYTHON:-python3}" tests/bench/bench_page.py "$port"
kill -TERM "$server"
wait "$server"
