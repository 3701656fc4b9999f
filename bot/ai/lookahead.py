"""Determinized look-ahead: sample what is hidden, then play it out.

A *world* is one consistent guess at the hidden cards: the opponent's hand
and the stock (sampled by :mod:`.inference`).

:func:`playout` plays a hand on from a world with a fast policy for both
players (take the pile card when it joins a meld, else draw; throw the card
leaving the least deadwood; knock as soon as the deadwood allows) and returns
the hand points from our side: positive when we score, negative when they do,
undercuts and gin bonuses included, zero for a dead hand.

Everything is 52-bit mask arithmetic on the engine's exact meld tables, with
bounded caches for the per-hand answers that repeat across playouts.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import RANK_VALUES
from bot.engine.melds import (
    Meld,
    best_arrangement,
    knock_value_mask,
    layoff_deadwood,
    min_deadwood_mask,
)

from .heuristics import bits, joins_meld

STOCK_FLOOR = 2  # as the engine: a discard that leaves this many cards ends the hand
CACHE_LIMIT = 200_000

_discard_cache: dict[tuple[int, int], tuple[int, int]] = {}
_melds_cache: dict[int, tuple[Meld, ...]] = {}


def best_discard(hand11: int, forbidden: int = -1) -> tuple[int, int]:
    """(card, deadwood left) of the discard leaving the least deadwood from an
    11-card hand; ties throw the higher card.  ``forbidden`` may not be thrown.

    The least deadwood reachable (:func:`knock_value_mask`, one table-driven
    search) is known first, so the cards are tried highest first and the
    first that reaches it is the answer: usually the first or second card
    tried, instead of a search per card.  Play-outs spend most of their
    time here."""
    key = (hand11, forbidden)
    hit = _discard_cache.get(key)
    if hit is not None:
        return hit
    target = knock_value_mask(hand11)
    found = (-1, -1)
    for card in _by_value(hand11):
        if card != forbidden and min_deadwood_mask(hand11 ^ (1 << card)) == target:
            found = (card, target)
            break
    if found[0] < 0:  # only the forbidden card reaches the least
        found = _best_discard_scan(hand11, forbidden)
    if len(_discard_cache) > CACHE_LIMIT:
        _discard_cache.clear()
    _discard_cache[key] = found
    return found


def _by_value(hand: int) -> list[int]:
    """Cards of ``hand``, highest value first, lower card int first among
    equal values (the order :func:`best_discard` breaks ties in)."""
    return sorted(bits(hand), key=_VALUE_ORDER.__getitem__)


#: Sort key per card: (-value, card).
_VALUE_ORDER = tuple((-RANK_VALUES[c % 13], c) for c in range(52))


def _best_discard_scan(hand11: int, forbidden: int) -> tuple[int, int]:
    """:func:`best_discard` by trying every card (the slow, plain way)."""
    best_card = -1
    best = 1 << 30
    best_value = -1
    m = hand11
    while m:
        low = m & -m
        m ^= low
        card = low.bit_length() - 1
        if card == forbidden:
            continue
        dw = min_deadwood_mask(hand11 ^ low)
        v = RANK_VALUES[card % 13]
        if dw < best or (dw == best and v > best_value):
            best_card, best, best_value = card, dw, v
    return best_card, best


def knocker_melds(hand10: int) -> tuple[Meld, ...]:
    hit = _melds_cache.get(hand10)
    if hit is None:
        hit = best_arrangement(hand10).melds
        if len(_melds_cache) > CACHE_LIMIT:
            _melds_cache.clear()
        _melds_cache[hand10] = hit
    return hit


@dataclass(frozen=True, slots=True)
class Scoring:
    gin_bonus: int
    undercut_bonus: int
    knock_limit: int


def knock_points(knocker: int, deadwood: int, defender: int, s: Scoring) -> int:
    """Points from the knocker's side (negative when undercut)."""
    if deadwood == 0:
        return s.gin_bonus + min_deadwood_mask(defender)
    d = layoff_deadwood(defender, knocker_melds(knocker))
    if d > deadwood:
        return d - deadwood
    return -(s.undercut_bonus + deadwood - d)


@dataclass(frozen=True, slots=True)
class World:
    opp: int  # the opponent's whole hand (known cards included)
    stock: tuple[int, ...]  # the next card drawn is the last
    weight: float


def playout(
    me: int,
    opp: int,
    top: int,
    stock: list[int],
    s: Scoring,
    opp_to_move: bool = True,
    first: bool | None = None,
    max_turns: int = 40,
) -> float:
    """Play the hand on with the fast policy; hand points from our side.

    ``me`` and ``opp`` are 10-card hands, ``top`` the pile's top card (or -1),
    ``stock`` is consumed from the end.  ``first`` forces the first mover's
    draw: True takes ``top``, False draws from the stock.
    """
    hands = [me, opp]
    seat = 1 if opp_to_move else 0
    limit = s.knock_limit
    for _ in range(max_turns):
        h = hands[seat]
        take = first if first is not None else (top >= 0 and joins_meld(h, top))
        first = None
        if take and top >= 0:
            h11 = h | (1 << top)
            forbidden = top
        else:
            if len(stock) <= STOCK_FLOOR:
                return 0.0
            h11 = h | (1 << stock.pop())
            forbidden = -1
        card, dw = best_discard(h11, forbidden)
        rest = h11 & ~(1 << card)
        if dw <= limit:
            pts = knock_points(rest, dw, hands[1 - seat], s)
            return float(pts if seat == 0 else -pts)
        hands[seat] = rest
        top = card
        if len(stock) <= STOCK_FLOOR:
            return 0.0
        seat = 1 - seat
    return 0.0


def knock_value(hand10: int, deadwood: int, worlds: list[World], s: Scoring) -> float:
    """Expected points of knocking now with ``hand10`` over the worlds."""
    total = 0.0
    for w in worlds:
        total += w.weight * knock_points(hand10, deadwood, w.opp, s)
    return total


def wait_value(
    hand10: int, thrown: int, worlds: list[World], s: Scoring, opp_to_move: bool = True
) -> float:
    """Expected points of playing on from ``hand10`` with ``thrown`` on the pile."""
    total = 0.0
    for w in worlds:
        total += w.weight * playout(hand10, w.opp, thrown, list(w.stock), s, opp_to_move)
    return total
