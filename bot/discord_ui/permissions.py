"""What the bot needs in a channel to run a game there, checked before a game
starts (a game whose board can never be posted helps nobody), and what to
tell players when the channel stops letting it post mid-game."""

from __future__ import annotations

import discord

from bot.i18n import DEFAULT, Lang

from . import group_text, text

#: Permission attribute → the name Discord's settings show.
NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}

#: What a game in its own thread needs besides (``tables: thread``).
NEEDED_FOR_THREADS = {
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}

#: What the invite link asks for: everything checked above, and Embed Links.
#: No check needs Embed Links today (the bot sends files, not embeds); it is
#: kept so the link grants what servers were always invited with
#: (309237763072, the README's link).
INVITE_PERMISSIONS = discord.Permissions(
    **dict.fromkeys([*NEEDED, *NEEDED_FOR_THREADS, "embed_links"], True)
)
#: The invite's scopes: the bot user, and its slash commands.
INVITE_SCOPES = ("bot", "applications.commands")


def invite_url(application_id: int | None) -> str:
    """The link that adds the bot to a server with :data:`INVITE_PERMISSIONS`
    (``<APP_ID>`` in place of an application id not given)."""
    client_id = str(application_id) if application_id else "<APP_ID>"
    return discord.utils.oauth_url(client_id, permissions=INVITE_PERMISSIONS, scopes=INVITE_SCOPES)


class ChannelPermissionError(Exception):
    """This channel can't host what was asked: the bot lacks a permission it
    needs here, or it is a thread (player-worded)."""


def lacking(perms: discord.Permissions, *, threads: bool = False) -> list[str]:
    """The needed permissions ``perms`` lacks (``send_messages``)."""
    needed = {**NEEDED, **NEEDED_FOR_THREADS} if threads else NEEDED
    return [attr for attr in needed if not getattr(perms, attr)]


def missing(perms: discord.Permissions, *, threads: bool = False) -> list[str]:
    """The names of the needed permissions ``perms`` lacks, in Discord's (English) words."""
    names = {**NEEDED, **NEEDED_FOR_THREADS}
    return [names[attr] for attr in lacking(perms, threads=threads)]


def check_can_host(
    perms: discord.Permissions, lang: Lang = DEFAULT, *, threads: bool = False
) -> None:
    """Refuse, naming exactly what is missing and how to grant it, in the
    asker's language ``lang`` (``threads``: the server plays each game in a
    thread of its own)."""
    missed = lacking(perms, threads=threads)
    if missed:
        raise ChannelPermissionError(
            text.cannot_host(lang, missed, thread_fallback=threads and not lacking(perms))
        )


def check_not_in_thread(channel: object, lang: Lang = DEFAULT) -> None:
    """Refuse to open a partnership lobby or a tournament inside a thread.
    Each lives on its message for its whole life, and a thread closes — a
    game's thread is archived when its game ends — after which Discord refuses
    every edit of that message."""
    if isinstance(channel, discord.Thread):
        raise ChannelPermissionError(group_text.not_in_thread(lang))
