"""The settings commands through the fake Discord: ``/gin settings`` and
``/gin rules`` in words, the ``setting`` list by name, the ``value`` option
completed for the setting picked, and every command's words within
Discord's limits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.discord_ui.season_text import SERVER_VALUED
from bot.discord_ui.settings_text import setting_label, value_choices
from bot.i18n import Lang
from bot.service import SERVER_SETTINGS
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import make_bot

MANAGE_GUILD = 1 << 5


def options_of(payload: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every option of a synced command, at every depth."""
    for option in payload.get("options", []):
        yield option
        yield from options_of(option)


async def test_settings_and_rules_read_as_words_and_value_completes(tmp_path: Path) -> None:
    async with FakeDiscord(default_timeout=20) as fake:
        ana = fake.add_user("Ana")
        mod = fake.add_user("Mod", permissions=MANAGE_GUILD)
        bot = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(bot):
            res = await fake.slash(ana, "gin", subcommand="settings")
            assert res.ephemeral
            assert "target: 100 (default)" in res.content and "shutout: on (default)" in res.content
            for bad in ("None", "True", "`", " = ", "oklahoma_spade_double"):
                assert bad not in res.content, bad
            change = {"setting": "variant", "value": "oklahoma"}
            res = await fake.slash(mod, "ginadmin", subcommand="settings", options=change)
            assert res.ephemeral and res.content.startswith(
                "✅ variant: Oklahoma (the upcard sets the knock limit; spades double)."
            )
            assert "target: 150 (default)" in res.content
            rules = await fake.slash(ana, "gin", subcommand="rules")
            assert "A game is played to **150** points." in rules.content
            assert "Oklahoma: the upcard sets the knock limit" in rules.content
            assert "Gin scores a bonus of 25" in rules.content
            for key in SERVER_SETTINGS:
                choices = await fake.autocomplete(
                    mod,
                    "ginadmin",
                    subcommand="settings",
                    focused="value",
                    options={"setting": key, "value": ""},
                )
                now = await bot.service.settings.get_settings(fake.guild_id)
                expected = value_choices(Lang.EN, key, "", now)
                if key in SERVER_VALUED:  # the server's channels or roles come first
                    choices = choices[len(choices) - len(expected) :]
                assert [c["value"] for c in choices] == [c.value for c in expected], key
                assert [c["name"] for c in choices] == [c.name for c in expected], key
            typed = await fake.autocomplete(
                mod,
                "ginadmin",
                subcommand="settings",
                focused="value",
                options={"setting": "target", "value": "175"},
            )
            assert typed[0] == {"name": "175", "value": "175"}
            shown = await fake.autocomplete(
                mod,
                "ginadmin",
                subcommand="settings",
                focused="value",
                options={"setting": "variant", "value": ""},
            )
            assert [c["name"] for c in shown if "(now)" in c["name"]] == [
                "Oklahoma — the upcard sets the knock limit (now)"
            ]
            # Nothing picked yet: nothing to suggest, and no error.
            none = await fake.autocomplete(mod, "ginadmin", subcommand="settings", focused="value")
            assert none == []
        fake.assert_clean()


async def test_every_command_word_fits_discords_limits(tmp_path: Path) -> None:
    async with FakeDiscord(default_timeout=20) as fake:
        bot = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(bot):
            commands = {cmd["name"]: cmd for cmd in fake.commands[None]}
    for command in commands.values():
        assert 1 <= len(command["description"]) <= 100
        for option in options_of(command):
            assert 1 <= len(option["description"]) <= 100, option["name"]
            for choice in option.get("choices", []):
                assert 1 <= len(choice["name"]) <= 100
    settings = next(o for o in commands["ginadmin"]["options"] if o["name"] == "settings")
    setting, value = settings["options"]
    assert [c["name"] for c in setting["choices"]] == [
        setting_label(Lang.EN, k) for k in SERVER_SETTINGS
    ]
    assert "_" not in "".join(c["name"] for c in setting["choices"])
    assert value["autocomplete"] is True
