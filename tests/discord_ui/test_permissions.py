"""Channel permissions (``bot.discord_ui.permissions``): what is missing, by name."""

from __future__ import annotations

import discord

from bot.discord_ui.permissions import check_can_host, missing


def test_missing_names_exactly_what_is_lacking() -> None:
    perms = discord.Permissions(view_channel=True, send_messages=True)
    assert missing(perms) == ["Attach Files", "Read Message History"]
    assert missing(discord.Permissions.all()) == []
    check_can_host(discord.Permissions.all())
