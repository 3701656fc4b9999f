"""The hard level (``bot.ai.hard``) on rigged hands: gin taken from the pile or
the stock, obvious meld cards taken, a knock on the last chance, and discards
chosen among its best-scored few by play-outs."""

from __future__ import annotations

import random

import pytest

from bot.ai import decide
from bot.engine import (
    Action,
    ActionKind,
    Game,
    Phase,
)
from tests.helpers.deals import rig


def test_hard_goes_gin_and_never_throws_back_the_pile_card() -> None:
    """A rigged hand: taking the 9♠ from the pile completes gin."""
    game = rig(
        "AS 2S 3S 4H 5H 6H 7H 9D 9C KS",
        "KD QC JH TS 8C 7D 6C 5S 4D 3C",
        "9S",
    )
    view = game.view(0)
    assert decide(view, "hard", random.Random(0)).kind is ActionKind.TAKE_DISCARD
    game.apply(0, Action(ActionKind.TAKE_DISCARD))
    action = decide(game.view(0), "hard", random.Random(0))
    assert action.kind is ActionKind.KNOCK
    assert action.card is not None and action.card.code == "KS"
    outcome = game.apply(0, action)
    assert outcome.hand is not None and outcome.hand.end == "gin"


def test_hard_takes_an_obvious_meld_card() -> None:
    """The 8♥ completes a run and drops a lot of deadwood: take it."""
    game = rig(
        "6H 7H KS QD JC 9S 5D 3C 2S AD",
        "KD QC JH TS 8C 7D 6C 5S 4D 3D",
        "8H",
    )
    assert decide(game.view(0), "hard", random.Random(0)).kind is ActionKind.TAKE_DISCARD


def test_hard_goes_gin_from_the_stock() -> None:
    game = rig(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D KC",
        "KD QC JH TS 8C 7S 6C 5S 4D 3C",
        "KH",
        stock_top="TD",
    )
    game.apply(0, Action(ActionKind.PASS))
    game.apply(1, Action(ActionKind.PASS))
    game.apply(0, Action(ActionKind.DRAW_STOCK))
    action = decide(game.view(0), "hard", random.Random(0))
    assert action.kind is ActionKind.KNOCK
    assert action.card is not None and action.card.code == "KC"


def test_hard_knocks_on_its_last_chance() -> None:
    """One point of deadwood and the stock nearly gone: a plain discard would
    end the hand dead, so knock."""
    game = rig(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D AC",
        "KD QC JH TS 8C 7S 6C 5S 4D 3C",
        "KH",
        stock_top="QH",
    )
    game.apply(0, Action(ActionKind.PASS))
    game.apply(1, Action(ActionKind.PASS))
    game.stock = game.stock[-3:]
    game.apply(0, Action(ActionKind.DRAW_STOCK))
    action = decide(game.view(0), "hard", random.Random(0))
    assert action.kind is ActionKind.KNOCK
    assert action.card is not None and action.card.code == "QH"


def test_hard_discard_plays_out_its_three_best_and_picks_among_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The play-outs only tip the choice between hard's best-scored discards;
    with the weight at 0 hard throws its best score, and each card's
    play-out is computed once per decision (the knock rule reuses it)."""
    from bot.ai import hard
    from bot.ai.heuristics import allowed_discards

    game = Game.new(("a", "b"), seed=5, first_dealer=0)
    rng = random.Random(5)
    checked = 0
    while not game.is_over and checked < 12:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if view.public.phase is Phase.DISCARD:
            cards = allowed_discards(view)
            ctx = hard._Ctx(view, random.Random(checked))
            ranked = hard.ranked_discards(hard.discard_parts(cards, ctx))
            choice = hard._choose_discard(cards, ctx)
            assert choice in ranked[: hard.DISCARD_CARDS]
            assert set(ctx._waits) == set(ranked[: hard.DISCARD_CARDS])
            first = ctx._waits[choice]
            assert hard.wait_estimate(ctx, choice) == first
            with monkeypatch.context() as m:
                m.setattr(hard, "PLAYOUT_WEIGHT", 0.0)
                same_worlds = hard._Ctx(view, random.Random(checked))
                assert hard._choose_discard(cards, same_worlds) == ranked[0]
            checked += 1
        game.apply(seat, decide(view, "hard", rng))
    assert checked >= 6
