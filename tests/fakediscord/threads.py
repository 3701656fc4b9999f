"""Threads in the fake, as Discord serves them.

* ``POST /channels/{id}/messages/{message_id}/threads`` starts a public
  thread (type 11) from a message; the thread **shares the message's id**, its
  ``parent_id`` is the channel, and the bot becomes its owner and first
  member.  Needs *Create Public Threads* in the channel; a message can start
  one thread only.
* ``PUT /channels/{thread}/thread-members/{user}`` adds a member.
* ``PATCH /channels/{thread}`` archives, locks or renames it.
* Posting or editing in a thread needs *Send Messages in Threads* (not *Send
  Messages*); an archived thread refuses both (``50083``), and every thread
  has its own write limit (the per-channel limit, keyed by the thread's id).
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .models import FakeChannel
from .payloads import (
    INTENT_GUILDS,
    PERM_ATTACH_FILES,
    PERM_CREATE_PUBLIC_THREADS,
    PERM_SEND_MESSAGES,
    PERM_SEND_MESSAGES_IN_THREADS,
    PERM_VIEW_CHANNEL,
)
from .rest import _API_PREFIX, _PAYLOAD, RestMixin, _ApiError, json_response, no_content

PUBLIC_THREAD = 11
#: Discord's codes for the refusals below.
THREAD_ARCHIVED = (400, 50083, "Thread is archived")
THREAD_EXISTS = (400, 160004, "A thread has already been created for this message")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")


class ThreadsMixin(RestMixin):
    """Thread routes and the thread rules for writes."""

    def _add_routes(self, app: web.Application) -> None:
        # Before the REST routes: their catch-all must stay last.
        p = _API_PREFIX
        r = app.router
        r.add_post(p + "/channels/{channel_id}/messages/{message_id}/threads", self._h_start_thread)
        r.add_put(p + "/channels/{channel_id}/thread-members/{user_id}", self._h_add_member)
        r.add_patch(p + "/channels/{channel_id}", self._h_modify_channel)
        super()._add_routes(app)

    # --- what the bot may do where ---------------------------------------------------

    def denied(self, channel: FakeChannel) -> int:
        """The bot's denied permission bits in ``channel`` (a thread: its parent's)."""
        if channel.is_thread and channel.parent_id in self.channels:
            return self.channels[channel.parent_id].bot_denied
        return channel.bot_denied

    def _check_bot_may_write(self, channel: FakeChannel, uploads: list[Any]) -> None:  # type: ignore[override]
        """403 as Discord answers a bot denied a permission; 400 in an archived thread."""
        send = PERM_SEND_MESSAGES_IN_THREADS if channel.is_thread else PERM_SEND_MESSAGES
        needed = PERM_VIEW_CHANNEL | send | (PERM_ATTACH_FILES if uploads else 0)
        if self.denied(channel) & needed:
            raise _ApiError(*MISSING_PERMISSIONS)
        if channel.is_thread and channel.archived:
            raise _ApiError(*THREAD_ARCHIVED)

    def threads_of(self, parent_id: int) -> list[FakeChannel]:
        """The threads started in ``parent_id``, oldest first."""
        return [c for c in self.channels.values() if c.is_thread and c.parent_id == parent_id]

    # --- routes ----------------------------------------------------------------------

    async def _h_start_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent.type != 0:
            raise _ApiError(400, 50024, "Cannot execute action on this channel type")
        msg = self.messages.get(int(request.match_info["message_id"]))
        if msg is None or msg.channel_id != parent.id or msg.deleted or msg.ephemeral:
            raise _ApiError(404, 10008, "Unknown Message")
        if parent.bot_denied & (PERM_VIEW_CHANNEL | PERM_CREATE_PUBLIC_THREADS):
            raise _ApiError(*MISSING_PERMISSIONS)
        if msg.id in self.channels:
            raise _ApiError(*THREAD_EXISTS)
        body = request[_PAYLOAD] or {}
        name = str(body.get("name", ""))
        if not 1 <= len(name) <= 100:
            raise _ApiError(400, 50035, "Invalid Form Body")
        thread = FakeChannel(
            id=msg.id,
            name=name,
            guild_id=parent.guild_id,
            type=PUBLIC_THREAD,
            parent_id=parent.id,
            owner_id=self.bot_user_id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            member_ids=[self.bot_user_id],
        )
        self.channels[thread.id] = thread
        self._dispatch(
            "THREAD_CREATE", {**thread.payload(), "newly_created": True}, intent=INTENT_GUILDS
        )
        self._notify()
        return json_response(thread.payload(), status=201)

    def _thread(self, request: web.Request) -> FakeChannel:
        channel = self._channel(request)
        if not channel.is_thread:
            raise _ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    async def _h_add_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        uid = int(request.match_info["user_id"])
        guild = self.guilds[thread.guild_id or 0]
        if uid not in guild.member_ids:
            raise _ApiError(404, 10007, "Unknown Member")
        if self.denied(thread) & PERM_SEND_MESSAGES_IN_THREADS:
            raise _ApiError(*MISSING_PERMISSIONS)
        if thread.archived:
            raise _ApiError(*THREAD_ARCHIVED)
        if uid not in thread.member_ids:
            thread.member_ids.append(uid)
        return no_content()

    async def _h_modify_channel(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        body: dict[str, Any] = request[_PAYLOAD] or {}
        if thread.locked and body.get("archived") is False and thread.owner_id != self.bot_user_id:
            raise _ApiError(*MISSING_PERMISSIONS)
        if "name" in body:
            thread.name = str(body["name"])
        if "archived" in body:
            thread.archived = bool(body["archived"])
        if "locked" in body:
            thread.locked = bool(body["locked"])
        if "auto_archive_duration" in body:
            thread.auto_archive_duration = int(body["auto_archive_duration"])
        self._dispatch("THREAD_UPDATE", thread.payload(), intent=INTENT_GUILDS)
        self._notify()
        return json_response(thread.payload())
