"""What the bot needs in a channel to run a game there, checked before a game
starts (a game whose board can never be posted helps nobody), and what to
tell players when the channel stops letting it post mid-game."""

from __future__ import annotations

import discord

#: Permission attribute → the name Discord's settings show.
NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}

LOST_BOARD = (
    "⚠ I can no longer post in this channel (a permission was taken away), so the "
    "board isn't updating — your hand and buttons here still work. Ask a server admin "
    "to give me View Channel, Send Messages, Attach Files and Read Message History here."
)


class ChannelPermissionError(Exception):
    """The bot lacks a permission it needs in this channel (player-worded)."""


def missing(perms: discord.Permissions) -> list[str]:
    """The names of the needed permissions ``perms`` lacks, in Discord's words."""
    return [name for attr, name in NEEDED.items() if not getattr(perms, attr)]


def check_can_host(perms: discord.Permissions) -> None:
    """Refuse, naming exactly what is missing and how to grant it."""
    lacking = missing(perms)
    if lacking:
        names = ", ".join(f"**{n}**" for n in lacking)
        raise ChannelPermissionError(
            f"I can't run a game in this channel: I'm missing {names} here. A server admin "
            "can grant it in the channel's settings → Permissions → my role (or pick "
            "another channel)."
        )
