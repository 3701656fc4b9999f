"""Constants and small helpers for building Discord API payloads.

Everything here is plain data: no aiohttp, no discord.py.  The values mirror the
public Discord API documentation closely enough that the *real* discord.py 2.7
client parses them without complaint; where discord.py reads a key with
``data['key']`` (rather than ``data.get``) we always send it, because a missing
key there is a ``KeyError`` deep inside the library that would look like a bot
bug.
"""

from __future__ import annotations

import datetime as _dt
import json
import threading
import time
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
"""Discord's snowflake epoch (2015-01-01), so ``discord.utils.snowflake_time`` is sane."""

API_VERSION = 10

# --- message flags ---------------------------------------------------------
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

#: Flags a bot may set when *creating* an interaction response / followup.
INTERACTION_CREATE_FLAGS = (
    FLAG_SUPPRESS_EMBEDS | FLAG_EPHEMERAL | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
)
#: Flags a bot may set when creating a normal channel message (no ephemeral).
CHANNEL_CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
#: Flags an *edit* may change; everything else (ephemeral!) is sticky.
EDITABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2

# --- permissions (bit values from the API docs) ----------------------------
PERM_CREATE_INSTANT_INVITE = 1 << 0
PERM_ADMINISTRATOR = 1 << 3
PERM_ADD_REACTIONS = 1 << 6
PERM_VIEW_CHANNEL = 1 << 10
PERM_SEND_MESSAGES = 1 << 11
PERM_MANAGE_MESSAGES = 1 << 13
PERM_EMBED_LINKS = 1 << 14
PERM_ATTACH_FILES = 1 << 15
PERM_READ_MESSAGE_HISTORY = 1 << 16
PERM_MENTION_EVERYONE = 1 << 17
PERM_USE_EXTERNAL_EMOJIS = 1 << 18
PERM_CHANGE_NICKNAME = 1 << 26
PERM_MANAGE_ROLES = 1 << 28
PERM_USE_APPLICATION_COMMANDS = 1 << 31
PERM_MANAGE_THREADS = 1 << 34
PERM_CREATE_PUBLIC_THREADS = 1 << 35
PERM_SEND_MESSAGES_IN_THREADS = 1 << 38
PERM_USE_EXTERNAL_APPS = 1 << 50

#: What ``@everyone`` can do in the fake guild: a normal community server.
EVERYONE_PERMISSIONS = (
    PERM_CREATE_INSTANT_INVITE
    | PERM_ADD_REACTIONS
    | PERM_VIEW_CHANNEL
    | PERM_SEND_MESSAGES
    | PERM_EMBED_LINKS
    | PERM_ATTACH_FILES
    | PERM_READ_MESSAGE_HISTORY
    | PERM_USE_EXTERNAL_EMOJIS
    | PERM_CHANGE_NICKNAME
    | PERM_USE_APPLICATION_COMMANDS
    | PERM_CREATE_PUBLIC_THREADS
    | PERM_SEND_MESSAGES_IN_THREADS
    | PERM_USE_EXTERNAL_APPS
)
#: The bot's managed role adds moderation-ish rights on top of ``@everyone``.
BOT_ROLE_PERMISSIONS = EVERYONE_PERMISSIONS | PERM_MANAGE_MESSAGES | PERM_MANAGE_THREADS
ALL_PERMISSIONS = (1 << 53) - 1

# --- gateway intents we care about ----------------------------------------
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

# --- application flags (limited intents = verified-free small bot) --------
APPLICATION_FLAGS = (1 << 13) | (1 << 15) | (1 << 19) | (1 << 23)

#: ``attachment_size_limit`` sent with every interaction (10 MiB, free tier).
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# Interaction types / callback types, named for readability.
INTERACTION_PING = 1
INTERACTION_APPLICATION_COMMAND = 2
INTERACTION_MESSAGE_COMPONENT = 3
INTERACTION_AUTOCOMPLETE = 4
INTERACTION_MODAL_SUBMIT = 5

CALLBACK_PONG = 1
CALLBACK_CHANNEL_MESSAGE = 4
CALLBACK_DEFERRED_CHANNEL_MESSAGE = 5
CALLBACK_DEFERRED_UPDATE_MESSAGE = 6
CALLBACK_UPDATE_MESSAGE = 7
CALLBACK_AUTOCOMPLETE_RESULT = 8
CALLBACK_MODAL = 9

CALLBACK_NAMES = {
    CALLBACK_PONG: "PONG",
    CALLBACK_CHANNEL_MESSAGE: "CHANNEL_MESSAGE_WITH_SOURCE",
    CALLBACK_DEFERRED_CHANNEL_MESSAGE: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    CALLBACK_DEFERRED_UPDATE_MESSAGE: "DEFERRED_UPDATE_MESSAGE",
    CALLBACK_UPDATE_MESSAGE: "UPDATE_MESSAGE",
    CALLBACK_AUTOCOMPLETE_RESULT: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
    CALLBACK_MODAL: "MODAL",
}

# Application command option types.
OPT_SUB_COMMAND = 1
OPT_SUB_COMMAND_GROUP = 2
OPT_STRING = 3
OPT_INTEGER = 4
OPT_BOOLEAN = 5
OPT_USER = 6
OPT_CHANNEL = 7
OPT_ROLE = 8
OPT_MENTIONABLE = 9
OPT_NUMBER = 10
OPT_ATTACHMENT = 11

# Component types that carry a custom_id a user can interact with.
COMPONENT_ACTION_ROW = 1
COMPONENT_BUTTON = 2
COMPONENT_STRING_SELECT = 3
COMPONENT_TEXT_INPUT = 4
COMPONENT_USER_SELECT = 5
COMPONENT_ROLE_SELECT = 6
COMPONENT_MENTIONABLE_SELECT = 7
COMPONENT_CHANNEL_SELECT = 8
COMPONENT_LABEL = 18
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})


class SnowflakeGenerator:
    """Strictly increasing, time-based snowflakes.

    Real snowflakes embed a millisecond timestamp, so ids sort by creation time
    and ``discord.utils.snowflake_time`` returns "now".  Tests rely on
    "later message => bigger id", so we guarantee strict monotonicity even when
    many ids are minted in the same millisecond (or the wall clock steps back).
    """

    def __init__(self) -> None:
        self._last = 0
        self._lock = threading.Lock()

    def __call__(self) -> int:
        with self._lock:
            candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
            self._last = max(self._last + 1, candidate)
            return self._last


def iso_now() -> str:
    """Current UTC time in the ISO-8601 form Discord uses for timestamps."""
    return _dt.datetime.now(_dt.UTC).isoformat()


def dumps(data: Any) -> str:
    """Compact JSON, the way Discord sends it."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def error_body(code: int, message: str, errors: dict[str, Any] | None = None) -> dict[str, Any]:
    """A Discord-shaped JSON error body (what ``discord.HTTPException`` parses)."""
    body: dict[str, Any] = {"code": code, "message": message}
    if errors:
        body["errors"] = errors
    return body
