"""The achievements as data (``bot.service.achievement_rules``): every entry
has a case it earns and a case it doesn't — adding an achievement is one
entry there, its words in every language's ``season.po`` and one row here
(a test below fails for an entry without one, or without its words)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import GameEnd, HandEnd
from bot.i18n import Lang, catalogs
from bot.service import ACHIEVEMENTS, AiLevel
from bot.service.achievement_rules import Facts, GameFacts, HandFacts, SeasonFacts, award_of

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


@pytest.mark.parametrize("lang", list(Lang), ids=[lang.value for lang in Lang])
def test_each_has_its_name_and_description_in_every_language(lang: Lang) -> None:
    """Its own words in ``lang`` (not English standing in): a name no other
    achievement has, and a sentence; counted (plural forms, the number
    written in) exactly when the entry names a number."""
    texts = catalogs()[lang].texts
    names = []
    for a in ACHIEVEMENTS:
        name, description = texts.get(a.name_key), texts.get(a.description_key)
        assert isinstance(name, str) and name, (lang, a.id)
        names.append(name)
        if a.n is None:
            assert isinstance(description, str), (lang, a.id)
            forms: tuple[str, ...] = (description,)
        else:
            assert isinstance(description, tuple), (lang, a.id)
            forms = description
            assert all("{n}" in form for form in forms), (lang, a.id)
        assert all(form.rstrip().endswith(".") for form in forms), (lang, a.id)
        award = award_of(a, 1, 2, 0.0, None)
        assert (award.name_key, award.description_key, award.n) == (
            a.name_key,
            a.description_key,
            a.n,
        )
    assert len(set(names)) == len(names), lang


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
