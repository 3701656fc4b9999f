"""The pages of ``/gin help``: how to play gin rummy, then how to play it
here, in the reader's language (a private answer: the clicking player's
Discord language).

The words are the catalogue ``help.po`` of each language: a page's title
is ``help.<page>.title``, its text ``help.<page>.body``; the line above each
page (``help.page``) and the page buttons (``help.previous``,
``help.next``) are there too.  Each page is one private message, well within
Discord's 2,000 characters in every language (a test checks), and a page
names the commands as that language's players see them (``/gin desafiar``
in Spanish): Discord shows each user the command names of their language.

The numbers are the usual ones; ``/gin rules`` gives this server's own.
"""

from __future__ import annotations

from typing import Final

from bot.i18n import Lang, text

#: The pages in order, by the key of their entries (``help.<page>.title``, ``.body``).
PAGES: Final[tuple[str, ...]] = ("goal", "melds", "knock", "scoring", "playing", "commands")


def page_count() -> int:
    return len(PAGES)


def page_title(lang: Lang, number: int) -> str:
    """Page ``number``'s (from 1) title."""
    return text(lang, f"help.{PAGES[number - 1]}.title")


def page_text(lang: Lang, number: int) -> str:
    """Page ``number`` (from 1) as its message: the title, where it stands, the body."""
    head = text(lang, "help.page", title=page_title(lang, number), number=number, count=len(PAGES))
    return f"{head}\n{text(lang, f'help.{PAGES[number - 1]}.body')}"


def previous_label(lang: Lang) -> str:
    """The button turning to the page before (◀)."""
    return text(lang, "help.previous")


def next_label(lang: Lang) -> str:
    """The button turning to the page after (▶)."""
    return text(lang, "help.next")
