"""Alt text: what a screen reader says for each image, and that the public
ones never name a card a player holds."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Assist, Game, HandEnd, Ruleset
from bot.render.alt_text import MAX_ALT, board_alt, fit, hand_alt, reveal_alt, tally_alt
from tests.helpers import samples
from tests.helpers.play import random_action


def test_hand_alt_reads_melds_deadwood_and_what_to_do() -> None:
    assert hand_alt(samples.seat_view()) == (
        "Your hand: run 5♥ 6♥ 7♥ 8♥, set 7♠ 7♦ 7♣; deadwood A♠ 3♦ K♦ 2♣; "
        "6 after your best discard; you drew the 6♥ from the stock; you can knock; your move."
    )
    ten = samples.seat_view(
        hand=samples.cards("5H 6H 7H 8H 7S 7D 7C 2C AS 3D"), drawn=None, legal=frozenset()
    )
    ten = replace(ten, public=replace(ten.public, turn=1))
    assert hand_alt(ten).endswith("deadwood A♠ 3♦ 2♣ = 6; Bob to move.")


def test_hand_alt_says_no_more_than_the_assistance_level() -> None:
    view = samples.seat_view()
    counts = hand_alt(view, Assist.COUNTS)
    assert counts == (
        "Your hand: run 5♥ 6♥ 7♥ 8♥, set 7♠ 7♦ 7♣; deadwood A♠ 3♦ K♦ 2♣ = 16; "
        "you drew the 6♥ from the stock; your move."
    )
    assert hand_alt(view, Assist.OFF) == (
        "Your hand, 11 cards in suit order: "
        + " ".join(c.label for c in view.hand)
        + "; you drew the 6♥ from the stock; your move."
    )
    assert hand_alt(view, Assist.FULL) == hand_alt(view)


def test_board_alt_reads_the_table() -> None:
    assert board_alt(samples.public_view()) == (
        "Gin board, hand 3: Alice 37, Bob 52, playing to 100; top of the discard pile 3♥ "
        "(below it J♥ 8♠ 4♣); 21 cards in the stock; Alice holds 11 cards, Bob holds 10; "
        "Alice took 7♠ from the pile; Alice to move."
    )


def test_reveal_and_tally_alt() -> None:
    text = reveal_alt(samples.knock_result(), samples.public_view())
    assert text.startswith("Hand 3: Alice knocked with 6: run 5♥ 6♥ 7♥ 8♥, set 9♠ 9♦ 9♣, ")
    assert "Bob: run J♠ Q♠ K♠, laid off 4♥ 9♥, deadwood" in text
    dead = replace(samples.knock_result(), end=HandEnd.DEAD, winner=None, knocker=None)
    assert reveal_alt(dead, samples.public_view()) == "Hand 3: dead hand, no points."
    assert tally_alt(samples.game_result(), samples.public_view()).startswith(
        "Final tally: Alice wins, Alice 312, Bob 111"
    )


def test_every_text_fits_discords_limit() -> None:
    long = samples.public_view(names=("W" * 2000, "Ü" * 2000))
    for text in (board_alt(long), tally_alt(samples.game_result(), long)):
        assert len(text) <= MAX_ALT and text.endswith("…")
    assert fit("a b c", 4) == "a…" and fit("abc", 3) == "abc"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 80))
def test_board_alt_never_names_a_hidden_card(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    g = Game.new(("Ana", "Bo"), Ruleset(), seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(*random_action(g, rng))
    public = g.public_view()
    text = board_alt(public)
    known = set(public.known[0]) | set(public.known[1])
    hidden = (set(g.hand(0)) | set(g.hand(1)) | set(g.stock)) - known
    for card in hidden:
        assert card.label not in text, (card, text)
