"""Slash commands in the player's language (``bot/discord_ui/translator.py``):
discord.py asks for every name, description and choice; the translator
answers from the catalogues by a key derived from where the string sits,
leaves English to the commands themselves, and never sends a name Discord
would refuse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.translator import GinTranslator
from bot.i18n import Catalogs, Lang
from bot.i18n.catalogs import LOCALES

#: Test entries: (key, English, Spanish); the other languages get none.
ENTRIES = [
    ("cmd.gin.name", "gin", "gin"),
    ("cmd.gin.description", "Play gin rummy", "Jugar al gin rummy"),
    ("cmd.gin.challenge.name", "challenge", "Desafiar"),
    ("cmd.gin.challenge.description", "Challenge someone", "Desafía a alguien"),
    ("cmd.gin.challenge.difficulty.name", "difficulty", "dificultad"),
    ("cmd.gin.challenge.difficulty.description", "How well I play", "Cómo juego"),
    ("cmd.choice.easy", "Easy", "Fácil"),
    ("cmd.gin.resign.name", "resign", "no vale con espacios"),
]


def _catalogues(folder: Path) -> Catalogs:
    """The shipped catalogues plus the test entries (English and Spanish)."""
    for lang in Lang:
        (folder / lang.value).mkdir()
        for path in (LOCALES / lang.value).glob("*.po"):
            (folder / lang.value / path.name).write_bytes(path.read_bytes())
        column = {Lang.EN: 1, Lang.ES: 2}.get(lang)
        if column is not None:
            extra = "".join(f'\nmsgid "{e[0]}"\nmsgstr "{e[column]}"\n' for e in ENTRIES)
            (folder / lang.value / "test.po").write_text(extra, encoding="utf-8")
    return Catalogs(folder)


def _tree() -> app_commands.CommandTree[discord.Client]:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    gin = app_commands.Group(name="gin", description="Play gin rummy")

    @gin.command(name="challenge", description="Challenge someone")
    @app_commands.describe(difficulty="How well I play")
    @app_commands.choices(difficulty=[app_commands.Choice(name="Easy", value="easy")])
    async def challenge(interaction: discord.Interaction, difficulty: str) -> None: ...

    @gin.command(name="resign", description="Resign your game")
    async def resign(interaction: discord.Interaction) -> None: ...

    tree.add_command(gin)
    return tree


async def _payload(tmp_path: Path) -> dict[str, Any]:
    tree = _tree()
    group = tree.get_command("gin")
    assert isinstance(group, app_commands.Group)
    return await group.get_translated_payload(tree, GinTranslator(_catalogues(tmp_path)))


async def test_spanish_users_get_spanish_commands_and_english_stays_the_default(
    tmp_path: Path,
) -> None:
    payload = await _payload(tmp_path)
    assert payload["name"] == "gin" and payload["description"] == "Play gin rummy"
    assert payload["description_localizations"] == {
        "es-ES": "Jugar al gin rummy",
        "es-419": "Jugar al gin rummy",
    }
    challenge = next(o for o in payload["options"] if o["name"] == "challenge")
    # Lower-cased: Discord refuses capitals in a name.
    assert challenge["name_localizations"] == {"es-ES": "desafiar", "es-419": "desafiar"}
    assert challenge["description_localizations"]["es-ES"] == "Desafía a alguien"
    option = challenge["options"][0]
    assert option["name_localizations"]["es-419"] == "dificultad"
    assert option["description_localizations"]["es-ES"] == "Cómo juego"
    assert option["choices"][0]["name"] == "Easy"
    assert option["choices"][0]["name_localizations"] == {"es-ES": "Fácil", "es-419": "Fácil"}
    # No English localisation is sent: the default text is English.
    assert not any(k.startswith("en") for k in payload["description_localizations"])


async def test_a_name_discord_would_refuse_is_not_sent(tmp_path: Path) -> None:
    payload = await _payload(tmp_path)
    resign = next(o for o in payload["options"] if o["name"] == "resign")
    # "no vale con espacios" has spaces: the English name stands, and a
    # language without the key (the resign description) sends nothing.
    assert not resign.get("name_localizations")
    assert not resign.get("description_localizations")
