"""Hand-worked tables for group play's scoring (docs/RULES.md): Hollywood
columns, match standings and partnership team hands.  Every expected number
below is worked out by hand in docs/RULES.md's examples, not computed."""

from __future__ import annotations

import pytest

from bot.engine.hollywood import HollywoodRules, hollywood_sheet
from bot.engine.match import (
    FinishedGame,
    MatchError,
    MatchForm,
    MatchFormat,
    standing,
)
from bot.engine.partnership import (
    TeamRules,
    TeamScore,
    TeamScoring,
    pairings,
    team_hand,
    team_tally,
)
from bot.engine.records import HandEnd, HandResult
from bot.engine.words import sheet_lines, standing_line

A, B = 0, 1

# --- Hollywood -----------------------------------------------------------------

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


# --- Match play ----------------------------------------------------------------


def test_best_of_five_is_decided_at_three_wins() -> None:
    fmt = MatchFormat()
    games = [FinishedGame(A, (410, 95)), FinishedGame(B, (60, 380)), FinishedGame(A, (300, 120))]
    st = standing(fmt, games)
    assert st.wins == (2, 1) and st.winner is None and st.next_game == 4
    st = standing(fmt, [*games, FinishedGame(A, (333, 20))])
    assert st.wins == (3, 1) and st.winner == A and st.over
    assert standing_line(fmt, st, ["Ann", "Bo"]) == (
        "Match (best of 5): Ann 3 – 1 Bo — Ann wins the match"
    )
    with pytest.raises(MatchError):
        standing(fmt, [*games, FinishedGame(A, (1, 0)), FinishedGame(B, (0, 1))])


def test_match_game_target_is_250_unless_the_server_set_one() -> None:
    assert MatchFormat().per_game_target(None) == 250
    assert MatchFormat().per_game_target(150) == 150
    assert MatchFormat(MatchForm.MULTI).per_game_target(150) == 100


def test_multi_match_credits_each_match_to_the_game_score() -> None:
    fmt = MatchFormat(MatchForm.MULTI, game_target=500)
    games = [FinishedGame(A, (250, 30)), FinishedGame(B, (60, 210))]
    st = standing(fmt, games)
    assert st.scores == (310, 240) and st.winner is None
    st = standing(fmt, [*games, FinishedGame(A, (230, 45))])
    assert st.scores == (540, 285) and st.winner == A
    assert standing_line(fmt, st, ["Ann", "Bo"]).startswith("Multi-match to 500: Ann 540 – 285")


@pytest.mark.parametrize("games", [0, 2, 4, 11])
def test_absurd_match_lengths_are_refused(games: int) -> None:
    with pytest.raises(MatchError, match="best of 1, 3, 5, 7 or 9"):
        MatchFormat(games=games)


# --- Partnership -----------------------------------------------------------------


def knock(winner: int, k: int, d: int, end: HandEnd = HandEnd.KNOCK) -> HandResult:
    """A table's result; the two-player points as the engine scores them."""
    knocker = winner if end is not HandEnd.UNDERCUT else 1 - winner
    points = {
        HandEnd.KNOCK: d - k,
        HandEnd.UNDERCUT: 25 + k - d,
        HandEnd.GIN: 25 + d,
        HandEnd.BIG_GIN: 31 + d,
    }[end]
    return HandResult(
        number=1,
        end=end,
        knocker=knocker,
        winner=winner,
        points=points,
        doubled=False,
        knock_limit=10,
        knocker_value=k,
        defender_value=d,
    )


DEAD = HandResult(1, HandEnd.DEAD, None, None, 0, False, 10)


def test_opponents_rotate_between_hands() -> None:
    assert pairings(1) == ((0, 0), (1, 1))
    assert pairings(2) == ((0, 1), (1, 0))
    assert pairings(3) == pairings(1)


@pytest.mark.parametrize(
    ("tables", "winner", "points", "bonus"),
    [
        # A1 knocks 5 v 22 (17); B2 gins v 14 (14): A by 3, B's gin earns nothing.
        ((knock(A, 5, 22), knock(B, 0, 14, HandEnd.GIN)), A, 3, 0),
        # A1 gins v 12; A2 undercuts B2's 8 with 6: 12 + 2, small gin 10, undercut 20.
        ((knock(A, 0, 12, HandEnd.GIN), knock(A, 8, 6, HandEnd.UNDERCUT)), A, 44, 30),
        # Both A players go gin (one big gin): 20 + 9, big gin 30.
        ((knock(A, 0, 20, HandEnd.GIN), knock(A, 0, 9, HandEnd.BIG_GIN)), A, 59, 30),
        # 10 each way: level, nobody scores.
        ((knock(A, 3, 13), knock(B, 2, 12)), None, 0, 0),
        ((DEAD, DEAD), None, 0, 0),
        # An undercut at equal deadwood is 0 points but a won table: B scores 20.
        ((knock(B, 7, 7, HandEnd.UNDERCUT), DEAD), B, 20, 20),
        # B wins both tables by knocking: 4 + 9, no bonus.
        ((knock(B, 6, 10), knock(B, 1, 10)), B, 13, 0),
    ],
)
def test_team_hands_with_the_published_team_bonuses(
    tables: tuple[HandResult, HandResult], winner: int | None, points: int, bonus: int
) -> None:
    hand = team_hand(tables, TeamRules())
    assert (hand.winner, hand.points, hand.bonus) == (winner, points, bonus)


def test_team_hands_scored_table_by_table() -> None:
    rules = TeamRules(scoring=TeamScoring.TABLES)
    # The first example again: 17 against gin's 25 + 14 = 39: B by 22.
    hand = team_hand((knock(A, 5, 22), knock(B, 0, 14, HandEnd.GIN)), rules)
    assert (hand.winner, hand.points, hand.table_points) == (B, 22, (17, 39))


def test_spade_double_applies_to_table_points() -> None:
    doubled = HandResult(1, HandEnd.KNOCK, A, A, 12, True, 5, knocker_value=4, defender_value=10)
    assert team_hand((doubled, DEAD), TeamRules()).points == 12


def test_team_game_tally() -> None:
    score = TeamScore()
    for tables in [
        (knock(A, 5, 22), knock(B, 0, 14, HandEnd.GIN)),  # A 3
        (knock(A, 0, 12, HandEnd.GIN), knock(A, 8, 6, HandEnd.UNDERCUT)),  # A 44
        (knock(A, 0, 20, HandEnd.GIN), knock(A, 0, 9, HandEnd.BIG_GIN)),  # A 59
        (knock(A, 3, 13), knock(B, 2, 12)),  # level
    ]:
        score = score.after(team_hand(tables, TeamRules()))
    assert score.scores == (106, 0) and score.hands_won == (3, 0)
    a, b = team_tally(score, A, game_bonus=100, line_bonus=25, shutout=True)
    assert a.total == 106 * 2 + 75 + 100 and b.total == 0


def test_scoring_is_a_setting_and_nonsense_is_refused() -> None:
    from bot.engine import Ruleset, RulesetError, Scoring

    assert Ruleset().with_setting("scoring", " Hollywood ").scoring is Scoring.HOLLYWOOD
    with pytest.raises(RulesetError, match="scoring must be one of: standard, hollywood"):
        Ruleset().with_setting("scoring", "bollywood")
    old = Ruleset().to_dict()
    del old["scoring"]  # a ruleset stored before the setting existed
    assert Ruleset.from_dict(old).scoring is Scoring.STANDARD
