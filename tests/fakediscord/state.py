"""Shared state of the fake: the world, the recordings and the waiting primitives.

:class:`FakeState` is the bottom layer of :class:`~.server.FakeDiscord`
(state -> gateway -> rest -> driver -> server).  It owns every mutable
collection, builds the payloads more than one layer needs (messages, guilds)
and queues gateway dispatches, so the layers above only add behaviour.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from .models import (
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    InteractionResult,
    RecordedRequest,
    SentAttachment,
    SentMessage,
)
from .payloads import (
    ALL_PERMISSIONS,
    API_VERSION,
    BOT_ROLE_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILDS,
    INTERACTION_APPLICATION_COMMAND,
    PERM_ADMINISTRATOR,
    SnowflakeGenerator,
    dumps,
)

log = logging.getLogger("fakediscord")

T = TypeVar("T")

#: The quiet spell after which :meth:`FakeState.settle` may return early, if
#: the bot run by ``run_bot`` says it has nothing in progress (``busy()``).
PROBED_QUIET = 0.01

MessageRef = SentMessage | InteractionResult | int | str
"""Anything :meth:`FakeDiscord.click` accepts as "the message"."""


@dataclass(eq=False)
class _Session:
    """A gateway session: survives a dropped socket so RESUME can replay."""

    id: str
    intents: int
    shard: tuple[int, int] | None
    conn: _Connection | None
    seq: int = 0
    backlog: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=5000))
    resumable: bool = True
    guilds_sent: bool = False


@dataclass(eq=False)
class _Connection:
    """One websocket; frames go through a queue so dispatch order == send order."""

    ws: web.WebSocketResponse
    path: str
    queue: asyncio.Queue[tuple[str, Callable[[], None] | None]] = field(
        default_factory=asyncio.Queue
    )
    session: _Session | None = None
    writer: asyncio.Task[None] | None = None
    server_close_code: int | None = None
    """Set when *we* closed the socket (aiohttp then reports the peer's echo)."""

    async def close(self, code: int, reason: bytes = b"") -> None:
        self.server_close_code = code
        await self.ws.close(code=code, message=reason)


@dataclass
class _Injection:
    method: str
    pattern: re.Pattern[str]
    status: int
    code: int
    message: str
    remaining: int


class FakeState:
    """World, recordings and waiting; constructor options of :class:`FakeDiscord`.

    Parameters
    ----------
    token:
        If set, REST calls and IDENTIFY must use it (else 401 / close 4004).
    interaction_deadline:
        Seconds the bot has to answer an interaction, like Discord's 3 s; a
        late callback gets ``404 Unknown interaction (10062)``.  ``None``
        disables the check (e.g. when stepping through with a debugger).
    default_timeout:
        Timeout of every driver wait; tests never hang longer than this.
    settle_quiet:
        How long the bot must be silent for :meth:`settle` to return (only
        :data:`PROBED_QUIET` once the bot says it has nothing in progress).
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_name: str = "GinBot",
        guild_name: str = "Fake Guild",
        channel_name: str = "general",
        interaction_deadline: float | None = 3.0,
        default_timeout: float = 5.0,
        settle_quiet: float = 0.05,
        heartbeat_interval_ms: int = 41250,
        quiesce: bool = True,
        check_spec: bool = True,
        channel_write_limit: tuple[int, float] | None = (5, 5.0),
        global_limit: tuple[int, float] | None = None,
    ) -> None:
        self.token = token
        #: Wait for the bot's in-flight requests before each new interaction
        #: (tests: removes races a human could never hit).  Benchmarks turn it
        #: off: real users do not wait for each other.
        self.quiesce = quiesce
        #: Validate every request against Discord's OpenAPI spec (tests).  The
        #: latency benchmark turns it off: its fake and players share the bot's
        #: two cores, and the spec check is the fake's work, not the bot's.
        self.check_spec = check_spec
        #: (writes, seconds): more message creates/edits than this in one
        #: channel get 429, as on Discord (None: no limit).
        self.channel_write_limit = channel_write_limit
        self._channel_writes: dict[int, collections.deque[float]] = {}
        #: (requests, seconds): Discord's global limit on a bot's requests,
        #: answers to interactions excepted (50 a second); more get a global
        #: 429 (None: no limit — tests go faster than Discord allows).
        self.global_limit = global_limit
        self._global_requests: collections.deque[float] = collections.deque()
        self.interaction_deadline = interaction_deadline
        self.default_timeout = default_timeout
        self.settle_quiet = settle_quiet
        #: The running bot's own "anything in progress?" (its ``busy()``, if it
        #: has one): a bot that says no is quiet after :data:`PROBED_QUIET`.
        self._bot_busy: Callable[[], bool] | None = None
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.snowflake = SnowflakeGenerator()

        self.application_id: int = self.snowflake()
        self.bot_user_id: int = self.application_id  # modern apps: bot id == app id
        self.bot_user = FakeUser(
            id=self.bot_user_id, name=bot_name, bot=True, permissions=BOT_ROLE_PERMISSIONS
        )
        self.app_owner = FakeUser(id=self.snowflake(), name="app-owner")
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, int] = {}
        """user id -> DM channel id."""

        # recordings
        self.messages: dict[int, SentMessage] = {}
        self.interactions: dict[int, InteractionResult] = {}
        self.last_interaction: InteractionResult | None = None
        self.requests: list[RecordedRequest] = []
        self.unknown_requests: list[RecordedRequest] = []
        self.rejections: list[str] = []
        """Every 4xx the fake answered, as ``"POST /path -> 400 50035: why"``."""
        self.internal_errors: list[str] = []
        self.gateway_log: list[dict[str, Any]] = []
        """Every frame the *bot* sent on the gateway (identify, heartbeats…)."""
        self.typing: list[tuple[int, float]] = []
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        """Registered application commands: scope (guild id or None) -> payloads."""
        self.presence: dict[str, Any] | None = None
        self.gateway_connects: list[dict[str, str]] = []
        """Query string of every websocket connect (``v``, ``encoding``, ``compress``)."""
        self.identify_count = 0
        self.resume_count = 0

        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self._attachments: dict[int, SentAttachment] = {}
        self._expired_tokens: set[int] = set()
        self._sessions: dict[str, _Session] = {}
        self._active: _Session | None = None
        self._routed: dict[int, set[int]] = {}
        self._connections: set[_Connection] = set()
        self._injections: list[_Injection] = []
        self._changed = asyncio.Event()
        self._inflight = 0
        self._last_activity = time.perf_counter()
        self._bot_tasks: list[asyncio.Task[None]] = []
        self._runner: web.AppRunner | None = None
        self._patch: contextlib.ExitStack | None = None
        self.port = 0

        guild = self.add_guild(guild_name, channel_names=(channel_name,))
        self.guild_id: int = guild.id
        self.channel_id: int = guild.channels[0].id

    # ------------------------------------------------------------------
    # URLs (valid once the server has started and ``port`` is known)
    # ------------------------------------------------------------------
    @property
    def http_url(self) -> str:
        """``http://127.0.0.1:PORT`` (attachments are served below it)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return f"{self.http_url}/api/v{API_VERSION}"

    @property
    def gateway_url(self) -> str:
        """Value for ``DiscordWebSocket.DEFAULT_GATEWAY``."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        """Sent in READY; a separate path so tests can see RESUME use it."""
        return f"ws://127.0.0.1:{self.port}/gateway-resume"

    # ------------------------------------------------------------------
    # world building
    # ------------------------------------------------------------------
    def add_guild(
        self, name: str = "Another Guild", *, channel_names: tuple[str, ...] = ("general",)
    ) -> FakeGuild:
        """Create a guild with text channels, @everyone, a bot role and the bot.

        Guilds created after the bot connected are announced with
        GUILD_CREATE (the bot "joins" them).
        """
        gid = self.snowflake()
        guild = FakeGuild(id=gid, name=name, owner_id=self.app_owner.id)
        guild.roles.append(FakeRole(id=gid, name="@everyone", permissions=EVERYONE_PERMISSIONS))
        bot_role = FakeRole(
            id=self.snowflake(),
            name=self.bot_user.name,
            permissions=BOT_ROLE_PERMISSIONS,
            position=1,
            managed=True,
            bot_id=self.bot_user_id,
        )
        guild.roles.append(bot_role)
        self.guilds[gid] = guild
        for pos, cname in enumerate(channel_names):
            self._new_channel(guild, cname, pos)
        guild.member_ids.append(self.bot_user_id)
        if bot_role.id not in self.bot_user.roles:
            self.bot_user.roles.append(bot_role.id)
        if self._active is not None and self._active.guilds_sent:
            self._dispatch("GUILD_CREATE", self._guild_create_payload(guild))
        return guild

    def _new_channel(self, guild: FakeGuild, name: str, position: int) -> FakeChannel:
        channel = FakeChannel(id=self.snowflake(), name=name, guild_id=guild.id, position=position)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def add_channel(self, name: str, *, guild_id: int | None = None) -> FakeChannel:
        """Add a text channel (CHANNEL_CREATE if the bot is connected)."""
        guild = self.guilds[guild_id or self.guild_id]
        channel = self._new_channel(guild, name, len(guild.channels))
        if self._active is not None and self._active.guilds_sent:
            self._dispatch("CHANNEL_CREATE", channel.payload(), intent=INTENT_GUILDS)
        return channel

    def add_user(
        self,
        name: str,
        *,
        guild_id: int | None = None,
        admin: bool = False,
        permissions: int | None = None,
        global_name: str | None = None,
        nick: str | None = None,
        bot: bool = False,
        locale: str = "en-US",
    ) -> FakeUser:
        """Create a user who is a member of the (default) guild.

        ``admin`` gives ADMINISTRATOR (all permissions); otherwise the member
        has ``@everyone``'s permissions unless ``permissions`` is given.  The
        value is sent as ``interaction.member.permissions`` and, when it adds
        rights, also granted through a role so ``Member.guild_permissions``
        (computed by discord.py from roles) agrees.  ``locale`` is their
        Discord client's language: every interaction of theirs carries it
        unless the driver call names another.
        """
        perms = ALL_PERMISSIONS if admin else EVERYONE_PERMISSIONS
        if permissions is not None:
            perms = permissions
        guild = self.guilds[guild_id or self.guild_id]
        roles: list[int] = []
        if perms & ~EVERYONE_PERMISSIONS:
            role_perms = PERM_ADMINISTRATOR if admin else perms
            roles.append(self._permission_role(guild, role_perms).id)
        user = FakeUser(
            id=self.snowflake(),
            name=name,
            global_name=global_name,
            nick=nick,
            bot=bot,
            permissions=perms,
            roles=roles,
            locale=locale,
        )
        self.users[user.id] = user
        guild.member_ids.append(user.id)
        if self._active is not None and self._active.guilds_sent:
            member = {**user.member_payload(), "guild_id": str(guild.id)}
            self._dispatch("GUILD_MEMBER_ADD", member, intent=INTENT_GUILD_MEMBERS)
        return user

    def _permission_role(self, guild: FakeGuild, perms: int) -> FakeRole:
        for role in guild.roles:
            if role.permissions == perms and not role.managed and role.id != guild.id:
                return role
        name = "Admin" if perms == PERM_ADMINISTRATOR else f"perms-{perms}"
        role = FakeRole(
            id=self.snowflake(), name=name, permissions=perms, position=len(guild.roles)
        )
        guild.roles.append(role)
        if self._active is not None and self._active.guilds_sent:
            self._dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()})
        return role

    def add_role(
        self,
        name: str,
        *,
        permissions: int = 0,
        position: int | None = None,
        guild_id: int | None = None,
    ) -> FakeRole:
        """Create a plain role (GUILD_ROLE_CREATE if the bot is connected);
        ``position`` defaults to the top of the list (Discord: higher is above)."""
        guild = self.guilds[guild_id or self.guild_id]
        role = FakeRole(
            id=self.snowflake(),
            name=name,
            permissions=permissions,
            position=len(guild.roles) if position is None else position,
        )
        guild.roles.append(role)
        if self._active is not None and self._active.guilds_sent:
            self._dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()})
        return role

    def update_role(
        self,
        role: FakeRole,
        *,
        permissions: int | None = None,
        position: int | None = None,
        guild_id: int | None = None,
    ) -> None:
        """Change a role's permissions or position (GUILD_ROLE_UPDATE if connected)."""
        guild = self.guilds[guild_id or self.guild_id]
        if permissions is not None:
            role.permissions = permissions
        if position is not None:
            role.position = position
        if self._active is not None and self._active.guilds_sent:
            self._dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.payload()})

    def bot_role(self, guild_id: int | None = None) -> FakeRole:
        """The role Discord manages for the bot in a guild."""
        guild = self.guilds[guild_id or self.guild_id]
        return next(r for r in guild.roles if r.bot_id == self.bot_user_id)

    def user(self, name_or_id: str | int) -> FakeUser:
        """Look a user up by id or username."""
        if isinstance(name_or_id, int):
            return self.users[name_or_id]
        for user in self.users.values():
            if user.name == name_or_id:
                return user
        raise KeyError(name_or_id)

    # ------------------------------------------------------------------
    # inspection helpers
    # ------------------------------------------------------------------
    def channel_messages(
        self,
        channel_id: int | None = None,
        *,
        include_deleted: bool = False,
        include_ephemeral: bool = True,
        with_threads: bool = False,
    ) -> list[SentMessage]:
        """Messages in a channel (default channel), oldest first.

        Ephemeral messages are included by default (each is "in" the channel
        for its one viewer); pass ``include_ephemeral=False`` for what
        everybody sees.  ``with_threads`` adds the messages of the threads
        started in the channel (its games' threads).
        """
        cid = channel_id or self.channel_id
        where = {cid}
        if with_threads:
            where |= {c.id for c in self.channels.values() if c.parent_id == cid}
        return [
            m
            for m in self.messages.values()
            if m.channel_id in where
            and (include_deleted or not m.deleted)
            and (include_ephemeral or not m.ephemeral)
        ]

    def bot_messages(self, *, include_deleted: bool = False) -> list[SentMessage]:
        """Everything the bot authored anywhere, oldest first."""
        return [
            m
            for m in self.messages.values()
            if m.author_id == self.bot_user_id and (include_deleted or not m.deleted)
        ]

    def last_message(
        self, channel_id: int | None = None, *, include_ephemeral: bool = True
    ) -> SentMessage:
        """Newest live message in a channel (AssertionError if none)."""
        msgs = self.channel_messages(channel_id, include_ephemeral=include_ephemeral)
        if not msgs:
            raise AssertionError(f"no messages in channel {channel_id or self.channel_id}")
        return msgs[-1]

    def dm_messages(self, user: FakeUser) -> list[SentMessage]:
        """Messages in the bot's DM channel with ``user``."""
        cid = self.dm_channels.get(user.id)
        return [] if cid is None else self.channel_messages(cid)

    def mark(self) -> int:
        """A position marker: pass to :meth:`messages_since` later."""
        return max(self.messages, default=0)

    def messages_since(self, mark: int) -> list[SentMessage]:
        """Messages created after :meth:`mark` was taken (any channel)."""
        return [m for mid, m in self.messages.items() if mid > mark]

    def message(self, ref: MessageRef) -> SentMessage:
        """Resolve a message / result / id to the live :class:`SentMessage`."""
        if isinstance(ref, SentMessage):
            return ref
        if isinstance(ref, InteractionResult):
            if ref.message is None:
                raise AssertionError(f"{ref!r} has no message")
            return ref.message
        msg = self.messages.get(int(ref))
        if msg is None:
            raise AssertionError(f"unknown message id {ref}")
        return msg

    def describe_recent(self, n: int = 12) -> str:
        """Human summary of the last requests/rejections, for failure messages."""
        lines = ["recent requests:"]
        lines += [f"  {r.method} {r.path} -> {r.status}" for r in self.requests[-n:]]
        if self.rejections:
            lines.append("rejections:")
            lines += [f"  {r}" for r in self.rejections[-n:]]
        if self.internal_errors:
            lines.append("fake internal errors:")
            lines += [f"  {e}" for e in self.internal_errors[-3:]]
        for task in self._bot_tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                lines.append(f"bot task died: {task.exception()!r}")
        return "\n".join(lines)

    def assert_clean(self) -> None:
        """Fail if the bot hit unknown routes, got 4xx answers or broke the fake."""
        problems: list[str] = []
        problems += [f"unknown route {r.method} {r.path}" for r in self.unknown_requests]
        problems += [f"rejected: {r}" for r in self.rejections]
        problems += [f"fake internal error: {e}" for e in self.internal_errors]
        if problems:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(problems))

    def expire_interaction_tokens(self) -> None:
        """Expire every interaction token issued so far (Discord: after 15 min).

        Afterwards followups / ``@original`` edits with those tokens get
        ``401 Invalid Webhook Token (50027)``, as for a bot that restarts and
        tries to reuse tokens it persisted.  Messages stay clickable.
        """
        self._expired_tokens.update(self.interactions)

    def fail_next(
        self,
        method: str,
        path_regex: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str = "injected failure",
        times: int = 1,
    ) -> None:
        """Make the next ``times`` matching requests fail (error-path tests).

        ``path_regex`` is searched in the path relative to the API base, e.g.
        ``r"/channels/\\d+/messages$"``.  Note: discord.py retries 500/502/504
        with 1 s+ sleeps, so prefer 4xx codes for fast tests.
        """
        self._injections.append(
            _Injection(method.upper(), re.compile(path_regex), status, code, message, times)
        )

    # ------------------------------------------------------------------
    # waiting
    # ------------------------------------------------------------------
    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float | None = None,
        what: str = "condition",
    ) -> T:
        """Wait until ``predicate()`` is truthy and return it (AssertionError on timeout).

        The predicate is re-evaluated whenever the fake's state changes
        (request finished, gateway connected…), so no polling delays.
        """
        limit = timeout if timeout is not None else self.default_timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while True:
            event = self._changed
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(
                    f"timed out after {limit:.1f}s waiting for {what}\n{self.describe_recent()}"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)

    async def settle(
        self, quiet: float | None = None, timeout: float | None = None, *, ask: bool = True
    ) -> None:
        """Return once the bot has made no HTTP request for ``quiet`` seconds,
        or for :data:`PROBED_QUIET` if it says it has nothing in progress
        (``ask``: the caller knows the bot has the event it acts on).

        Catches trailing edits/followups that a handler sends after its first
        response.  Work that stays silent longer than ``quiet`` (e.g. a slow
        render between defer and edit) is not covered; use :meth:`wait_for`.
        """
        q = self.settle_quiet if quiet is None else quiet
        busy = self._bot_busy if ask else None
        limit = timeout if timeout is not None else self.default_timeout
        deadline = time.perf_counter() + limit
        while True:
            now = time.perf_counter()
            idle = now - self._last_activity
            if self._inflight == 0 and (
                idle >= q or (busy is not None and idle >= PROBED_QUIET and not busy())
            ):
                return
            if now > deadline:
                raise AssertionError(
                    f"bot never went quiet for {q}s within {limit:.1f}s\n{self.describe_recent()}"
                )
            await asyncio.sleep(max(0.002, q - idle) if self._inflight == 0 else 0.005)

    async def wait_for_message(
        self,
        predicate: Callable[[SentMessage], bool] | None = None,
        *,
        since: int | None = None,
        channel_id: int | None = None,
        timeout: float | None = None,
    ) -> SentMessage:
        """First live message (created after ``since`` mark) matching ``predicate``."""

        def find() -> SentMessage | None:
            for mid, msg in self.messages.items():
                if since is not None and mid <= since:
                    continue
                if channel_id is not None and msg.channel_id != channel_id:
                    continue
                if msg.deleted or (predicate is not None and not predicate(msg)):
                    continue
                return msg
            return None

        return await self.wait_for(find, timeout=timeout, what="a matching message")

    def shard_connected(self, shard: int, count: int) -> bool:
        """Whether a session for shard ``shard`` of ``count`` is connected and
        has received its guilds."""
        return any(
            s.shard == (shard, count) and s.conn is not None and s.guilds_sent
            for s in self._sessions.values()
        )

    def routed_shards(self, guild_id: int) -> set[int]:
        """The shards whose sessions received interactions from ``guild_id``."""
        return set(self._routed.get(guild_id, set()))

    async def wait_connected(self, timeout: float | None = None) -> None:
        """Wait until a bot has identified/resumed and received its guilds."""

        def ready() -> bool:
            s = self._active
            return s is not None and s.conn is not None and s.guilds_sent

        await self.wait_for(ready, timeout=timeout, what="the bot to connect to the gateway")

    async def _quiesce(self) -> None:
        """Let the bot finish processing HTTP responses before the next event.

        The fake marks a callback as received before the bot has parsed the
        HTTP reply (and e.g. stored its View under the new message id), so a
        click dispatched in the same instant could race it.  Waiting for no
        in-flight requests plus a few ms is invisible to a human but removes
        that flake.
        """
        if not self.quiesce:
            return
        deadline = time.perf_counter() + 0.2
        while time.perf_counter() < deadline:
            if self._inflight == 0 and time.perf_counter() - self._last_activity > 0.003:
                break
            await asyncio.sleep(0.001)

    # ------------------------------------------------------------------
    # gateway
    # ------------------------------------------------------------------
    def _dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        intent: int | None = None,
        on_sent: Callable[[], None] | None = None,
        session: _Session | None = None,
    ) -> None:
        """Queue a DISPATCH (op 0) on the session Discord would use: a guild's
        events go to the shard that owns the guild, else the active session
        (buffered if dropped)."""
        sess = session or self._owner(data) or self._active
        if sess is None:
            return
        if intent is not None and not sess.intents & intent:
            return
        if event == "INTERACTION_CREATE" and sess.shard is not None and "guild_id" in data:
            self._routed.setdefault(int(data["guild_id"]), set()).add(sess.shard[0])
        sess.seq += 1
        frame = dumps({"op": 0, "t": event, "s": sess.seq, "d": data})
        sess.backlog.append((sess.seq, frame))
        if sess.conn is not None:
            sess.conn.queue.put_nowait((frame, on_sent))
        self._last_activity = time.perf_counter()

    def _owner(self, data: dict[str, Any]) -> _Session | None:
        """The newest live session whose shard owns ``data``'s guild, as on
        Discord (``(guild_id >> 22) % shard_count``): with several bot
        processes each owning some shards, each guild's events reach one."""
        guild_id = data.get("guild_id")
        if guild_id is None:
            return None
        owners = [
            s
            for s in self._sessions.values()
            if s.shard is not None
            and (int(guild_id) >> 22) % s.shard[1] == s.shard[0]
            and (s.conn is not None or s.resumable)
        ]
        return owners[-1] if owners else None

    def _guild_create_payload(self, guild: FakeGuild) -> dict[str, Any]:
        members = [self.users[uid].member_payload() for uid in guild.member_ids]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": guild.locale,
            "features": [],
            "application_id": None,
            "system_channel_id": str(guild.channels[0].id) if guild.channels else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "max_members": 500000,
            "roles": [r.payload() for r in guild.roles],
            "emojis": [],
            "stickers": [],
            "joined_at": guild.joined_at,
            "large": False,
            "lazy": True,
            "unavailable": False,
            "member_count": len(members),
            "members": members,
            "channels": [c.payload() for c in guild.channels],
            "threads": [
                c.payload()
                for c in self.channels.values()
                if c.is_thread and c.guild_id == guild.id and not c.archived
            ],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _command_id(self, scope: int | None, ctype: int, name: str) -> int:
        key = (scope, ctype, name)
        if key not in self._command_ids:
            self._command_ids[key] = self.snowflake()
        return self._command_ids[key]

    def _store_attachment(
        self,
        channel_id: int,
        filename: str,
        data: bytes,
        content_type: str | None,
        description: str | None,
    ) -> SentAttachment:
        aid = self.snowflake()
        att = SentAttachment(
            id=aid,
            filename=filename,
            data=data,
            content_type=content_type,
            url=f"{self.http_url}/attachments/{channel_id}/{aid}/{filename}",
            description=description,
        )
        self._attachments[aid] = att
        return att

    def _message_payload(self, msg: SentMessage, *, event: bool = False) -> dict[str, Any]:
        """The ``Message`` object as Discord returns it (REST) or dispatches it."""
        author = self.users.get(msg.author_id) or self.bot_user
        mentions = []
        for uid in dict.fromkeys(msg.mentioned_user_ids()):
            user = self.users.get(uid)
            if user is not None:
                mentions.append(user.user_payload())
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "type": msg.message_type,
            "author": author.user_payload(),
            "content": msg.content,
            "timestamp": msg.timestamp,
            "edited_timestamp": msg.edited_timestamp,
            "tts": bool(msg.extra.get("tts", False)),
            "mention_everyone": False,
            "mentions": mentions,
            "mention_roles": [],
            "attachments": [a.payload() for a in msg.attachments],
            "embeds": msg.embeds,
            "components": msg.components,
            "pinned": False,
            "flags": msg.flags,
        }
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(self.application_id)
        if msg.interaction_id is not None:
            iuser = self.users.get(msg.interaction_user_id or 0)
            iuser_payload = iuser.user_payload() if iuser else None
            meta: dict[str, Any] = {
                "id": str(msg.interaction_id),
                "type": msg.interaction_type,
                "user": iuser_payload,
                "authorizing_integration_owners": {"0": str(msg.guild_id)},
            }
            rec = self.interactions.get(msg.interaction_id)
            if msg.interaction_type == INTERACTION_APPLICATION_COMMAND and rec is not None:
                meta["name"] = rec.name.lstrip("/")
                meta["command_type"] = 1
                data["interaction"] = {
                    "id": str(rec.id),
                    "type": rec.type,
                    "name": rec.name.lstrip("/"),
                    "user": iuser_payload,
                }
            elif rec is not None and rec.source_message_id is not None:
                meta["interacted_message_id"] = str(rec.source_message_id)
            data["interaction_metadata"] = meta
        if msg.extra.get("message_reference"):
            data["message_reference"] = msg.extra["message_reference"]
        if msg.reactions:
            data["reactions"] = [
                {
                    "emoji": self._emoji_payload(emoji),
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": self.bot_user_id in users,
                    "me_burst": False,
                    "burst_me": False,
                    "burst_colors": [],
                    "burst_count": 0,
                }
                for emoji, users in msg.reactions.items()
                if users
            ]
        if event and msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            if msg.author_id in self.users:
                data["member"] = self.users[msg.author_id].member_payload(with_user=False)
        return data

    @staticmethod
    def _emoji_payload(emoji: str) -> dict[str, Any]:
        if ":" in emoji:  # custom emoji: "name:id" or "a:name:id"
            name, _, eid = emoji.rpartition(":")
            return {"id": eid, "name": name.removeprefix("a:")}
        return {"id": None, "name": emoji}
