"""A fake Discord server for end-to-end tests of the bot with the real discord.py.

Import from here (``from tests.fakediscord import FakeDiscord``); see
:mod:`tests.fakediscord.server` for the design notes.
"""

from __future__ import annotations

from .models import (
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    InteractionResult,
    PayloadRecord,
    RecordedRequest,
    SentAttachment,
    SentMessage,
)
from .payloads import FLAG_COMPONENTS_V2, FLAG_EPHEMERAL, FLAG_LOADING
from .server import FakeDiscord, json_response, patched_discord
from .state import MessageRef

__all__ = [
    "FLAG_COMPONENTS_V2",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeRole",
    "FakeUser",
    "InteractionResult",
    "MessageRef",
    "PayloadRecord",
    "RecordedRequest",
    "SentAttachment",
    "SentMessage",
    "json_response",
    "patched_discord",
]
