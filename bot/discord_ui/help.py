"""``/gin help``: how to play gin rummy and how to play it here, as private
pages turned with ◀ / ▶, in the reader's language.

The pages are :mod:`.help_text`'s words; the buttons are
:class:`~.items.HelpButton`, a dynamic item whose custom_id names the page it
sits under, so turning a page needs nothing kept in memory and works on a
help message posted before a restart.  The language is not in the custom_id:
each click is answered in the language of the player who clicks (a help
message is private, so that is the player who asked).  No database, no game:
a page is answered at once.
"""

from __future__ import annotations

import discord

from bot.i18n import lang_of

from . import help_text
from .items import HelpButton


async def show_help(interaction: discord.Interaction, page: int = 1) -> None:
    """Answer privately with help page ``page`` and its buttons."""
    lang = lang_of(interaction.locale.value)
    await interaction.response.send_message(
        help_text.page_text(lang, page), view=HelpButton.page_view(lang, page), ephemeral=True
    )
