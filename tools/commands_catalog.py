"""Keep ``bot/locales/<language>/cmd.po`` in step with the slash commands.

The cogs word their commands in English (their decorators); the translator
(``bot/discord_ui/translator.py``) finds every other language in ``cmd.po``
by a key derived from where each string sits.  This script runs the real bot
against the fake Discord of the tests (as the tests do: every cog it loads,
every command it syncs), reads the commands it synced, and

* writes ``bot/locales/en/cmd.po``: every key with the English the commands
  carry (the catalogue checks see every key; a test fails when the file and
  the commands differ);
* reports, for each other language, the keys its ``cmd.po`` lacks (a new
  command or option: translate them) and the keys it has that no command
  uses any more, and every localisation Discord would refuse or that the
  translator left out;
* with ``--languages``, also adds the lacking keys to the other languages'
  files, untranslated (a gettext editor lists them to do), and drops the
  keys no command uses.

Run it after adding or changing a command, then translate what it lists::

    .venv/bin/python tools/commands_catalog.py              # write en, report the rest
    .venv/bin/python tools/commands_catalog.py --languages  # also add/drop keys elsewhere
    .venv/bin/python tools/commands_catalog.py --check      # write nothing; exit 1 if out of step

No network: the fake Discord listens on 127.0.0.1 and the bot's database is
a temporary SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from bot.discord_ui.translator import command_texts  # noqa: E402
from bot.i18n import DEFAULT, Lang  # noqa: E402
from bot.i18n.catalogs import LOCALES  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.helpers.commands import localisation_problems  # noqa: E402
from tests.helpers.discord import make_bot  # noqa: E402

FILE = "cmd.po"


async def synced_commands() -> list[dict[str, Any]]:
    """The global commands the bot syncs at start-up, as Discord receives them."""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(default_timeout=30) as fake:
            bot = await make_bot(Path(tmp) / "gin.db")
            async with fake.run_bot(bot):
                commands = list(fake.commands[None])
            fake.assert_clean()
    return commands


def new(lang: Lang) -> Catalog:
    """An empty catalogue of ``lang``, its header as Babel writes it."""
    return Catalog(
        locale=lang.babel, project="gin-bot", copyright_holder="Gin Rummy for Discord", fuzzy=False
    )


def read(lang: Lang, folder: Path = LOCALES) -> Catalog:
    """``lang``'s ``cmd.po`` (an empty catalogue if there is none yet)."""
    path = folder / lang.value / FILE
    if not path.exists():
        return new(lang)
    with path.open("rb") as f:
        return read_po(f, locale=lang.babel)


def render(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, sort_output=True, width=100)
    return out.getvalue()


def save(lang: Lang, catalog: Catalog, *, check: bool, folder: Path = LOCALES) -> bool:
    """Write ``catalog`` as ``lang``'s ``cmd.po`` if its entries changed
    (the header's dates stay as they were otherwise).  Whether it changed."""
    path = folder / lang.value / FILE
    old = read(lang, folder)
    same = path.exists() and {m.id: (m.string, m.fuzzy) for m in old if m.id} == {
        m.id: (m.string, m.fuzzy) for m in catalog if m.id
    }
    if same:
        return False
    if not check:
        catalog.creation_date = old.creation_date
        path.write_bytes(render(catalog))
    return True


def english(texts: dict[str, str]) -> Catalog:
    catalog = new(DEFAULT)
    for key, value in texts.items():
        catalog.add(key, value)  # msgid = the key, msgstr = the English
    return catalog


def other(lang: Lang, texts: dict[str, str]) -> tuple[Catalog, list[str], list[str]]:
    """``lang``'s catalogue with the lacking keys added (untranslated) and
    the unused ones dropped; and the keys lacking, and unused."""
    catalog = read(lang)
    have = {m.id for m in catalog if m.id}
    unused = sorted(str(k) for k in have - set(texts))
    lacking = sorted(k for k in texts if k not in have or not catalog[k].string)
    for key in unused:
        del catalog[key]
    for key in lacking:
        if key not in have:
            catalog.add(key, "")
    return catalog, lacking, unused


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if out of step")
    parser.add_argument(
        "--languages", action="store_true", help="also add/drop keys in the other languages"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)  # not discord.py's voice notices
    commands = asyncio.run(synced_commands())
    texts = command_texts(commands)
    out_of_step = False
    if save(DEFAULT, english(texts), check=args.check):
        out_of_step = True
        print(f"en/{FILE}: {'out of step' if args.check else 'written'} ({len(texts)} keys)")
    else:
        print(f"en/{FILE}: up to date ({len(texts)} keys)")
    for lang in Lang:
        if lang is DEFAULT:
            continue
        catalog, lacking, unused = other(lang, texts)
        for key in lacking:
            print(f"{lang.value}/{FILE}: to translate: {key}  ({texts[key]!r})")
        for key in unused:
            print(f"{lang.value}/{FILE}: used by no command: {key}")
        out_of_step = out_of_step or bool(lacking or unused)
        if args.languages and not args.check:
            save(lang, catalog, check=False)
    # What the sync carried: every localisation present, and each one Discord accepts.
    problems = localisation_problems(commands)
    for problem in problems:
        print(f"sync: {problem}")
    return 1 if (out_of_step and args.check) or problems else 0


if __name__ == "__main__":
    sys.exit(main())
