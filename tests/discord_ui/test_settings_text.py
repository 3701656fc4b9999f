"""The server settings in words (``bot.discord_ui.settings_text``): every
setting shown as people read it with the defaults marked, and the values
the ``value`` option suggests for each setting — every one of them a value
the service takes."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from bot.discord_ui.season_text import SERVER_VALUED
from bot.discord_ui.settings_text import (
    DEFAULTS,
    MAX_CHOICE_TEXT,
    MAX_CHOICES,
    SUGGESTED,
    default_mark,
    setting_changed,
    setting_label,
    setting_line,
    settings_head,
    settings_text,
    value_choices,
)
from bot.discord_ui.text import MAX_CONTENT
from bot.engine import Assist, NextDealer, Ruleset, Variant
from bot.engine.match import MatchForm
from bot.i18n import Lang
from bot.service import SERVER_SETTINGS, GinService, PingMode, ServerSettings, TableMode

EN = Lang.EN
DEFAULT_MARK = default_mark(EN)

#: What a value shown to players must never look like: Python's words, identifiers.
CODE_LIKE = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\w_\w|`|=")

CHANGED = ServerSettings(
    guild_id=1,
    ruleset=Ruleset(
        variant=Variant.OKLAHOMA,
        target=150,
        gin_bonus=20,
        shutout=False,
        next_dealer=NextDealer.LOSER,
        fiftieth_card_rule=True,
        oklahoma_spade_double=False,
        match=MatchForm.BEST_OF,
        match_games=3,
    ),
    turn_timeout_minutes=1440,
    assist=Assist.OFF,
    ping_mode=PingMode.EVERY,
    tables=TableMode.CHANNEL,
)


def test_every_setting_has_a_name_a_line_and_suggestions() -> None:
    assert set(SERVER_SETTINGS) == set(SUGGESTED)
    for lang in Lang:
        labels = {setting_label(lang, key) for key in SERVER_SETTINGS}
        assert len(labels) == len(SERVER_SETTINGS), lang


@pytest.mark.parametrize("current", [DEFAULTS, CHANGED], ids=["defaults", "changed"])
def test_every_setting_is_shown_readably(current: ServerSettings) -> None:
    page = settings_text(EN, settings_head(EN), current)
    assert len(page) <= MAX_CONTENT
    for key in SERVER_SETTINGS:
        line = setting_line(EN, key, current)
        assert line in page.splitlines(), key
        assert line.startswith(f"{setting_label(EN, key)}: "), line
        assert not CODE_LIKE.search(line.split(": ", 1)[1]), line


def test_the_defaults_are_marked_and_only_they() -> None:
    for key in SERVER_SETTINGS:
        assert setting_line(EN, key, DEFAULTS).endswith(DEFAULT_MARK), key
    lines = {key: setting_line(EN, key, CHANGED) for key in SERVER_SETTINGS}
    assert lines["variant"] == (
        "variant: Oklahoma (the upcard sets the knock limit; spades don't double)"
    )
    assert lines["target"] == "target: 150"
    assert lines["shutout"] == "shutout: off"
    assert lines["fiftieth_card_rule"] == "50th-card rule: on"
    assert lines["match"] == "match: best of 3 games"
    assert lines["turn_timeout"] == "turn timeout: 1440 minutes (1 day)"
    assert lines["ping"] == "ping: every turn"
    assert lines["big_gin_bonus"] == "big gin bonus: 31 (default)"
    # A target left to the variant shows the number it comes to, marked default.
    oklahoma = replace(DEFAULTS, ruleset=Ruleset(variant=Variant.OKLAHOMA))
    assert setting_line(EN, "target", oklahoma) == "target: 150 (default)"
    assert setting_line(EN, "variant", oklahoma) == (
        "variant: Oklahoma (the upcard sets the knock limit; spades double)"
    )


def test_a_change_is_confirmed_in_words() -> None:
    assert setting_changed(EN, "shutout", CHANGED) == "✅ shutout: off. New games use it."
    assert setting_changed(EN, "ping", CHANGED).endswith("from the next turn of every game.")


@pytest.mark.parametrize("key", SERVER_SETTINGS)
def test_suggestions_fit_discord_and_mark_the_default(key: str) -> None:
    choices = value_choices(EN, key, "", CHANGED)
    # A channel or role setting offers "off" here, and the server's own from the server.
    assert (1 if key in SERVER_VALUED else 2) <= len(choices) <= MAX_CHOICES
    for c in choices:
        assert 1 <= len(c.name) <= MAX_CHOICE_TEXT and 1 <= len(c.value) <= MAX_CHOICE_TEXT
    assert sum(DEFAULT_MARK in c.name for c in choices) == 1
    assert sum("(now)" in c.name for c in choices) <= 1


def test_typing_narrows_the_suggestions_and_a_number_is_offered() -> None:
    assert [c.value for c in value_choices(EN, "variant", "okla", None)] == ["oklahoma"]
    assert value_choices(EN, "target", "175", None)[0].value == "175"
    assert value_choices(EN, "ping", "3", None)[0].value == "after 3 minutes"
    assert value_choices(EN, "shutout", "12", None) == []  # not a number setting
    assert value_choices(EN, "no_such_setting", "", None) == []
    assert value_choices(EN, "turn_timeout", "90", None)[0].name == "90 minutes"


async def test_every_suggested_value_is_one_the_service_takes(tmp_path: Path) -> None:
    service = await GinService.open(tmp_path / "gin.db", seed=1)
    try:
        for key in SERVER_SETTINGS:
            default = [c.value for c in value_choices(EN, key, "", None) if DEFAULT_MARK in c.name]
            assert len(default) == 1, key
            for choice in value_choices(EN, key, "", None):
                now = await service.settings.update_setting(1, key, choice.value)
                shown = value_choices(EN, key, "", now)
                assert any(c.value == choice.value and "(now)" in c.name for c in shown), choice
                # Back to the default, so that each value is tried on its own.
                await service.settings.update_setting(1, key, default[0])
        assert await service.settings.get_settings(1) == replace(DEFAULTS, guild_id=1)
    finally:
        await service.close()
