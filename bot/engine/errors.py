"""Typed errors for illegal actions, worded for the player who tried them.

Each class is one reason, so the layers above can react to the kind (e.g.
treat ``NotYourTurnError`` after a double click as a duplicate) while the message
can go to the player unchanged.
"""

from __future__ import annotations


class GameError(ValueError):
    """An action the rules do not allow; ``str(err)`` is for the player."""


class GameOverError(GameError):
    pass


class NotYourTurnError(GameError):
    pass


class WrongPhaseError(GameError):
    """Right player, wrong kind of action for this moment (e.g. discard before drawing)."""


class CardNotHeldError(GameError):
    pass


class CannotThrowBackError(GameError):
    pass


class KnockTooHighError(GameError):
    pass


class NotBigGinError(GameError):
    pass


class StateError(GameError):
    """A saved game that cannot be restored (corrupt or from a newer schema)."""
