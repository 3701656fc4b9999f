"""Cards, their notation and a seeded deck.

A card is a small int (``suit * 13 + rank``; rank 0 is the ace, 12 the king;
suits in the order spades, hearts, diamonds, clubs).  Using ints everywhere
lets the meld search work on 52-bit masks, which is what makes it fast; the
:class:`Card` subclass only adds names for people.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .errors import EngineError, Phrase

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: Point value of each rank: A = 1, 2-10 face value, J Q K = 10.
RANK_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


class CardError(EngineError):
    """Text that is not a card, raised by :func:`parse_card` (and so
    :func:`parse_cards`); its words show the expected form."""


class Card(int):
    """One of the 52 cards; an ``int`` so masks and tables can index by it."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        # An int subclass pickles through copyreg (~4x slower); views carry
        # dozens of cards to the render workers (see .pickling).
        return Card, (int(self),)

    @property
    def rank(self) -> int:
        return self % 13

    @property
    def suit(self) -> int:
        return self // 13

    @property
    def value(self) -> int:
        return RANK_VALUES[self % 13]

    @property
    def code(self) -> str:
        """Two-character ASCII code (``TD``, ``AS``) used in storage and the oracle."""
        return RANKS[self % 13] + SUITS[self // 13]

    @property
    def label(self) -> str:
        """What players read: ``10♦``, ``A♠``."""
        return RANK_NAMES[self % 13] + SUIT_SYMBOLS[self // 13]

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card({self.code})"


#: The 52 cards, indexed by their int value.
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
FULL_DECK_MASK = (1 << 52) - 1

_RANK_ALIASES = {
    "A": 0,
    "2": 1,
    "3": 2,
    "4": 3,
    "5": 4,
    "6": 5,
    "7": 6,
    "8": 7,
    "9": 8,
    "10": 9,
    "T": 9,
    "J": 10,
    "Q": 11,
    "K": 12,
}
_SUIT_ALIASES = {
    "S": 0,
    "♠": 0,
    "♤": 0,
    "H": 1,
    "♥": 1,
    "♡": 1,
    "D": 2,
    "♦": 2,
    "♢": 2,
    "C": 3,
    "♣": 3,
    "♧": 3,
}


def card_of(rank: int, suit: int) -> Card:
    return CARDS[suit * 13 + rank]


def parse_card(text: str) -> Card:
    """Parse what a player typed: ``AS``, ``as``, ``10H``, ``TH``, ``Q♦``, ``q♦️``.

    Raises :class:`CardError` whose message names the expected form.
    """
    cleaned = "".join(ch for ch in text.strip() if ch not in "\ufe0f\ufe0e \t").upper()
    if len(cleaned) >= 2:
        rank = _RANK_ALIASES.get(cleaned[:-1])
        suit = _SUIT_ALIASES.get(cleaned[-1])
        if rank is not None and suit is not None:
            return card_of(rank, suit)
    shown = text.strip()[:20]
    raise CardError("err.card.not_a_card", text=shown or Phrase("err.card.nothing"))


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """Cards of a mask in ascending int order (suit, then rank)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(CARDS[c].label for c in cards)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A full deck in the order ``rng`` gives; the last card is the top."""
    deck = list(CARDS)
    rng.shuffle(deck)
    return deck
