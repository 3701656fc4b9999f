"""``/gin help`` through the fake Discord: private pages turned with ◀ / ▶,
in the language of the player who asks, every page from the help words
module, and buttons that still turn the pages of a help message posted
before the bot restarted."""

from __future__ import annotations

import re
from pathlib import Path

from bot.discord_ui.help_text import PAGES, next_label, page_text, previous_label
from bot.i18n import Lang, lang_of
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import SentMessage
from tests.helpers.commands import find, shown
from tests.helpers.discord import make_bot

#: A Discord locale of each language (Spanish: the Latin American one; es-ES
#: is the one the other tests use).
LOCALE = {Lang.EN: "en-US", Lang.ES: "es-419", Lang.PT_BR: "pt-BR", Lang.DE: "de", Lang.FR: "fr"}


def buttons(msg: SentMessage) -> dict[str, bool]:
    """The page buttons: custom_id → disabled."""
    return {
        c["custom_id"]: bool(c.get("disabled"))
        for c in msg.walk_components()
        if c.get("custom_id", "").startswith("gin:help:")
    }


def labels(msg: SentMessage) -> list[str]:
    """The page buttons' labels, in order."""
    return [
        str(c["label"])
        for c in msg.walk_components()
        if c.get("custom_id", "").startswith("gin:help:")
    ]


def commands_named(page: str) -> list[tuple[str, str | None]]:
    """The ``/gin`` commands a page names: (subcommand, option typed with it or None)."""
    return [
        (m[1], m[2]) for m in re.finditer(r"/gin ([-\w]+)(?: ([-\w]+):)?", page, flags=re.UNICODE)
    ]


async def page_through(fake: FakeDiscord, lang: Lang) -> list[tuple[str, list[str]]]:
    """A player whose Discord speaks ``lang`` asks for help and turns every
    page, then one back: each page and its buttons' labels as they were shown
    (the message is edited in place: each is read before the next click)."""
    locale = LOCALE[lang]
    assert lang_of(locale) is lang
    player = fake.add_user(f"player-{locale}")
    res = await fake.slash(player, "gin", subcommand="help", locale=locale)
    msg = res.message
    assert msg is not None and res.ephemeral
    assert buttons(msg) == {"gin:help:prev:1": True, "gin:help:next:1": False}
    shown_pages = [(msg.content, labels(msg))]
    for number in range(2, len(PAGES) + 1):
        await fake.click(player, msg, f"gin:help:next:{number - 1}", locale=locale)
        msg = fake.message(msg)  # edited in place, still private
        assert msg.ephemeral
        shown_pages.append((msg.content, labels(msg)))
    assert buttons(msg)[f"gin:help:next:{len(PAGES)}"] is True  # the last page
    await fake.click(player, msg, f"gin:help:prev:{len(PAGES)}", locale=locale)
    assert fake.message(msg).content == page_text(lang, len(PAGES) - 1)
    return shown_pages


async def test_help_pages_are_private_in_the_players_language_and_turn_both_ways(
    tmp_path: Path,
) -> None:
    async with FakeDiscord(default_timeout=20) as fake:
        bot = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(bot):
            shown_to = {lang: await page_through(fake, lang) for lang in Lang}
            commands = list(fake.commands[None])
        fake.assert_clean()
    english = [page_text(Lang.EN, n) for n in range(1, len(PAGES) + 1)]
    assert "page 1 of" in english[0]
    gin = find(commands, "gin")
    for lang, pages in shown_to.items():
        # Each page is the catalogue's, with its buttons, in the player's language …
        assert [c for c, _ in pages] == [page_text(lang, n) for n in range(1, len(PAGES) + 1)]
        for _, shown_labels in pages:
            assert shown_labels == [previous_label(lang), next_label(lang)], lang
        if lang is not Lang.EN:  # … none of them left in English.
            assert all(c != e for (c, _), e in zip(pages, english, strict=True)), lang
            assert pages[0][1] != ["◀ Previous", "Next ▶"], lang
        # Every page fits a message, and every command it names is one /gin has,
        # as players of that language see it (with the option typed with it).
        locale = LOCALE[lang]
        named = {shown(sub, "name", locale): sub for sub in gin["options"]}
        mentioned: set[str] = set()
        for content, _ in pages:
            assert len(content) <= 2000
            for command, option in commands_named(content):
                assert command in named, (lang, command, sorted(named))
                mentioned.add(command)
                if option is not None:
                    options = {shown(o, "name", locale) for o in named[command].get("options", [])}
                    assert option in options, (lang, command, option, options)
        # … and no /gin command is left out of the guide.
        assert mentioned == set(named), (lang, sorted(set(named) - mentioned))


async def test_an_old_help_message_still_turns_after_a_restart(tmp_path: Path) -> None:
    async with FakeDiscord(default_timeout=20) as fake:
        ana = fake.add_user("Ana")
        first = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(first):
            res = await fake.slash(ana, "gin", subcommand="help", locale="de")
            await fake.click(ana, res.message, "gin:help:next:1", locale="de")  # type: ignore[arg-type]
            msg = fake.message(res.message)  # type: ignore[arg-type]
            assert msg.content == page_text(Lang.DE, 2)
        again = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(again):
            res = await fake.click(ana, msg, "gin:help:next:2", locale="de")
            assert fake.message(msg).content == page_text(Lang.DE, 3)
            # A forged page number is refused, privately, and changes nothing.
            forged = await fake.click(ana, msg, "gin:help:next:0", forge=True)
            assert forged.ephemeral and "isn't one I made" in forged.content
            assert fake.message(msg).content == page_text(Lang.DE, 3)
        fake.assert_clean()
