"""The slash commands in five languages, as Discord receives them: the real
bot syncs its commands with the fake Discord, which checks the payload
against Discord's OpenAPI spec and documented limits.  Every command, group,
subcommand and option carries a name and a description for each Spanish,
Brazilian, German and French locale, every choice a name; each name is one
Discord accepts and no sibling shares it in that language; each text is the
catalogue's; and ``en/cmd.po`` holds exactly the English of the commands
(so a decorator changed without the catalogue fails here: run
``tools/commands_catalog.py``)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from bot.discord_ui.translator import command_texts
from bot.i18n import Catalogs, lang_of
from bot.i18n.catalogs import LOCALES as FOLDER
from tests.fakediscord import FakeDiscord, RecordedRequest
from tests.fakediscord.openapi import check_request
from tests.helpers.commands import LOCALES, find, localisation_problems
from tests.helpers.discord import make_bot


async def _sync(db: Path) -> tuple[list[dict[str, Any]], RecordedRequest]:
    """The commands the bot synced at start-up, and the request that carried them."""
    async with FakeDiscord(default_timeout=20) as fake:
        bot = await make_bot(db)
        async with fake.run_bot(bot):
            commands = list(fake.commands[None])
        fake.assert_clean()  # the fake accepted every request, the sync included
    syncs = [r for r in fake.requests if r.method == "PUT" and r.route.endswith("/commands")]
    assert len(syncs) == 1 and syncs[0].status == 200
    return commands, syncs[0]


async def test_every_command_and_option_is_sent_in_every_language(tmp_path: Path) -> None:
    commands, sync = await _sync(tmp_path / "gin.db")
    assert {c["name"] for c in commands} == {"gin", "ginadmin"}
    assert localisation_problems(commands) == []
    # Discord's spec accepts the payload as sent …
    verdict = check_request("PUT", sync.path, {}, sync.json)
    assert verdict.route_status is None and not verdict.problems, verdict.summary()
    # … and would refuse it with one localised name too long: the check can fail.
    spoiled = copy.deepcopy(sync.json)
    find(spoiled, "gin", "challenge")["name_localizations"]["de"] = "x" * 33
    assert check_request("PUT", sync.path, {}, spoiled).problems
    # The main commands, as each language's players type them.
    challenge, knock = find(commands, "gin", "challenge"), find(commands, "gin", "knock")
    assert challenge["name_localizations"] == {
        "es-ES": "desafiar",
        "es-419": "desafiar",
        "pt-BR": "desafiar",
        "de": "herausfordern",
        "fr": "défier",
    }
    # The gin words of docs/languages.md.
    assert [knock["name_localizations"][loc] for loc in ("es-ES", "pt-BR", "de", "fr")] == [
        "cerrar",
        "bater",
        "klopfen",
        "frapper",
    ]


def _sent(commands: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, str]]:
    """Each key (the catalogues' scheme, spelt out here) → the localisations sent."""
    sent: dict[str, dict[str, str]] = {}

    def walk(path: str, item: Mapping[str, Any]) -> None:
        sent[f"cmd.{path}.name"] = dict(item.get("name_localizations") or {})
        sent[f"cmd.{path}.description"] = dict(item.get("description_localizations") or {})
        for option in item.get("options") or ():
            if option["type"] in (1, 2):
                walk(f"{path}.{option['name']}", option)
                continue
            walk(f"{path}.{option['name']}", {**option, "options": ()})
            for choice in option.get("choices") or ():
                key = f"cmd.choice.{option['name']}.{choice['value']}"
                sent[key] = dict(choice.get("name_localizations") or {})

    for command in commands:
        walk(command["name"], command)
    return sent


async def test_the_catalogues_are_the_commands_words(tmp_path: Path) -> None:
    commands, _ = await _sync(tmp_path / "gin.db")
    # English: the decorators' own words, every key, nothing else.
    with (FOLDER / "en" / "cmd.po").open("rb") as f:
        english = {m.id: m.string for m in read_po(f) if m.id}
    assert english == command_texts(commands), "run tools/commands_catalog.py"
    # Every other language: each localisation sent is its catalogue's text.
    texts = Catalogs()
    sent = _sent(commands)
    assert set(sent) == set(english)
    for key, localised in sent.items():
        for locale in LOCALES:
            want = texts[lang_of(locale)].texts[key]
            assert isinstance(want, str)
            assert localised[locale] == (want.lower() if key.endswith(".name") else want), key
