"""The look-ahead's card arithmetic: the fast discard search gives exactly
what trying every card gives."""

from __future__ import annotations

import random

from bot.ai import lookahead
from bot.engine.cards import RANK_VALUES
from bot.engine.melds import min_deadwood_mask


def _plain(hand11: int, forbidden: int) -> tuple[int, int]:
    """Every card tried: least deadwood, then the higher value, then the
    lower card int."""
    options = [
        (min_deadwood_mask(hand11 & ~(1 << c)), -RANK_VALUES[c % 13], c)
        for c in range(52)
        if (hand11 >> c) & 1 and c != forbidden
    ]
    dw, _, card = min(options)
    return card, dw


def _hands(rng: random.Random, n: int) -> list[list[int]]:
    """Random 11-card hands, every other one built around a run and a set so
    that melded cards (and quads) are common."""
    out = []
    for i in range(n):
        cards = rng.sample(range(52), 11)
        if i % 2:
            suit, rank = rng.randrange(4), rng.randrange(9)
            run = [suit * 13 + rank + j for j in range(rng.randint(3, 5))]
            rank2 = rng.randrange(13)
            same = [s * 13 + rank2 for s in range(4)][: rng.randint(3, 4)]
            cards = list(dict.fromkeys(run + same + cards))[:11]
        out.append(cards)
    return out


def test_best_discard_matches_trying_every_card() -> None:
    rng = random.Random(7)
    for cards in _hands(rng, 400):
        hand = sum(1 << c for c in cards)
        for forbidden in (-1, rng.choice(cards)):
            lookahead._discard_cache.clear()
            assert lookahead.best_discard(hand, forbidden) == _plain(hand, forbidden)


def test_best_discard_never_throws_the_forbidden_card() -> None:
    # A-2-3 of spades melded; the ten, the jack, the queen and the king tie
    # for the highest throw, and the lowest card int of them (the ten of
    # spades) breaks the tie.  Forbidden, the king of spades is next.
    cards = [0, 1, 2, 12, 9, 13 + 5, 26 + 7, 39 + 3, 13 + 8, 26 + 10, 39 + 11]
    hand = sum(1 << c for c in cards)
    lookahead._discard_cache.clear()
    assert lookahead.best_discard(hand) == (9, _plain(hand, -1)[1])
    lookahead._discard_cache.clear()
    assert lookahead.best_discard(hand, 9) == (12, _plain(hand, 9)[1])
