"""Errors to replies (``bot.discord_ui.errors``): a player's mistake in its own
words, a bug hidden behind the apology."""

from __future__ import annotations

from discord import app_commands

from bot.discord_ui.errors import player_message
from bot.discord_ui.text import (
    APOLOGY,
)
from bot.engine import (
    CardError,
)
from bot.engine.errors import NotYourTurnError
from bot.service.models import (
    NoSuchGameError,
)


def test_player_message_for_known_errors() -> None:
    assert player_message(NoSuchGameError("There is no such game.")) == "There is no such game."
    assert player_message(NotYourTurnError("It's Bo's turn.")) == "It's Bo's turn."
    assert player_message(CardError("No card “ZZ”.")) == "No card “ZZ”."
    assert "Manage Server" in (
        player_message(app_commands.MissingPermissions(["manage_guild"])) or ""
    )
    assert "servers" in (player_message(app_commands.NoPrivateMessage()) or "")
    cooldown = app_commands.CommandOnCooldown(app_commands.Cooldown(1, 10), 4.2)
    assert player_message(cooldown) == "Slow down — try again in 4s."
    assert player_message(app_commands.CheckFailure()) == "You can't use that here."


def test_player_message_hides_bugs() -> None:
    for bug in (KeyError("x"), RuntimeError("db path /secret"), ValueError("boom")):
        assert player_message(bug) is None
    assert "try again" in APOLOGY and "safe" in APOLOGY
