# SPDX-License-Identifier: MIT
"""The Python module against the C library: ara's known answers, mjq's JSON
on thousands of hands of every kind, batches against single calls, every
form a hand comes in, every error, and threads sharing one Tables.

Run by `make test` (tests/python/python.sh) with the module of build/python (or an
installed one) on the path and $MJT_TABLES, $MJQ set."""
import json
import os
import random
import re
import subprocess
import sys
import threading

import numpy as np
import pytest

import mjt

HERE = os.path.dirname(os.path.abspath(__file__))
ARA = os.path.join(HERE, "..", "data", "ara")
MJQ = os.environ.get("MJQ", "build/mjq")


@pytest.fixture(scope="module")
def t():
    with mjt.Tables(os.environ["MJT_TABLES"]) as tables:
        yield tables


def mjq(*args, stdin=None):
    return subprocess.run([MJQ, *args], input=stdin, capture_output=True,
                          text=True, check=False)


def deal(n, tiles, seed, *extra):
    out = mjq("deal", "--tiles", str(tiles), "--count", str(n), "--seed",
              str(seed), *extra)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


# ==== The code path ====

def test_the_code_path_is_the_one_mjq_names():
    """The module names the path its library took, as mjq does, and takes
    the portable one when MJT_ISA asks for it, as mjq does."""
    out = mjq("--version")
    assert out.stdout.rstrip().endswith("code path %s)" % mjt.libmjt_isa)
    assert mjt.libmjt_isa in ("portable", "x86-64-v2")
    env = dict(os.environ, MJT_ISA="portable")
    want = subprocess.run([MJQ, "--version"], env=env, capture_output=True,
                          text=True, check=True).stdout
    got = subprocess.run([sys.executable, "-c",
                          "import mjt; print(mjt.libmjt_isa)"], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert want.rstrip().endswith("code path %s)" % got.strip())


# ==== Known answers ====

@pytest.mark.parametrize("name", ["normal", "hon", "tin", "koku"])
def test_ara_known_answers(t, name):
    path = os.path.join(ARA, "p_%s_10000.txt" % name)
    rows = [list(map(int, line.split())) for line in open(path)]
    counts = np.zeros((len(rows), 34), dtype=np.uint8)
    for i, row in enumerate(rows):
        ids = row[:14]
        standard, kokushi, chiitoitsu = row[14:]
        s = t.shanten(ids)
        assert (s.standard, s.kokushi, s.chiitoitsu) == \
            (standard, kokushi, chiitoitsu), row
        for x in ids:
            counts[i, x] += 1
        assert t.shanten(bytes(counts[i])) == s
    want = [min(r[14:]) for r in rows]
    assert list(t.shanten_batch(counts)) == want
    assert list(t.shanten_batch(counts, threads=3)) == want


# ==== analyze is mjq --json ====

def with_calls(rng, n):
    """Hands with pon, kan and chi calls, as text, off one wall each."""
    out = []
    while len(out) < n:
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        left = {k: 4 for k in range(34)}
        calls = []
        for _ in range(rng.randint(1, 4)):
            kind = rng.choice(["run", "pon", "kan"])
            k = rng.randrange(34)
            if kind == "run":
                if k >= 27 or k % 9 > 6 or min(left[k + j] for j in range(3)) < 1:
                    continue
                for j in range(3):
                    left[k + j] -= 1
                calls.append("".join(str(k % 9 + 1 + j) for j in range(3))
                             + "mpsz"[k // 9])
            else:
                need = 3 if kind == "pon" else 4
                if left[k] < need:
                    continue
                left[k] -= need
                calls.append(str(k % 9 + 1) * need + "mpsz"[k // 9])
        concealed, size = [], 13 - 3 * len(calls) + rng.randint(0, 1)
        for k in wall:
            if len(concealed) == size:
                break
            if left[k] > 0:
                left[k] -= 1
                concealed.append(k)
        text = "".join(str(k % 9 + 1) + "mpsz"[k // 9] for k in sorted(concealed))
        out.append(",".join([text] + calls))
    return out


def test_analyze_is_mjq_json(t):
    rng = random.Random(7)
    lines = []  # (hand, players, visible)
    for tiles in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        for h in deal(150, tiles, tiles):
            lines.append((h, None, None))
        for h in deal(60, tiles, 100 + tiles, "--red"):
            lines.append((h, None, None))
        for h in deal(80, tiles, 200 + tiles, "--players", "3"):
            lines.append((h, 3, None))
    for h in with_calls(rng, 400):
        lines.append((h, None, None))
    for h in deal(200, 13, 300):
        seen = "".join(rng.choice(["1z", "5p", "9s", "3m"])
                       for _ in range(rng.randint(0, 2)))
        lines.append((h, None, seen or None))
    for h in ("123m456p789s1122z", "11223344556677m", "19m19p19s1234567z",
              "1111m123p112233s", "4566m123p456p789s", "11122233344455m"):
        lines.append((h, None, None))
    stdin = "".join(json.dumps({k: v for k, v in (("hand", h), ("players", p),
                                                  ("visible", s)) if v})
                    + "\n" for h, p, s in lines)
    out = mjq("--tables", os.environ["MJT_TABLES"], "--json", stdin=stdin)
    got = out.stdout.splitlines()
    assert len(got) == len(lines), out.stderr
    bad = 0
    for (h, p, s), want in zip(lines, got):
        want = json.loads(want)
        if "error" in want:  # a visible tile the hand holds four of
            with pytest.raises(mjt.HandError):
                t.analyze(h, s, players=p)
            bad += 1
            continue
        assert t.analyze(h, s, players=p) == want, (h, p, s)
    assert len(lines) >= 3000 and bad < len(lines) // 100


def test_analyze_improve_is_mjq_json(t):
    """analyze(improve=True) is mjq --json --improve, hand by hand."""
    rng = random.Random(8)
    lines = []  # (hand, players, visible)
    for tiles in (4, 7, 10, 13, 14):
        for h in deal(60, tiles, 400 + tiles):
            lines.append((h, None, None))
        for h in deal(30, tiles, 500 + tiles, "--players", "3"):
            lines.append((h, 3, None))
    for h in with_calls(rng, 80):
        lines.append((h, None, None))
    for h in deal(80, 13, 600):
        seen = "".join(rng.choice(["1z", "5p", "9s", "3m"])
                       for _ in range(rng.randint(1, 3)))
        lines.append((h, None, seen))
    lines.append(("139m56p123p789s55z", None, None))
    stdin = "".join(json.dumps({k: v for k, v in (("hand", h), ("players", p),
                                                  ("visible", s)) if v})
                    + "\n" for h, p, s in lines)
    out = mjq("--tables", os.environ["MJT_TABLES"], "--json", "--improve",
              stdin=stdin)
    got = out.stdout.splitlines()
    assert len(got) == len(lines), out.stderr
    checked = 0
    for (h, p, s), want in zip(lines, got):
        want = json.loads(want)
        if "error" in want:
            continue
        assert t.analyze(h, s, players=p, improve=True) == want, (h, p, s)
        checked += 1
    assert checked >= len(lines) - 5
    # the worked example of the README
    r = t.improve("139m56p123p789s55z")
    assert r["improvement"]["count"] == 22 and r["two_step"]["total"] == 64
    assert t.improve("1m234567p234s555z")["two_step"] is None
    rows = t.improve("139m56p123p789s55z1z")
    assert [row["tile"] for row in rows] == [
        d.tile for d in t.discards("139m56p123p789s55z1z")]
    with pytest.raises(mjt.HandError):
        t.improve("1z", "1z1z1z1z")


# ==== Every form of a hand ====

def test_every_form_of_a_hand_answers_the_same(t):
    text = "123m406p789s1122z"
    counts = mjt.counts(text)
    ids = [0, 1, 2, 12, 35, 14, 24, 25, 26, 27, 27, 28, 28]
    names = ["1m", "2m", "3m", "4p", "0p", "6p", "7s", "8s", "9s", "1z", "1z",
             "2z", "2z"]
    mjai = ["1m", "2m", "3m", "4p", "5pr", "6p", "7s", "8s", "9s", "E", "E",
            "S", "S"]
    want = t.shanten(text)
    assert want == (0, 4, 8, 0) and isinstance(want, mjt.Shanten)
    assert (want.standard, want.chiitoitsu, want.kokushi, want.overall) == \
        (0, 4, 8, 0)
    assert repr(want) == \
        "mjt.Shanten(standard=0, chiitoitsu=4, kokushi=8, overall=0)"
    for hand in (counts, tuple(counts), bytes(counts), bytearray(counts),
                 np.array(counts, dtype=np.uint8), np.array(counts),
                 memoryview(bytes(counts)), ids, names, mjai,
                 np.array(ids, dtype=np.int32)):
        assert t.shanten(hand) == want, hand
        assert t.ukeire(hand) == (["1z", "2z"], 4)
    assert t.waits(text) == ["1z", "2z"]
    assert mjt.tile_id("5mr") == 34 and mjt.tile_id("C") == 33
    assert mjt.tile_name(36) == "0s"
    assert t.discards(mjai + ["E"]) == t.discards("123m406p789s11122z")
    assert t.discards(mjai + ["E"])[0].tile == "1m"  # best first, as mjq


def test_three_players(t):
    u = t.ukeire("19m123p456p789s11z", players=3)
    assert (u.tiles, u.count) == (["1m", "9m", "1z"], 8)
    assert t.ukeire("19m123p456p789s11z").count == 24
    assert t.shanten("19m19p19s1234567z", players=3).kokushi == 0
    assert len(t.waits("19m19p19s1234567z", players=3)) == 13
    a = t.analyze("19m123p456p789s11z", players=3)
    assert a["players"] == 3 and a["ukeire"]["left"] == [3, 3, 2]
    with pytest.raises(mjt.HandError, match="tile 5m has no place"):
        t.shanten("15m123p456s11z", players=3)
    with pytest.raises(mjt.HandError, match="there is no chi"):
        t.shanten("19m1p55s,123p,111z,222z", players=3)
    with pytest.raises(ValueError, match="3 or 4 players"):
        t.shanten("1m", players=2)


def keep_of(rows):
    """What keep() answers, by its definition: the kinds of the rows of
    least shanten of the discard table, in tile order."""
    least = min(d.shanten for d in rows)
    kinds = {mjt.tile_id(d.tile.replace("0", "5")) for d in rows
             if d.shanten == least}
    return least, [mjt.tile_name(i) for i in sorted(kinds)]


def test_keep_is_the_discard_tables_least_rows(t):
    rng = random.Random(9)
    hands = ["139m56p123p789s55z1z", "123m406p789s11122z", "19m19p19s12345677z",
             "11223344556677z", "12345m,555z,666z,789s", "406m123p11s,789s,111z"]
    for _ in range(2000):
        wall = rng.sample(range(136), rng.choice((2, 5, 8, 11, 14)))
        hands.append("".join(mjt.tile_name(x // 4) for x in wall))
    for h in hands:
        assert t.keep(h) == keep_of(t.discards(h)), h
    assert t.keep("139m56p123p789s55z1z") == (1, ["9m", "1z"])  # as mjq
    assert t.keep("19m19p19s1234567z1m", players=3) == \
        keep_of(t.discards("19m19p19s1234567z1m", players=3))
    for h in ("1234m", "1234m567p,789s,111z"):  # hands keep() refuses
        with pytest.raises(mjt.HandError, match="wrong number of tiles"):
            t.keep(h)


# ==== Batches ====

def random_counts(rng, n, sizes=(1, 2, 4, 5, 7, 8, 10, 11, 13, 14)):
    a = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        wall = rng.sample(range(136), rng.choice(sizes))
        for x in wall:
            a[i, x // 4] += 1
    return a


def test_batches_equal_single_calls(t):
    rng = random.Random(3)
    a = random_counts(rng, 3000)
    single = [t.shanten(bytes(row)).overall for row in a]
    assert list(t.shanten_batch(a)) == single
    assert list(t.shanten_batch(a, threads=4)) == single
    assert list(t.shanten_batch(a.tobytes())) == single  # any buffer
    assert list(t.shanten_batch(a[::2])) == single[::2]  # strided rows
    assert list(t.shanten_batch(np.asfortranarray(a))) == single
    out = np.zeros(len(a), dtype=np.int8)
    assert t.shanten_batch(a, out=out) is out and list(out) == single
    b = random_counts(rng, 2000, sizes=(1, 4, 7, 10, 13))
    count, mask = t.ukeire_batch(b, threads=3)
    for row, c, m in zip(b, count, mask):
        u = t.ukeire(bytes(row))
        assert u.count == c
        assert u.tiles == [mjt.tile_name(i) for i in range(34) if int(m) >> i & 1]
    # three players, off the 108-tile wall
    three = a.copy()
    three[:, 1:8] = 0
    keep = [i for i, row in enumerate(three) if int(row.sum()) % 3]
    three = three[keep]
    assert list(t.shanten_batch(three, players=3)) == \
        [t.shanten(bytes(r), players=3).overall for r in three]
    assert list(t.shanten_batch(np.zeros((0, 34), dtype=np.uint8))) == []


def test_batch_errors_write_nothing(t):
    a = random_counts(random.Random(4), 10)
    with pytest.raises(TypeError, match="uint8"):
        t.shanten_batch(a.astype(np.int64))
    with pytest.raises(ValueError, match=r"shape \(10, 33\)"):
        t.shanten_batch(a[:, :33])
    with pytest.raises(TypeError, match="not a buffer"):
        t.shanten_batch([[0] * 34])
    bad = a.copy()
    bad[6, 5] = 5
    out = np.full(10, 42, dtype=np.int8)
    with pytest.raises(mjt.HandError, match="row 6: tile 6m appears 5 times") as e:
        t.shanten_batch(bad, out=out, threads=4)
    assert e.value.offset == 6 and e.value.code == -8
    assert list(out) == [42] * 10  # nothing half-written
    with pytest.raises(ValueError, match="out must be 10"):
        t.shanten_batch(a, out=np.zeros(9, dtype=np.int8))
    with pytest.raises(mjt.HandError, match="row 0: .*3k\\+1"):
        t.ukeire_batch(np.array([mjt.counts("11m")], dtype=np.uint8))
    with pytest.raises(ValueError, match="threads"):
        t.shanten_batch(a, threads=0)
    # a uint8 out= would turn a complete hand's -1 into 255
    with pytest.raises(ValueError, match="int8 items.*format 'B'"):
        t.shanten_batch(a, out=np.zeros(10, dtype=np.uint8))


def test_batches_beside_a_writer_thread(t):
    """The batches release the GIL, so another thread may write the rows
    while the library reads them.  Any answer for a row being written is
    allowed (and a HandError for one caught half-way); a read out of bounds
    is not: the library reads each count once and answers from that, which
    the AddressSanitizer build (make asan) checks, and a crash would fail
    the test anywhere.  The writer flips whole arrays (numpy copies them
    without the GIL) between valid rows and rows whose ninth ranks are 200,
    the bytes a second read would have turned into codes past the tables."""
    x = random_counts(random.Random(6), 4000)
    y = x.copy()
    y[:, [0, 8, 17, 26, 33]] = 200
    a = x.copy()
    stop = threading.Event()

    def write():
        while not stop.is_set():
            np.copyto(a, y)
            np.copyto(a, x)

    w = threading.Thread(target=write)
    w.start()
    answers = refused = 0
    try:
        for k in range(40):
            for players in (4, 3):
                try:
                    sh = t.shanten_batch(a, players=players, threads=2)
                    assert all(-1 <= v <= 8 for v in sh)
                    answers += 1
                except mjt.HandError:
                    refused += 1
            try:
                count, mask = t.ukeire_batch(a, threads=2)
                assert all(0 <= c <= 136 for c in count)
                assert all(int(m) >> 34 == 0 for m in mask)
                answers += 1
            except mjt.HandError:
                refused += 1
    finally:
        stop.set()
        w.join()
    assert answers + refused == 120


# ==== Errors ====

@pytest.mark.parametrize("hand, code, says", [
    ("12x", -7, "unknown character 'x' at offset 2"),
    ("11111m", -8, "tile 1m appears 5 times"),
    ("123m", -9, "the count must be 1 or 2 mod 3"),
    ([5] + [0] * 33, -8, "count 5 of 1m is not 0 to 4"),
    ([-1] + [0] * 33, -8, "count -1 of 1m is not 0 to 4"),
    (["1m", "Q"], -7, "'Q' at index 1 is no tile name"),
    ([0, 40], -10, "tile id 40 at index 1"),
    ([300], -10, "tile id 300 at index 0"),
    ([0, 10**30], -10, "tile id 1000000000000000000000000000000 at index 1"),
    ([0] * 33 + [2**64], -8, "count 18446744073709551616 of 7z"),
    (list(range(15)), -9, "15 tiles"),
    ("12m55p,124m,111z,222z", -15, "not a run, a triplet or a quad"),
])
def test_bad_hands_raise_hand_error(t, hand, code, says):
    with pytest.raises(mjt.HandError, match=says) as e:
        t.shanten(hand)
    assert isinstance(e.value, ValueError)
    assert e.value.code == code


def test_other_errors(t):
    with pytest.raises(TypeError):
        t.shanten(3.5)
    with pytest.raises(TypeError, match="unexpected keyword"):
        t.shanten("1m", visible="1z")
    with pytest.raises(mjt.HandError, match="tile 1z: 2 in the hand and 3 visible"):
        t.ukeire("123m456p789s1122z", "111z")
    with pytest.raises(mjt.HandError, match="3k\\+1"):
        t.ukeire("11m")
    with pytest.raises(FileNotFoundError):
        mjt.Tables("/nonexistent/mjt.lmdb")
    closed = mjt.Tables(os.environ["MJT_TABLES"])
    closed.close()
    assert closed.closed
    with pytest.raises(ValueError, match="closed"):
        closed.shanten("1m")
    closed.close()  # twice is fine


def test_help_and_stubs():
    assert "players=3" in mjt.Tables.shanten.__doc__
    assert "mjq --json" in mjt.Tables.analyze.__doc__
    pkg = os.path.dirname(mjt.__file__)
    assert os.path.exists(os.path.join(pkg, "py.typed"))
    stubs = open(os.path.join(pkg, "__init__.pyi")).read()
    assert "def shanten_batch" in stubs and "def keep" in stubs
    assert "def expect" in stubs and "class ExpectRow" in stubs


# ==== Threads ====

def test_threads_share_one_tables(t):
    rng = random.Random(5)
    a = random_counts(rng, 2000)
    want = list(t.shanten_batch(a))
    texts = deal(300, 14, 9)
    want_d = [t.discards(h) for h in texts]
    errors = []

    def work(k):
        try:
            for _ in range(3):
                assert list(t.shanten_batch(a, threads=2)) == want
                assert [t.discards(h) for h in texts] == want_d
                assert [t.shanten(bytes(r)).overall for r in a[k::8]] == want[k::8]
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []


def test_close_during_a_batch_frees_after_it():
    tables = mjt.Tables(os.environ["MJT_TABLES"])
    a = random_counts(random.Random(6), 200000)
    done = []
    th = threading.Thread(target=lambda: done.append(tables.shanten_batch(a)))
    th.start()
    tables.close()
    th.join()
    assert tables.closed
    assert len(done) <= 1
    with pytest.raises(ValueError, match="closed"):
        tables.shanten_batch(a)


# ==== Finding the tables ====

def test_tables_found_in_the_tree_above(tmp_path):
    (tmp_path / "tables").mkdir()
    os.symlink(os.path.abspath(os.environ["MJT_TABLES"]),
               tmp_path / "tables" / "mjt.lmdb")
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if k != "MJT_TABLES"}
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(mjt.__file__))
    code = "import mjt; print(mjt.Tables().shanten('123m456p789s1122z').overall)"
    out = subprocess.run([sys.executable, "-c", code], cwd=sub, env=env,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0 and out.stdout == "0\n", out.stderr
    out = subprocess.run([sys.executable, "-c", code], cwd="/", env=env,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:  # else the module's installed tables exist
        assert "no tables: $MJT_TABLES is not set, no tables/mjt.lmdb in /" \
            in out.stderr


# ==== Red fives ====

def test_red_fives_are_limited_everywhere(t):
    for hand in ("00m", [34, 34, 34, 34], ["0p", "0p"],
                 "406s33z,055s,111z,222z"):
        with pytest.raises(mjt.HandError, match="red 5. .*the game has only 1"):
            t.shanten(hand)
    assert t.shanten("123m406p789s1122z").overall == 0


# ==== Statistics, enumeration, dealing ====

def mjq_stats(*args):
    out = mjq("--tables", os.environ["MJT_TABLES"], *args, "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_stats_are_mjqs(t):
    for tiles, players in ((13, 4), (14, 4), (8, 3)):
        mine = t.stats(tiles, players=players)
        assert (mine["tiles"], mine["players"]) == (tiles, players)
        for count in ("dealt", "distinct"):
            theirs = mjq_stats("stats", "--tiles", str(tiles), "--players",
                               str(players), "--count", count)
            assert str(mine[count]["total"]) == theirs["total"]
            for form in ("standard", "chiitoitsu", "kokushi", "overall"):
                if theirs[form] is None:
                    assert mine[count][form] is None
                    continue
                assert {str(k): str(v) for k, v in mine[count][form].items()} \
                    == theirs[form]
            if tiles % 3 == 1:
                waiting = {k: dict(zip(("standard", "chiitoitsu", "kokushi"),
                                       map(str, v)))
                           for k, v in mine[count]["waiting"].items()}
                assert waiting == theirs["waiting_on"]


def test_a_part_enumerated_with_a_visitor_is_mjqs_part(t):
    # a millionth of the 13-tile hands (98,521), each a call into Python:
    # a part ten times as large took 12 s, the most of any test here, in
    # each of CI's three runs of this suite
    seen = []
    r = t.enumerate(13, part=(300001, 1000000), threads=2,
                    visit=lambda c, rank, sh: seen.append((rank, sh)))
    theirs = mjq_stats("enumerate", "--tiles", "13", "--part",
                       "300001/1000000")
    assert (str(r["first"]), str(r["end"])) == (theirs["first"],
                                               theirs["end"])
    assert sorted(rank for rank, _ in seen) == list(range(r["first"],
                                                          r["end"]))
    # the part's sums start with the dealt and distinct totals, then the
    # dealt hands by standard shanten + 1
    assert theirs["sums"][:2] == [str(r["dealt"]["total"]),
                                  str(r["distinct"]["total"])]
    std = r["dealt"]["standard"]
    assert theirs["sums"][2:18] == [str(std.get(s - 1, 0)) for s in range(16)]
    # the visitor saw each hand's overall shanten: their tally is the part's
    tally = {}
    for _, sh in seen:
        tally[sh] = tally.get(sh, 0) + 1
    assert tally == r["distinct"]["overall"]


def test_enumerate_parts_add_up_and_match_stats(t):
    whole = t.stats(4, players=3)
    parts = [t.enumerate(4, part=(k, 4), players=3) for k in range(1, 5)]
    for count in ("dealt", "distinct"):
        assert sum(p[count]["total"] for p in parts) == whole[count]["total"]
        assert sum(p[count]["ukeire_sum"] for p in parts) == \
            whole[count]["ukeire_sum"]
    assert [p["first"] for p in parts[1:]] == [p["end"] for p in parts[:-1]]


def test_enumerate_stops_and_reports(t):
    calls = []
    r = t.enumerate(7, progress=lambda done, total: calls.append(
        (done, total)))
    assert calls and calls[-1][0] == calls[-1][1] == r["end"] - r["first"]
    assert t.enumerate(7, visit=lambda c, rank, sh: True) is None

    def boom(c, rank, sh):
        raise KeyError("from the visitor")
    with pytest.raises(KeyError, match="from the visitor"):
        t.enumerate(7, visit=boom)
    with pytest.raises(ValueError, match="part="):
        t.enumerate(13, part=(5, 4))
    with pytest.raises(ValueError, match="tiles=15"):
        t.stats(15)
    with pytest.raises(ValueError, match="12 tiles: the count must be 1 or 2"):
        t.stats(12)
    with pytest.raises(TypeError, match="not callable"):
        t.enumerate(7, visit=3)


def test_deal_is_mjqs(t):
    assert mjt.deal(13, 20, seed=12345, red=True) == \
        deal(20, 13, 12345, "--red")
    assert mjt.deal(13, 20, seed=7, players=3) == \
        deal(20, 13, 7, "--players", "3")
    assert len(set(mjt.deal(14, 5))) == 5  # a seed of its own each call


# ==== The wall: prob and prob_batch ====

def mjq_prob(*args):
    out = mjq("--tables", os.environ["MJT_TABLES"], "prob", "--json", *args)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.parametrize("moves", ["forward", "exchange", "back"])
def test_prob_is_mjq_prob(t, moves):
    # exchange and back search far more hands (back's rows that raise the
    # shanten most of all): shallow hands
    hands = ["144588m345p123s3z", "23455m68p11s5567z", "12m34p,555z,666z,777z",
             "345m11p79p,123s,888p"]
    if moves != "back":
        hands += ["6678m12334p45s447z", "2345m678p119s567z1p"]
    if moves == "forward":
        hands += ["144588m345p123s35z"] + deal(6, 13, 41) + deal(6, 14, 42)
    theirs = mjq_prob("--moves", moves, "--draws", "12", "--visible", "19m",
                      *hands)
    for hand, want in zip(hands, theirs):
        got = t.prob(hand, "19m", draws=12, moves=moves)
        if "discards" not in want:
            assert (got.draws, got.moves, got.exact) == (12, moves,
                                                         moves == "forward")
            assert got.tenpai.dtype == np.float64 and got.tenpai.shape == (12,)
            np.testing.assert_allclose(got.tenpai, want["tenpai"], atol=1e-11)
            np.testing.assert_allclose(got.win, want["win"], atol=1e-11)
            continue
        assert [r.tile for r in got] == [r["tile"] for r in want["discards"]]
        for r, w in zip(got, want["discards"]):
            assert r.shanten == w["shanten"] and r.exact == want["exact"]
            np.testing.assert_allclose(r.tenpai, w["tenpai"], atol=1e-11)
            np.testing.assert_allclose(r.win, w["win"], atol=1e-11)


def test_prob_without_exchange_is_forward_play(t):
    for hand in ["2589m788p123s234z", "144588m345p123s35z"]:
        want = t.prob(hand, draws=12)
        for moves in ("exchange", "back"):
            got = t.prob(hand, draws=12, moves=moves, extra=0)
            if isinstance(want, list):
                assert [r.tile for r in got] == [r.tile for r in want]
                assert all(r.exact for r in got)
                pairs = [(r.tenpai, w.tenpai) for r, w in zip(got, want)]
                pairs += [(r.win, w.win) for r, w in zip(got, want)]
            else:
                assert (got.moves, got.exact) == ("forward", True)
                pairs = [(got.tenpai, want.tenpai), (got.win, want.win)]
            for a, b in pairs:
                np.testing.assert_array_equal(a, b)


def test_prob_rows_are_the_hands_after_each_discard(t):
    hand = "144588m345p123s35z"
    rows = t.prob(hand)
    assert rows[0].tile in ("3z", "5z")
    five = [r for r in rows if r.tile == "5m"][0]
    assert abs(five.tenpai[-1] - 0.554) < 5e-4  # the exact answer
    for r in rows:
        after = list(mjt.counts(hand))
        after[mjt.tile_id(r.tile)] -= 1
        alone = t.prob(after, r.tile)
        np.testing.assert_allclose(r.tenpai, alone.tenpai, atol=1e-12)
        np.testing.assert_allclose(r.win, alone.win, atol=1e-12)
        assert alone.shanten == r.shanten
    keeping = t.prob(hand, keeping=True)
    assert [r.tenpai is None for r in keeping] == [r.shanten > 2 for r in keeping]
    values = t.prob(hand, curves=False)
    assert np.isnan(values[0].win[:-1]).all()
    assert values[0].win[-1] == pytest.approx(rows[0].win[-1], abs=1e-12)


def test_prob_batch_equals_prob(t):
    hands = deal(40, 13, 43)
    counts = np.array([mjt.counts(h) for h in hands], dtype=np.uint8)
    ten, win = t.prob_batch(counts, threads=3)
    assert ten.shape == (40,) and win.dtype == np.float64
    curves, _ = t.prob_batch(counts[:, :], curves=True, draws=9)
    assert curves.shape == (40, 9)
    for i, h in enumerate(hands):
        p = t.prob(h, curves=False)
        assert (ten[i], win[i]) == (p.tenpai[-1], p.win[-1])
        np.testing.assert_array_equal(curves[i], t.prob(h, draws=9).tenpai)
    shallow = np.array([mjt.counts(h) for h in ["144588m345p123s3z",
                                                "6678m12334p45s47z"]],
                       dtype=np.uint8)
    ten, win = t.prob_batch(shallow, moves="back", draws=8, threads=2)
    for i in range(2):
        p = t.prob(shallow[i].tobytes(), moves="back", draws=8)
        assert (ten[i], win[i]) == (p.tenpai[-1], p.win[-1])
    # array.array without numpy input: row after row
    flat = t.prob_batch(bytes(counts[:3].tobytes()), curves=True, draws=4)[1]
    assert flat.typecode == "d"
    assert list(flat) == [float(x) for i in range(3)
                          for x in t.prob(hands[i], draws=4).win]


def test_prob_errors(t):
    h = "144588m345p123s3z"
    for kw, says in [({"moves": "sideways"}, "forward', 'exchange' or 'back"),
                     ({"draws": 0}, "draws=0"), ({"extra": 9}, "extra=9"),
                     ({"timeout": -1}, "timeout"), ({"memory": 5}, "memory")]:
        with pytest.raises(ValueError, match=says):
            t.prob(h, **kw)
    with pytest.raises(TypeError):
        t.prob(h, draws="17")
    with pytest.raises(mjt.HandError, match="mod 3"):
        t.prob("144588m345p123s")
    with pytest.raises(mjt.HandError, match="tile 3s: 1 in the hand and 4 visible"):
        t.prob(h, "3333s")
    with pytest.raises(ValueError, match="the wall holds"):
        t.prob(h, draws=124)  # 123 tiles unseen
    with pytest.raises(mjt.BudgetError, match="memory budget"):
        t.prob("147m258p369s2567z", memory=1 << 20)
    with pytest.raises(mjt.BudgetError, match="time budget"):
        t.prob("147m258p369s2567z", moves="back", extra=2, timeout=0.001)
    counts = np.array([mjt.counts(h) for h in deal(20, 13, 44)], dtype=np.uint8)
    counts[11] = np.array(mjt.counts("144588m345p123s35z"))
    counts[17] = np.array(mjt.counts("144588m345p123s35z"))
    with pytest.raises(mjt.HandError, match="row 11: prob_batch takes 3k\\+1"):
        t.prob_batch(counts, threads=4)
    counts[11, 0] = 7
    with pytest.raises(mjt.HandError, match="row 11: .*7 times"):
        t.prob_batch(counts)


# ==== Expected points: expect ====

def test_expect_is_mjq_prob_score(t):
    hands = ["144588m345p123s3z", "3479m33567p22346s", "2344m567p5688s,666z",
             "406m123p456p789s1z", "6678m12334p45s447z", "2345m678p119s567z1p"]
    for riichi in ("best", "never", "always"):
        theirs = mjq_prob("--score", "--riichi", riichi, "--draws", "12",
                          "--visible", "19m0p", "--dora", "3z", "--seat", "1z",
                          "--rule", "open_tanyao=0", *hands)
        for hand, want in zip(hands, theirs):
            got = t.expect(hand, "19m0p", draws=12, riichi=riichi, dora="3z",
                           seat="1z", rules={"open_tanyao": 0})
            if "discards" not in want:
                assert (got.draws, got.riichi) == (12, riichi)
                assert got.score.dtype == np.float64
                np.testing.assert_allclose(got.score, want["score"], atol=1e-7)
                np.testing.assert_allclose(got.win, want["win"], atol=1e-11)
                continue
            assert [r.tile for r in got] == [r["tile"] for r in want["discards"]]
            for r, w in zip(got, want["discards"]):
                np.testing.assert_allclose(r.score, w["score"], atol=1e-7)
                np.testing.assert_allclose(r.tenpai, w["tenpai"], atol=1e-11)


def test_expect_rows_rank_by_score_and_keep_the_chances(t):
    hand = "3479m33567p22346s"
    rows = t.expect(hand)
    scores = [r.score[-1] for r in rows]
    assert scores == sorted(scores, reverse=True)
    chances = {r.tile: r for r in t.prob(hand)}
    for r in rows:  # the same chances as prob's, whatever the ranking
        np.testing.assert_allclose(r.win, chances[r.tile].win, atol=1e-12)
    keeping = t.expect(hand, keeping=True)
    assert [r.score is None for r in keeping] == \
        [r.shanten > 1 for r in keeping]
    values = t.expect(hand, curves=False)
    assert np.isnan(values[0].score[:-1]).all()
    assert values[0].score[-1] == pytest.approx(rows[0].score[-1], abs=1e-9)


def test_expect_moves_are_mjq_prob_score_moves(t):
    hands = ["144588m345p123s3z", "3479m3567p22346s", "2344m567p588s,666z"]
    for moves, extra in (("exchange", 1), ("exchange", 2), ("back", 1)):
        theirs = mjq_prob("--score", "--moves", moves, "--extra", str(extra),
                          "--draws", "8", *hands)
        for hand, want in zip(hands, theirs):
            got = t.expect(hand, draws=8, moves=moves, extra=extra)
            assert (got.moves, got.exact, len(tuple(got))) == (moves, False, 6)
            np.testing.assert_allclose(got.score, want["score"], atol=1e-7)
            plain = t.expect(hand, draws=8)
            assert (plain.moves, plain.exact) == ("forward", True)
            assert (got.score >= plain.score - 1e-9).all()  # more moves
            # the chances beside the points are prob()'s
            np.testing.assert_allclose(
                got.win, t.prob(hand, draws=8, moves=moves, extra=extra).win,
                atol=1e-12)
    rows = t.expect("3479m33567p22346s", draws=8, moves="exchange")
    assert all(r.exact is False for r in rows)
    no_move = t.expect("144588m345p123s3z", moves="exchange", extra=0)
    assert (no_move.moves, no_move.exact) == ("forward", True)


def test_expect_errors(t):
    h = "144588m345p123s3z"
    for kw, says in [({"riichi": "sometimes"}, "'best', 'never' or 'always'"),
                     ({"round": "5z"}, "want a wind"), ({"draws": 0}, "draws=0"),
                     ({"rules": {"open": 1}}, "is no rule"),
                     ({"dora": "1z2z3z4z5z6z"}, "more than 5")]:
        with pytest.raises(ValueError, match=says):
            t.expect(h, **kw)
    with pytest.raises(ValueError, match="want 'forward', 'exchange' or"):
        t.expect(h, moves="sideways")
    with pytest.raises(mjt.HandError):
        t.expect("1199m123p456s1122z", players=3)
    with pytest.raises(mjt.HandError):
        t.expect(h, "0p0p5p")  # two red 5p seen, one in the rules


def test_ctrl_c_stops_a_prob_batch(t):
    import _thread
    import signal
    import time
    deep = np.array([mjt.counts("147m258p369s2567z")] * 64, dtype=np.uint8)
    # Python raises KeyboardInterrupt only where SIGINT is its own: a
    # shell without job control starts a background job (`make test &` in
    # a script) with SIGINT ignored, and interrupt_main then does nothing.
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            t.prob_batch(deep, moves="back", extra=3, threads=2)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old)
    assert time.monotonic() - start < 10  # not the minutes of the 64 rows
    # and the Tables still answers
    assert t.prob("144588m345p123s3z").shanten == 2


# ==== Scoring ====

SCORE_FIXTURE = os.path.join(HERE, "..", "data", "score",
                             "majiang-1.4.1.jsonl")


def score_questions(n):
    with open(SCORE_FIXTURE) as f:
        return [json.loads(line)["in"] for line, _ in zip(f, range(n))]


def test_score_is_mjq_score():
    questions = score_questions(2000)
    out = mjq("score", "--json",
              stdin="".join(json.dumps(q) + "\n" for q in questions))
    assert out.returncode == 0, out.stderr
    theirs = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(theirs) == len(questions)
    kw = {"from": "discarder"}
    for q, want in zip(questions[:300], theirs):
        args = {kw.get(k, k): v for k, v in q.items() if k not in ("hand",
                                                                    "calls")}
        hand = ",".join([q["hand"]] + q.get("calls", []))
        assert mjt.score(hand, **args) == want, q
    assert mjt.score_batch(questions) == theirs


def test_score_forms_of_the_hand_and_defaults():
    want = mjt.score("123m456p789s11z222z", tsumo=True)
    assert want["points"] == 2700 and want["fu"] == 40
    ids = [mjt.tile_id(x) for x in "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z 2z"
           .split()]
    assert mjt.score(ids, tsumo=True) == want  # the last tile wins
    assert mjt.score(mjt.counts("123m456p789s11z222z"), "2z",
                     tsumo=True) == want
    with pytest.raises(ValueError, match="name the winning tile"):
        mjt.score(mjt.counts("123m456p789s11z222z"), tsumo=True)
    # the situation's fields
    got = mjt.score("123345m456p789s22s", "3m", riichi=1, ippatsu=True,
                    discarder="across", dora=["1s"], ura="3p", honba=2,
                    sticks=1)
    names = [y["name"] for y in got["yaku"]]
    assert names == ["riichi", "ippatsu", "pinfu", "dora", "ura dora"]
    assert got["han"] == 6 and got["title"] == "haneman"
    assert got["payments"] == {"4z": 12000 + 600, "sticks": 1000}
    got = mjt.score("123345m456p789s22s", "3m", riichi=1,
                    rules={"round_up_mangan": 1})
    assert got["points"] == 2000


def test_score_refusals():
    with pytest.raises(mjt.HandError, match="no complete hand") as e:
        mjt.score("123345m456p789s23s", "3m")
    assert e.value.code == -20
    with pytest.raises(mjt.HandError, match="riichi with an open hand"):
        mjt.score("123m456p55s,234s:left,789s:left", riichi=1)
    with pytest.raises(mjt.HandError, match="chankan on 3m: the quad holds"):
        mjt.score("123345m456p789s22s", "3m", chankan=True)
    assert mjt.score("123345m456p789s22s", "4m", chankan=True)["han"] == 1
    with pytest.raises(ValueError, match="discarder"):
        mjt.score("123345m456p789s22s", discarder="north")
    with pytest.raises(ValueError, match="a wind"):
        mjt.score("123345m456p789s22s", seat="5z")
    with pytest.raises(ValueError, match="is no rule"):
        mjt.score("123345m456p789s22s", rules={"tanyao": 1})
    with pytest.raises(ValueError, match="pao is 2"):
        mjt.score("123345m456p789s22s", rules={"pao": 2})
    with pytest.raises(ValueError, match="is no key"):
        mjt.score_batch([{"hand": "123345m456p789s22s", "discarder": "left"}])
    got = mjt.score_batch(["123345m456p789s23s", {"hand": "nonsense"}])
    assert got[0]["code"] == -20 and got[1]["code"] == -7


def test_score_batch_runs_beside_other_threads():
    questions = score_questions(3000)
    want = mjt.score_batch(questions)
    got = [None] * 4

    def work(i):
        got[i] = mjt.score_batch(questions)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(g == want for g in got)


# ==== The README ====

def readme_python():
    """The lines of the README's Python example (its block that imports
    mjt) as (code, comment) pairs."""
    with open(os.path.join(HERE, "..", "..", "README.md")) as f:
        text = f.read()
    block = next(b for b in text.split("```")[1::2]
                 if b.startswith("\nimport mjt\n"))
    for line in block.strip().splitlines()[1:]:
        code, _, comment = line.partition(" # ")
        yield code.strip(), comment.strip()


def says(comment, value):
    """Whether the comment begins with value's repr: up to a colon, a comma
    or its end, '...' standing for anything."""
    got = repr(value)
    for end in range(len(comment), 0, -1):
        if end < len(comment) and comment[end] not in ":,":
            continue
        pattern = ".*?".join(re.escape(p) for p in comment[:end].split("..."))
        if re.fullmatch(pattern, got, re.S):
            return True
    return False


def test_the_readme_s_python_example_gives_what_it_says(t):
    """Each line of the README's example whose comment starts with a value
    gives that value (the lines on the caller's own data, counts, rows,
    f, are left out: they name what the example does not define)."""
    checked = 0
    for code, comment in readme_python():
        if code.startswith("t = ") or not comment or \
                not comment[0] in "'([0123456789m" or \
                not (comment[0] != "m" or comment.startswith("mjt.")):
            continue
        try:
            value = eval(code, {"mjt": mjt, "t": t})
        except NameError:  # the caller's own data
            continue
        assert says(comment, value), (code, comment, value)
        checked += 1
    assert checked >= 10
