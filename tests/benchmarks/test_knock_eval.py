"""The knock-decision judge (``benchmarks/knock_eval.py``) that chose
hard's knock margin: it must judge real decisions, leave the game it judges
untouched (copies only), and report the rules it compares honestly."""

from __future__ import annotations

import statistics

import pytest

from benchmarks import knock_eval


def test_judges_decisions_reproducibly_without_touching_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One game to 50 (game 2: six knock decisions) and one play-out per
    # choice: the judge works the same at any count and length, and whole
    # games of the hard level are what this test pays for.
    monkeypatch.setattr(knock_eval, "TARGET", 50)
    games = (2,)
    rows = [r for i in games for r in knock_eval.play_game((i, 1))]
    assert rows, "two games give hard some chance to knock"
    # The game played on after each judged point is the real one: the same
    # seeds give the same decisions and the same truths.
    again = [r for i in games for r in knock_eval.play_game((i, 1))]
    assert again == rows
    for r in rows:
        assert -200 < r["true_knock"] < 200 and -200 < r["true_wait"] < 200
        assert r["true_knock"] != 0  # a knock always scores for someone


def test_report_compares_the_rules_on_the_same_decisions() -> None:
    rows = [
        {"knock_ev": 10.0, "wait_ev": 5.0, "true_knock": 12.0, "true_wait": 20.0},
        {"knock_ev": 3.0, "wait_ev": 4.0, "true_knock": -25.0, "true_wait": 8.0},
    ]
    lines = knock_eval.report(rows)
    assert lines[0].startswith("2 decisions")
    assert "knock +13.00, wait -9.50" in lines[0]  # (-2 + 28) / 2, (-15 - 4) / 2
    assert "always knock -6.50, always wait 14.00" in lines[1]
    # Margin 0 knocks the first, waits the second: (12 + 8) / 2.
    zero = next(line for line in lines if "wait +0:" in line)
    assert f"{statistics.fmean([12.0, 8.0]):6.2f}" in zero


def test_report_scores_hards_margins_by_stock() -> None:
    early = knock_eval.hard.LATE_STOCK
    late = early - 1
    margin_gap = knock_eval.hard.knock_margin(late) - knock_eval.hard.knock_margin(early)
    assert margin_gap > 0, "hard asks more of a knock late in the hand"
    edge = knock_eval.hard.knock_margin(early) + margin_gap / 2
    # The same estimates (knock beats wait by between the two margins):
    # knocked early, waited late.
    rows = [
        {"knock_ev": edge, "wait_ev": 0.0, "true_knock": 10.0, "true_wait": 0.0, "stock": early},
        {"knock_ev": edge, "wait_ev": 0.0, "true_knock": 10.0, "true_wait": 4.0, "stock": late},
    ]  # fmt: skip
    lines = knock_eval.report(rows)
    assert "hard's margins by stock (knock_margin): 7.00 per decision" in lines  # (10 + 4) / 2
    assert any(line.startswith(f"  stock 16-{early - 1}: 1 decisions") for line in lines)
