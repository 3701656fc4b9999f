"""The achievements as data (``bot.service.achievement_rules``): every entry
has a case it earns and a case it doesn't — adding an achievement is one
entry there and one row here (a test below fails for an entry without one)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import GameEnd, HandEnd
from bot.service import ACHIEVEMENTS, AiLevel
from bot.service.achievement_rules import Facts, GameFacts, HandFacts, SeasonFacts

HAND = HandFacts(end=HandEnd.KNOCK, won=True, knocked=True, points=12, doubled=False)
GAME = GameFacts(
    won=True,
    reason=GameEnd.TARGET,
    opponent_points=40,
    worst_deficit=20,
    games=4,
    latest_wins=(True, False),
    against=None,
    match=False,
    tournament_won=False,
)
GIN = replace(HAND, end=HandEnd.GIN, points=31)

#: Each achievement: facts that earn it, facts that don't.
CASES: dict[str, tuple[Facts, Facts]] = {
    "first_gin": (GIN, replace(GIN, knocked=False, won=False)),
    "big_gin": (replace(GIN, end=HandEnd.BIG_GIN), GIN),
    "undercut": (
        replace(HAND, end=HandEnd.UNDERCUT, knocked=False),
        replace(HAND, end=HandEnd.UNDERCUT, won=False),
    ),
    "fiftieth_card": (replace(GIN, fiftieth=True), GIN),
    "big_hand": (replace(HAND, points=50), replace(HAND, points=49)),
    "spade_double": (replace(HAND, doubled=True), replace(HAND, doubled=True, won=False)),
    "first_win": (GAME, replace(GAME, won=False)),
    "shutout": (
        replace(GAME, opponent_points=0),
        replace(GAME, opponent_points=0, reason=GameEnd.RESIGN),
    ),
    "comeback": (replace(GAME, worst_deficit=90), replace(GAME, worst_deficit=89)),
    "five_in_a_row": (
        replace(GAME, latest_wins=(True,) * 5),
        replace(GAME, latest_wins=(True,) * 4 + (False, True)),
    ),
    "ten_games": (replace(GAME, games=10, won=False), replace(GAME, games=9)),
    "hundred_games": (replace(GAME, games=100, won=False), replace(GAME, games=99)),
    "hard_beaten": (
        replace(GAME, against=AiLevel.HARD),
        replace(GAME, against=AiLevel.NORMAL),
    ),
    "match_won": (replace(GAME, match=True), replace(GAME, match=True, won=False)),
    "tournament_won": (replace(GAME, tournament_won=True), GAME),
    "podium": (SeasonFacts(3), SeasonFacts(4)),
    "season_won": (SeasonFacts(1), SeasonFacts(2)),
}


def test_there_are_a_dozen_or_more_each_with_its_case() -> None:
    ids = [a.id for a in ACHIEVEMENTS]
    assert len(ids) >= 12 and len(set(ids)) == len(ids)
    assert set(ids) == set(CASES)
    assert len({a.name for a in ACHIEVEMENTS}) == len(ids)
    for a in ACHIEVEMENTS:
        assert a.description.endswith(".") and len(a.name) <= 20, a.id


@pytest.mark.parametrize("achievement", ACHIEVEMENTS, ids=lambda a: a.id)
def test_each_is_earned_by_its_case_only(achievement: object) -> None:
    rule = next(a for a in ACHIEVEMENTS if a is achievement)
    earning, not_earning = CASES[rule.id]
    assert rule.earned(earning)
    assert not rule.earned(not_earning)
    # A predicate reads its own moment's facts only.
    for other in (HAND, GAME, SeasonFacts(1)):
        if type(other) is not type(earning):
            assert not rule.earned(other)
