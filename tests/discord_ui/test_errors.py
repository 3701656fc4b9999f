"""Errors to replies (``bot.discord_ui.errors``): a player's mistake in its own
words — in the language of the player who clicked — a bug hidden behind the
apology."""

from __future__ import annotations

import pytest
from discord import app_commands

from bot.discord_ui.errors import player_message
from bot.discord_ui.text import apology
from bot.engine import CardError, Ruleset, RulesetError, parse_card
from bot.engine.errors import NotYourTurnError
from bot.i18n import Lang
from bot.service import CommitUnknownError, DatabaseUnavailableError, SettingsError
from bot.service.models import NoSuchGameError


def test_player_message_for_known_errors() -> None:
    assert player_message(Lang.EN, NoSuchGameError("err.game.none", game=3)) == (
        "There's no game #3."
    )
    assert player_message(Lang.EN, NotYourTurnError("err.rules.not_your_turn", name="Bo")) == (
        "It's Bo's turn."
    )
    with pytest.raises(CardError) as caught:
        parse_card("zz")
    assert (player_message(Lang.EN, caught.value) or "").startswith("“zz” is not a card.")
    assert "Manage Server" in (
        player_message(Lang.EN, app_commands.MissingPermissions(["manage_guild"])) or ""
    )
    assert "servers" in (player_message(Lang.EN, app_commands.NoPrivateMessage()) or "")
    cooldown = app_commands.CommandOnCooldown(app_commands.Cooldown(1, 10), 4.2)
    assert player_message(Lang.EN, cooldown) == "Slow down — try again in 4s."
    assert player_message(Lang.EN, app_commands.CheckFailure()) == "You can't use that here."


def test_refusals_speak_the_players_language() -> None:
    turn = NotYourTurnError("err.rules.not_your_turn", name="Bo")
    assert player_message(Lang.DE, turn) == "Bo ist am Zug."
    assert player_message(Lang.FR, turn) == "C'est au tour de Bo."
    assert player_message(Lang.ES, turn) == "Le toca a Bo."
    assert player_message(Lang.PT_BR, turn) == "É a vez de Bo."
    with pytest.raises(CardError) as caught:
        parse_card("  ")
    # An argument that is words of its own ("(nothing)") is in the reader's language too.
    assert (player_message(Lang.DE, caught.value) or "").startswith("„(nichts)“ ist keine Karte.")
    with pytest.raises(RulesetError) as rules:
        Ruleset(gin_bonus=500)
    assert str(rules.value) == "gin bonus must be from 0 to 100 (got 500)."
    assert player_message(Lang.DE, rules.value) == (
        "„Gin-Bonus“ muss zwischen 0 und 100 liegen (angegeben: 500)."
    )
    assert player_message(Lang.FR, DatabaseUnavailableError("refused")) == (
        "La base de données du jeu est injoignable ; rien n'a été modifié — réessaie dans "
        "un instant."
    )
    assert "bevor du es noch einmal versuchst" in (
        player_message(Lang.DE, CommitUnknownError("lost in COMMIT")) or ""
    )


def test_the_discord_layers_own_words_are_shown_as_they_are() -> None:
    """A refusal the Discord layer raised with a sentence it worded itself."""
    said = "Bots can't play gin."
    assert player_message(Lang.DE, SettingsError(said)) == said


def test_player_message_hides_bugs() -> None:
    for bug in (KeyError("x"), RuntimeError("db path /secret"), ValueError("boom")):
        assert player_message(Lang.EN, bug) is None
    # A key no catalogue has is a bug too, not words for a player.
    assert player_message(Lang.EN, NoSuchGameError("err.no.such_key")) is None
    assert "try again" in apology(Lang.EN) and "safe" in apology(Lang.EN)
