#!/bin/sh
# SPDX-License-Identifier: MIT
# The benchmarks run: each of make bench's C programs once on a few hands
# (the probability groups of 1 and 2 shanten alone; mjq serve on a few
# hundred requests), against the test tables.  Nothing is timed here: a
# benchmark that fails, crashes or prints a line that is not
# `BENCH name number unit` fails, so that make bench is not the first to
# find it broken.
# Usage: tests/bench/smoke.sh BUILD_DIR
set -u
B=${1:-build}
. tests/harness.sh
T=$B/test/mjt.lmdb
server=
# the server goes with the script, however it ends (harness.sh's trap
# removed the directory alone)
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# run NAME PROGRAM ARGS...: PROGRAM's status and output, each line a
# BENCH line with a number, and at least one of them.
run() {
    name=$1
    shift
    timeout 300 "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        bad "$name: exit status $rc ($(tail -n 3 "$tmp/err" | tr '\n' ' '))"
        return
    fi
    wrong=$(awk '$1 != "BENCH" || NF < 4 ||
        $3 !~ /^-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$/ { print; exit }' "$tmp/out")
    if [ -n "$wrong" ]; then
        bad "$name: not a BENCH line: $wrong"
    elif ! [ -s "$tmp/out" ]; then
        bad "$name: no BENCH line"
    else
        ok
    fi
}

# has NAME FIGURE: the last run printed FIGURE.
has() {
    if grep -q "^BENCH $2 " "$tmp/out"; then ok; else bad "$1: no $2"; fi
}

run query "$B/bench_query" "$T" tests/data/ara 1000
# (the tables.* figures come from child processes of their own: a crash
# there leaves its lines out)
for f in counts.shanten ids.shanten prebuilt.shanten counts.discards14 \
    counts.keep14 calls.suits.shanten tables.resident tables.alone.private \
    tables.second.private tables.bot.resident tables.bot.shapes.resident; do
    has query "$f"
done
run improve "$B/bench_improve" "$T" 3
has improve improve.n13
mkdir -p "$tmp/prob"
run prob "$B/bench_prob" "$T" 1 "$tmp/prob" 2
for f in prob.forward.keep.s2 prob.forward.keep.seen.s2 prob.forward.table.s1 \
    prob.expect.table.s2 prob.exchange.keep.s1 prob.back.keep.s1 \
    prob.first_question.rss; do
    has prob "$f"
done
[ -s "$tmp/prob/best.forward.2" ] && ok || bad "prob: no best.forward.2"
head -n 300 tests/data/score/majiang-1.4.1.jsonl >"$tmp/score.jsonl"
if "${PYTHON:-python3}" tests/bench/score_lines.py "$tmp/score.jsonl" \
    >"$tmp/score_lines"; then
    run score "$B/bench_score" "$tmp/score_lines"
    has score score.text
else
    bad "score: tests/bench/score_lines.py failed"
fi

# mjq serve, as make bench starts it, on a loopback port of its choice;
# stopped by SIGTERM, it must say so and exit 0.
"$B/mjq" serve --tables "$T" --listen 127.0.0.1:0 --threads 2 \
    2>"$tmp/serve.err" &
server=$!
port=
for i in $(seq 40); do
    port=$(sed -n 's|.*serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' \
        "$tmp/serve.err" | head -n 1)
    [ -n "$port" ] || ! kill -0 "$server" 2>/dev/null && break
    sleep 0.25
done
if [ -n "$port" ]; then
    run serve "$B/bench_serve" "$port" 400 2
else
    bad "serve: mjq serve gave no port ($(cat "$tmp/serve.err"))"
fi
kill -TERM "$server" 2>/dev/null
# (a server that has not stopped within 30 s is killed: the test fails)
for i in $(seq 120); do
    kill -0 "$server" 2>/dev/null || break
    sleep 0.25
done
kill -KILL "$server" 2>/dev/null
wait "$server"
rc=$?
server=
if [ "$rc" -ne 0 ] || ! grep -q 'stopped (SIGTERM)' "$tmp/serve.err"; then
    bad "serve: mjq serve exited $rc ($(tail -n 3 "$tmp/serve.err" | tr '\n' ' '))"
else
    ok
fi

finish bench-smoke
