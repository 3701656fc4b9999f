"""Easy: plays like a casual human — sensible most of the time, with slips.

It sometimes misses a useful upcard or grabs a useless one, sometimes throws
the second- or third-best card, and sometimes forgets to knock when it could
(it never misses gin: that would feel broken rather than human).
"""

from __future__ import annotations

import random

from bot.engine.records import Action, ActionKind, Phase
from bot.engine.views import SeatView

from .heuristics import (
    allowed_discards,
    deadwood_after,
    discard_action,
    joins_meld,
    knock_action,
    value,
)
from .knowledge import knowledge_of

MISS_TAKE = 0.3  # overlooks an upcard that would join a meld
RANDOM_TAKE = 0.08  # takes a low upcard for no good reason
SLIP = 0.3  # throws a worse card than the best
MISS_KNOCK = 0.35  # keeps playing when it could knock


def decide(view: SeatView, rng: random.Random) -> Action:
    k = knowledge_of(view)
    phase = view.public.phase
    legal = view.legal
    if phase is not Phase.DISCARD:
        if ActionKind.TAKE_DISCARD in legal and k.top is not None:
            if phase is Phase.FIFTIETH:
                take = joins_meld(k.hand, k.top) and rng.random() < 0.5
            else:
                take = (joins_meld(k.hand, k.top) and rng.random() >= MISS_TAKE) or (
                    value(k.top) <= 3 and rng.random() < RANDOM_TAKE
                )
            if take:
                return Action(ActionKind.TAKE_DISCARD)
        if ActionKind.DRAW_STOCK in legal:
            return Action(ActionKind.DRAW_STOCK)
        return Action(ActionKind.PASS)
    if ActionKind.BIG_GIN in legal:
        return Action(ActionKind.BIG_GIN)
    cards = allowed_discards(view)
    after = deadwood_after(k.hand, cards)
    ranked = sorted(cards, key=lambda c: (after[c], -value(c), c))
    choice = ranked[0]
    if after[choice] == 0:
        return knock_action(choice)
    can_knock = ActionKind.KNOCK in legal and after[choice] <= k.knock_limit
    if can_knock and (rng.random() >= MISS_KNOCK or k.stock <= 2):
        return knock_action(choice)
    if len(ranked) > 2 and rng.random() < SLIP:
        choice = ranked[rng.choice((1, 2))]
    return discard_action(choice)
