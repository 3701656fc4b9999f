"""The service's refusals: typed errors that name their words by key.

A refusal carries the key of its text in ``bot/locales/<language>/err.po``
(``err.challenge.yourself``) and the values of its placeholders, never a
sentence: the Discord layer words it in the language of the player who
clicked (:func:`error_text`), as the engine's errors are worded (they carry
a key too, :class:`bot.engine.errors.EngineError`).  ``str(err)`` is the
English, for logs and tests, read from the English catalogue, the one
source of the English.

Their words never name a card the player holds that others could see
(errors are always shown ephemerally to the actor only).

The settings parsers (``pinging``, ``places``, ``season_calendar``,
``timers``, ``assist``) raise :class:`SettingsError` too, so it lives here,
below everything they import, rather than in ``models``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final, Self

from bot.engine.errors import EngineError, Param, Phrase
from bot.i18n import DEFAULT, Lang, catalogs, plural, text
from bot.storage.errors import DatabaseUnavailableError

#: What a key looks like (``err.rules.not_your_turn``).  Anything else given
#: where a key goes is words already: the Discord layer raises some service
#: errors with a sentence it worded itself, in its player's language.
_KEY: Final = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


def say(lang: Lang, key: str, params: Mapping[str, object]) -> str:
    """The text ``key`` in ``lang``, its placeholders filled from ``params``:
    a :class:`~bot.engine.errors.Phrase` among them is worded in ``lang``
    too, and a text with plural forms is chosen by ``params["n"]``.  An
    unknown key is a bug (``KeyError``); a sentence given as the key is
    returned as it is."""
    if not _KEY.fullmatch(key):
        return key
    values = {
        k: say(lang, v.key, v.params) if isinstance(v, Phrase) else v for k, v in params.items()
    }
    if isinstance(catalogs()[DEFAULT].texts[key], tuple):
        n = values.pop("n")
        assert isinstance(n, int), f"{key}: n is {n!r}"
        return plural(lang, key, n, **values)
    return text(lang, key, **values)


def error_text(lang: Lang, error: ServiceError | EngineError | DatabaseUnavailableError) -> str:
    """A refusal of any layer (the service's, the engine's, the storage's
    unavailable database) worded for a reader of ``lang``."""
    if isinstance(error, DatabaseUnavailableError):
        return say(lang, error.KEY, {})
    return say(lang, error.key, error.params)


class ServiceError(Exception):
    """Anything the player did that we refuse: the key of its words and
    their values (``str(err)``: the English)."""

    def __init__(self, key: str, /, **params: Param) -> None:
        super().__init__(key)
        #: The text's key in the ``err`` catalogue.
        self.key = key
        #: The values of its placeholders.
        self.params: dict[str, Param] = params

    @classmethod
    def of(cls, error: EngineError) -> Self:
        """This refusal, for the reason (and in the words) the engine gave."""
        return cls(error.key, **error.params)

    def __str__(self) -> str:
        try:
            return say(DEFAULT, self.key, self.params)
        except KeyError:  # never expected (tests check every key); the log still shows it
            return self.key


class NoSuchGameError(ServiceError):
    pass


class NotYourGameError(ServiceError):
    pass


class MoveRejectedError(ServiceError):
    """The engine refused the move (wrong turn, card not held, over the limit...)."""


class StaleActionError(ServiceError):
    """The request names an older version of the game: an old button or a
    double click. Nothing changed."""


class AlreadyInGameError(ServiceError):
    """One active game per player per server; names the game in the way."""

    def __init__(
        self,
        key: str,
        /,
        *,
        game_id: int | None = None,
        user_id: int | None = None,
        **params: Param,
    ) -> None:
        super().__init__(key, **params)
        self.game_id = game_id  # the game the player is already in
        self.user_id = user_id  # the player who is busy


class ChallengeError(ServiceError):
    """Can't challenge yourself, no such challenge, not yours to answer, expired."""


class SettingsError(ServiceError, ValueError):
    """A setting's value we can't take.  Also a ``ValueError``: the settings
    parsers raise it, and a value that can't be parsed is one."""


class UnknownSortError(SettingsError):
    """A leaderboard sort we don't have; the words list the valid ones."""


class GameDamagedError(ServiceError):
    """The stored state of a game cannot be read (never expected: a bug or a
    hand-edited database).  A moderator can still see it in the database."""


class PermissionDeniedError(ServiceError):
    pass
