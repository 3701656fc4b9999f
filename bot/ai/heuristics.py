"""Shared hand arithmetic for every level: legal discards, meld outs, danger.

All functions work on 52-bit masks with the engine's table-driven meld search,
so a whole decision costs well under a millisecond at easy and normal.
"""

from __future__ import annotations

from bot.engine.cards import CARDS, RANK_VALUES
from bot.engine.melds import min_deadwood_mask
from bot.engine.records import Action, ActionKind
from bot.engine.views import SeatView

from .knowledge import Knowledge

RANK_MASKS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def bits(mask: int) -> list[int]:
    """Card ints of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def value(card: int) -> int:
    return RANK_VALUES[card % 13]


def allowed_discards(view: SeatView) -> list[int]:
    """Cards this seat may throw now: never the card just taken from the pile."""
    cards = [int(c) for c in view.hand]
    if view.drawn_from_pile and view.drawn is not None:
        cards = [c for c in cards if c != int(view.drawn)]
    return cards


def neighbours(card: int) -> int:
    """Mask of the cards that can share a meld with ``card`` as its direct
    partners: the same rank in other suits and the two ranks either side."""
    rank = card % 13
    suit_base = card - rank
    m = RANK_MASKS[rank] & ~(1 << card)
    for r in (rank - 2, rank - 1, rank + 1, rank + 2):
        if 0 <= r < 13:
            m |= 1 << (suit_base + r)
    return m


def joins_meld(hand: int, card: int) -> bool:
    """True if ``card`` is part of some meld of ``hand`` plus the card."""
    rank = card % 13
    if (hand & RANK_MASKS[rank] & ~(1 << card)).bit_count() >= 2:
        return True
    suit_base = card - rank

    def has(r: int) -> bool:
        return 0 <= r < 13 and bool((hand >> (suit_base + r)) & 1)

    return (
        (has(rank - 1) and has(rank - 2))
        or (has(rank - 1) and has(rank + 1))
        or (has(rank + 1) and has(rank + 2))
    )


def deadwood_after(hand: int, cards: list[int]) -> dict[int, int]:
    """For each candidate discard: the least deadwood of the other cards."""
    return {c: min_deadwood_mask(hand & ~(1 << c)) for c in cards}


def best_after_take(hand: int, card: int) -> int:
    """Least deadwood after taking ``card`` and discarding anything but it."""
    h = hand | (1 << card)
    return min(min_deadwood_mask(h & ~(1 << c)) for c in bits(hand))


def danger(card: int, k: Knowledge) -> float:
    """How likely ``card`` helps the opponent: partners they are known to hold
    count heavily, live (unseen) partners a little; dead partners not at all."""
    rank = card % 13
    suit_base = card - rank
    known = k.opp_known
    same = RANK_MASKS[rank] & ~(1 << card)
    score = 0.0
    ks = (known & same).bit_count()
    if ks >= 2:
        score += 6.0
    elif ks == 1:
        score += 2.0
    for lo, hi in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
        if lo < 0 or hi > 12:
            continue
        a = 1 << (suit_base + lo)
        b = 1 << (suit_base + hi)
        na = 2 if known & a else (1 if k.unseen & a else 0)
        nb = 2 if known & b else (1 if k.unseen & b else 0)
        if na and nb:
            score += {2: 0.15, 3: 2.0, 4: 6.0}[na + nb]
    score += 0.1 * (k.unseen & same).bit_count()
    if k.opp_last_discard is not None and k.opp_last_discard % 13 == rank:
        score -= 0.5  # they just threw this rank away
    return score


def knock_action(card: int) -> Action:
    return Action(ActionKind.KNOCK, CARDS[card])


def discard_action(card: int) -> Action:
    return Action(ActionKind.DISCARD, CARDS[card])


def meld_outs(hand: int, unseen: int) -> int:
    """Unseen cards that would join a meld with ``hand``: the live outs."""
    n = 0
    m = unseen
    while m:
        low = m & -m
        if joins_meld(hand, low.bit_length() - 1):
            n += 1
        m ^= low
    return n
