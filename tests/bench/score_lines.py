# SPDX-License-Identifier: MIT
"""The scoring fixture (tests/data/score) as bench_score's input lines:
hand text, winning tile, the situation as numbers, dora and ura as text.
Usage: score_lines.py FIXTURE > FILE"""
import json
import sys

FROM = {None: 3, "right": 1, "across": 2, "left": 3}
WIND = {"1z": 0, "2z": 1, "3z": 2, "4z": 3}

with open(sys.argv[1]) as f:
    for line in f:
        q = json.loads(line)["in"]
        hand = ",".join([q["hand"]] + q.get("calls", []))
        fields = [int(q.get("tsumo", False)), FROM[q.get("from")],
                  q.get("riichi", 0), int(q.get("ippatsu", False)),
                  WIND[q.get("round", "1z")], WIND[q.get("seat", "2z")],
                  int(q.get("last", False)), int(q.get("rinshan", False)),
                  int(q.get("chankan", False)), int(q.get("first", False)),
                  q.get("honba", 0), q.get("sticks", 0)]
        print(hand, q["win"], *fields, q.get("dora") or "-",
              q.get("ura") or "-")
