"""Normal: solid, honest heuristics with no look-ahead.

Takes the upcard when it joins a meld and lowers the deadwood, discards the
card that leaves the least deadwood (ties: the safer, then the higher card),
knocks as soon as it can and always goes gin when it has it.
"""

from __future__ import annotations

import random

from bot.engine.melds import min_deadwood_mask
from bot.engine.records import Action, ActionKind, Phase
from bot.engine.views import SeatView

from .heuristics import (
    allowed_discards,
    best_after_take,
    danger,
    deadwood_after,
    discard_action,
    joins_meld,
    knock_action,
    meld_outs,
    value,
)
from .knowledge import knowledge_of

OUTS_WEIGHT = 0.5  # deadwood points one live meld out is worth
DANGER_WEIGHT = 0.5  # deadwood points per unit of danger


def decide(view: SeatView, rng: random.Random) -> Action:
    k = knowledge_of(view)
    phase = view.public.phase
    legal = view.legal
    if phase is not Phase.DISCARD:
        can_take = ActionKind.TAKE_DISCARD in legal and k.top is not None
        if can_take and k.top is not None:
            taken = best_after_take(k.hand, k.top)
            if phase is Phase.FIFTIETH:
                take = taken <= k.knock_limit
            else:
                take = (joins_meld(k.hand, k.top) and taken < min_deadwood_mask(k.hand)) or (
                    taken <= k.knock_limit
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
    least = min(after.values())
    if ActionKind.KNOCK in legal and least <= k.knock_limit:
        best = min((c for c in cards if after[c] == least), key=lambda c: (-value(c), c))
        return knock_action(best)
    scores = {
        c: after[c]
        - OUTS_WEIGHT * meld_outs(k.hand & ~(1 << c), k.unseen)
        + DANGER_WEIGHT * danger(c, k)
        for c in cards
    }
    choice = min(cards, key=lambda c: (scores[c], -value(c), c))
    return discard_action(choice)
