# SPDX-License-Identifier: MIT
"""make bench: the Python module's figures, as `BENCH name value unit` lines,
each the median of 5 runs, from what a Python caller holds: 34 counts in a
bytes object, an array or a list, the text of a hand, or an (N, 34) numpy
array for a batch.  Hands come off a shuffled 136-tile wall (fixed seed,
sizes uniform over 1, 2, 4, 5, 7, 8, 10, 11, 13, 14), as bench_query's do.

Usage: python3 tests/bench/bench_python.py TABLES [HANDS]   (build/python on the
path)"""
import array
import random
import statistics
import subprocess
import sys
import time

import numpy as np

import mjt

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
RUNS = 5


def deal(rng, n):
    wall = list(range(136))
    rows = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        for x in rng.sample(wall, rng.choice(SIZES)):
            rows[i, x // 4] += 1
    return rows


def text_of(row):
    out = []
    for s, suit in enumerate("mpsz"):
        digits = "".join(str(r + 1) * int(row[9 * s + r])
                         for r in range(9 if s < 3 else 7))
        if digits:
            out.append(digits + suit)
    return "".join(out)


def per_call(fn, items):
    runs = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        for x in items:
            fn(x)
        runs.append((time.perf_counter() - t0) * 1e9 / len(items))
    return statistics.median(runs)


def main():
    path = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000000
    # import and open, in a fresh interpreter each time (its start-up not
    # counted: the clock starts before `import mjt`)
    code = ("import time; t0 = time.perf_counter(); import mjt; "
            "mjt.Tables(%r); print((time.perf_counter() - t0) * 1e3)" % path)
    opens = [float(subprocess.check_output([sys.executable, "-c", code]))
             for _ in range(RUNS)]
    print("BENCH python.import_open %.1f ms" % statistics.median(opens))

    t = mjt.Tables(path)
    rng = random.Random(20261122)
    rows = deal(rng, n)
    single = rows[: n // 10]
    as_bytes = [bytes(r) for r in single]
    as_array = [array.array("B", r.tobytes()) for r in single]
    as_list = [r.tolist() for r in single]
    as_text = [text_of(r) for r in single]
    print("BENCH python.shanten.bytes %.1f ns" % per_call(t.shanten, as_bytes))
    print("BENCH python.shanten.array %.1f ns" % per_call(t.shanten, as_array))
    print("BENCH python.shanten.list %.1f ns" % per_call(t.shanten, as_list))
    print("BENCH python.shanten.str %.1f ns" % per_call(t.shanten, as_text))
    for threads in (1, 2):
        runs = []
        for _ in range(RUNS):
            t0 = time.perf_counter()
            t.shanten_batch(rows, threads=threads)
            runs.append((time.perf_counter() - t0) * 1e9 / n)
        print("BENCH python.shanten_batch.t%d %.1f ns" %
              (threads, statistics.median(runs)))
    thirteen = rows[rows.sum(axis=1) % 3 == 1]
    runs = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        t.ukeire_batch(thirteen)
        runs.append((time.perf_counter() - t0) * 1e9 / len(thirteen))
    print("BENCH python.ukeire_batch.t1 %.1f ns" % statistics.median(runs))
    print("BENCH python.hands %d hands" % n)


if __name__ == "__main__":
    main()
