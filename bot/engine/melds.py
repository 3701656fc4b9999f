"""Melds, deadwood, knock values and layoffs — exact, deterministic and fast.

Why this is exact where other engines are not: a hand's cards split into sets
(one per rank at most: two sets of a rank would need six cards) and runs (one
suit each).  So the search only has to choose, for each rank holding three or
four cards, which of them form a set; whatever is left is a union of four
independent one-suit problems whose answers come from tables built once at
import (8,192 entries per table).  No greedy step anywhere.

Hands are 52-bit masks (bit ``suit * 13 + rank``).  Every public function also
accepts the :class:`~bot.engine.cards.Card` lists the rest of the code uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from .cards import CARDS, RANK_VALUES, Card, cards_of, mask_of
from .pickling import by_position

SUIT_BITS = 0x1FFF
_INF = 1 << 30


def _build_tables() -> tuple[list[int], list[int], list[int]]:
    """Per one-suit mask: point total, least deadwood with runs only, and the
    least of that after throwing one card of the suit away."""
    size = 1 << 13
    total = [0] * size
    runs_only = [0] * size
    for m in range(1, size):
        low = (m & -m).bit_length() - 1
        rest = m & (m - 1)
        total[m] = total[rest] + RANK_VALUES[low]
        best = runs_only[rest] + RANK_VALUES[low]
        # A run holding the lowest card of the suit must start at it.
        run = (1 << low) | (1 << (low + 1)) if low <= 10 else 0
        r = low + 2
        while r < 13 and (m >> r) & 1 and run and (m & run) == run:
            run |= 1 << r
            cand = runs_only[m & ~run]
            if cand < best:
                best = cand
            r += 1
        runs_only[m] = best
    after_discard = [_INF] * size
    for m in range(1, size):
        best = _INF
        rest = m
        while rest:
            low = rest & -rest
            v = runs_only[m ^ low]
            if v < best:
                best = v
            rest ^= low
        after_discard[m] = best
    return total, runs_only, after_discard


_TOTAL, _RUNS_ONLY, _AFTER_DISCARD = _build_tables()

# For each rank: the 52-bit mask of its four cards.
_RANK_MASKS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def _set_options(hand: int, trip: int) -> list[int]:
    """Every combination of set choices (as masks of cards put in sets).

    ``trip`` has a bit per rank held in three or four suits.  A rank of three
    may form its set or not; a rank of four may form the quad, any of its four
    triples, or nothing.
    """
    options = [0]
    while trip:
        low = trip & -trip
        trip ^= low
        rank_cards = hand & _RANK_MASKS[low.bit_length() - 1]
        choices = [rank_cards]
        if rank_cards == _RANK_MASKS[low.bit_length() - 1]:
            rc = rank_cards
            while rc:
                one = rc & -rc
                rc ^= one
                choices.append(rank_cards ^ one)
        options = [o | c for o in options for c in choices] + options
    return options


def _ranks_in_three_suits(hand: int) -> int:
    s0 = hand & SUIT_BITS
    s1 = (hand >> 13) & SUIT_BITS
    s2 = (hand >> 26) & SUIT_BITS
    s3 = (hand >> 39) & SUIT_BITS
    return (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)


def _as_mask(cards: int | Iterable[int]) -> int:
    return cards if isinstance(cards, int) else mask_of(cards)


def min_deadwood_mask(hand: int) -> int:
    """Least deadwood of ``hand`` (a mask of any size) over all arrangements."""
    runs = _RUNS_ONLY
    trip = _ranks_in_three_suits(hand)
    if not trip:
        return (
            runs[hand & SUIT_BITS]
            + runs[(hand >> 13) & SUIT_BITS]
            + runs[(hand >> 26) & SUIT_BITS]
            + runs[(hand >> 39) & SUIT_BITS]
        )
    best = _INF
    for used in _set_options(hand, trip):
        m = hand & ~used
        v = (
            runs[m & SUIT_BITS]
            + runs[(m >> 13) & SUIT_BITS]
            + runs[(m >> 26) & SUIT_BITS]
            + runs[(m >> 39) & SUIT_BITS]
        )
        if v < best:
            best = v
            if v == 0:
                break
    return best


def _after_one_discard(m: int) -> int:
    runs = _RUNS_ONLY
    after = _AFTER_DISCARD
    if not m:
        # Every card is in a set; 11 such cards hold a quad, so throwing one
        # card of the quad keeps deadwood at zero.
        return 0
    a = m & SUIT_BITS
    b = (m >> 13) & SUIT_BITS
    c = (m >> 26) & SUIT_BITS
    d = (m >> 39) & SUIT_BITS
    ra = runs[a]
    rb = runs[b]
    rc = runs[c]
    rd = runs[d]
    base = ra + rb + rc + rd
    return base + min(after[a] - ra, after[b] - rb, after[c] - rc, after[d] - rd)


def knock_value_mask(hand: int) -> int:
    """For an 11-card hand: the least deadwood after the best discard."""
    trip = _ranks_in_three_suits(hand)
    if not trip:
        return _after_one_discard(hand)
    best = _INF
    for used in _set_options(hand, trip):
        v = _after_one_discard(hand & ~used)
        if v < best:
            best = v
            if v == 0:
                break
    return best


def min_deadwood(cards: int | Iterable[int]) -> int:
    """Least deadwood of a hand of up to 10 cards, or, for 11 cards, after the
    best discard (the knock value) — the oracle's ``min_deadwood``."""
    m = _as_mask(cards)
    if m.bit_count() == 11:
        return knock_value_mask(m)
    return min_deadwood_mask(m)


def deadwood_value(cards: Iterable[int]) -> int:
    return sum(RANK_VALUES[c % 13] for c in cards)


def best_discards(cards: int | Iterable[int]) -> list[Card]:
    """Discards from an 11-card hand that reach its knock value, in card order."""
    m = _as_mask(cards)
    target = knock_value_mask(m)
    return [c for c in cards_of(m) if min_deadwood_mask(m & ~(1 << c)) == target]


# --- arrangements -------------------------------------------------------------


@by_position
@dataclass(frozen=True, slots=True)
class Meld:
    """A set or a run, its cards in ascending order."""

    cards: tuple[Card, ...]

    @property
    def is_run(self) -> bool:
        return (
            len({c // 13 for c in self.cards}) == 1
            and len(self.cards) > 1
            and (len({c % 13 for c in self.cards}) == len(self.cards))
        )

    @property
    def mask(self) -> int:
        return mask_of(self.cards)

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards]

    def __str__(self) -> str:
        return " ".join(c.label for c in self.cards)


@by_position
@dataclass(frozen=True, slots=True)
class Arrangement:
    """One way to lay a hand down: melds plus deadwood."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]

    @property
    def deadwood_value(self) -> int:
        return deadwood_value(self.deadwood)


def _melds_with_lowest(card: int, rem: int) -> Iterator[int]:
    """Masks of melds inside ``rem`` whose lowest card (int order) is ``card``."""
    rank = card % 13
    suit = card // 13
    # Runs start at the card (lower ranks of the suit are lower ints).
    run = 1 << card
    r = rank + 1
    length = 1
    while r < 13 and (rem >> (suit * 13 + r)) & 1:
        run |= 1 << (suit * 13 + r)
        length += 1
        if length >= 3:
            yield run
        r += 1
    # Sets: the card plus two or three same-rank cards of higher suits.
    others = [(rank + 13 * s) for s in range(suit + 1, 4) if (rem >> (rank + 13 * s)) & 1]
    n = len(others)
    for i in range(n):
        for j in range(i + 1, n):
            yield (1 << card) | (1 << others[i]) | (1 << others[j])
    if n == 3:
        yield (1 << card) | (1 << others[0]) | (1 << others[1]) | (1 << others[2])


def arrangements(cards: int | Iterable[int]) -> list[Arrangement]:
    """Every arrangement of the hand with the least deadwood, in a fixed order.

    Branches on the lowest remaining card (deadwood, or the lowest card of a
    meld) and prunes with the exact bound, so only optimal branches are walked.
    """
    hand = _as_mask(cards)
    target = min_deadwood_mask(hand)
    out: list[Arrangement] = []

    def walk(rem: int, melds: list[int], dead: int, dead_value: int) -> None:
        if dead_value + min_deadwood_mask(rem) > target:
            return
        if not rem:
            out.append(
                Arrangement(
                    tuple(Meld(tuple(cards_of(m))) for m in sorted(melds)),
                    tuple(cards_of(dead)),
                )
            )
            return
        low = rem & -rem
        card = low.bit_length() - 1
        for meld in _melds_with_lowest(card, rem):
            melds.append(meld)
            walk(rem & ~meld, melds, dead, dead_value)
            melds.pop()
        walk(rem ^ low, melds, dead | low, dead_value + RANK_VALUES[card % 13])

    walk(hand, [], 0, 0)
    return out


def best_arrangement(cards: int | Iterable[int]) -> Arrangement:
    """The first least-deadwood arrangement (deterministic)."""
    return _best_of(_as_mask(cards))


@lru_cache(maxsize=1024)
def _best_of(hand: int) -> Arrangement:
    """Remembered for the hands in play: a hand's image, its alt text and its
    board all arrange the same hand, once per reply.  An arrangement is
    frozen (tuples inside), so the one object is safe to share."""
    return arrangements(hand)[0]


# --- layoffs --------------------------------------------------------------------


@by_position
@dataclass(frozen=True, slots=True)
class Layoff:
    """The defender's best play against a knock: melds, cards laid off on each
    of the knocker's melds (by index), and the deadwood left."""

    melds: tuple[Meld, ...]
    laid_off: tuple[tuple[Card, int], ...]
    deadwood: tuple[Card, ...]

    @property
    def deadwood_value(self) -> int:
        return deadwood_value(self.deadwood)


def _meld_layoff_options(meld: Meld, defender: int) -> list[int]:
    """Masks the defender could lay off onto one knocker meld (chains included)."""
    cards = meld.cards
    if not meld.is_run:
        if len(cards) != 3:
            return [0]
        fourth = _RANK_MASKS[cards[0] % 13] & ~meld.mask
        return [0, fourth] if defender & fourth else [0]
    suit = cards[0] // 13
    lo = cards[0] % 13
    hi = cards[-1] % 13
    downs = [0]
    r = lo - 1
    while r >= 0 and (defender >> (suit * 13 + r)) & 1:
        downs.append(downs[-1] | (1 << (suit * 13 + r)))
        r -= 1
    ups = [0]
    r = hi + 1
    while r < 13 and (defender >> (suit * 13 + r)) & 1:
        ups.append(ups[-1] | (1 << (suit * 13 + r)))
        r += 1
    return [d | u for d in downs for u in ups]


def layoff_options(defender: int, knocker_melds: Iterable[Meld]) -> list[int]:
    """Every distinct set of cards the defender could lay off, smallest first."""
    per_meld = [_meld_layoff_options(m, defender) for m in knocker_melds]
    seen = {0}
    for combo in product(*per_meld):
        u = 0
        for part in combo:
            u |= part
        seen.add(u)
    return sorted(seen, key=lambda u: (u.bit_count(), u))


def layoff_deadwood(defender: int | Iterable[int], knocker_melds: Iterable[Meld]) -> int:
    """The defender's least deadwood after melding and laying off."""
    hand = _as_mask(defender)
    return min(min_deadwood_mask(hand & ~u) for u in layoff_options(hand, knocker_melds))


def _assign_layoffs(union: int, knocker_melds: tuple[Meld, ...]) -> list[tuple[Card, int]]:
    """Which knocker meld each laid-off card goes on (runs take whole chains)."""
    left = union
    out: list[tuple[Card, int]] = []
    for i, meld in enumerate(knocker_melds):
        if not meld.is_run:
            continue
        suit = meld.cards[0] // 13
        for start, step in ((meld.cards[0] % 13 - 1, -1), (meld.cards[-1] % 13 + 1, 1)):
            r = start
            while 0 <= r < 13 and (left >> (suit * 13 + r)) & 1:
                left &= ~(1 << (suit * 13 + r))
                out.append((CARDS[suit * 13 + r], i))
                r += step
    for i, meld in enumerate(knocker_melds):
        if meld.is_run or len(meld.cards) != 3:
            continue
        fourth = _RANK_MASKS[meld.cards[0] % 13] & ~meld.mask
        if left & fourth:
            left &= ~fourth
            out.append((CARDS[fourth.bit_length() - 1], i))
    return sorted(out)


def best_layoff(defender: int | Iterable[int], knocker_melds: Iterable[Meld]) -> Layoff:
    """The defender's best response: least deadwood; ties prefer fewer cards
    laid off, then the lowest cards (deterministic)."""
    hand = _as_mask(defender)
    kmelds = tuple(knocker_melds)
    best_u = 0
    best_v = _INF
    for u in layoff_options(hand, kmelds):
        v = min_deadwood_mask(hand & ~u)
        if v < best_v:
            best_u, best_v = u, v
    arr = best_arrangement(hand & ~best_u)
    return Layoff(arr.melds, tuple(_assign_layoffs(best_u, kmelds)), arr.deadwood)


def no_layoff(defender: int | Iterable[int]) -> Layoff:
    """The defender against gin: melds only, nothing laid off."""
    arr = best_arrangement(_as_mask(defender))
    return Layoff(arr.melds, (), arr.deadwood)


def knocker_arrangement(knocker: int | Iterable[int], defender: int | Iterable[int]) -> Arrangement:
    """The knocker's least-deadwood arrangement that is worst for the defender
    (highest deadwood after their best layoffs); ties: the first found."""
    options = arrangements(knocker)
    if len(options) == 1:
        return options[0]
    dmask = _as_mask(defender)
    best = options[0]
    best_v = -1
    for arr in options:
        v = layoff_deadwood(dmask, arr.melds)
        if v > best_v:
            best, best_v = arr, v
    return best
