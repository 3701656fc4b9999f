"""Which errors reach a player in their own words (bot/discord_ui/errors.py,
``PLAYER_ERRORS``): every engine error through its root ``EngineError`` —
``MatchError`` and ``TournamentError`` included — and every typed error of
the service, so none of them ends as the generic apology.  Each carries the
key of its words, worded in the player's language."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import bot.engine
import bot.service
from bot.discord_ui.errors import PLAYER_ERRORS, player_message
from bot.discord_ui.text import apology
from bot.engine import EngineError, MatchError, TournamentError
from bot.i18n import Lang, text
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
        made = error("err.rules.draw_first")
        assert str(made) == "Draw a card first.", error.__name__
        assert player_message(Lang.DE, made) == "Zieh zuerst eine Karte.", error.__name__


def test_match_and_tournament_errors_are_not_an_apology() -> None:
    for error in (
        MatchError("err.match.best_of"),
        TournamentError("err.tournament.already_recorded"),
    ):
        said = player_message(Lang.EN, error)
        assert said == str(error) and said != apology(Lang.EN)
        assert player_message(Lang.FR, error) == text(Lang.FR, error.key) != said


def test_every_typed_service_error_is_a_player_error() -> None:
    service_errors = defined_exceptions(bot.service)
    assert len(service_errors) >= 10  # the models' errors were found
    for error in service_errors:
        assert issubclass(error, PLAYER_ERRORS), error.__name__
        made = (
            AlreadyInGameError("err.busy.you_alone", game_id=4, user_id=1, game=4)
            if error is AlreadyInGameError
            else error("err.game.stale")
        )
        assert player_message(Lang.EN, made) == str(made), error.__name__
        assert player_message(Lang.ES, made) != str(made), error.__name__


def test_database_errors_show_their_line_never_the_driver_detail() -> None:
    for error in (DatabaseUnavailableError, CommitUnknownError):
        said = player_message(Lang.EN, error("disk I/O error at /srv/gin.db"))
        assert said == error.MESSAGE and "/srv" not in said
        assert "/srv" not in (player_message(Lang.PT_BR, error("disk I/O at /srv")) or "/srv")
