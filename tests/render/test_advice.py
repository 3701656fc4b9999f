"""The hand image's advice (``bot.render.advice``): the discard, melds and
verdict each assist level shows."""

from __future__ import annotations

from bot.engine.assist import Assist
from bot.engine.cards import parse_card
from bot.render import (
    render_hand,
)
from bot.render.advice import Verdict, advise, advise_view
from tests.helpers import samples

C = parse_card


def test_advice_eleven_cards() -> None:
    view = samples.seat_view()
    a = advise(view.hand, view.drawn, view.drawn_from_pile, 10)
    assert a.discard == C("KD")
    assert a.deadwood_value == 6
    assert a.verdict is Verdict.KNOCK
    assert sum(len(m.cards) for m in a.melds) + len(a.deadwood) == 10


def test_assist_levels_show_what_they_say() -> None:
    view = samples.seat_view()
    full, counts, off = (advise_view(view, level) for level in Assist)
    assert full == advise(view.hand, view.drawn, view.drawn_from_pile, view.public.knock_limit)
    # counts: the cards held grouped, their whole deadwood, nothing singled out.
    assert counts.discard is None and counts.best_discards == ()
    assert counts.deadwood_value == 16 and C("KD") in counts.deadwood
    assert counts.melds == full.melds and counts.verdict is Verdict.NONE
    # off: the cards in display order, nothing computed.
    assert not off.analysed and off.melds == () and off.deadwood == tuple(view.hand)
    images = [render_hand(view, assist=level) for level in Assist]
    assert len(set(images)) == 3
    assert images[0] == render_hand(view)  # full is today's image


def test_advice_never_suggests_the_card_taken_from_the_pile() -> None:
    hand = samples.cards("2H 3H 4H 9S 9D 9C 5C 6C 8D KS KD")
    free = advise(hand, C("KD"), False, 10)
    assert C("KD") in free.best_discards
    taken = advise(hand, C("KD"), True, 10)
    assert C("KD") not in taken.best_discards
    assert taken.discard == C("KS")


def test_advice_gin_and_big_gin() -> None:
    big = samples.cards("2H 3H 4H 5H 9S 9D 9C JS JD JC JH")
    assert advise(big, C("JH"), False, 10).verdict is Verdict.BIG_GIN
    gin = samples.cards("2H 3H 4H 5H 9S 9D 9C JS JD JC KH")
    a = advise(gin, C("KH"), False, 0)
    assert a.verdict is Verdict.GIN and a.discard == C("KH")
    assert advise(gin[:10], None, False, 0).verdict is Verdict.GIN_READY


def test_advice_gin_only_does_not_say_knock() -> None:
    hand = samples.cards("2H 3H 4H 9S 9D 9C 5S 5D 5C AC KD")
    assert advise(hand, C("KD"), False, 0).verdict is Verdict.NONE
    assert advise(hand, C("KD"), False, 3).verdict is Verdict.KNOCK
