"""The REST half of the fake: routes, multipart parsing, message storage.

Every reply is JSON with ``Content-Type: application/json`` exactly (see
:func:`json_response`).  Unknown routes are recorded and answered with a 404
so tests notice (:meth:`FakeState.assert_clean`).  Every API request is first
checked against Discord's own OpenAPI spec (:mod:`.openapi`, in :meth:`_check_spec`),
then Discord's documented limits the spec lacks are enforced (:mod:`.validation`);
errors use Discord's codes, so the bot's error handling runs as in production.
"""

from __future__ import annotations

import contextlib
import json
import logging
import mimetypes
import re
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from . import openapi, validation
from .gateway import GatewayMixin
from .models import (
    FakeChannel,
    FakeGuild,
    InteractionResult,
    PayloadRecord,
    RecordedRequest,
    SentAttachment,
    SentMessage,
)
from .payloads import (
    APPLICATION_FLAGS,
    ATTACHMENT_SIZE_LIMIT,
    CALLBACK_AUTOCOMPLETE_RESULT,
    CALLBACK_CHANNEL_MESSAGE,
    CALLBACK_DEFERRED_CHANNEL_MESSAGE,
    CALLBACK_DEFERRED_UPDATE_MESSAGE,
    CALLBACK_MODAL,
    CALLBACK_UPDATE_MESSAGE,
    CHANNEL_CREATE_FLAGS,
    EDITABLE_FLAGS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_CREATE_FLAGS,
    PERM_ADMINISTRATOR,
    PERM_MANAGE_ROLES,
    dumps,
    error_body,
    iso_now,
)

log = logging.getLogger("fakediscord")

_API_PREFIX = r"/api/v{version:\d+}"
_RECORD = web.RequestKey("fake_record", RecordedRequest)
_PAYLOAD: web.RequestKey[Any] = web.RequestKey("fake_payload")
_UPLOADS = web.RequestKey("fake_uploads", list)
_FILES_FIELD = re.compile(r"files\[(\d+)\]")
_API_PATH = re.compile(r"/api/v\d+(/.*)?")
#: (status, message) when Discord's API has no such route or method (see _check_spec)
_ROUTE_MISS: web.RequestKey[tuple[int, str]] = web.RequestKey("fake_route_miss")


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------
def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON reply whose Content-Type is *exactly* ``application/json``.

    discord.py's ``json_or_text`` compares the header with ``==``;
    ``aiohttp.web.json_response`` appends ``; charset=utf-8`` and discord.py
    would then hand the bot a *string* instead of a dict.
    """
    return web.Response(
        body=dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    """``204 No Content`` (DELETEs, typing, reactions)."""
    return web.Response(status=204)


class _ApiError(Exception):
    """Raised by handlers to answer with a Discord-shaped error body."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors


#: Discord's limit on an attachment's description (alt text).
ATTACHMENT_DESCRIPTION_LIMIT = 1024


class _RateLimitedError(Exception):
    """Too many writes in one channel, or requests in all (``everywhere``):
    answered with 429 as Discord does."""

    def __init__(self, retry_after: float, *, everywhere: bool = False) -> None:
        super().__init__(f"rate limited for {retry_after:.2f}s")
        self.retry_after = retry_after
        self.everywhere = everywhere


def _invalid_form(problems: list[str]) -> _ApiError:
    return _ApiError(
        400,
        50035,
        "Invalid Form Body: " + "; ".join(problems),
        {"_errors": [{"code": "BASE_TYPE_INVALID", "message": p} for p in problems]},
    )


def _unknown_message() -> _ApiError:
    return _ApiError(404, 10008, "Unknown Message")


@dataclass
class _Upload:
    """One multipart file part."""

    field: str
    filename: str
    data: bytes
    content_type: str | None

    @property
    def index(self) -> str | None:
        m = _FILES_FIELD.fullmatch(self.field)
        return m.group(1) if m else None


class RestMixin(GatewayMixin):
    """aiohttp routes and handlers for the REST API the bot uses."""

    # ------------------------------------------------------------------
    # HTTP plumbing
    # ------------------------------------------------------------------
    def _add_routes(self, app: web.Application) -> None:
        p = _API_PREFIX
        r = app.router
        r.add_get("/gateway", self._h_gateway)
        r.add_get("/gateway-resume", self._h_gateway)
        r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._h_attachment)
        r.add_get(p + "/users/@me", self._h_me)
        r.add_post(p + "/users/@me/channels", self._h_create_dm)
        r.add_get(p + "/users/{user_id}", self._h_get_user)
        r.add_get(p + "/gateway", self._h_get_gateway)
        r.add_get(p + "/gateway/bot", self._h_get_gateway)
        r.add_get(p + "/oauth2/applications/@me", self._h_application)
        r.add_get(p + "/applications/@me", self._h_application)
        r.add_get(p + "/applications/{app_id}/emojis", self._h_app_emojis)
        for scope in ("", "/guilds/{guild_id}"):
            base = p + "/applications/{app_id}" + scope + "/commands"
            r.add_get(base, self._h_get_commands)
            r.add_put(base, self._h_put_commands)
            r.add_post(base, self._h_post_command)
            r.add_get(base + "/{command_id}", self._h_one_command)
            r.add_patch(base + "/{command_id}", self._h_one_command)
            r.add_delete(base + "/{command_id}", self._h_one_command)
        r.add_post(p + "/interactions/{interaction_id}/{token}/callback", self._h_callback)
        r.add_post(p + "/webhooks/{app_id}/{token}", self._h_followup)
        wh_msg = p + "/webhooks/{app_id}/{token}/messages/{message_id}"
        r.add_get(wh_msg, self._h_webhook_message)
        r.add_patch(wh_msg, self._h_webhook_message)
        r.add_delete(wh_msg, self._h_webhook_message)
        r.add_get(p + "/channels/{channel_id}", self._h_get_channel)
        r.add_get(p + "/channels/{channel_id}/messages", self._h_list_messages)
        r.add_post(p + "/channels/{channel_id}/messages", self._h_channel_send)
        ch_msg = p + "/channels/{channel_id}/messages/{message_id}"
        r.add_get(ch_msg, self._h_channel_message)
        r.add_patch(ch_msg, self._h_channel_message)
        r.add_delete(ch_msg, self._h_channel_message)
        r.add_post(p + "/channels/{channel_id}/typing", self._h_typing)
        react = ch_msg + "/reactions"
        r.add_delete(react, self._h_reactions)
        r.add_get(react + "/{emoji}", self._h_reactions)
        r.add_delete(react + "/{emoji}", self._h_reactions)
        r.add_put(react + "/{emoji}/{who}", self._h_reactions)
        r.add_delete(react + "/{emoji}/{who}", self._h_reactions)
        r.add_get(p + "/guilds/{guild_id}", self._h_get_guild)
        r.add_get(p + "/guilds/{guild_id}/channels", self._h_guild_channels)
        r.add_get(p + "/guilds/{guild_id}/roles", self._h_guild_roles)
        r.add_get(p + "/guilds/{guild_id}/members", self._h_guild_members)
        r.add_get(p + "/guilds/{guild_id}/members/{user_id}", self._h_guild_member)
        member_role = p + "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"
        r.add_put(member_role, self._h_member_role)
        r.add_delete(member_role, self._h_member_role)
        r.add_route("*", "/{tail:.*}", self._h_unknown)

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        if request.path in ("/gateway", "/gateway-resume"):
            response: web.StreamResponse = await handler(request)
            return response
        started = time.perf_counter()
        self._inflight += 1
        self._last_activity = started
        path = re.sub(r"^/api/v\d+", "", request.path)
        resource = request.match_info.route.resource
        route = re.sub(r"^/api/v\{version[^}]*\}", "", resource.canonical if resource else "")
        rec = RecordedRequest(
            method=request.method,
            path=path,
            route=route,
            query=dict(request.query),
            json=None,
            files=[],
            started_at=started,
        )
        request[_RECORD] = rec
        try:
            try:
                payload, uploads = await self._read_body(request)
                rec.json = payload
                rec.files = [(u.field, u.filename, u.data) for u in uploads]
                request[_PAYLOAD] = payload
                request[_UPLOADS] = uploads
                self._check_auth(request)
                self._count_global(path)
                known = self._check_spec(request, payload) if self.check_spec else True
                self._apply_injection(request.method, path)
                response = await (handler if known else self._h_unknown)(request)
            except _RateLimitedError as err:
                # The shape discord.py expects: JSON with retry_after, and a Via
                # header (without one it takes the 429 for a Cloudflare ban).
                response = web.Response(
                    body=dumps(
                        {
                            "message": "You are being rate limited.",
                            "retry_after": round(err.retry_after, 3),
                            "global": err.everywhere,
                        }
                    ).encode(),
                    status=429,
                    headers={
                        "Content-Type": "application/json",
                        "Via": "1.1 google",
                        "Retry-After": str(max(1, round(err.retry_after))),
                        "X-RateLimit-Scope": "global" if err.everywhere else "shared",
                        **({"X-RateLimit-Global": "true"} if err.everywhere else {}),
                    },
                )
                scope = "global " if err.everywhere else ""
                self.rejections.append(f"{request.method} {path} -> 429 {scope}rate limited")
            except _ApiError as err:
                response = json_response(
                    error_body(err.code, err.message, err.errors), status=err.status
                )
                self.rejections.append(
                    f"{request.method} {path} -> {err.status} {err.code}: {err.message}"
                )
            except Exception as exc:
                self.internal_errors.append(traceback.format_exc())
                log.exception("fake discord handler crashed")
                # 400, not 500: discord.py retries 5xx with multi-second sleeps
                response = json_response(
                    error_body(0, f"fake discord internal error: {exc!r}"), status=400
                )
            rec.status = response.status
            if isinstance(response, web.Response) and response.content_type == "application/json":
                with contextlib.suppress(Exception):
                    rec.response = json.loads(bytes(response.body))  # type: ignore[arg-type]
            self.requests.append(rec)
            # Flush the reply before waking waiters so the bot can see it first.
            with contextlib.suppress(Exception):
                await response.prepare(request)
                await response.write_eof()
            return response
        finally:
            self._inflight -= 1
            rec.finished_at = self._last_activity = time.perf_counter()
            self._notify()

    def _check_auth(self, request: web.Request) -> None:
        if self.token is None or not request.path.startswith("/api/"):
            return
        if "/webhooks/" in request.path or "/interactions/" in request.path:
            return  # authenticated by the interaction token in the path
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise _ApiError(401, 0, "401: Unauthorized")

    def _check_spec(self, request: web.Request, payload: Any) -> bool:
        """Refuse what Discord refuses, judged by Discord's own OpenAPI spec (:mod:`.openapi`).

        Runs before every handler.  False when Discord has no such route or
        method (answered by :meth:`_h_unknown`, 404/405); raises ``400 Invalid
        Form Body`` (50035) when the parameters or the body (a multipart
        upload's ``payload_json``) break the spec.  The fake's own routes
        outside ``/api/v10`` (gateway, attachment downloads) are exempt.
        """
        api = _API_PATH.fullmatch(request.rel_url.raw_path)
        if api is None:
            return True
        verdict = openapi.check_request(
            request.method,
            api.group(1) or "/",
            request.query,
            payload,
            multipart=request.content_type == "multipart/form-data",
        )
        if verdict.route_status is not None:
            request[_ROUTE_MISS] = (verdict.route_status, verdict.route_message)
            return False
        if verdict.problems:
            err = _ApiError(
                400, 50035, "Invalid Form Body: " + "; ".join(verdict.summary()), verdict.errors()
            )
            # a refused interaction callback: tell the driver waiting for the response
            iid = request.match_info.get("interaction_id", "")
            rec = self.interactions.get(int(iid)) if iid.isdigit() else None
            token = request.match_info.get("token")
            if rec is not None and rec.token == token and rec.response_type is None:
                rec.callback_error = f"{err.status} {err.code}: {err.message}"
            raise err
        return True

    def _apply_injection(self, method: str, path: str) -> None:
        for inj in self._injections:
            if inj.remaining > 0 and inj.method == method and inj.pattern.search(path):
                inj.remaining -= 1
                raise _ApiError(inj.status, inj.code, inj.message)

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, list[_Upload]]:
        if not request.can_read_body:
            return None, []
        if request.content_type == "multipart/form-data":
            payload: Any = None
            uploads: list[_Upload] = []
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):  # nested multipart: unsupported
                    continue
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    data = bytes(await part.read(decode=False))
                    uploads.append(
                        _Upload(
                            field=part.name or "",
                            filename=part.filename or part.name or "file",
                            data=data,
                            content_type=part.headers.get("Content-Type"),
                        )
                    )
            return payload, uploads
        raw = await request.read()
        if not raw:
            return None, []
        try:
            return json.loads(raw), []
        except ValueError as exc:
            raise _ApiError(400, 50109, "The request body contains invalid JSON.") from exc

    async def _h_unknown(self, request: web.Request) -> web.Response:
        rec: RecordedRequest = request[_RECORD]
        self.unknown_requests.append(rec)
        log.warning("fake discord: unknown route %s %s", request.method, request.path)
        # Discord's own answer when its API has no such route/method, else the fake's
        status, message = request.get(_ROUTE_MISS, (404, "404: Not Found (route unknown to fake)"))
        return json_response(error_body(0, message), status=status)

    # ------------------------------------------------------------------
    # REST: identity, gateway, application
    # ------------------------------------------------------------------
    async def _h_me(self, request: web.Request) -> web.Response:
        return json_response(
            {**self.bot_user.user_payload(), "verified": True, "mfa_enabled": False, "flags": 0}
        )

    async def _h_get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise _ApiError(404, 10013, "Unknown User")
        return json_response(user.user_payload())

    async def _h_get_gateway(self, request: web.Request) -> web.Response:
        data: dict[str, Any] = {"url": self.gateway_url}
        if request.path.endswith("/bot"):
            data["shards"] = 1
            data["session_start_limit"] = {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            }
        return json_response(data)

    def _application_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.app_owner.user_payload(),
            "team": None,
            "flags": APPLICATION_FLAGS,
            "bot": self.bot_user.user_payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(self.guilds),
            "integration_types_config": {"0": {}},
        }

    async def _h_application(self, request: web.Request) -> web.Response:
        return json_response(self._application_payload())

    async def _h_app_emojis(self, request: web.Request) -> web.Response:
        return json_response({"items": []})

    # ------------------------------------------------------------------
    # REST: application commands
    # ------------------------------------------------------------------
    def _scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app_id"]) != self.application_id:
            raise _ApiError(403, 50001, "Missing Access")
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        if int(gid) not in self.guilds:
            raise _ApiError(403, 50001, "Missing Access")
        return int(gid)

    def _store_commands(
        self, scope: int | None, cmds: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        problems = validation.command_errors(cmds)
        if problems:
            raise _invalid_form(problems)
        stored = []
        for cmd in cmds:
            ctype = int(cmd.get("type", 1))
            full = {
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                **cmd,
                "id": str(self._command_id(scope, ctype, cmd["name"])),
                "application_id": str(self.application_id),
                "type": ctype,
                "version": str(self.snowflake()),
            }
            if scope is not None:
                full["guild_id"] = str(scope)
            stored.append(full)
        self.commands[scope] = stored
        return stored

    async def _h_get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.commands.get(self._scope(request), []))

    async def _h_put_commands(self, request: web.Request) -> web.Response:
        payload = request[_PAYLOAD] or []
        return json_response(self._store_commands(self._scope(request), list(payload)))

    async def _h_post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        new = dict(request[_PAYLOAD] or {})
        existing = [
            c
            for c in self.commands.get(scope, [])
            if not (c["name"] == new.get("name") and c["type"] == new.get("type", 1))
        ]
        stored = self._store_commands(scope, [*existing, new])
        return json_response(next(c for c in stored if c["name"] == new.get("name")), status=201)

    async def _h_one_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        cid = request.match_info["command_id"]
        cmds = self.commands.get(scope, [])
        cmd = next((c for c in cmds if c["id"] == cid), None)
        if cmd is None:
            raise _ApiError(404, 10063, "Unknown application command")
        if request.method == "GET":
            return json_response(cmd)
        if request.method == "DELETE":
            self.commands[scope] = [c for c in cmds if c is not cmd]
            return no_content()
        merged = {**cmd, **(request[_PAYLOAD] or {})}
        others = [c for c in cmds if c is not cmd]
        stored = self._store_commands(scope, [*others, merged])
        return json_response(next(c for c in stored if c["id"] == cid))

    def _compute_update(
        self,
        msg: SentMessage,
        payload: dict[str, Any],
        uploads: list[_Upload],
        *,
        creating: bool,
        flag_mask: int,
    ) -> dict[str, Any]:
        """The message fields after applying ``payload`` (without mutating)."""
        new: dict[str, Any] = {
            "content": msg.content,
            "embeds": msg.embeds,
            "components": msg.components,
            "flags": msg.flags,
            "attachments": list(msg.attachments),
            "allowed_mentions": msg.allowed_mentions,
            "extra": dict(msg.extra),
        }
        if "content" in payload:
            new["content"] = payload["content"] or ""
        if "embeds" in payload:
            new["embeds"] = [{"type": "rich", **e} for e in payload["embeds"] or []]
        if "components" in payload:
            new["components"] = list(payload["components"] or [])
        if payload.get("flags") is not None:
            requested = int(payload["flags"])
            if creating:
                new["flags"] = (msg.flags & FLAG_LOADING) | (requested & flag_mask)
            else:
                new["flags"] = (msg.flags & ~EDITABLE_FLAGS) | (requested & EDITABLE_FLAGS)
        if "allowed_mentions" in payload:
            new["allowed_mentions"] = payload["allowed_mentions"]
        for key in ("tts", "poll", "sticker_ids", "message_reference", "nonce"):
            if key in payload:
                new["extra"][key] = payload[key]

        for up in uploads:
            if len(up.data) > ATTACHMENT_SIZE_LIMIT:
                raise _ApiError(413, 40005, "Request entity too large")
        by_index: dict[str, _Upload] = {
            up.index if up.index is not None else str(i): up for i, up in enumerate(uploads)
        }
        if payload.get("attachments") is not None:
            result: list[SentAttachment] = []
            for i, ref in enumerate(payload["attachments"]):
                if len(ref.get("description") or "") > ATTACHMENT_DESCRIPTION_LIMIT:
                    raise _invalid_form(
                        [f"attachments[{i}].description: Must be 1024 or fewer in length."]
                    )
                key = str(ref.get("id"))
                if key in by_index:  # a new upload: ``files[key]``
                    upload = by_index.pop(key)
                    filename = ref.get("filename") or upload.filename
                    result.append(
                        self._store_attachment(
                            msg.channel_id,
                            filename,
                            upload.data,
                            mimetypes.guess_type(filename)[0],
                            ref.get("description"),
                        )
                    )
                    continue
                kept = next((a for a in msg.attachments if str(a.id) == key), None)
                if kept is None:
                    raise _invalid_form([f"attachments[{i}]: unknown attachment id {key}"])
                result.append(kept)
            new["attachments"] = result + [
                self._store_attachment(
                    msg.channel_id, up.filename, up.data, mimetypes.guess_type(up.filename)[0], None
                )
                for up in by_index.values()
            ]
        elif uploads:
            new["attachments"] = [
                *new["attachments"],
                *(
                    self._store_attachment(
                        msg.channel_id,
                        up.filename,
                        up.data,
                        mimetypes.guess_type(up.filename)[0],
                        None,
                    )
                    for up in uploads
                ),
            ]
        return new

    def _commit(
        self,
        msg: SentMessage,
        new: dict[str, Any],
        *,
        action: str,
        payload: dict[str, Any],
        uploads: list[_Upload],
        route: str,
        interaction_id: int | None,
    ) -> None:
        loading_placeholder = bool(new["flags"] & FLAG_LOADING)
        if not loading_placeholder:
            problems = validation.message_errors(
                content=new["content"],
                embeds=new["embeds"],
                components=new["components"],
                flags=new["flags"],
                n_attachments=len(new["attachments"]),
                extra=new["extra"],
                v2_flag=FLAG_COMPONENTS_V2,
            )
            if problems:
                raise _invalid_form(problems)
            if validation.is_empty_message(
                content=new["content"],
                embeds=new["embeds"],
                components=new["components"],
                n_attachments=len(new["attachments"]),
                extra=new["extra"],
            ):
                raise _ApiError(400, 50006, "Cannot send an empty message")
        for key, value in new.items():
            setattr(msg, key, value)
        msg.history.append(
            PayloadRecord(
                action=action,
                payload=payload,
                filenames=[u.filename for u in uploads],
                route=route,
                interaction_id=interaction_id,
            )
        )
        if action == "edit":
            msg.edit_count += 1
            msg.edited_at = time.perf_counter()
            msg.edited_timestamp = iso_now()

    def _create_message(
        self,
        *,
        channel_id: int,
        source: str,
        payload: dict[str, Any],
        uploads: list[_Upload],
        route: str,
        flag_mask: int,
        interaction: InteractionResult | None = None,
        loading: bool = False,
    ) -> SentMessage:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise _ApiError(404, 10003, "Unknown Channel")
        msg = SentMessage(
            id=self.snowflake(),
            channel_id=channel_id,
            guild_id=channel.guild_id,
            author_id=self.bot_user_id,
            source=source,
        )
        if loading:
            msg.flags = FLAG_LOADING
        if interaction is not None:
            msg.interaction_id = interaction.id
            msg.interaction_user_id = interaction.user.id
            msg.interaction_name = interaction.name
            msg.interaction_type = interaction.type
            msg.webhook_id = self.application_id
            is_command = interaction.type == INTERACTION_APPLICATION_COMMAND
            msg.message_type = 20 if is_command else 0
        if payload.get("message_reference") and interaction is None:
            msg.message_type = 19
        new = self._compute_update(msg, payload, uploads, creating=True, flag_mask=flag_mask)
        self._commit(
            msg,
            new,
            action="create",
            payload=payload,
            uploads=uploads,
            route=route,
            interaction_id=interaction.id if interaction else None,
        )
        self.messages[msg.id] = msg
        channel.last_message_id = msg.id
        self._announce(msg, "MESSAGE_CREATE")
        return msg

    def _edit_message(
        self,
        msg: SentMessage,
        payload: dict[str, Any],
        uploads: list[_Upload],
        route: str,
        interaction_id: int | None = None,
    ) -> SentMessage:
        if msg.deleted:
            raise _unknown_message()
        new = self._compute_update(msg, payload, uploads, creating=False, flag_mask=0)
        new["flags"] &= ~FLAG_LOADING  # any edit fills the "thinking…" placeholder
        self._commit(
            msg,
            new,
            action="edit",
            payload=payload,
            uploads=uploads,
            route=route,
            interaction_id=interaction_id,
        )
        self._announce(msg, "MESSAGE_UPDATE")
        return msg

    def _delete_message(self, msg: SentMessage, route: str) -> None:
        if msg.deleted:
            raise _unknown_message()
        msg.deleted = True
        msg.history.append(PayloadRecord(action="delete", payload={}, filenames=[], route=route))
        if not msg.ephemeral:
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                data["guild_id"] = str(msg.guild_id)
            self._dispatch("MESSAGE_DELETE", data, intent=self._message_intent(msg))
        self._notify()

    def _message_intent(self, msg: SentMessage) -> int:
        return INTENT_GUILD_MESSAGES if msg.guild_id is not None else INTENT_DIRECT_MESSAGES

    def _announce(self, msg: SentMessage, event: str) -> None:
        """MESSAGE_CREATE/UPDATE to the bot, as Discord does for visible messages."""
        if msg.ephemeral or (msg.loading and event == "MESSAGE_CREATE"):
            return
        self._dispatch(
            event, self._message_payload(msg, event=True), intent=self._message_intent(msg)
        )

    # ------------------------------------------------------------------
    # REST: interactions
    # ------------------------------------------------------------------
    def _interaction_for_token(self, token: str) -> InteractionResult:
        parts = token.split(".")
        rec = None
        if len(parts) == 3 and parts[0] == "fake" and parts[1].isdigit():
            rec = self.interactions.get(int(parts[1]))
        if rec is None or rec.token != token:
            raise _ApiError(404, 10015, "Unknown Webhook")
        if rec.id in self._expired_tokens:
            raise _ApiError(401, 50027, "Invalid Webhook Token")
        return rec

    async def _h_callback(self, request: web.Request) -> web.Response:
        received = request[_RECORD].started_at  # when the request hit the server
        rec = self.interactions.get(int(request.match_info["interaction_id"]))
        if rec is None or rec.token != request.match_info["token"]:
            raise _ApiError(404, 10062, "Unknown interaction")
        if rec.id in self._expired_tokens:
            raise _ApiError(404, 10062, "Unknown interaction")
        if rec.response_type is not None:
            raise _ApiError(400, 40060, "Interaction has already been acknowledged.")
        if self.interaction_deadline is not None:
            late = received - rec.sent_at
            if late > self.interaction_deadline:
                rec.callback_error = f"callback arrived after {late:.2f}s (deadline 3 s)"
                raise _ApiError(404, 10062, "Unknown interaction")
        body: dict[str, Any] = dict(request[_PAYLOAD] or {})
        uploads: list[_Upload] = request[_UPLOADS]
        ctype = int(body.get("type", 0))
        data: dict[str, Any] = dict(body.get("data") or {})
        route = f"callback type {ctype}"
        source = self.messages.get(rec.source_message_id or 0)
        valid_for = {
            CALLBACK_CHANNEL_MESSAGE: {2, 3, 5},
            CALLBACK_DEFERRED_CHANNEL_MESSAGE: {2, 3, 5},
            CALLBACK_DEFERRED_UPDATE_MESSAGE: {3, 5},
            CALLBACK_UPDATE_MESSAGE: {3, 5},
            CALLBACK_AUTOCOMPLETE_RESULT: {4},
            CALLBACK_MODAL: {2, 3},
        }
        if rec.type not in valid_for.get(ctype, set()):
            rec.callback_error = f"callback type {ctype} invalid for interaction type {rec.type}"
            raise _ApiError(400, 40043, f"Interaction response type {ctype} is invalid here")

        message: SentMessage | None = None
        try:
            if ctype == CALLBACK_CHANNEL_MESSAGE:
                message = self._create_message(
                    channel_id=rec.channel_id,
                    source="interaction",
                    payload=data,
                    uploads=uploads,
                    route=route,
                    flag_mask=INTERACTION_CREATE_FLAGS,
                    interaction=rec,
                )
            elif ctype == CALLBACK_DEFERRED_CHANNEL_MESSAGE:
                message = self._create_message(
                    channel_id=rec.channel_id,
                    source="interaction",
                    payload={"flags": int(data.get("flags", 0)) & FLAG_EPHEMERAL},
                    uploads=[],
                    route=route,
                    flag_mask=FLAG_EPHEMERAL,
                    interaction=rec,
                    loading=True,
                )
            elif ctype == CALLBACK_UPDATE_MESSAGE:
                if source is None:
                    raise _ApiError(400, 40043, "UPDATE_MESSAGE needs a message interaction")
                message = self._edit_message(source, data, uploads, route, rec.id)
            elif ctype == CALLBACK_DEFERRED_UPDATE_MESSAGE:
                message = source
            elif ctype == CALLBACK_AUTOCOMPLETE_RESULT:
                problems = validation.choice_errors(data.get("choices", []))
                if problems:
                    raise _invalid_form(problems)
            elif ctype == CALLBACK_MODAL:
                problems = validation.modal_errors(data)
                if problems:
                    raise _invalid_form(problems)
        except _ApiError as err:
            rec.callback_error = f"{err.status} {err.code}: {err.message}"
            raise
        rec.responded_at = received
        rec.response_type = ctype
        rec.response = body
        rec.message = message
        interaction_info: dict[str, Any] = {
            "id": str(rec.id),
            "type": rec.type,
            "response_message_loading": ctype == CALLBACK_DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        if message is not None:
            interaction_info["response_message_id"] = str(message.id)
        resource: dict[str, Any] = {"type": ctype}
        if message is not None and ctype != CALLBACK_DEFERRED_UPDATE_MESSAGE:
            resource["message"] = self._message_payload(message)
        return json_response({"interaction": interaction_info, "resource": resource})

    async def _h_followup(self, request: web.Request) -> web.Response:
        if int(request.match_info["app_id"]) != self.application_id:
            raise _ApiError(404, 10015, "Unknown Webhook")
        rec = self._interaction_for_token(request.match_info["token"])
        if rec.response_type is None:
            # the interaction webhook only exists once the interaction is acknowledged
            raise _ApiError(404, 10015, "Unknown Webhook")
        payload = dict(request[_PAYLOAD] or {})
        uploads: list[_Upload] = request[_UPLOADS]
        original = rec.message
        if (
            rec.response_type == CALLBACK_DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            # Discord quirk: the first followup after a deferred "thinking"
            # response *replaces* that placeholder (and keeps its ephemerality).
            msg = self._edit_message(original, payload, uploads, "followup (fills defer)", rec.id)
        else:
            msg = self._create_message(
                channel_id=rec.channel_id,
                source="followup",
                payload=payload,
                uploads=uploads,
                route="followup",
                flag_mask=INTERACTION_CREATE_FLAGS,
                interaction=rec,
            )
        rec.followups.append(msg)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self._message_payload(msg))
        return no_content()

    async def _h_webhook_message(self, request: web.Request) -> web.Response:
        if int(request.match_info["app_id"]) != self.application_id:
            raise _ApiError(404, 10015, "Unknown Webhook")
        rec = self._interaction_for_token(request.match_info["token"])
        mid = request.match_info["message_id"]
        if mid == "@original":
            msg = rec.message
            if msg is None:
                raise _unknown_message()
        else:
            msg = self.messages.get(int(mid)) if mid.isdigit() else None
            belongs = msg is not None and (
                msg is rec.message
                or msg.interaction_id == rec.id
                or (msg.webhook_id == self.application_id and not msg.ephemeral)
            )
            if msg is None or not belongs:
                raise _unknown_message()
        if msg.deleted:
            raise _unknown_message()
        if request.method == "GET":
            return json_response(self._message_payload(msg))
        if request.method == "DELETE":
            self._delete_message(msg, "webhook delete")
            return no_content()
        payload = dict(request[_PAYLOAD] or {})
        self._edit_message(msg, payload, request[_UPLOADS], f"webhook edit {mid}", rec.id)
        return json_response(self._message_payload(msg))

    # ------------------------------------------------------------------
    # REST: channels & messages
    # ------------------------------------------------------------------
    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            raise _ApiError(404, 10003, "Unknown Channel")
        return channel

    def _dm_payload(self, channel: FakeChannel) -> dict[str, Any]:
        recipient = self.users[channel.recipient_id or 0]
        return {
            "id": str(channel.id),
            "type": 1,
            "last_message_id": str(channel.last_message_id) if channel.last_message_id else None,
            "flags": 0,
            "recipients": [recipient.user_payload()],
        }

    def _channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        return self._dm_payload(channel) if channel.type == 1 else channel.payload()

    async def _h_create_dm(self, request: web.Request) -> web.Response:
        uid = int((request[_PAYLOAD] or {}).get("recipient_id", 0))
        if uid not in self.users:
            raise _ApiError(400, 50007, "Cannot send messages to this user")
        if uid not in self.dm_channels:
            channel = FakeChannel(
                id=self.snowflake(), name="", guild_id=None, type=1, recipient_id=uid
            )
            self.channels[channel.id] = channel
            self.dm_channels[uid] = channel.id
        return json_response(self._dm_payload(self.channels[self.dm_channels[uid]]))

    async def _h_get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel_payload(self._channel(request)))

    async def _h_list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        q = request.query
        limit = max(1, min(100, int(q.get("limit", 50))))
        msgs = [m for m in self.channel_messages(channel.id) if not m.ephemeral]
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])][:limit]
        if "around" in q:
            around = int(q["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in msgs if m.id > around][: limit // 2]
            msgs = older + newer
        msgs = msgs[-limit:]
        return json_response([self._message_payload(m) for m in reversed(msgs)])

    @staticmethod
    def _check_bot_may_write(channel: FakeChannel, uploads: list[_Upload]) -> None:
        """403 Missing Permissions, as Discord answers a bot denied in a channel."""
        needed = (1 << 10) | (1 << 11) | ((1 << 15) if uploads else 0)
        if channel.bot_denied & needed:
            raise _ApiError(403, 50013, "Missing Permissions")

    def _count_global(self, path: str) -> None:
        """Discord's global limit: every request of the bot but the answers
        to interactions (``/interactions/…``, ``/webhooks/…``) counts."""
        if self.global_limit is None or path.startswith(("/interactions/", "/webhooks/")):
            return
        burst, window = self.global_limit
        now = time.monotonic()
        sent = self._global_requests
        while sent and now - sent[0] >= window:
            sent.popleft()
        if len(sent) >= burst:
            raise _RateLimitedError(window - (now - sent[0]), everywhere=True)
        sent.append(now)

    def _count_channel_write(self, channel_id: int) -> None:
        """Discord's per-channel limit on creating and editing messages."""
        if self.channel_write_limit is None:
            return
        burst, window = self.channel_write_limit
        now = time.monotonic()
        sent = self._channel_writes.setdefault(channel_id, deque())
        while sent and now - sent[0] >= window:
            sent.popleft()
        if len(sent) >= burst:
            raise _RateLimitedError(window - (now - sent[0]))
        sent.append(now)

    async def _h_channel_send(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._check_bot_may_write(channel, request[_UPLOADS])
        self._count_channel_write(channel.id)
        payload = dict(request[_PAYLOAD] or {})
        msg = self._create_message(
            channel_id=channel.id,
            source="channel",
            payload=payload,
            uploads=request[_UPLOADS],
            route="channel send",
            flag_mask=CHANNEL_CREATE_FLAGS,
        )
        return json_response(self._message_payload(msg))

    async def _h_channel_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self.messages.get(int(request.match_info["message_id"]))
        if msg is None or msg.channel_id != channel.id or msg.deleted or msg.ephemeral:
            raise _unknown_message()
        if request.method == "GET":
            return json_response(self._message_payload(msg))
        if request.method == "DELETE":
            self._delete_message(msg, "channel delete")
            return no_content()
        if msg.author_id != self.bot_user_id:
            raise _ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._check_bot_may_write(channel, request[_UPLOADS])
        self._count_channel_write(channel.id)
        payload = dict(request[_PAYLOAD] or {})
        self._edit_message(msg, payload, request[_UPLOADS], "channel edit")
        return json_response(self._message_payload(msg))

    async def _h_typing(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self.typing.append((channel.id, time.perf_counter()))
        return no_content()

    async def _h_reactions(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self.messages.get(int(request.match_info["message_id"]))
        if msg is None or msg.channel_id != channel.id or msg.deleted:
            raise _unknown_message()
        emoji = request.match_info.get("emoji")
        who = request.match_info.get("who")
        uid = self.bot_user_id if who in (None, "@me") else int(str(who))
        if request.method == "PUT":
            assert emoji is not None
            msg.reactions.setdefault(emoji, set()).add(uid)
            return no_content()
        if request.method == "GET":
            users = msg.reactions.get(emoji or "", set())
            return json_response([self.users[u].user_payload() for u in users if u in self.users])
        if emoji is None:
            msg.reactions.clear()
        elif who is None:
            msg.reactions.pop(emoji, None)
        else:
            msg.reactions.get(emoji, set()).discard(uid)
        return no_content()

    async def _h_attachment(self, request: web.Request) -> web.Response:
        att = self._attachments.get(int(request.match_info["attachment_id"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(
            body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"}
        )

    # ------------------------------------------------------------------
    # REST: guilds
    # ------------------------------------------------------------------
    def _guild(self, request: web.Request) -> FakeGuild:
        guild = self.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise _ApiError(404, 10004, "Unknown Guild")
        return guild

    async def _h_get_guild(self, request: web.Request) -> web.Response:
        data = self._guild_create_payload(self._guild(request))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return json_response(data)

    async def _h_guild_channels(self, request: web.Request) -> web.Response:
        return json_response([c.payload() for c in self._guild(request).channels])

    async def _h_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self._guild(request).roles])

    async def _h_guild_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        ids = sorted(uid for uid in guild.member_ids if uid > after)[:limit]
        return json_response([self.users[uid].member_payload() for uid in ids])

    async def _h_guild_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        uid = int(request.match_info["user_id"])
        if uid not in guild.member_ids:
            raise _ApiError(404, 10007, "Unknown Member")
        return json_response(self.users[uid].member_payload())

    async def _h_member_role(self, request: web.Request) -> web.Response:
        """Give a member a role (PUT) or take it (DELETE), as Discord allows
        it: the bot needs Manage Roles (or Administrator) and the role must be
        below its highest role; @everyone and managed roles are never given."""
        guild = self._guild(request)
        uid = int(request.match_info["user_id"])
        if uid not in guild.member_ids:
            raise _ApiError(404, 10007, "Unknown Member")
        role = next((r for r in guild.roles if r.id == int(request.match_info["role_id"])), None)
        if role is None:
            raise _ApiError(404, 10011, "Unknown Role")
        mine = [r for r in guild.roles if r.id in self.bot_user.roles or r.id == guild.id]
        perms = 0
        for r in mine:
            perms |= r.permissions
        top = max((r.position for r in mine), default=0)
        if (
            not perms & (PERM_MANAGE_ROLES | PERM_ADMINISTRATOR)
            or role.position >= top
            or role.managed
            or role.id == guild.id
        ):
            raise _ApiError(403, 50013, "Missing Permissions")
        roles = self.users[uid].roles
        if request.method == "PUT" and role.id not in roles:
            roles.append(role.id)
        elif request.method == "DELETE" and role.id in roles:
            roles.remove(role.id)
        return no_content()
