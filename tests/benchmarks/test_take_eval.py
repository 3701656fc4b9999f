"""The take-or-draw judge (``benchmarks/take_eval.py``): it must judge real
draw decisions in the band it names, leave the game untouched (copies only),
and score each rule on the same decisions."""

from __future__ import annotations

import pytest

from benchmarks import knock_eval, take_eval


def test_judges_draws_reproducibly_without_touching_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One game to 50 (game 1 holds three close draws) and one play-out per
    # action: the judge's arithmetic is the same at any count and length, and
    # whole games of the hard level are what this test pays for.
    monkeypatch.setattr(knock_eval, "TARGET", 50)
    rows = take_eval.play_game((1, 1))
    assert rows, "one game holds some close draws"
    # Reproducible: the same game played again gives the same rows.
    assert take_eval.play_game((1, 1)) == rows
    for r in rows:
        assert take_eval.BAND[0] < r["gain"] < take_eval.BAND[1]
        assert -200 < r["true_take"] < 200 and -200 < r["true_stock"] < 200
    # Against the frozen previous hard the game (and so the rows) differs.
    assert take_eval.play_game((1, 1, "hard_v1")) != rows


def test_rule_and_report_on_known_rows() -> None:
    rows = [
        # A clear take by gain, whatever the played-out estimates say.
        {"gain": 8.0, "take_ev": 0.0, "stock_ev": 5.0, "true_take": 10.0, "true_stock": 2.0},
        # Close: the played-out take wins by 2.
        {"gain": 1.0, "take_ev": 6.0, "stock_ev": 4.0, "true_take": -4.0, "true_stock": 6.0},
        # A clear draw by gain.
        {"gain": -6.5, "take_ev": 9.0, "stock_ev": 0.0, "true_take": 20.0, "true_stock": 0.0},
    ]
    assert [take_eval.takes(r, 1.0, 4.0, 0.0) for r in rows] == [True, True, False]
    assert not take_eval.takes(rows[1], 1.0, 4.0, 2.0)  # an edge of 2 is not beaten
    assert take_eval.takes(rows[2], 1.0, 8.0, 0.0)  # a wide band looks at it
    lines = take_eval.report(rows)
    assert lines[0].startswith("3 decisions")
    # (take - draw) estimated minus truth: (-5 - 8) + (2 + 10) + (9 - 20) = -12
    assert "minus truth -4.00" in lines[0]
    assert "always take 8.67, always draw 2.67, best of each 12.00" in lines[1]
    # margin 1, close 4, edge 0: take, take, draw = (10 - 4 + 0) / 3
    row = next(line for line in lines if "margin +1 close 4" in line)
    assert "edge +0:   2.00" in row
