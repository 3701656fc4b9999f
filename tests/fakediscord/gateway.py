"""The gateway half of the fake: a JSON, text-frame websocket.

discord.py connects with ``?v=10&encoding=json&compress=zlib-stream``; the
compress parameter is ignored on purpose, because discord.py only inflates
*binary* frames and parses text frames as-is.  Flow: HELLO (op 10) ->
IDENTIFY (op 2) -> READY + one GUILD_CREATE per guild; heartbeats are ACKed;
RESUME (op 6) replays missed dispatches from the session backlog.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import traceback
from typing import Any

from aiohttp import WSMsgType, web

from .models import (
    FakeGuild,
)
from .payloads import (
    API_VERSION,
    APPLICATION_FLAGS,
    dumps,
)
from .state import FakeState, _Connection, _Session

log = logging.getLogger("fakediscord")
#: Seconds before a heartbeat is ACKed (a short round trip; see ``_on_gateway_frame``).
HEARTBEAT_ACK_DELAY = 0.05


class GatewayMixin(FakeState):
    """Websocket handler, IDENTIFY/RESUME and forced reconnects."""

    @staticmethod
    def _send_op(conn: _Connection, op: int, d: Any) -> None:
        conn.queue.put_nowait((dumps({"op": op, "d": d, "s": None, "t": None}), None))

    async def _writer(self, conn: _Connection) -> None:
        while True:
            frame, on_sent = await conn.queue.get()
            if on_sent is not None:
                on_sent()
            try:
                await conn.ws.send_str(frame)
            except Exception:  # socket gone; frames stay in the session backlog
                return

    async def _h_gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, compress=False, timeout=2.0)
        await ws.prepare(request)
        # ?compress=zlib-stream is deliberately ignored: discord.py accepts
        # plain text frames (it only inflates *binary* frames).
        conn = _Connection(ws=ws, path=request.path)
        self.gateway_connects.append(dict(request.query))
        self._connections.add(conn)
        conn.writer = asyncio.create_task(self._writer(conn), name="fake-gateway-writer")
        self._send_op(conn, 10, {"heartbeat_interval": self.heartbeat_interval_ms})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    try:
                        frame = json.loads(msg.data)
                        self.gateway_log.append(frame)
                        await self._on_gateway_frame(conn, frame)
                    except Exception:
                        self.internal_errors.append(traceback.format_exc())
                        log.exception("fake gateway failed on %r", msg.data)
                elif msg.type is WSMsgType.BINARY:
                    self.internal_errors.append("bot sent a binary gateway frame (ETF?)")
        finally:
            await self._drop_connection(conn)
        return ws

    async def _drop_connection(self, conn: _Connection) -> None:
        self._connections.discard(conn)
        if conn.writer is not None:
            conn.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await conn.writer
        sess = conn.session
        if sess is not None and sess.conn is conn:
            sess.conn = None
            code = conn.server_close_code or conn.ws.close_code
            if code in (1000, 1001):
                # a clean close ends the session, as on Discord
                sess.resumable = False
                if self._active is sess:
                    self._active = None
        self._notify()

    async def _on_gateway_frame(self, conn: _Connection, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        d = frame.get("d")
        if op == 1:  # heartbeat: ACKed after a network's round trip, not at once —
            # discord.py's keep-alive thread notes the send only after the loop
            # has sent it, and an instant loopback ACK can beat that note,
            # making it warn "Can't keep up … 41s behind" about the last beat.
            loop = asyncio.get_running_loop()
            loop.call_later(HEARTBEAT_ACK_DELAY, self._send_op, conn, 11, None)
        elif op == 2:
            await self._identify(conn, d or {})
        elif op == 6:
            await self._resume(conn, d or {})
        elif op == 3:
            self.presence = d
        elif op == 8:
            self._request_members(conn, d or {})
        elif op == 4:
            pass  # voice state update: irrelevant for a text bot
        else:
            self.internal_errors.append(f"unexpected gateway op {op}: {frame}")

    async def _identify(self, conn: _Connection, d: dict[str, Any]) -> None:
        if self.token is not None and d.get("token") != self.token:
            await conn.close(4004, b"Authentication failed.")
            return
        shard = tuple(d["shard"]) if d.get("shard") else None
        sess = _Session(
            id=secrets.token_hex(16),
            intents=int(d.get("intents", 0)),
            shard=(shard[0], shard[1]) if shard else None,
            conn=conn,
        )
        self._sessions[sess.id] = sess
        conn.session = sess
        self._active = sess
        self.identify_count += 1
        guilds = self._session_guilds(sess)
        self._dispatch("READY", self._ready_payload(sess, guilds), session=sess)
        for guild in guilds:
            self._dispatch("GUILD_CREATE", self._guild_create_payload(guild), session=sess)
        sess.guilds_sent = True
        self._notify()

    async def _resume(self, conn: _Connection, d: dict[str, Any]) -> None:
        sess = self._sessions.get(str(d.get("session_id")))
        if sess is None or not sess.resumable:
            self._send_op(conn, 9, False)  # INVALID_SESSION, not resumable
            return
        seq = int(d.get("seq") or 0)
        sess.conn = conn
        conn.session = sess
        self._active = sess
        self.resume_count += 1
        for s, frame in list(sess.backlog):
            if s > seq:
                conn.queue.put_nowait((frame, None))
        self._dispatch("RESUMED", {}, session=sess)
        self._notify()

    def _request_members(self, conn: _Connection, d: dict[str, Any]) -> None:
        guild = self.guilds.get(int(d.get("guild_id", 0)))
        if guild is None or conn.session is None:
            return
        query = str(d.get("query") or "").lower()
        ids = {int(u) for u in d.get("user_ids") or []}
        limit = int(d.get("limit") or 0) or len(guild.member_ids)
        members = []
        for uid in guild.member_ids:
            user = self.users[uid]
            if ids and uid not in ids:
                continue
            if query and not user.name.lower().startswith(query):
                continue
            members.append(user.member_payload())
        chunk = {
            "guild_id": str(guild.id),
            "members": members[:limit],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        self._dispatch("GUILD_MEMBERS_CHUNK", chunk, session=conn.session)

    async def reconnect_gateway(self, *, mode: str = "op7", timeout: float | None = None) -> None:
        """Make the bot reconnect and RESUME, then wait until it has.

        ``mode="op7"`` sends RECONNECT (Discord's polite way); ``"drop"``
        closes the socket with 4000 (a network blip).  Events dispatched
        meanwhile are replayed on resume.
        """
        sess = self._active
        if sess is None or sess.conn is None:
            raise AssertionError("no connected gateway session")
        before = self.resume_count
        conn = sess.conn
        if mode == "op7":
            self._send_op(conn, 7, None)
        elif mode == "drop":
            await conn.close(4000, b"fake drop")
        else:
            raise ValueError(mode)
        await self.wait_for(
            lambda: (
                self.resume_count > before
                and self._active is not None
                and self._active.conn is not None
            ),
            timeout=timeout,
            what="the bot to resume",
        )

    def _session_guilds(self, sess: _Session) -> list[FakeGuild]:
        guilds = list(self.guilds.values())
        if sess.shard is not None:
            sid, count = sess.shard
            guilds = [g for g in guilds if (g.id >> 22) % count == sid]
        return guilds

    def _ready_payload(self, sess: _Session, guilds: list[FakeGuild]) -> dict[str, Any]:
        user = {
            **self.bot_user.user_payload(),
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "email": None,
            "locale": "en-US",
        }
        data: dict[str, Any] = {
            "v": API_VERSION,
            "user": user,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": sess.id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_gateway_url,
            "application": {"id": str(self.application_id), "flags": APPLICATION_FLAGS},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["fakediscord"],
        }
        if sess.shard is not None:
            data["shard"] = list(sess.shard)
        return data
