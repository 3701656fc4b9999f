"""The computer opponent: ``decide(view, level)`` returns one legal action.

By construction it sees only a :class:`~bot.engine.views.SeatView` — its own
hand, the discard pile, the cards the other player took from the pile, the
counts.  No module here imports the game or its serializer, so there is no
way to read the human's hand or the stock order (``tests/ai/test_decide.py``
checks both the imports and that hidden cards never change a decision).

The function is pure and synchronous; the service runs it in a worker thread
so the bot stays responsive while it thinks.

The adaptive level (:data:`ADAPTIVE`) is not one of the fixed :data:`LEVELS`:
it plays each person at a strength of their own, 0-10, which ``decide`` takes
as ``strength`` (the service keeps it per player:
:mod:`bot.ai.adaptive_state`); :class:`~bot.ai.adaptive.AdaptivePolicy` is
the same player as an object built from a saved state.
"""

from __future__ import annotations

import random

from bot.engine.records import Action, ActionKind, Phase
from bot.engine.views import SeatView

from . import adaptive, easy, hard, normal
from .adaptive_state import DEFAULT_LEVEL
from .heuristics import allowed_discards, discard_action

LEVELS = ("easy", "normal", "hard")
#: The level that plays at a ``strength`` of its own (see the module doc).
ADAPTIVE = "adaptive"

_PLAYERS = {"easy": easy.decide, "normal": normal.decide, "hard": hard.decide}


class NoLegalActionError(ValueError):
    """The view offers nothing to do (not this seat's turn, or game over)."""


def decide(
    view: SeatView,
    level: str,
    rng: random.Random | None = None,
    *,
    strength: float | None = None,
) -> Action:
    """A legal action for ``view`` at ``level`` (one of :data:`LEVELS`, or
    :data:`ADAPTIVE` at ``strength`` 0-10: a new player's by default).

    ``rng`` makes the choice reproducible; without it a fresh RNG is used.
    """
    if level != ADAPTIVE and level not in _PLAYERS:
        choices = ", ".join((*LEVELS, ADAPTIVE))
        raise ValueError(f"level must be one of {choices} (got {level!r}).")
    if not view.legal:
        raise NoLegalActionError("It is not this seat's turn.")
    rng = rng if rng is not None else random.Random()
    if level == ADAPTIVE:
        at = DEFAULT_LEVEL if strength is None else strength
        action = adaptive.decide_at(view, at, rng)
    else:
        action = _PLAYERS[level](view, rng)
    if action.kind not in view.legal:  # a guard; the levels never get here
        return _fallback(view)
    return action


def _fallback(view: SeatView) -> Action:
    """Any legal action, so a bug in a level can never stall a game."""
    legal = view.legal
    if view.public.phase in (Phase.UPCARD, Phase.FIFTIETH):
        return Action(ActionKind.PASS)
    if ActionKind.DRAW_STOCK in legal:
        return Action(ActionKind.DRAW_STOCK)
    if ActionKind.TAKE_DISCARD in legal:
        return Action(ActionKind.TAKE_DISCARD)
    return discard_action(max(allowed_discards(view)))


__all__ = ["ADAPTIVE", "LEVELS", "NoLegalActionError", "decide"]
