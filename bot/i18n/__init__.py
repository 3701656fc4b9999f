"""Every word a player reads, in their language.

The texts live in gettext catalogues (``bot/locales/<language>/*.po``, one
file per part of the bot), the
format translators and their tools (Poedit, Weblate, Crowdin) know, one
entry per *key*: the key names the text (``hand.your_turn``), the entry's
translation is the text with ``{named}`` placeholders, and a text that
depends on a number has plural forms, chosen by each language's own rule
(the catalogue's ``Plural-Forms`` header).  Babel reads the catalogues and
turns them into gettext translations when the bot starts, so no compiled
file is kept in the repository.

Two languages are in play for every answer:

* a **private** answer speaks the clicking player's Discord language
  (``interaction.locale``);
* a **public** message (a board, a summary line, a tally, a tournament)
  speaks the server's language (the ``language`` setting, by default the
  server's own preferred language), never a player's: one player's
  language must not show in public.

A key missing from a language falls back to English, and English has every
key (``tests/i18n`` checks both, and that every translation keeps the
English placeholders).
"""

from __future__ import annotations

from .catalogs import Catalogs, catalogs, plural, text
from .dates import day_words, month_names
from .languages import DEFAULT, Lang, lang_of

__all__ = [
    "DEFAULT",
    "Catalogs",
    "Lang",
    "catalogs",
    "day_words",
    "lang_of",
    "month_names",
    "plural",
    "text",
]
