"""Slash commands in the player's language (``bot/discord_ui/translator.py``):
discord.py asks for every name, description and choice; the translator
answers from the catalogues by a key derived from where the string sits,
leaves English to the commands themselves, and never sends a name or a text
Discord would refuse.  The same keys are derived from a synced payload
(``command_texts``), which is how ``en/cmd.po`` is written and checked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord_ui.translator import GinTranslator, command_texts, valid_name
from bot.i18n import Catalogs, Lang
from bot.i18n.catalogs import LOCALES

LONG = "x" * 101

#: Test entries: (key, English, Spanish); the other languages get none.
ENTRIES = [
    ("cmd.gin.name", "gin", "gin"),
    ("cmd.gin.description", "Play gin rummy", "Jugar al gin rummy"),
    ("cmd.gin.challenge.name", "challenge", "Desafiar"),
    ("cmd.gin.challenge.description", "Challenge someone", "Desafía a alguien"),
    ("cmd.gin.challenge.difficulty.name", "difficulty", "dificultad"),
    ("cmd.gin.challenge.difficulty.description", "How well I play", "Cómo juego"),
    ("cmd.choice.difficulty.easy", "Easy", "Fácil"),
    ("cmd.choice.computer.easy", "Easy", "Floja"),
    ("cmd.gin.partners.name", "partners", "parejas"),
    ("cmd.gin.partners.description", "Two against two", LONG),
    ("cmd.gin.partners.computer.name", "computer", "máquina"),
    ("cmd.gin.partners.computer.description", "Who fills a seat", "Quién ocupa una plaza"),
    ("cmd.gin.resign.name", "resign", "no vale con espacios"),
]


def _catalogues(folder: Path) -> Catalogs:
    """The shipped catalogues plus the test entries (English and Spanish)."""
    for lang in Lang:
        (folder / lang.value).mkdir()
        for path in (LOCALES / lang.value).glob("*.po"):
            if path.name != "cmd.po":  # the test entries stand in for the commands
                (folder / lang.value / path.name).write_bytes(path.read_bytes())
        column = {Lang.EN: 1, Lang.ES: 2}.get(lang)
        if column is not None:
            extra = "".join(f'\nmsgid "{e[0]}"\nmsgstr "{e[column]}"\n' for e in ENTRIES)
            (folder / lang.value / "cmd.po").write_text(extra, encoding="utf-8")
    return Catalogs(folder)


#: One list of choices offered by two options, as the cogs share theirs.
LEVELS = [app_commands.Choice(name="Easy", value="easy")]


def _tree() -> app_commands.CommandTree[discord.Client]:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    gin = app_commands.Group(name="gin", description="Play gin rummy")

    @gin.command(name="challenge", description="Challenge someone")
    @app_commands.describe(difficulty="How well I play")
    @app_commands.choices(difficulty=LEVELS)
    async def challenge(interaction: discord.Interaction, difficulty: str) -> None: ...

    @gin.command(name="partners", description="Two against two")
    @app_commands.describe(computer="Who fills a seat")
    @app_commands.choices(computer=LEVELS)
    async def partners(interaction: discord.Interaction, computer: str) -> None: ...

    @gin.command(name="resign", description="Resign your game")
    async def resign(interaction: discord.Interaction) -> None: ...

    tree.add_command(gin)
    return tree


async def _payload(tmp_path: Path) -> dict[str, Any]:
    tree = _tree()
    group = tree.get_command("gin")
    assert isinstance(group, app_commands.Group)
    payload: dict[str, Any] = await group.get_translated_payload(
        tree, GinTranslator(_catalogues(tmp_path))
    )
    return payload


def _sub(payload: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(o for o in payload["options"] if o["name"] == name)
    return found


async def test_spanish_users_get_spanish_commands_and_english_stays_the_default(
    tmp_path: Path,
) -> None:
    payload = await _payload(tmp_path)
    assert payload["name"] == "gin" and payload["description"] == "Play gin rummy"
    assert payload["description_localizations"] == {
        "es-ES": "Jugar al gin rummy",
        "es-419": "Jugar al gin rummy",
    }
    challenge = _sub(payload, "challenge")
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


async def test_a_shared_choice_is_worded_by_the_option_it_is_sent_with(tmp_path: Path) -> None:
    payload = await _payload(tmp_path)
    difficulty = _sub(payload, "challenge")["options"][0]
    computer = _sub(payload, "partners")["options"][0]
    assert difficulty["choices"][0]["name_localizations"]["es-ES"] == "Fácil"
    assert computer["choices"][0]["name_localizations"]["es-ES"] == "Floja"


async def test_a_name_or_text_discord_would_refuse_is_not_sent(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    payload = await _payload(tmp_path)
    resign = _sub(payload, "resign")
    # "no vale con espacios" has spaces: the English name stands, and a
    # language without the key (the resign description) sends nothing.
    assert not resign.get("name_localizations")
    assert not resign.get("description_localizations")
    partners = _sub(payload, "partners")  # its Spanish description is 101 characters
    assert partners["name_localizations"]["es-ES"] == "parejas"
    assert not partners.get("description_localizations")
    # The operator is told which entries to fix.
    ours = [r for r in caplog.records if r.name == "bot.discord_ui.translator"]
    warned = {r.getMessage().split(" ")[0] for r in ours}
    assert warned == {"cmd.gin.resign.name", "cmd.gin.partners.description"}


async def test_a_choice_it_never_saw_an_option_of_is_left_alone(tmp_path: Path) -> None:
    # An autocomplete answer is translated with the interaction's locale; its
    # value may be a choice value of a command ("easy"), but it is not one.
    translator = GinTranslator(_catalogues(tmp_path))
    tree = _tree()
    group = tree.get_command("gin")
    assert isinstance(group, app_commands.Group)
    await group.get_translated_payload(tree, translator)  # the commands' choices are known
    answer = app_commands.Choice(name="Easy", value="easy")
    sent = await answer.get_translated_payload_for_locale(translator, discord.Locale.spain_spanish)
    assert sent["name"] == "Easy"


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("desafiar", True),
        ("défausser", True),
        ("configurações", True),
        ("gran-gin", True),
        ("min_partidas", True),
        ("adversário1", True),
        ("नमस्ते", True),  # Devanagari: its vowel signs are marks, which Discord admits
        ("ภาษาไทย", True),  # Thai, likewise
        ("x" * 32, True),
        ("x" * 33, False),
        ("", False),
        ("Desafiar", False),
        ("dos palabras", False),
        ("gin.knock", False),
        ("gin🃏", False),
    ],
)
def test_names_follow_discords_pattern(name: str, ok: bool) -> None:
    assert valid_name(name) is ok


def test_the_keys_of_a_synced_payload() -> None:
    variant = {
        "type": 3,
        "name": "variant",
        "description": "Rules variant",
        "choices": [{"name": "Standard", "value": "standard"}],
    }
    payload = [
        {
            "name": "gin",
            "description": "Play gin rummy",
            "options": [
                {"type": 1, "name": "challenge", "description": "Challenge", "options": [variant]},
                {
                    "type": 2,
                    "name": "tournament",
                    "description": "Tournaments",
                    "options": [{"type": 1, "name": "show", "description": "Show it"}],
                },
                {"type": 1, "name": "partners", "description": "Two v two", "options": [variant]},
            ],
        }
    ]
    assert command_texts(payload) == {
        "cmd.gin.name": "gin",
        "cmd.gin.description": "Play gin rummy",
        "cmd.gin.challenge.name": "challenge",
        "cmd.gin.challenge.description": "Challenge",
        "cmd.gin.challenge.variant.name": "variant",
        "cmd.gin.challenge.variant.description": "Rules variant",
        "cmd.choice.variant.standard": "Standard",
        "cmd.gin.tournament.name": "tournament",
        "cmd.gin.tournament.description": "Tournaments",
        "cmd.gin.tournament.show.name": "show",
        "cmd.gin.tournament.show.description": "Show it",
        "cmd.gin.partners.name": "partners",
        "cmd.gin.partners.description": "Two v two",
        "cmd.gin.partners.variant.name": "variant",
        "cmd.gin.partners.variant.description": "Rules variant",
    }
    # Two options of one name offering one value worded two ways: one key can't hold both.
    other = {**variant, "choices": [{"name": "Plain", "value": "standard"}]}
    payload[0]["options"][2]["options"] = [other]
    with pytest.raises(ValueError, match=re.escape("cmd.choice.variant.standard")):
        command_texts(payload)
