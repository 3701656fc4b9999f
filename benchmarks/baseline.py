"""The baseline "simple" player of the EAAI gin rummy competition.

Reimplemented from its description so the computer opponent can be measured
against a published reference point:

* draw: take the face-up card only if it joins a meld, else draw from the stock;
* discard: the card that leaves the least deadwood (random among ties), never
  the card just taken from the pile;
* knock as soon as it legally can (gin and big gin included).

It sees only a :class:`SeatView`, like the real opponent.
"""

from __future__ import annotations

import random

from bot.engine.cards import CARDS, mask_of
from bot.engine.melds import min_deadwood_mask
from bot.engine.records import Action, ActionKind, Phase
from bot.engine.views import SeatView

RANK_MASKS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def _joins_meld(hand: int, card: int) -> bool:
    rank = card % 13
    if (hand & RANK_MASKS[rank]).bit_count() >= 2:
        return True
    base = card - rank

    def has(r: int) -> bool:
        return 0 <= r < 13 and bool((hand >> (base + r)) & 1)

    return (
        (has(rank - 1) and has(rank - 2))
        or (has(rank - 1) and has(rank + 1))
        or (has(rank + 1) and has(rank + 2))
    )


def decide(view: SeatView, rng: random.Random | None = None) -> Action:
    """The simple player's action for this view."""
    rng = rng or random.Random()
    legal = view.legal
    phase = view.public.phase
    hand = mask_of(view.hand)
    top = view.public.top_discard
    if phase in (Phase.UPCARD, Phase.DRAW, Phase.FIFTIETH):
        if ActionKind.TAKE_DISCARD in legal and top is not None:
            if phase is Phase.FIFTIETH:
                # Taking the last discard only pays if it lets us knock.
                h = hand | (1 << top)
                ok = any(
                    min_deadwood_mask(h & ~(1 << c)) <= view.public.knock_limit for c in view.hand
                )
                return Action(ActionKind.TAKE_DISCARD if ok else ActionKind.PASS)
            if _joins_meld(hand, int(top)):
                return Action(ActionKind.TAKE_DISCARD)
        if ActionKind.DRAW_STOCK in legal:
            return Action(ActionKind.DRAW_STOCK)
        return Action(ActionKind.PASS)
    # Discard phase.
    if ActionKind.BIG_GIN in legal:
        return Action(ActionKind.BIG_GIN)
    cards = [int(c) for c in view.hand]
    if view.drawn_from_pile and view.drawn is not None:
        cards = [c for c in cards if c != int(view.drawn)]
    after = {c: min_deadwood_mask(hand & ~(1 << c)) for c in cards}
    best = min(after.values())
    choice = rng.choice([c for c in cards if after[c] == best])
    if ActionKind.KNOCK in legal and best <= view.public.knock_limit:
        return Action(ActionKind.KNOCK, CARDS[choice])
    return Action(ActionKind.DISCARD, CARDS[choice])
