"""The discard judge (``benchmarks/discard_eval.py``): it must judge hard's
own best discards, leave the game untouched, and score each weighting of
the discard score on the same decisions."""

from __future__ import annotations

import pytest

from benchmarks import discard_eval, knock_eval


def test_judges_hards_best_discards_reproducibly(monkeypatch: pytest.MonkeyPatch) -> None:
    # A quarter of one game's discards (a game to 50: game 1 gives two), one
    # play-out each: the judge works the same at any count and length, and
    # the hard level's whole game is what this costs.
    monkeypatch.setattr(knock_eval, "TARGET", 50)
    rows = discard_eval.play_game((1, 1, "baseline", 0.25))
    assert rows, "a quarter of one game's discards"
    assert rows == discard_eval.play_game((1, 1, "baseline", 0.25))
    for r in rows:
        n = int(r["n"])
        assert 2 <= n <= discard_eval.CANDIDATES
        # Candidates come in hard's order: its own score never decreases.
        scores = [r[f"e{i}"] + discard_eval.hard.DANGER_WEIGHT * r[f"d{i}"] for i in range(n)]
        assert scores == sorted(scores)
        assert discard_eval.choose(r, discard_eval.hard.DANGER_WEIGHT, 0.0) == 0
        assert all(-200 < r[f"t{i}"] < 200 for i in range(n))
        assert all(0.0 <= r[f"f{i}"] <= 1.0 + 1e-9 for i in range(n))
        assert all(-200 < r[f"p{i}"] < 200 for i in range(n))


def test_rules_on_known_rows() -> None:
    rows = [
        # The second candidate is safer (danger 0) but keeps more deadwood.
        {"n": 2.0, "e0": 10.0, "d0": 4.0, "w0": 20.0, "t0": -5.0,
         "e1": 11.0, "d1": 0.0, "w1": 30.0, "t1": 7.0},
    ]  # fmt: skip
    assert discard_eval.choose(rows[0], 0.0, 0.0) == 0
    assert discard_eval.choose(rows[0], 0.6, 0.0) == 1  # 10 + 2.4 > 11 + 0
    assert discard_eval.choose(rows[0], 0.6, 0.3) == 0  # 18.4 < 20
    lines = discard_eval.report(rows)
    assert lines[0] == "1 decisions; the score's choice -5.00, best of its candidates 7.00"
    assert "danger 0.0:  -5.00  danger 0.3:   7.00" in lines[1]


def test_feed_and_playout_terms_on_known_rows() -> None:
    row = {"n": 2.0, "e0": 10.0, "d0": 0.0, "w0": 20.0, "t0": -5.0, "f0": 0.5, "p0": 1.0,
           "e1": 11.0, "d1": 0.0, "w1": 20.0, "t1": 7.0, "f1": 0.0, "p1": 4.0}  # fmt: skip
    # Hard throws the first (10 < 11); a feed weight of 4 (10 + 2 > 11) or a
    # play-out weight of 0.4 (10 - 0.4 > 11 - 1.6) switches to the second: +12.
    assert discard_eval.gain([row], lambda r, i: 0.0) == "+0.000 ±0.000"
    assert discard_eval.gain([row], lambda r, i: 4.0 * r[f"f{i}"]) == "+12.000 ±0.000"
    lines = discard_eval.report([row])
    assert lines[-2].startswith("  + feed odds × 2.0: +0.000")
    assert "4.0: +12.000" in lines[-2]
    assert "0.2: +0.000" in lines[-1] and "0.4: +12.000" in lines[-1]
