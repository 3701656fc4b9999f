"""Partnership scoring (``bot.engine.partnership``), on hand-worked tables
(docs/RULES.md): rotating opponents, team hands table by table, the team
tally.  Every expected number below is worked out by hand in docs/RULES.md's
examples, not computed."""

from __future__ import annotations

import pytest

from bot.engine.partnership import (
    TeamRules,
    TeamScore,
    TeamScoring,
    pairings,
    team_hand,
    team_tally,
)
from bot.engine.records import HandEnd, HandResult

A, B = 0, 1


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
