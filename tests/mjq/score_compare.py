#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compare mjq score's answers with majiang-core's, hand by hand.

Usage: score_compare.py MJQ FIXTURE [--limit N]
FIXTURE holds one JSON object a line, {"in": ..., "expect": ...} and
"rules" where the ruleset is not the default (see tests/data/score/README.md);
"in" is fed to `MJQ score --json` (with a --rule for each of "rules") and
each answer is compared with "expect": the yaku with their han (in any
order), han, fu (where majiang gives one), the yakuman multiple, points and
payments.  Prints every difference (at most 20 in full) and a summary line;
exits 1 on any difference, 2 when the run itself fails.
"""
import json
import subprocess
import sys


def yaku_key(yaku):
    return sorted((y["name"], y["han"]) for y in yaku)


def more_yakuman_named(want, got, stack):
    """Whether got is want's hand read with more yakuman named, worth the
    same: where yakuman do not add up (stack off), readings of one value
    may name one yakuman or two, and majiang-core keeps the one its order
    finds last, mjq the one that names more (README: Scores)."""
    if stack or not want["yakuman"] or want["yakuman"] != got["yakuman"]:
        return False
    if want["points"] != got["points"] or want["payments"] != \
            {k: v for k, v in got["payments"].items()
             if k != "sticks" or "sticks" in want["payments"]}:
        return False
    return set(yaku_key(want["yaku"])) < set(yaku_key(got["yaku"]))


def differences(want, got, stack=True):
    """The fields in which got differs from want, as text."""
    if "error" in got:
        return ["error: " + got["error"]]
    out = []
    if more_yakuman_named(want, got, stack):
        return out
    if yaku_key(want["yaku"]) != yaku_key(got["yaku"]):
        out.append("yaku %s != %s" % (yaku_key(want["yaku"]),
                                      yaku_key(got["yaku"])))
    for key in ("han", "yakuman", "points"):
        if want[key] != got[key]:
            out.append("%s %s != %s" % (key, want[key], got[key]))
    pay_want, pay_got = dict(want["payments"]), dict(got["payments"])
    sticks_want = pay_want.pop("sticks", want.get("sticks", 0))
    sticks_got = pay_got.pop("sticks", 0)
    if not want["yaku"]:
        sticks_want = 0
    if pay_want != pay_got:
        out.append("payments %s != %s" % (pay_want, pay_got))
    if sticks_want != sticks_got:
        out.append("sticks %s != %s" % (sticks_want, sticks_got))
    if want["fu"] is not None and want["fu"] != got["fu"]:
        out.append("fu %s != %s" % (want["fu"], got["fu"]))
    return out


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    mjq, fixture = argv[1], argv[2]
    limit = int(argv[4]) if len(argv) > 4 and argv[3] == "--limit" else None
    cases = []
    with open(fixture, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                cases.append(json.loads(line))
            if limit is not None and len(cases) == limit:
                break
    if not cases:
        print("score_compare.py: no case in %s" % fixture, file=sys.stderr)
        return 2
    rules = cases[0].get("rules", {})
    if any(c.get("rules", {}) != rules for c in cases):
        print("score_compare.py: the lines do not share one ruleset",
              file=sys.stderr)
        return 2
    args = ["--rule=%s=%d" % kv for kv in sorted(rules.items())]
    stdin = "".join(json.dumps(c["in"]) + "\n" for c in cases)
    run = subprocess.run([mjq, "score", "--json", *args], input=stdin,
                         capture_output=True, text=True, check=False)
    answers = [json.loads(l) for l in run.stdout.splitlines()]
    if len(answers) != len(cases):
        print("score_compare.py: %d answers to %d hands (exit %d): %s" %
              (len(answers), len(cases), run.returncode, run.stderr[:500]),
              file=sys.stderr)
        return 2
    bad = ties = 0
    stack = rules.get("yakuman_stack", 1) == 1
    for i, (case, got) in enumerate(zip(cases, answers)):
        diff = differences(case["expect"], got, stack)
        if not diff and yaku_key(case["expect"]["yaku"]) != yaku_key(got["yaku"]):
            ties += 1
        if diff:
            bad += 1
            if bad <= 20:
                print("case %d: %s" % (i + 1, json.dumps(case["in"])))
                for d in diff:
                    print("    " + d)
    print("score: %d hands%s, %d differ from majiang-core%s" %
          (len(cases), " (rules %s)" % ",".join(args) if args else "", bad,
           " (%d of one value read with more yakuman named)" % ties
           if ties else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
