import random

import pytest

from bot.engine.cards import CARDS, CardError, format_cards, parse_card, shuffled_deck


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("AS", "AS"),
        ("As", "AS"),
        ("as", "AS"),
        ("10H", "TH"),
        ("10h", "TH"),
        ("TH", "TH"),
        ("th", "TH"),
        ("QD", "QD"),
        ("Q♦", "QD"),
        ("q♦", "QD"),
        ("q♦️", "QD"),
        ("7C", "7C"),
        ("7♣", "7C"),
        ("K♠️", "KS"),
        (" 2 ♥ ", "2H"),
        ("j♥", "JH"),
    ],
)
def test_every_notation_parses(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "1S", "11H", "ZZ", "A", "S", "AX", "10", "♦Q", "AS AH", "0C"])
def test_bad_text_names_the_expected_form(text: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert "e.g. 7h, 10S, TD, Q♦" in str(err.value)


def test_labels_and_codes_round_trip() -> None:
    for card in CARDS:
        assert parse_card(card.code) == card
        assert parse_card(card.label) == card
    assert format_cards([parse_card("10d"), parse_card("as")]) == "10♦ A♠"


def test_seeded_deck_is_reproducible_and_complete() -> None:
    a = shuffled_deck(random.Random(3))
    b = shuffled_deck(random.Random(3))
    assert a == b
    assert sorted(a) == list(CARDS)
    assert a != shuffled_deck(random.Random(4))
