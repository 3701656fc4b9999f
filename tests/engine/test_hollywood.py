"""Hollywood scoring (``bot.engine.hollywood``), on hand-worked tables
(docs/RULES.md): columns opened and closed, and the sheet's words.  Every
expected number below is worked out by hand in docs/RULES.md's examples, not
computed."""

from __future__ import annotations

from bot.engine.hollywood import HollywoodRules, hollywood_sheet
from bot.engine.words import sheet_lines

A, B = 0, 1

#: docs/RULES.md, Hollywood worked example: (winner, points) per hand.
HOLLYWOOD_HANDS = [(A, 30), (B, 20), (A, 40), (A, 35), (B, 25), (A, 30), (B, 80)]


def test_hollywood_worked_example_column_by_column() -> None:
    rules = HollywoodRules()
    sheet = hollywood_sheet(HOLLYWOOD_HANDS[:4], rules)
    one, two, three = sheet.columns
    assert (one.points, one.hands, one.winner) == ((105, 20), (3, 1), A)
    assert (two.points, two.winner) == ((75, 0), None)
    assert (three.points, three.winner) == ((35, 0), None)
    assert one.tallies is not None
    assert [t.total for t in one.tallies] == [280, 45]  # 105+75+100 / 20+25

    sheet = hollywood_sheet(HOLLYWOOD_HANDS, rules)
    one, two, three = sheet.columns
    assert (two.points, two.hands, two.winner) == ((105, 25), (3, 1), A)
    assert (three.points, three.hands, three.winner) == ((65, 105), (2, 2), B)
    assert two.tallies is not None and three.tallies is not None
    assert [t.total for t in two.tallies] == [280, 50]
    assert [t.total for t in three.tallies] == [115, 255]
    assert sheet.finished
    assert sheet.totals == (675, 350)
    assert sheet.columns_won == (2, 1)
    assert sheet.leader == A


def test_hollywood_first_win_after_column_one_closed_enters_the_next_open_column() -> None:
    rules = HollywoodRules()
    sheet = hollywood_sheet([(A, 30)] * 4 + [(B, 10)], rules)
    one, two, three = sheet.columns
    # Column I: A won all four entries -> shutout doubles A's 120.
    assert one.winner == A and one.tallies is not None
    assert one.tallies[A].shutout and one.tallies[A].total == 120 * 2 + 4 * 25 + 100
    assert one.points == (120, 0)
    # B's first win goes to column II (the first open one), not nowhere.
    assert two.points == (90, 10) and three.points == (60, 0)


def test_hollywood_dead_hands_and_hands_after_the_end_change_nothing() -> None:
    rules = HollywoodRules(target=50)
    done = hollywood_sheet([(A, 60), (A, 60), (A, 60)], rules)
    assert done.finished
    again = hollywood_sheet([(A, 60), (None, 0), (A, 60), (A, 60), (B, 99)], rules)
    assert again == done


def test_hollywood_sheet_text_names_each_column() -> None:
    lines = sheet_lines(hollywood_sheet(HOLLYWOOD_HANDS, HollywoodRules()), ["Ann", "Bo"])
    assert lines[0] == "Game I: Ann 105 – 20 Bo — won by Ann (with bonuses 280 – 45)"
    assert lines[2] == "Game III: Ann 65 – 105 Bo — won by Bo (with bonuses 115 – 255)"
    assert lines[-1] == "Total: Ann 675 – 350 Bo"
