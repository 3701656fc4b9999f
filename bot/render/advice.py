"""What the private hand image tells its owner: melds, deadwood, the best
discard and whether they can knock.

Kept apart from drawing so it can be tested on its own, and because it is the
one place in the renderer that reasons about the rules (always through the
engine's exact meld search, never its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.engine.assist import Assist
from bot.engine.cards import RANK_VALUES, Card, mask_of
from bot.engine.melds import Meld, best_arrangement, deadwood_value, min_deadwood_mask
from bot.engine.views import SeatView


class Verdict(StrEnum):
    NONE = "none"
    KNOCK = "knock"  # 11 cards: can knock now
    GIN = "gin"  # 11 cards: can go gin now
    BIG_GIN = "big_gin"  # 11 cards all melded
    KNOCK_READY = "knock_ready"  # 10 cards: can knock after any draw
    GIN_READY = "gin_ready"  # 10 cards: can go gin after any draw


@dataclass(frozen=True, slots=True)
class Advice:
    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    #: The card set apart as the discard (11 cards, not big gin), else None.
    discard: Card | None
    #: Every legal discard reaching the least deadwood (``discard`` among them).
    best_discards: tuple[Card, ...]
    deadwood_value: int
    verdict: Verdict
    #: False at assist ``off``: nothing computed, ``deadwood`` is just the cards.
    analysed: bool = True


def _discard_preference(card: Card) -> tuple[int, int, int]:
    """Among equally good discards, set apart the highest-scoring card (what
    a player usually throws), then the highest rank; the suit makes it total."""
    return (RANK_VALUES[card % 13], card % 13, -(card // 13))


def advise(
    hand: Sequence[Card], drawn: Card | None, drawn_from_pile: bool, knock_limit: int
) -> Advice:
    """Analyse a 10- or 11-card hand (any size works, 11 means "must discard").

    With 11 cards the arrangement shown is the best one after the best legal
    discard: a card just taken from the pile may not be thrown back, so it is
    never suggested.
    """
    cards = tuple(hand)
    mask = mask_of(cards)
    if len(cards) != 11:
        arr = best_arrangement(mask)
        value = arr.deadwood_value
        verdict = Verdict.NONE
        if value == 0 and cards:
            verdict = Verdict.GIN_READY
        elif value <= knock_limit:
            verdict = Verdict.KNOCK_READY
        return Advice(_ordered(arr.melds), arr.deadwood, None, (), value, verdict)

    if min_deadwood_mask(mask) == 0:
        arr = best_arrangement(mask)
        return Advice(_ordered(arr.melds), (), None, (), 0, Verdict.BIG_GIN)

    legal = [c for c in cards if not (drawn_from_pile and c == drawn)] or list(cards)
    after = {c: min_deadwood_mask(mask & ~(1 << c)) for c in legal}
    least = min(after.values())
    best = tuple(sorted(c for c in legal if after[c] == least))
    chosen = max(best, key=_discard_preference)
    arr = best_arrangement(mask & ~(1 << chosen))
    value = deadwood_value(arr.deadwood)
    if value == 0:
        verdict = Verdict.GIN
    elif value <= knock_limit:
        verdict = Verdict.KNOCK
    else:
        verdict = Verdict.NONE
    return Advice(_ordered(arr.melds), arr.deadwood, chosen, best, value, verdict)


def advise_view(view: SeatView, assist: Assist = Assist.FULL) -> Advice:
    """What the owner of ``view`` is shown at the server's ``assist`` level.

    * ``full`` — :func:`advise`: with 11 cards, the arrangement after the best
      discard, which is set apart and marked;
    * ``counts`` — the best arrangement of the cards *held* (all 11 before
      discarding) and its deadwood; no discard singled out, and a verdict
      only where it follows from the total shown (10 cards, or all 11 melded);
    * ``off`` — the cards in display order; nothing computed.
    """
    limit = view.public.knock_limit
    if assist is Assist.FULL:
        return advise(view.hand, view.drawn, view.drawn_from_pile, limit)
    cards = tuple(view.hand)
    if assist is Assist.OFF:
        return Advice((), cards, None, (), 0, Verdict.NONE, analysed=False)
    arr = best_arrangement(mask_of(cards))
    value = arr.deadwood_value
    verdict = Verdict.NONE
    if len(cards) == 11:
        verdict = Verdict.BIG_GIN if value == 0 else Verdict.NONE
    elif cards and value == 0:
        verdict = Verdict.GIN_READY
    elif cards and value <= limit:
        verdict = Verdict.KNOCK_READY
    return Advice(_ordered(arr.melds), arr.deadwood, None, (), value, verdict)


def _ordered(melds: Sequence[Meld]) -> tuple[Meld, ...]:
    """Melds in display order: by their lowest card (suit, then rank)."""
    return tuple(sorted(melds, key=lambda m: (m.cards[0] // 13, m.cards[0] % 13)))
