"""Adaptive: the hard player with deliberate, human-looking mistakes, as
many as one player's saved strength calls for.

The strength control.  At level *L* of 10 each decision is, with
probability ``slip_rate(L) = (1 - L/10) ** SLIP_POWER`` (power 1: at level
6.4, 36% of its decisions), a mistake a person makes, and otherwise hard's
own decision (:mod:`.hard`):

* a draw: overlooking a pile card that would join a meld, or taking a low
  card that does not help (never passing up gin);
* a discard: throwing one of the next best cards instead of the best —
  the second or third near the top of the scale, any card at the bottom
  (:func:`slip_size`);
* a knock: playing on when it could knock (never passing up gin, and not
  when the stock is nearly out).

Why this control rather than limiting hard's memory or sampling: those span
only the ground between normal and hard, while players range from
beginners to people who beat hard.  Mistakes reach from hard itself
(level 10: none) down to worse than throwing cards at random (level 0:
every decision a mistake), and each is one a person could make, so the
computer looks like a weaker player, not a broken one.  Measured against
simulated players (docs/ai.md, "The adaptive level"), a player who throws
cards at random is met near level 2, easy near 6, the EAAI baseline near
7.5, and normal and hard near 9 (the top is flat: a mistake in one decision
of ten costs hard little).

Like every level it sees only the seat's view and draws its chances from the
``rng`` it is given, so it cannot read a hidden card and a seed replays it.
"""

from __future__ import annotations

import random
from typing import Final

from bot.engine.records import Action, ActionKind, Phase
from bot.engine.views import SeatView

from . import hard, normal
from .adaptive_state import HIGHEST, AdaptiveState
from .heuristics import (
    allowed_discards,
    best_after_take,
    deadwood_after,
    discard_action,
    joins_meld,
    value,
)
from .knowledge import Knowledge, knowledge_of

#: ``slip_rate = (1 - level / 10) ** SLIP_POWER``.
SLIP_POWER: Final = 1.0
#: A pile card this low may be taken for no reason in a mistake.
LOW_CARD: Final = 4


def slip_rate(level: float) -> float:
    """The chance that a decision at ``level`` (0-10) is a mistake."""
    x = min(1.0, max(0.0, level / HIGHEST))
    return float((1.0 - x) ** SLIP_POWER)


def slip_size(rate: float) -> int:
    """How far down the ranked discards a mistake may go: the 2nd or 3rd
    best card when mistakes are rare, any card when every move is one."""
    return 2 + round(8 * rate)


class AdaptivePolicy:
    """The computer for one player: decides at the strength of ``state`` and
    is told each finished game's result (``record``)."""

    def __init__(self, state: AdaptiveState | None = None) -> None:
        self.state = state if state is not None else AdaptiveState()

    @property
    def level(self) -> float:
        """The level it plays at now (0-10)."""
        return self.state.playing_level

    def record(self, player_won: bool) -> AdaptiveState:
        """Count one finished game; returns (and keeps) the new state."""
        self.state = self.state.after_game(player_won)
        return self.state

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        """A legal action for ``view`` (the same contract as the levels of
        :func:`bot.ai.decide`, which guards them the same way)."""
        action = decide_at(view, self.level, rng)
        if action.kind not in view.legal:  # a guard; never expected
            return normal.decide(view, rng)
        return action


def decide_at(view: SeatView, level: float, rng: random.Random) -> Action:
    """One decision at ``level``: a mistake with probability
    :func:`slip_rate`, else hard's decision."""
    rate = slip_rate(level)
    phase = view.public.phase
    if rate > 0.0 and rng.random() < rate:
        k = knowledge_of(view)
        slip = _discard_slip(view, k, rate, rng) if phase is Phase.DISCARD else _draw_slip(view, k)
        if slip is not None:
            return slip
    return hard.decide(view, rng)


def _draw_slip(view: SeatView, k: Knowledge) -> Action | None:
    """Overlook a pile card that would meld, or grab a low one that does
    not; ``None`` where no mistake is allowed (gin, the fiftieth card: hard
    decides)."""
    legal = view.legal
    if view.public.phase is Phase.FIFTIETH or ActionKind.TAKE_DISCARD not in legal:
        return None
    if k.top is None:
        return None
    after = best_after_take(k.hand, k.top)
    if after == 0:
        return None  # passing up gin would look broken, not human
    if not joins_meld(k.hand, k.top) and after > k.knock_limit and value(k.top) <= LOW_CARD:
        return Action(ActionKind.TAKE_DISCARD)
    # Overlooks the card (or, when it does not help, simply draws as hard would).
    if ActionKind.DRAW_STOCK in legal:
        return Action(ActionKind.DRAW_STOCK)
    return Action(ActionKind.PASS)


def _discard_slip(view: SeatView, k: Knowledge, rate: float, rng: random.Random) -> Action | None:
    """Throw a worse card than the best, or play on instead of knocking;
    ``None`` for gin, big gin and a nearly empty stock (hard decides)."""
    legal = view.legal
    if ActionKind.BIG_GIN in legal:
        return None
    cards = allowed_discards(view)
    after = deadwood_after(k.hand, cards)
    ranked = sorted(cards, key=lambda c: (after[c], -value(c), c))
    least = after[ranked[0]]
    if least == 0:
        return None
    if ActionKind.KNOCK in legal and least <= k.knock_limit:
        if k.stock <= 2:
            return None
        return discard_action(ranked[0])  # could knock, plays on
    if len(ranked) < 2:
        return None
    worst = min(len(ranked) - 1, slip_size(rate))
    return discard_action(ranked[rng.randint(1, worst)])
