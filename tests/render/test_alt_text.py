"""Alt text: what a screen reader says for each image, and that the public
ones never name a card a player holds."""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Assist, Game, HandEnd, Ruleset
from bot.i18n import Lang, plural
from bot.i18n import text as say_in
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
        "Alice drew 7♠ from the discard pile; Alice to move."
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


# --- every language ------------------------------------------------------------------

OTHER_LANGS = [lang for lang in Lang if lang is not Lang.EN]


def alt_texts(lang: Lang) -> dict[str, str]:
    """Each image's alt text in ``lang`` (the hand at every assistance level)."""
    public = samples.public_view()
    texts = {
        f"hand {assist.value}": hand_alt(samples.seat_view(), assist, lang=lang)
        for assist in Assist
    }
    texts["hand, the other's turn"] = hand_alt(
        samples.seat_view(public=replace(public, turn=1), drawn=None), lang=lang
    )
    texts["board"] = board_alt(public, lang=lang)
    texts["reveal"] = reveal_alt(samples.knock_result(), public, lang=lang)
    texts["reveal, gin"] = reveal_alt(samples.gin_result(), samples.oklahoma_view(), lang=lang)
    texts["reveal, dead"] = reveal_alt(samples.dead_result(), public, lang=lang)
    texts["tally"] = tally_alt(samples.game_result(), public, lang=lang)
    return texts


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_alt_texts_speak_the_images_language(lang: Lang) -> None:
    english, theirs = alt_texts(Lang.EN), alt_texts(lang)
    for name, said in theirs.items():
        assert said and len(said) <= MAX_ALT, name
        assert said != english[name], f"{name} is still English"
    # Their words, where English has its own.
    say = functools.partial(say_in, lang)
    hand = theirs["hand full"]
    assert hand.startswith(
        say("img.alt.hand.melds", melds=say("img.alt.meld.run", cards="5♥ 6♥ 7♥ 8♥"))
    )
    assert hand.endswith(say("img.alt.your_move") + ".")
    assert say("img.alt.hand.can_knock") in hand
    assert say("img.alt.hand.drew_stock", card=samples.seat_view().drawn) in hand
    assert theirs["hand, the other's turn"].endswith(say("img.alt.to_move", name="Bob") + ".")
    assert plural(lang, "img.alt.hand.off", 11, cards="").rstrip() in theirs["hand off"]
    board = theirs["board"]
    assert plural(lang, "img.alt.board.stock", 21) in board
    assert say("img.alt.board.known", name="Alice", cards="7♠") in board
    assert say("img.alt.board.top", card="3♥") in board
    dead = samples.dead_result().number
    assert theirs["reveal, dead"] == say("img.alt.reveal.dead", number=dead)
    assert say("img.alt.reveal.how.knock", value=6) in theirs["reveal"]
    assert say("img.alt.reveal.how.gin") in theirs["reveal, gin"]
    assert say("img.alt.tally.wins", winner="Alice") in theirs["tally"]
    # No English phrase where the language has its own.
    for phrase in ("your move", "Your hand", "discard pile", "in the stock", "Final tally"):
        assert not any(phrase in said for said in theirs.values()), phrase


def test_a_count_takes_its_languages_plural_form() -> None:
    one = samples.public_view(stock_count=1, card_counts=(1, 10))
    assert "1 card in the stock" in board_alt(one)
    assert "Alice holds 1 card, Bob holds 10" in board_alt(one)
    assert "1 carte dans la pioche" in board_alt(one, lang=Lang.FR)
    zero = samples.public_view(stock_count=0)
    assert "0 cards in the stock" in board_alt(zero)
    assert "0 carte dans la pioche" in board_alt(zero, lang=Lang.FR)  # French: 0 is singular
    assert "0 Karten im Talon" in board_alt(zero, lang=Lang.DE)
