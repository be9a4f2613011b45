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
# Improvement tiles and two-step effective tiles (tests/bench/bench_improve.c):
# 13- and 14-tile hands from counts, beside the brute force through the
# public API (every draw and discard through mjt_ukeire) and the quickest
# public way (a discard table per draw), with the ratios.
"$B/bench_improve" "$tmp/j2.lmdb" "${BENCH_IMPROVE_HANDS:-2000}"
# The wall model (tests/bench/bench_prob.c): the per-discard table of
# 14-tile hands of each shanten, from their text, with peak memory.  With
# MJT_PEER_MAHJONG_CPP set to a checkout of mahjong-cpp (GPL-3.0, built
# outside the tree by scripts/peer-mahjong-cpp.sh), its times on the same
# hands (its peak memory includes its tables, about 150 MB), the ratio of
# the medians (theirs / ours: above 1, mjt is faster) and the hands whose
# best discard is not among ours: its forward-like
# setting beside our forward play, its default beside our exchange.
mkdir "$tmp/prob"
"$B/bench_prob" "$tmp/j2.lmdb" "${BENCH_PROB_HANDS:-100}" "$tmp/prob" |
    tee "$tmp/prob/ours"
# The expected points over the chances alone, on the same hands in the same
# run: the keeping rows, and every row.
awk '$1 == "BENCH" { v[$2] = $3 }
    END {
        for (s = 1; s <= 4; s++) {
            if (v["prob.forward.keep.s" s] > 0)
                printf "BENCH prob.expect.keep.s%d.ratio %.2f x\n", s,
                    v["prob.expect.keep.s" s] / v["prob.forward.keep.s" s]
            if (v["prob.forward.table.s" s] > 0)
                printf "BENCH prob.expect.table.s%d.ratio %.2f x\n", s,
                    v["prob.expect.table.s" s] / v["prob.forward.table.s" s]
        }
    }' "$tmp/prob/ours"
if [ -n "${MJT_PEER_MAHJONG_CPP:-}" ]; then
    sh scripts/peer-mahjong-cpp.sh "$MJT_PEER_MAHJONG_CPP" \
        "$B/peer/mahjong-cpp" >&2
    for mode in forward default; do
        ours=forward.keep best=forward
        [ "$mode" = default ] && ours=exchange.keep best=exchange
        for s in 1 2 3 4; do
            # Its default at 4-shanten takes seconds to minutes a hand and
            # gigabytes: the first tenth of the hands, within 20 s each.
            runs=3 limit=20
            [ "$s" -ge 3 ] && runs=1
            hands=$tmp/prob/hands.$s
            if [ "$mode" = default ] && [ "$s" = 4 ]; then
                n=$(wc -l <"$hands")
                head -n $(((n + 9) / 10)) "$hands" >"$tmp/prob/tenth"
                hands=$tmp/prob/tenth
            fi
            (ulimit -s unlimited 2>/dev/null || :
                "$B/peer/mahjong-cpp/mahjong_cpp_driver" "$mode" "$runs" \
                    "$limit" 4096 <"$hands" >"$tmp/prob/peer.$mode.$s" \
                    2>/dev/null) || :
            out=$tmp/prob/peer.$mode.$s
            # a hand past the limit counts in the median with the limit,
            # above every answer, as one of ours refused for its budget
            # does (a crash or a failed allocation has no time)
            awk -v limit="$limit" '$2 ~ /^[0-9.]+$/ { print $2 }
                $2 == "timeout" { print limit * 1000 }' "$out" >"$tmp/prob/ms"
            med=$(median <"$tmp/prob/ms")
            mine=$(awk -v k="prob.$ours.s$s" '$2 == k { print $3 }' \
                "$tmp/prob/ours")
            # its expected scores come with its chances: set beside our
            # expected-score tables of the same hands too
            expect=$(awk -v k="prob.expect.table.s$s" '$2 == k { print $3 }' \
                "$tmp/prob/ours")
            # and its default (exchanges on) beside our expected score in
            # exchange play, the keeping rows as for the chances
            exch=
            [ "$mode" = default ] && exch=$(awk \
                -v k="prob.expect.exchange.keep.s$s" '$2 == k { print $3 }' \
                "$tmp/prob/ours")
            awk -v name="prob.peer.$mode.s$s" -v med="${med:-}" \
                -v mine="${mine:-}" -v expect="${expect:-}" -v exch="${exch:-}" \
                -v bestf="$tmp/prob/best.$best.$s" '
            BEGIN {
                while ((getline l < bestf) > 0) {
                    split(l, f, " ")
                    best[f[1]] = "," f[2] ","
                }
            }
            $2 ~ /^[0-9.]+$/ {
                n++
                if ($2 + 0 > max)
                    max = $2 + 0
                if ($3 / 1024 > peak)
                    peak = $3 / 1024
                if ($1 in best) {
                    compared++
                    if (index(best[$1], "," $4 ",") == 0)
                        differ++
                }
                next
            }
            { failed[$2]++ }
            END {
                if (n > 0) {
                    printf "BENCH %s %.3f ms\n", name, med
                    printf "BENCH %s.max %.3f ms\n", name, max
                    printf "BENCH %s.peak %.1f MB\n", name, peak
                    if (mine > 0)
                        printf "BENCH %s.ratio %.2f x\n", name, med / mine
                    if (expect > 0)
                        printf "BENCH %s.expect_ratio %.2f x\n", name,
                            med / expect
                    if (exch > 0)
                        printf "BENCH %s.exchange_expect_ratio %.2f x\n",
                            name, med / exch
                    if (compared > 0)
                        printf "BENCH %s.best_differs %d of %d hands\n",
                            name, differ, compared
                }
                for (k in failed)
                    printf "BENCH %s.%s %d hands\n", name, k, failed[k]
            }' "$out"
        done
    done
fi
# Scoring (tests/bench/bench_score.c): the 10,000 hands of the scoring
# fixture (tests/data/score), each from its text line and from its counts
# and calls, with the situation as a value; and majiang-core 1.4.1 on the
# same hands in the same run (node, from build/node_modules: installed by
# scripts/majiang-core.sh when nodejs is there), with the ratio of the
# times a hand (theirs / ours).
"${PYTHON:-python3}" tests/bench/score_lines.py \
    tests/data/score/majiang-1.4.1.jsonl >"$tmp/score_lines"
"$B/bench_score" "$tmp/score_lines" | tee "$tmp/score"
if command -v node >/dev/null 2>&1 &&
    module=$(sh scripts/majiang-core.sh "$B" 2>/dev/null); then
    node tests/bench/bench_majiang_score.js "$module" \
        tests/data/score/majiang-1.4.1.jsonl | tee "$tmp/majiang"
    awk '$1 == "BENCH" { v[$2] = $3 }
        END {
            printf "BENCH score.majiang.ratio.text %.1f x\n",
                v["majiang.text"] / v["score.text"]
            printf "BENCH score.majiang.ratio.prebuilt %.1f x\n",
                v["majiang.prebuilt"] / v["score.counts"]
        }' "$tmp/score" "$tmp/majiang"
else
    echo "bench: node or majiang-core missing: its scoring not timed" >&2
fi
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
