"""The slash commands as the bot syncs them (Discord's JSON, read from the
fake): what each locale is sent, and everything Discord would refuse in it.
Used by ``tests/e2e/test_command_languages.py`` and
``tools/commands_catalog.py``."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

#: The Discord locales the bot translates its commands into (English is the default).
LOCALES = ("es-ES", "es-419", "pt-BR", "de", "fr")

Item = Mapping[str, Any]


def discord_accepts_name(name: str) -> bool:
    """Discord's rule for a command or option name in a locale, written out
    here on its own (not the translator's copy): 1–32 of ``-``, ``_``,
    letters and digits (``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``;
    the Devanagari and Thai marks do not occur in our languages), letters in
    lower case."""
    return (
        0 < len(name) <= 32
        and name == name.lower()
        and all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name)
    )


def localised(item: Item, field: str, locale: str) -> str | None:
    """``item``'s ``field`` (``name``, ``description``) as ``locale`` is sent it."""
    found = (item.get(f"{field}_localizations") or {}).get(locale)
    return None if found is None else str(found)


def shown(item: Item, field: str, locale: str) -> str:
    """What a user of ``locale`` sees: the localisation, else the default."""
    return localised(item, field, locale) or str(item.get(field, ""))


def walk(commands: Sequence[Item], path: str = "") -> Iterator[tuple[str, Item]]:
    """Every command, group, subcommand and option, with its path (``/gin challenge opponent``)."""
    for item in commands:
        where = f"{path} {item['name']}" if path else f"/{item['name']}"
        yield where, item
        yield from walk(item.get("options") or (), where)


def find(commands: Sequence[Item], *path: str) -> Item:
    """The command, subcommand or option at ``path`` (English names)."""
    items: Sequence[Item] = commands
    found: Item = {}
    for name in path:
        found = next(i for i in items if i["name"] == name)
        items = found.get("options") or ()
    return found


def localisation_problems(commands: Sequence[Item]) -> list[str]:
    """Every way the commands fall short for :data:`LOCALES`: a name,
    description or choice without a localisation, a name Discord refuses or
    shared with a sibling in that locale, a text over 100 characters."""
    problems: list[str] = []

    def siblings(where: str, items: Sequence[Item]) -> None:
        for locale in LOCALES:
            names = [shown(i, "name", locale) for i in items]
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                problems.append(f"{where}: {locale}: {twice} name two of its commands or options")

    siblings("/", commands)
    for where, item in walk(commands):
        siblings(where, item.get("options") or ())
        for locale in LOCALES:
            name = localised(item, "name", locale)
            description = localised(item, "description", locale)
            if name is None or description is None:
                problems.append(f"{where}: no {locale} name or description")
                continue
            if not discord_accepts_name(name):
                problems.append(f"{where}: {locale} name {name!r} is refused by Discord")
            if not 0 < len(description) <= 100:
                problems.append(f"{where}: {locale} description is {len(description)} characters")
        for choice in item.get("choices") or ():
            for locale in LOCALES:
                name = localised(choice, "name", locale)
                if name is None or not 0 < len(name) <= 100:
                    problems.append(f"{where} = {choice['value']}: {locale} choice name {name!r}")
    return problems
