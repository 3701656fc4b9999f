"""The public pile history in the views: who turned up, threw, passed on and
took each pile card, in order — and never a card drawn from the stock.

Why: the hard computer opponent remembers the whole hand from this history,
so it must be complete, in order, public-only, and survive a save and reload
(games stored before it existed still load, with an empty history).
"""

from __future__ import annotations

import copy
import random

from bot.engine import (
    Action,
    ActionKind,
    Event,
    EventKind,
    Game,
    Ruleset,
    game_from_dict,
    game_to_dict,
)
from bot.engine.cards import parse_card
from tests.helpers.deals import rig


def _kinds(game: Game) -> list[tuple[str, int, str | None]]:
    return [
        (e.kind.value, e.seat, None if e.card is None else e.card.code)
        for e in game.public_view().pile_history
    ]


def test_history_records_turn_up_pass_take_throw_in_order() -> None:
    game = rig(
        "AS 2S 3S 4H 5H 6H 7H 9D 9C KS",
        "KD QC JH TS 8C 7D 6C 5S 4D 3C",
        "9S",
        stock_top="2D 3D",
    )
    assert _kinds(game) == [("deal", 1, "9S")]
    game.apply(0, Action(ActionKind.PASS))
    game.apply(1, Action(ActionKind.TAKE_DISCARD))
    game.apply(1, Action(ActionKind.DISCARD, parse_card("KD")))
    # Seat 0 declines the K♦ by drawing from the stock: a pass on the K♦.
    game.apply(0, Action(ActionKind.DRAW_STOCK))
    game.apply(0, Action(ActionKind.DISCARD, parse_card("KS")))
    game.apply(1, Action(ActionKind.TAKE_DISCARD))
    assert _kinds(game) == [
        ("deal", 1, "9S"),
        ("pass", 0, "9S"),
        ("take_discard", 1, "9S"),
        ("discard", 1, "KD"),
        ("pass", 0, "KD"),
        ("discard", 0, "KS"),
        ("take_discard", 1, "KS"),
    ]
    # The stock card seat 0 drew (2♦) appears nowhere in the public history.
    for seat in (0, 1):
        history = game.view(seat).public.pile_history
        assert all(e.private_card is None for e in history)
        assert all(e.kind is not EventKind.DRAW_STOCK for e in history)
        assert parse_card("2D") not in {e.card for e in history}


def test_both_pass_then_forced_stock_draw_passes_on_the_upcard() -> None:
    game = rig(
        "AS 2S 3S 4H 5H 6H 7H 9D 9C KS",
        "KD QC JH TS 8C 7D 6C 5S 4D 3C",
        "9S",
    )
    game.apply(0, Action(ActionKind.PASS))
    game.apply(1, Action(ActionKind.PASS))
    game.apply(0, Action(ActionKind.DRAW_STOCK))
    assert _kinds(game) == [
        ("deal", 1, "9S"),
        ("pass", 0, "9S"),
        ("pass", 1, "9S"),
        ("pass", 0, "9S"),
    ]


def test_history_never_shows_a_hidden_card_and_restarts_each_hand() -> None:
    rng = random.Random(3)
    game = Game.new(("a", "b"), Ruleset(), seed=5)
    hands_seen = set()
    while not game.is_over and len(hands_seen) < 4:
        seat = game.turn
        assert seat is not None
        pub = game.public_view()
        history = pub.pile_history
        assert history and history[0].kind is EventKind.DEAL
        hands_seen.add(pub.hand_number)
        for other in (0, 1):
            hidden = game.hands[other] & ~game.known[other]
            for e in history:
                assert e.private_card is None
                assert e.card is not None and not (hidden >> e.card) & 1
        # Replaying the history rebuilds the pile: turned up or thrown on, taken off.
        pile = []
        for e in history:
            if e.kind in (EventKind.DEAL, EventKind.DISCARD):
                pile.append(e.card)
            elif e.kind is EventKind.TAKE_DISCARD:
                assert pile.pop() == e.card
            else:
                assert e.kind is EventKind.PASS and pile[-1] == e.card
        assert pile == list(pub.discard_pile)
        legal = sorted(game.legal(seat))
        kind = ActionKind(rng.choice(legal))
        if kind in (ActionKind.DISCARD, ActionKind.KNOCK):
            cards = [c for c in game.hand(seat) if not (game.drawn_from_pile and c == game.drawn)]
            if kind is ActionKind.KNOCK:
                cards = game.knock_discards(seat)
            game.apply(seat, Action(kind, rng.choice(cards)))
        else:
            game.apply(seat, Action(kind))
    assert len(hands_seen) > 1


def test_history_survives_a_reload_and_old_games_load_without_it() -> None:
    game = rig("AS 2S 3S 4H 5H 6H 7H 9D 9C KS", "KD QC JH TS 8C 7D 6C 5S 4D 3C", "9S")
    game.apply(0, Action(ActionKind.PASS))
    game.apply(1, Action(ActionKind.TAKE_DISCARD))
    game.apply(1, Action(ActionKind.DISCARD, parse_card("KD")))
    data = game_to_dict(game)
    again = game_from_dict(copy.deepcopy(data))
    assert again.public_view() == game.public_view()
    old = copy.deepcopy(data)
    del old["pile_history"]  # as stored before the history existed
    loaded = game_from_dict(old)
    assert loaded.public_view().pile_history == ()
    assert loaded.view(0).hand == game.view(0).hand
    # Play goes on, and the history picks up from there.
    loaded.apply(0, Action(ActionKind.TAKE_DISCARD))
    assert loaded.public_view().pile_history == (
        Event(EventKind.TAKE_DISCARD, 0, parse_card("KD")),
    )
