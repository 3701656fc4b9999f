"""Views cross to the render workers by pickle: they must come back equal,
and every record a view holds must take the fast path of
:mod:`bot.engine.pickling` (a new record type would silently fall back to
the dataclass pickling that costs ~4x on the event loop)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Iterator

import pytest

from bot.engine import Action, ActionKind, Game, Ruleset
from bot.engine.cards import Card
from bot.engine.match import MatchForm
from bot.engine.pickling import by_position
from bot.engine.rules import Scoring, Variant

RULESETS = [
    Ruleset(target=30),
    Ruleset(variant=Variant.OKLAHOMA, target=30),
    Ruleset(scoring=Scoring.HOLLYWOOD, target=30),
    Ruleset(match=MatchForm.BEST_OF, match_games=3, target=20),
]


def _views(ruleset: Ruleset, seed: int) -> Iterator[object]:
    """Every view of a game played to its end, both seats, move by move."""
    game = Game.new(("Ana", "Bo"), ruleset, seed=seed)
    for _ in range(2000):
        yield game.view(0)
        yield game.view(1)
        seat = game.turn
        if seat is None:
            return
        legal = game.legal(seat)
        if ActionKind.BIG_GIN in legal:
            game.apply(seat, Action(ActionKind.BIG_GIN))
        elif ActionKind.KNOCK in legal:
            game.apply(seat, Action(ActionKind.KNOCK, game.knock_discards(seat)[0]))
        elif ActionKind.PASS in legal:
            game.apply(seat, Action(ActionKind.PASS))
        elif ActionKind.DRAW_STOCK in legal:
            game.apply(seat, Action(ActionKind.DRAW_STOCK))
        else:
            game.apply(seat, Action(ActionKind.DISCARD, game.best_discard(seat)))
    raise AssertionError("the game did not end")


def _records(obj: object) -> Iterator[object]:
    """``obj`` and every dataclass and card inside it."""
    if isinstance(obj, Card):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        yield obj
        for f in dataclasses.fields(obj):
            yield from _records(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list, frozenset, set)):
        for item in obj:
            yield from _records(item)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: f"{r.variant}-{r.scoring}-{r.match}")
def test_views_round_trip_equal_through_the_fast_path(ruleset: Ruleset) -> None:
    kinds: set[type] = set()
    for i, view in enumerate(_views(ruleset, seed=7)):
        back = pickle.loads(pickle.dumps(view, pickle.HIGHEST_PROTOCOL))
        assert back == view
        if i % 8 == 0:
            assert copy.deepcopy(view) == view
            for record in _records(view):
                kinds.add(type(record))
                assert type(record).__reduce__ is not object.__reduce__, type(record).__name__
    assert Card in kinds and len(kinds) >= 4  # the walk reached the records


def test_a_card_comes_back_a_card() -> None:
    card = Card(51)
    back = pickle.loads(pickle.dumps(card))
    assert type(back) is Card and back == card and back.code == card.code


def test_a_field_outside_init_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Derived:
        a: int
        b: int = dataclasses.field(init=False, default=0)

    with pytest.raises(TypeError):
        by_position(Derived)
