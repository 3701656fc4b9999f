"""Typed errors for illegal actions, worded for the player who tried them.

Every error the engine raises on purpose derives from :class:`EngineError`,
so the layers above can treat "the rules (or a saved state) said no" as one
kind — the Discord layer answers any of them privately with ``str(err)`` —
and still react to the exact reason where it matters (e.g. treat
``NotYourTurnError`` after a double click as a duplicate).  Errors that live
next to the data they check (:class:`~.cards.CardError`,
:class:`~.rules.RulesetError`, :class:`~.match.MatchError`,
:class:`~.tournament.TournamentError`) derive from the same root.

A plain ``ValueError`` from the engine (e.g. an impossible bracket size) is
a caller's bug, not a refusal: it is deliberately *not* an ``EngineError``,
so it is logged with its traceback instead of being shown to a player.
"""

from __future__ import annotations


class EngineError(ValueError):
    """The root of every engine refusal; ``str(err)`` is for the player.

    Still a ``ValueError``, as every engine error was before it existed:
    callers catch them as such (the service's settings and game loading,
    the oracle CLI in ``__main__``)."""


class GameError(EngineError):
    """An action the rules do not allow, raised by :meth:`.game.Game.apply`
    and :meth:`.game.Game.forfeit` (and a saved game that cannot be read:
    :class:`StateError`)."""


class GameOverError(GameError):
    """Raised by ``Game.apply`` / ``Game.forfeit`` when the game has already ended."""


class NotYourTurnError(GameError):
    """Raised by ``Game.apply`` when the seat is not in the game or it is the
    other player's turn."""


class WrongPhaseError(GameError):
    """Right player, wrong kind of action for this moment (e.g. discard before
    drawing, draw twice, pass after the first upcard); raised by ``Game.apply``."""


class CardNotHeldError(GameError):
    """Raised by ``Game.apply`` when a discard or knock names a card the player
    does not hold."""


class CannotThrowBackError(GameError):
    """Raised by ``Game.apply`` when the player discards the card they just
    took from the discard pile."""


class KnockTooHighError(GameError):
    """Raised by ``Game.apply`` when a knock would leave more deadwood than this
    hand's knock limit (the message gives both)."""


class NotBigGinError(GameError):
    """Raised by ``Game.apply`` when big gin is claimed without all 11 cards in melds."""


class StateError(GameError):
    """A saved game that cannot be restored (corrupt or from a newer schema),
    raised by :func:`.serialize.game_from_dict` and the team game's
    ``from_dict``; also a team game asked to go on after it ended
    (:meth:`.team_game.TeamGame.seating` / ``forfeit``)."""
