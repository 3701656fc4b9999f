"""One root for the engine's errors (bot/engine/errors.py): every exception
class the engine defines is an ``EngineError`` (still a ``ValueError``, as
callers catch it), exported from ``bot.engine`` and documented where raised."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import bot.engine
from bot.engine import (
    CardError,
    EngineError,
    MatchError,
    Ruleset,
    RulesetError,
    TournamentError,
    TournamentFormat,
    parse_card,
)
from bot.engine.match import MatchForm, MatchFormat
from bot.engine.tournament import Bracket, Entrant


def engine_exceptions() -> list[type[BaseException]]:
    """Every exception class defined in a module of bot.engine."""
    found: list[type[BaseException]] = []
    for info in pkgutil.iter_modules(bot.engine.__path__):
        if info.name == "__main__":
            continue
        module = importlib.import_module(f"bot.engine.{info.name}")
        found += [
            obj
            for obj in vars(module).values()
            if inspect.isclass(obj)
            and issubclass(obj, BaseException)
            and obj.__module__ == module.__name__
        ]
    return found


def test_every_engine_error_has_the_one_root() -> None:
    errors = engine_exceptions()
    names = {e.__name__ for e in errors}
    assert {"CardError", "MatchError", "RulesetError", "TournamentError", "StateError"} <= names
    assert [e.__name__ for e in errors if not issubclass(e, EngineError)] == []
    assert issubclass(EngineError, ValueError)


def test_every_engine_error_is_exported_and_says_when_it_is_raised() -> None:
    for error in engine_exceptions():
        assert getattr(bot.engine, error.__name__) is error, error.__name__
        assert error.__name__ in bot.engine.__all__, error.__name__
        doc = error.__dict__.get("__doc__") or ""
        if error is not EngineError:
            assert "raised" in doc.lower(), f"{error.__name__} does not say when it is raised"


@pytest.mark.parametrize(
    ("raise_it", "kind"),
    [
        (lambda: parse_card("zz"), CardError),
        (lambda: Ruleset(target=5), RulesetError),
        (lambda: MatchFormat(MatchForm.BEST_OF, games=4), MatchError),
        (
            lambda: Bracket.new(TournamentFormat.ROUND_ROBIN, [Entrant(1, "Ann", None, 0)]),
            TournamentError,
        ),
    ],
    ids=["card", "ruleset", "match", "tournament"],
)
def test_the_errors_raised_are_caught_by_the_root(raise_it: object, kind: type[Exception]) -> None:
    assert callable(raise_it)
    with pytest.raises(EngineError) as caught:
        raise_it()
    assert type(caught.value) is kind
    assert str(caught.value)  # the player's words, never empty
