"""Plain-Python records of the fake Discord's world and of what the bot sent.

Tests assert against these objects, never against discord.py objects: that
keeps the assertions about *what reached Discord* (the observable behaviour of
the bot) instead of about the bot's internal state.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .payloads import (
    CALLBACK_AUTOCOMPLETE_RESULT,
    CALLBACK_MODAL,
    CALLBACK_NAMES,
    EVERYONE_PERMISSIONS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    iso_now,
)

_USER_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(eq=False)
class FakeUser:
    """A Discord user who is also a member of the fake guild(s).

    ``permissions`` is the member's *computed* permission integer in the
    channel where they use a command; Discord sends it precomputed in
    ``interaction.member.permissions``, so we do not model overwrites.
    """

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    permissions: int = EVERYONE_PERMISSIONS
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)
    #: The language of the user's Discord client (``interaction.locale``).
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        """``<@id>``, as a bot would write it in message content."""
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        """Nick, else global name, else username (Discord's precedence)."""
        return self.nick or self.global_name or self.name

    def user_payload(self) -> dict[str, Any]:
        """The ``User`` object (what ``discord.User`` is built from)."""
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "primary_guild": None,
            "collectibles": None,
            "avatar_decoration_data": None,
        }

    def member_payload(
        self, *, with_user: bool = True, with_permissions: bool = False
    ) -> dict[str, Any]:
        """The guild ``Member`` object.

        ``flags`` is read with ``data['flags']`` by discord.py, so it is always
        present.  ``permissions`` only exists on interaction members.
        """
        payload: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = self.user_payload()
        if with_permissions:
            payload["permissions"] = str(self.permissions)
        return payload


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel (type 0), a DM channel (type 1) or a public thread
    (type 11: ``parent_id`` set, its own members and write limit)."""

    id: int
    name: str
    guild_id: int | None
    type: int = 0
    position: int = 0
    topic: str | None = None
    recipient_id: int | None = None
    last_message_id: int | None = None
    #: Permission bits the bot is denied here (channel overwrites): sent in
    #: ``app_permissions``; its writes then get 403 like on Discord.  A
    #: thread inherits its parent's.
    bot_denied: int = 0
    #: Threads: the text channel it was started in, its creator, its state.
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    member_ids: list[int] = field(default_factory=list)
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type == 11

    @property
    def mention(self) -> str:
        """``<#id>``."""
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The ``Channel`` object for guild channels (DMs are built by the server)."""
        if self.is_thread:
            return self.thread_payload()
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id) if self.guild_id is not None else None,
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "parent_id": None,
            "topic": self.topic,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "flags": 0,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
        }

    def thread_payload(self) -> dict[str, Any]:
        """The thread ``Channel`` object (``thread_metadata``, counts, parent)."""
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "name": self.name,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "message_count": self.message_count,
            "member_count": min(50, len(self.member_ids)),
            "total_message_sent": self.message_count,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": iso_now(),
                "locked": self.locked,
            },
        }


@dataclass(eq=False)
class FakeRole:
    """A guild role; ``@everyone`` has the guild's id."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    def payload(self) -> dict[str, Any]:
        """The ``Role`` object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeGuild:
    """A guild: channels, roles and the ids of its members."""

    id: int
    name: str
    owner_id: int
    channels: list[FakeChannel] = field(default_factory=list)
    roles: list[FakeRole] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)
    locale: str = "en-US"


@dataclass(eq=False)
class SentAttachment:
    """A file the bot uploaded, with its raw bytes (for PIL / content checks)."""

    id: int
    filename: str
    data: bytes
    content_type: str | None
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        """Byte length, as Discord reports it."""
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        """The ``Attachment`` object; ``url`` points back at the fake server."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "flags": 0,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclass(eq=False)
class PayloadRecord:
    """One write to a message: the JSON payload plus uploaded file names."""

    action: str
    """``create`` | ``edit`` | ``delete``."""
    payload: dict[str, Any]
    filenames: list[str]
    route: str
    """How it arrived, e.g. ``callback type 7``, ``webhook edit @original``."""
    interaction_id: int | None = None
    """The interaction whose response/token made this write, if any."""
    at: float = field(default_factory=time.perf_counter)


@dataclass(eq=False)
class SentMessage:
    """The *current* state of one message (edits applied) plus its history.

    ``source`` tells how it came to exist: ``channel`` (``channel.send``),
    ``interaction`` (callback type 4/5 or the message a component sits on),
    ``followup`` (interaction webhook) or ``user`` (a message a test user
    posted via :meth:`FakeDiscord.post_message`).
    """

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    source: str
    interaction_id: int | None = None
    interaction_user_id: int | None = None
    interaction_name: str | None = None
    interaction_type: int | None = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachments: list[SentAttachment] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    reactions: dict[str, set[int]] = field(default_factory=dict)
    message_type: int = 0
    webhook_id: int | None = None
    deleted: bool = False
    edit_count: int = 0
    history: list[PayloadRecord] = field(default_factory=list)
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    created_at: float = field(default_factory=time.perf_counter)
    edited_at: float | None = None

    # -- convenient views ---------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        """``flags & 64``: only the invoking user can see it."""
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred "Bot is thinking…" placeholder that was never filled in."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def components_v2(self) -> bool:
        """Uses the IS_COMPONENTS_V2 layout (no content/embeds allowed)."""
        return bool(self.flags & FLAG_COMPONENTS_V2)

    def walk_components(self) -> Iterator[dict[str, Any]]:
        """Every component, depth first (rows, sections, containers, accessories)."""
        stack = list(reversed(self.components))
        while stack:
            comp = stack.pop()
            yield comp
            children: list[dict[str, Any]] = []
            children.extend(comp.get("components") or [])
            for key in ("accessory", "component"):
                if isinstance(comp.get(key), dict):
                    children.append(comp[key])
            stack.extend(reversed(children))

    def custom_ids(self) -> list[str]:
        """All interactive custom_ids in display order."""
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The component dict with this custom_id, or ``None``."""
        for comp in self.walk_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def buttons(self) -> list[dict[str, Any]]:
        """All button components (type 2) in display order."""
        return [c for c in self.walk_components() if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The first button whose label is ``label`` (AssertionError if none)."""
        for b in self.buttons():
            if b.get("label") == label:
                return b
        labels = [b.get("label") for b in self.buttons()]
        raise AssertionError(f"message {self.id} has no button {label!r}; buttons: {labels}")

    def attachment(self, filename: str | None = None) -> SentAttachment:
        """The attachment called ``filename`` (or the only one if omitted)."""
        if filename is None:
            if len(self.attachments) != 1:
                names = [a.filename for a in self.attachments]
                raise AssertionError(f"message {self.id} has {len(names)} attachments: {names}")
            return self.attachments[0]
        for att in self.attachments:
            if att.filename == filename:
                return att
        names = [a.filename for a in self.attachments]
        raise AssertionError(f"message {self.id} has no attachment {filename!r}; has {names}")

    def text(self) -> str:
        """Content plus all embed/text-display text, for loose ``in`` assertions."""
        parts = [self.content]
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for fld in embed.get("fields") or []:
                parts.append(f"{fld.get('name', '')}\n{fld.get('value', '')}")
            if (embed.get("footer") or {}).get("text"):
                parts.append(embed["footer"]["text"])
            if (embed.get("author") or {}).get("name"):
                parts.append(embed["author"]["name"])
        for comp in self.walk_components():
            if comp.get("type") == 10 and comp.get("content"):
                parts.append(comp["content"])
        return "\n".join(p for p in parts if p)

    def mentioned_user_ids(self) -> list[int]:
        """User ids written as ``<@id>`` in the content (whether or not they ping)."""
        return [int(m) for m in _USER_MENTION.findall(self.content)]

    def pinged_user_ids(self) -> set[int]:
        """Users who actually get a notification, honouring ``allowed_mentions``.

        With no ``allowed_mentions`` Discord parses every mention; otherwise a
        user pings only if ``"users"`` is in ``parse`` or their id is listed.
        SUPPRESS_NOTIFICATIONS (``@silent``) is ignored here on purpose: the
        user is still mentioned, just without a push.
        """
        ids = set(self.mentioned_user_ids())
        am = self.allowed_mentions
        if am is None:
            return ids
        if "users" in (am.get("parse") or []):
            return ids
        allowed = {int(u) for u in am.get("users") or []}
        return ids & allowed

    def __repr__(self) -> str:
        flags = []
        if self.ephemeral:
            flags.append("ephemeral")
        if self.loading:
            flags.append("loading")
        if self.deleted:
            flags.append("deleted")
        return (
            f"<SentMessage id={self.id} {self.source} channel={self.channel_id} "
            f"{' '.join(flags)} content={self.content[:60]!r} "
            f"embeds={len(self.embeds)} custom_ids={self.custom_ids()} "
            f"files={[a.filename for a in self.attachments]}>"
        )


@dataclass(eq=False)
class RecordedRequest:
    """One HTTP request the bot made to the fake (for debugging and audits)."""

    method: str
    path: str
    """Path relative to the API base, e.g. ``/channels/1/messages``."""
    route: str
    """The matched route template, e.g. ``/channels/{channel_id}/messages``."""
    query: dict[str, str]
    json: Any
    files: list[tuple[str, str, bytes]]
    """``(form field, filename, bytes)`` for each uploaded file."""
    started_at: float
    finished_at: float | None = None
    status: int | None = None
    response: Any = None

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass(eq=False)
class InteractionResult:
    """Everything observable about one interaction the test dispatched.

    ``message`` is the original response message (for component interactions
    answered with type 6/7 it is the message the component lives on) and is a
    *live* object: later edits show up on it.  ``followups`` grows as the bot
    sends followups.  Timestamps are ``time.perf_counter()`` values.
    """

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    name: str
    """Command name (``"gin draw"``) or component custom_id, for messages."""
    payload: dict[str, Any]
    """The INTERACTION_CREATE ``d`` exactly as dispatched."""
    source_message_id: int | None = None
    sent_at: float = 0.0
    responded_at: float | None = None
    response_type: int | None = None
    response: dict[str, Any] | None = None
    """The callback body ``{"type": ..., "data": ...}`` the bot posted."""
    message: SentMessage | None = None
    followups: list[SentMessage] = field(default_factory=list)
    callback_error: str | None = None
    """Set when the fake rejected the callback (late, duplicate, invalid…)."""

    @property
    def latency(self) -> float:
        """Seconds from sending INTERACTION_CREATE to the callback arriving."""
        if self.responded_at is None:
            raise AssertionError(f"interaction {self.name!r} was never responded to")
        return self.responded_at - self.sent_at

    @property
    def done_at(self) -> float:
        """When the user saw the last change: callback, or latest message write."""
        times = [self.responded_at or self.sent_at]
        for msg in self.messages:
            times.append(msg.edited_at or msg.created_at)
        return max(times)

    @property
    def response_name(self) -> str | None:
        """Human name of the callback type, e.g. ``UPDATE_MESSAGE``."""
        if self.response_type is None:
            return None
        return CALLBACK_NAMES.get(self.response_type, str(self.response_type))

    @property
    def data(self) -> dict[str, Any]:
        """The callback's ``data`` object (``{}`` for defers)."""
        return dict((self.response or {}).get("data") or {})

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (callback type 8)."""
        if self.response_type != CALLBACK_AUTOCOMPLETE_RESULT:
            raise AssertionError(
                f"expected an autocomplete result, bot answered {self.response_name}"
            )
        return list(self.data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any]:
        """The modal the bot opened (callback type 9)."""
        if self.response_type != CALLBACK_MODAL:
            raise AssertionError(f"expected a modal, bot answered {self.response_name}")
        return self.data

    @property
    def ephemeral(self) -> bool:
        """Whether the original response message is ephemeral."""
        if self.message is None:
            raise AssertionError(f"interaction {self.name!r} produced no message")
        return self.message.ephemeral

    @property
    def content(self) -> str:
        """The original response message's current content."""
        if self.message is None:
            raise AssertionError(f"interaction {self.name!r} produced no message")
        return self.message.content

    @property
    def messages(self) -> list[SentMessage]:
        """Original response (if any) followed by followups, de-duplicated."""
        out: list[SentMessage] = []
        for msg in [self.message, *self.followups]:
            if msg is not None and all(m is not msg for m in out):
                out.append(msg)
        return out

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {self.name!r} type={self.type} "
            f"response={self.response_name} message={self.message!r} "
            f"followups={len(self.followups)}>"
        )
