"""The storage's player-facing errors (bot/storage/errors.py): each names the
key of its words, and its English (``MESSAGE``, what ``str(err)`` says in the
logs) is a copy of ``bot/locales/en/err.po``'s, which is the source."""

from __future__ import annotations

from bot.i18n import Lang, text
from bot.storage.errors import (
    BusyError,
    CommitUnknownError,
    ConnectionLostError,
    DatabaseUnavailableError,
)


def test_each_outage_names_its_words_and_its_english_is_the_catalogues() -> None:
    keys = set()
    for error in (DatabaseUnavailableError, BusyError, CommitUnknownError, ConnectionLostError):
        assert text(Lang.EN, error.KEY) == error.MESSAGE, error.__name__
        made = error("driver detail, never for players")
        assert str(made) == error.MESSAGE and "driver" not in str(made)
        keys.add(error.KEY)
    assert len(keys) == 3  # a lost connection is an outage: nothing was committed
