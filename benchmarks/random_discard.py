"""A weak reference player for the adaptive level: the baseline's draws and
knocks, but it throws a card at random.

* draw: take the face-up card only if it joins a meld, else draw from the stock;
* discard: any card it may throw, at random (never the card just taken);
* knock as soon as it legally can (gin and big gin included), with the card
  leaving the least deadwood.

It stands for a beginner who knows the moves but not yet what to keep, so the
adaptive level has to be able to play below it.  It sees only a
:class:`SeatView`, like the real opponent.
"""

from __future__ import annotations

import random

from bot.engine.cards import CARDS, mask_of
from bot.engine.melds import min_deadwood_mask
from bot.engine.records import Action, ActionKind, Phase
from bot.engine.views import SeatView

from . import baseline


def decide(view: SeatView, rng: random.Random | None = None) -> Action:
    """The random discarder's action for this view."""
    rng = rng or random.Random()
    if view.public.phase is not Phase.DISCARD:
        return baseline.decide(view, rng)
    legal = view.legal
    if ActionKind.BIG_GIN in legal:
        return Action(ActionKind.BIG_GIN)
    hand = mask_of(view.hand)
    cards = [int(c) for c in view.hand]
    if view.drawn_from_pile and view.drawn is not None:
        cards = [c for c in cards if c != int(view.drawn)]
    after = {c: min_deadwood_mask(hand & ~(1 << c)) for c in cards}
    best = min(cards, key=lambda c: (after[c], c))
    if ActionKind.KNOCK in legal and after[best] <= view.public.knock_limit:
        return Action(ActionKind.KNOCK, CARDS[best])
    return Action(ActionKind.DISCARD, CARDS[rng.choice(cards)])
