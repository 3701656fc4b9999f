"""Where the discard menu offers a knock, at each assistance level
(``bot.discord_ui.assistance``): only with a card the player may knock with,
and only as far as the level lets the bot single cards out.

The hand: a set of four sevens, A♥ 2♥ 3♥ and 9♣ 10♣ J♣, and the K♦ just drawn
— 10 deadwood held.  Discarding the K♦ is gin; discarding any seven leaves
the set of three and the K♦: a knock at 10.  Every other card leaves more.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_ui.assistance import (
    BACK,
    PICK_KNOCK,
    MenuPick,
    discard_options,
    knock_offers,
    knock_options,
    split_value,
)
from bot.engine import Action, ActionKind, Assist, Game, Ruleset, Variant, parse_card
from bot.i18n import Lang
from bot.service.models import GameSnapshot, GameStatus
from bot.service.views import turn_of
from tests.helpers.deals import rig

EN = Lang.EN

HAND = "7S 7H 7D 7C AH 2H 3H 9C TC JC"
OTHER = "KH QD JS 9S 8C 5D 4H AC TH 8H"
SEVENS = {"7S", "7H", "7D", "7C"}


def drawn(ruleset: Ruleset | None = None, upcard: str = "5C", draw: str = "KD") -> Game:
    """Seat 0 to discard, holding :data:`HAND` and ``draw`` from the stock."""
    game = rig(HAND, OTHER, upcard, stock_top=draw, ruleset=ruleset)
    game.apply(0, Action(ActionKind.PASS))
    game.apply(1, Action(ActionKind.PASS))
    game.apply(0, Action(ActionKind.DRAW_STOCK))
    return game


def turn(game: Game, assist: Assist) -> Any:
    snap = GameSnapshot(
        id=1,
        guild_id=1,
        channel_id=1,
        players=(10, 20),
        version=3,
        status=GameStatus.ACTIVE,
        game=game,
        ai_level=None,
        turn_deadline=None,
        board_message_id=None,
        board_posted_at=None,
        created_at=0.0,
        updated_at=0.0,
        assist=assist,
    )
    return turn_of(snap, 0)


def offered(game: Game, assist: Assist) -> dict[str, bool] | None:
    offers = knock_offers(turn(game, assist))
    return None if offers is None else {o.card.code: o.gin for o in offers}


def labels(options: list[Any]) -> list[str]:
    return [o.label for o in options]


def test_full_offers_exactly_the_legal_knocks() -> None:
    game = drawn()
    legal = {c.code for c, left in game.deadwood_after(0).items() if left <= game.knock_limit}
    assert offered(game, Assist.FULL) == {"KD": True, **dict.fromkeys(SEVENS, False)}
    assert set(offered(game, Assist.FULL) or {}) == legal
    options = discard_options(EN, turn(game, Assist.FULL))
    knocks = [o for o in options if o.value.startswith("k:")]
    assert knocks[0].label == "Gin, discarding K♦"
    assert all(o.description == "leaves 10 deadwood" for o in knocks[1:])
    assert len(options) == 11 + 5


def test_counts_offers_only_what_the_image_lets_the_player_add_up() -> None:
    """The image shows 10 deadwood (the K♦): gin with the K♦ is the sum the
    player can do.  The knocks with a seven break a meld the image shows,
    so they are not offered (``/gin knock`` still plays them)."""
    game = drawn()
    assert offered(game, Assist.COUNTS) == {"KD": True}
    options = discard_options(EN, turn(game, Assist.COUNTS))
    assert labels(options)[-1] == "Gin, discarding K♦"
    assert all(o.description is None for o in options)  # nothing per card


def test_counts_offers_no_knock_at_high_deadwood() -> None:
    """The new player's complaint: about 50 deadwood between people, and a
    knock offered with every card.  Now none is."""
    game = rig("2S 5H 8D JC KS 3C 6D 9H QC 4S", OTHER, "5C", stock_top="KD")
    for seat, kind in ((0, ActionKind.PASS), (1, ActionKind.PASS), (0, ActionKind.DRAW_STOCK)):
        game.apply(seat, Action(kind))
    for assist in (Assist.FULL, Assist.COUNTS):
        assert offered(game, assist) == {}
        options = discard_options(EN, turn(game, assist))
        assert not [o for o in options if o.value.startswith("k:")]
        assert len(options) == 11


def test_off_offers_one_knock_entry_that_opens_the_knock_menu() -> None:
    game = drawn()
    now = turn(game, Assist.OFF)
    assert knock_offers(now) is None
    options = discard_options(EN, now)
    assert [o.value for o in options[:-1]] == [c.code for c in game.view(0).hand]
    assert (options[-1].label, options[-1].value) == ("Knock…", PICK_KNOCK)
    menu = knock_options(EN, now)
    assert [o.value for o in menu[:-1]] == [f"k:{c.code}" for c in game.view(0).hand]
    assert menu[0].label.startswith("Knock, discarding ") and menu[-1].value == BACK
    assert split_value(PICK_KNOCK) == (MenuPick.PICK_KNOCK, "")
    assert split_value(BACK) == (MenuPick.BACK, "")
    assert split_value("k:7S") == (MenuPick.KNOCK, "7S")
    assert split_value("7S") == (MenuPick.DISCARD, "7S")


@pytest.mark.parametrize("assist", list(Assist))
def test_a_gin_only_table_offers_gin_and_never_a_knock(assist: Assist) -> None:
    game = drawn(Ruleset(variant=Variant.GIN_ONLY))
    assert game.knock_limit == 0
    options = discard_options(EN, turn(game, assist))
    words = labels(options) + labels(knock_options(EN, turn(game, assist)))
    assert not any(w.startswith("Knock") for w in words)
    if assist is not Assist.OFF:
        assert offered(game, assist) == {"KD": True}


def test_every_offer_is_a_knock_the_engine_takes() -> None:
    for assist in (Assist.FULL, Assist.COUNTS):
        for code in offered(drawn(), assist) or {}:
            game = drawn()
            outcome = game.apply(0, Action(ActionKind.KNOCK, parse_card(code)))
            assert outcome.hand is not None
