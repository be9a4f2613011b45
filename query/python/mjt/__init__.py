# SPDX-License-Identifier: MIT
"""Exact riichi mahjong hand analysis from precomputed tables (libmjt).

    import mjt
    t = mjt.Tables()                       # $MJT_TABLES, tables/ here or above, installed
    t.shanten("123m456p789s1122z")         # Shanten(standard=0, chiitoitsu=4, kokushi=8, overall=0)
    t.ukeire("123m456p789s1122z")          # Ukeire(tiles=['1z', '2z'], count=4)
    t.analyze("4566m123p456p789s")         # what `mjq --json` prints, as a dict
    t.improve("139m56p123p789s55z")        # improvement tiles, two-step counts
    t.shanten_batch(counts)                # (N, 34) uint8 -> N int8, without the GIL
    t.prob("144588m345p123s35z")[0].win    # per discard: P(win) within 1..17 draws
    t.stats(13)["dealt"]["overall"]        # exact hands by shanten: {-1: ..., 0: ...}
    t.enumerate(13, part=(1, 1000))        # the same counts, one part of the hands
    mjt.deal(13, 5, seed=1)                # five random hands, as text
    mjt.score("123m456p789s11z222z", tsumo=True)["points"]   # 2700: no tables needed

A hand is text ("12m55p,3333m,111z,222z": calls after commas), 34 counts,
tile ids (0-36, 34-36 the red fives) or tile names ("1m", "0p", or mjai's
"5mr", "E" ... "C").  players=3 answers by three-player rules.  A hand the
library refuses raises mjt.HandError (a ValueError) with the message, the
library's .code and the .offset of the problem.
"""
from ._mjt import (  # noqa: F401
    BudgetError,
    Discard,
    Expect,
    ExpectRow,
    HandError,
    Prob,
    ProbRow,
    Shanten,
    Ukeire,
    __version__,
    counts,
    deal,
    libmjt_isa,
    libmjt_version,
    score,
    score_batch,
    tile_id,
    tile_name,
)
from ._mjt import Tables as _Tables

__all__ = ["Tables", "HandError", "BudgetError", "Shanten", "Ukeire",
           "Discard", "Prob", "ProbRow", "Expect", "ExpectRow", "counts", "deal", "score",
           "score_batch", "tile_id", "tile_name", "__version__"]


class Tables(_Tables):
    __doc__ = _Tables.__doc__

    def analyze(self, hand, visible=None, *, players=None, improve=False):
        """analyze(hand, visible=None, *, players=None, improve=False) -> dict

        Everything about a hand, as one dict equal to the JSON object
        `mjq --json` prints for it: "hand", "calls" (with calls),
        "tiles", "players" (3 only), "shanten", then "ukeire", "waits"
        and "shapes" for 3k+1 hands, or "discards" and "decompositions"
        for 3k+2 hands.  improve=True adds what `mjq --json --improve`
        adds: "improvement" and "two_step" (see improve()), of the hand
        or of each discard, whose rows of equal shanten and effective
        tiles then go by the larger two-step total, then improvement.
        """
        text, tiles, nplayers, held = self._describe(hand, players=players)
        seen = counts(visible) if visible is not None else [0] * 34
        concealed, *calls = text.split(",")
        out = {"hand": concealed}
        if calls:
            out["calls"] = calls
        out["tiles"] = tiles
        if nplayers == 3:
            out["players"] = 3
        s = self.shanten(hand, players=players)
        out["shanten"] = {"standard": s.standard, "chiitoitsu": s.chiitoitsu,
                          "kokushi": s.kokushi, "overall": s.overall}

        def ukeire(tiles, count):
            left = [4 - held[tile_id(x)] - seen[tile_id(x)] for x in tiles]
            return {"tiles": tiles, "left": left, "count": count}

        more = self.improve(hand, visible, players=players) if improve else None
        if tiles % 3 == 1:
            u = self.ukeire(hand, visible, players=players)
            out["ukeire"] = ukeire(list(u.tiles), u.count)
            if s.overall == 0:
                out["waits"] = list(u.tiles)
            if more is not None:
                out.update(more)
            shapes = self.shapes(hand, players=players)
            if shapes:
                out["shapes"] = shapes
            return out
        out["discards"] = [
            {"tile": d.tile, "shanten": d.shanten,
             "ukeire": ukeire(list(d.tiles), d.count)}
            for d in self.discards(hand, visible, players=players)]
        for row, after in zip(out["discards"], more or []):
            row["improvement"] = after["improvement"]
            row["two_step"] = after["two_step"]
        if improve:  # equals ranked by two-step, then improvement (stable)
            out["discards"].sort(key=lambda r: (
                r["shanten"], -r["ukeire"]["count"],
                -(r["two_step"]["total"] if r["two_step"] else -1),
                -r["improvement"]["count"]))
        decompositions = self.decompositions(hand, players=players)
        if decompositions:
            out["decompositions"] = decompositions
        return out
