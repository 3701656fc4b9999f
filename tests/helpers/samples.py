"""Hand-built views and results: the sample images in ``docs/``
(``docs/make_samples.py``), ``benchmarks/render.py`` and the render tests
(goldens included) all draw these, so they agree on what "a typical turn"
looks like.  Test-only: the bot never imports this module.

Built from plain dataclasses and the engine's meld search only (never the
game state machine), so they stay valid whatever the game module does.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine.cards import Card, parse_card
from bot.engine.melds import best_arrangement, best_layoff, knocker_arrangement, no_layoff
from bot.engine.records import (
    Event,
    EventKind,
    GameEnd,
    GameResult,
    HandEnd,
    HandResult,
    Phase,
    SeatTally,
)
from bot.engine.rules import Ruleset, Variant
from bot.engine.views import PublicView, SeatView


def cards(text: str) -> tuple[Card, ...]:
    """``"7H 8H 9H"`` -> cards."""
    return tuple(parse_card(t) for t in text.split())


def public_view(**changes: object) -> PublicView:
    """Mid-hand public state: Bob to discard, Alice took 7♠ from the pile."""
    base = PublicView(
        names=("Alice", "Bob"),
        ruleset=Ruleset(),
        phase=Phase.DISCARD,
        turn=0,
        dealer=1,
        hand_number=3,
        knock_limit=10,
        spade_double=False,
        discard_pile=cards("QD 4C 8S JH 3H"),
        stock_count=21,
        card_counts=(11, 10),
        scores=(37, 52),
        hands_won=(1, 1),
        known=(cards("7S"), ()),
        last_events=(
            Event(EventKind.DISCARD, 1, parse_card("3H")),
            Event(EventKind.DRAW_STOCK, 0),
        ),
        last_hand=None,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def seat_view(**changes: object) -> SeatView:
    """Alice, 11 cards after drawing 6♥ from the stock: two melds, can knock."""
    pub = public_view()
    base = SeatView(
        seat=0,
        hand=tuple(sorted(cards("5H 6H 7H 8H 7S 7D 7C 2C AS KD 3D"))),
        drawn=parse_card("6H"),
        drawn_from_pile=False,
        public=pub,
        legal=frozenset({"discard", "knock"}),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def oklahoma_view() -> PublicView:
    """Oklahoma with a spade upcard: knock limit 3, hand score doubled."""
    return public_view(
        ruleset=Ruleset(variant=Variant.OKLAHOMA),
        knock_limit=3,
        spade_double=True,
        discard_pile=cards("3S"),
        phase=Phase.UPCARD,
        turn=1,
        dealer=0,
        hand_number=1,
        stock_count=31,
        card_counts=(10, 10),
        scores=(0, 0),
        hands_won=(0, 0),
        known=((), ()),
        last_events=(Event(EventKind.DEAL, 0, parse_card("3S")),),
    )


def knock_result() -> HandResult:
    """Alice knocks with 6; Bob lays 4♥ and 9♥ off on her heart run."""
    knocker = cards("5H 6H 7H 8H 9C 9D 9S AS 2D 3C")
    defender = cards("JS QS KS 4H 9H KD QC 7C 3D 2C")
    arr = knocker_arrangement(knocker, defender)
    lay = best_layoff(defender, arr.melds)
    k = arr.deadwood_value
    d = lay.deadwood_value
    return HandResult(
        number=3,
        end=HandEnd.KNOCK,
        knocker=0,
        winner=0,
        points=d - k,
        doubled=False,
        knock_limit=10,
        knocker_melds=arr.melds,
        knocker_deadwood=arr.deadwood,
        knocker_discard=parse_card("TD"),
        defender_melds=lay.melds,
        defender_deadwood=lay.deadwood,
        layoffs=lay.laid_off,
        knocker_value=k,
        defender_value=d,
        totals=(37 + d - k, 52),
    )


def game_result() -> GameResult:
    """Alice reaches 100 first: 4 hands to 2."""
    return GameResult(
        winner=0,
        reason=GameEnd.TARGET,
        tallies=(
            SeatTally(hand_points=112, shutout=False, hands_won=4, line_bonus=100, game_bonus=100),
            SeatTally(hand_points=61, shutout=False, hands_won=2, line_bonus=50, game_bonus=0),
        ),
    )


def gin_result() -> HandResult:
    """Bob goes gin in Oklahoma with a spade upcard (points doubled)."""
    knocker = cards("2H 3H 4H 5H 9S 9D 9C JS JD JC")
    defender = cards("AS 3S 5C 7D 9H KH KC 2C 4D 6S")
    arr = best_arrangement(knocker)
    lay = no_layoff(defender)
    return HandResult(
        number=5,
        end=HandEnd.GIN,
        knocker=1,
        winner=1,
        points=2 * (25 + lay.deadwood_value),
        doubled=True,
        knock_limit=3,
        knocker_melds=arr.melds,
        knocker_deadwood=(),
        defender_melds=lay.melds,
        defender_deadwood=lay.deadwood,
        knocker_value=0,
        defender_value=lay.deadwood_value,
        totals=(40, 130),
    )


def dead_result() -> HandResult:
    """A dead hand: nobody scores."""
    return HandResult(
        number=4,
        end=HandEnd.DEAD,
        knocker=None,
        winner=None,
        points=0,
        doubled=False,
        knock_limit=10,
        totals=(37, 52),
    )


def shutout_game() -> GameResult:
    """Bob wins by Alice's resignation, with Alice shut out."""
    return GameResult(
        winner=1,
        reason=GameEnd.RESIGN,
        tallies=(SeatTally(0, False, 0, 0, 0), SeatTally(88, True, 3, 75, 100)),
    )
