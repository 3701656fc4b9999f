"""Which errors reach a player in their own words (bot/discord_ui/errors.py,
``PLAYER_ERRORS``): every engine error through its root ``EngineError`` —
``MatchError`` and ``TournamentError`` included — and every typed error of
the service, so none of them ends as the generic apology."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import bot.engine
import bot.service
from bot.discord_ui.errors import PLAYER_ERRORS, player_message
from bot.discord_ui.text import APOLOGY
from bot.engine import EngineError, MatchError, TournamentError
from bot.service import AlreadyInGameError, CommitUnknownError, DatabaseUnavailableError


def defined_exceptions(package: ModuleType) -> list[type[BaseException]]:
    """Every exception class defined in a module of ``package``."""
    name = package.__name__
    found: list[type[BaseException]] = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name == "__main__":
            continue
        module = importlib.import_module(f"{name}.{info.name}")
        found += [
            obj
            for obj in vars(module).values()
            if inspect.isclass(obj)
            and issubclass(obj, BaseException)
            and obj.__module__ == module.__name__
        ]
    return found


def test_the_engine_root_is_a_player_error() -> None:
    assert EngineError in PLAYER_ERRORS
    for error in defined_exceptions(bot.engine):
        message = f"{error.__name__}: what the rule says."
        assert player_message(error(message)) == message, error.__name__


def test_match_and_tournament_errors_are_not_an_apology() -> None:
    for error in (
        MatchError("A match is best of 1, 3, 5, 7 or 9 games."),
        TournamentError("That match's result is already recorded."),
    ):
        text = player_message(error)
        assert text == str(error) and text != APOLOGY


def test_every_typed_service_error_is_a_player_error() -> None:
    service_errors = defined_exceptions(bot.service)
    assert len(service_errors) >= 10  # the models' errors were found
    for error in service_errors:
        assert issubclass(error, PLAYER_ERRORS), error.__name__
        made = (
            AlreadyInGameError("You're already in game #4.", game_id=4, user_id=1)
            if error is AlreadyInGameError
            else error("Words for the player.")
        )
        assert player_message(made) == str(made), error.__name__


def test_database_errors_show_their_line_never_the_driver_detail() -> None:
    for error in (DatabaseUnavailableError, CommitUnknownError):
        text = player_message(error("disk I/O error at /srv/gin.db"))
        assert text == error.MESSAGE and "/srv" not in text
