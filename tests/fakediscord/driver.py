"""The test-facing driver: play a user (slash, click, select, autocomplete…).

Each driver call builds an INTERACTION_CREATE the way Discord does, sends it
over the gateway and waits (bounded by ``default_timeout``) for the bot's
callback, then optionally for the bot to go quiet.  Failures are
``AssertionError`` with a summary of recent traffic, never a hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import mimetypes
import secrets
import time
from collections.abc import AsyncIterator, Mapping
from typing import Any

import discord
from discord import app_commands

from .models import (
    FakeChannel,
    FakeRole,
    FakeUser,
    InteractionResult,
    SentMessage,
)
from .payloads import (
    ALL_PERMISSIONS,
    ATTACHMENT_SIZE_LIMIT,
    CALLBACK_DEFERRED_CHANNEL_MESSAGE,
    COMPONENT_BUTTON,
    COMPONENT_STRING_SELECT,
    COMPONENT_TEXT_INPUT,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_MESSAGE_CONTENT,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_MESSAGE_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    OPT_ATTACHMENT,
    OPT_BOOLEAN,
    OPT_CHANNEL,
    OPT_INTEGER,
    OPT_MENTIONABLE,
    OPT_NUMBER,
    OPT_ROLE,
    OPT_STRING,
    OPT_SUB_COMMAND,
    OPT_SUB_COMMAND_GROUP,
    OPT_USER,
    SELECT_TYPES,
)
from .rest import _ApiError
from .state import MessageRef
from .threads import ThreadsMixin

log = logging.getLogger("fakediscord")


class DriverMixin(ThreadsMixin):
    """Plays users against the bot; every wait is bounded."""

    @contextlib.asynccontextmanager
    async def run_bot(
        self,
        client: discord.Client,
        *,
        token: str = "fake-token",
        timeout: float | None = None,
        fast_ready: bool = True,
        learn_commands: bool = True,
    ) -> AsyncIterator[discord.Client]:
        """Run ``client.start(token)`` in a task until READY; close it on exit.

        ``fast_ready`` lowers ``guild_ready_timeout`` (a documented
        ``Client`` option, default 2 s: discord.py waits that long after the
        last GUILD_CREATE before firing ``on_ready``) so startup takes
        milliseconds.  ``learn_commands``: if nothing was ever synced to the
        fake, read the commands from ``client.tree`` (see
        :meth:`learn_commands`) so :meth:`slash` knows option types.  If the
        client dies during startup its exception is raised here instead of a
        vague timeout.
        """
        if fast_ready:
            state = client._connection
            state.guild_ready_timeout = min(state.guild_ready_timeout, 0.05)
        task: asyncio.Task[None] = asyncio.create_task(client.start(token), name="fake-bot")
        self._bot_tasks.append(task)
        busy = getattr(client, "busy", None)
        self._bot_busy = busy if callable(busy) else None
        try:
            await self._wait_ready(client, task, timeout)
            tree = getattr(client, "tree", None)
            if learn_commands and not self.commands and isinstance(tree, app_commands.CommandTree):
                self.learn_commands(tree)
            yield client
        finally:
            self._bot_busy = None
            await client.close()
            try:
                await asyncio.wait_for(asyncio.shield(task), timeout or self.default_timeout)
            except (TimeoutError, asyncio.CancelledError):
                task.cancel()
            except Exception:
                log.exception("bot task ended with an error")

    async def _wait_ready(
        self, client: discord.Client, task: asyncio.Task[None], timeout: float | None
    ) -> None:
        limit = timeout or self.default_timeout
        deadline = time.perf_counter() + limit
        while not client.is_ready():
            if task.done():
                exc = task.exception()
                if exc is not None:
                    raise AssertionError(f"bot crashed during startup: {exc!r}") from exc
                raise AssertionError("bot task finished before becoming ready")
            if time.perf_counter() > deadline:
                raise AssertionError(
                    f"bot was not ready after {limit:.1f}s\n{self.describe_recent()}"
                )
            await asyncio.sleep(0.005)

    # ------------------------------------------------------------------
    # driver: interactions
    # ------------------------------------------------------------------
    async def slash(
        self,
        user: FakeUser,
        command: str,
        *,
        subcommand: str | None = None,
        group: str | None = None,
        options: Mapping[str, Any] | None = None,
        channel_id: int | None = None,
        locale: str | None = None,
        settle: bool = True,
        timeout: float | None = None,
        expect_response: bool = True,
        strict: bool = True,
    ) -> InteractionResult:
        """Invoke ``/command [group] [subcommand] options…`` as ``user``.

        ``command`` may also be the full path (``"gin draw"``,
        ``"gin admin reset"``).  Option types come from the commands the bot
        registered (sync or :meth:`learn_commands`); otherwise from the Python
        type of each value (``str``/``int``/``float``/``bool``/
        :class:`FakeUser`/:class:`FakeChannel`/:class:`FakeRole`/
        ``(filename, bytes)`` attachment).  ``strict=False`` plays a hostile
        client: options are sent as given — unknown names, missing required
        ones, values of the wrong type, out of range or not among the choices,
        raw (unresolved) ids for user/channel/role options.
        """
        name, group, subcommand = self._split_command(command, group, subcommand)
        cid = channel_id or self.channel_id
        guild_id = self._guild_of(cid)
        data = self._command_data(
            name, group, subcommand, options or {}, guild_id, focused=None, strict=strict
        )
        label = " ".join(p for p in (name, group, subcommand) if p)
        return await self._run_interaction(
            INTERACTION_APPLICATION_COMMAND,
            user,
            data,
            label=f"/{label}",
            channel_id=cid,
            locale=locale,
            settle=settle,
            timeout=timeout,
            expect_response=expect_response,
        )

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        *,
        focused: str,
        subcommand: str | None = None,
        group: str | None = None,
        options: Mapping[str, Any] | None = None,
        channel_id: int | None = None,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` and return the choices the bot offers.

        ``options`` holds what the user has typed so far (the focused value
        defaults to ``""``).  The full :class:`InteractionResult` is in
        :attr:`last_interaction` (or use :meth:`autocomplete_interaction`).
        """
        res = await self.autocomplete_interaction(
            user,
            command,
            focused=focused,
            subcommand=subcommand,
            group=group,
            options=options,
            channel_id=channel_id,
            locale=locale,
            timeout=timeout,
        )
        return res.choices

    async def autocomplete_interaction(
        self,
        user: FakeUser,
        command: str,
        *,
        focused: str,
        subcommand: str | None = None,
        group: str | None = None,
        options: Mapping[str, Any] | None = None,
        channel_id: int | None = None,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """:meth:`autocomplete`, returning the whole interaction (latency included)."""
        name, group, subcommand = self._split_command(command, group, subcommand)
        opts = dict(options or {})
        opts.setdefault(focused, "")
        cid = channel_id or self.channel_id
        data = self._command_data(
            name, group, subcommand, opts, self._guild_of(cid), focused=focused
        )
        label = " ".join(p for p in (name, group, subcommand) if p)
        return await self._run_interaction(
            INTERACTION_AUTOCOMPLETE,
            user,
            data,
            label=f"/{label} <{focused}>",
            channel_id=cid,
            locale=locale,
            settle=False,
            timeout=timeout,
            expect_response=True,
        )

    async def click(
        self,
        user: FakeUser,
        message: MessageRef,
        custom_id: str,
        *,
        strict: bool = True,
        forge: bool = False,
        locale: str | None = None,
        settle: bool = True,
        timeout: float | None = None,
        expect_response: bool = True,
    ) -> InteractionResult:
        """Press the button ``custom_id`` on ``message`` as ``user``.

        ``strict`` refuses what the Discord client would not let a user do:
        a custom_id not on the message, a disabled button, a deleted message,
        or someone else's ephemeral message.  Set it False to simulate stale
        or forged clicks.  ``forge`` (implies not ``strict``) plays a hostile
        client: if the message lacks the button, the interaction's copy of the
        message carries it anyway, so the bot rather than discord.py must
        refuse it.
        """
        msg = self.message(message)
        strict = strict and not forge
        comp = self._check_component(user, msg, custom_id, strict, select=False)
        forged = None
        if forge and comp is None:
            forged = {"type": COMPONENT_BUTTON, "style": 2, "label": "?", "custom_id": custom_id}
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": comp.get("type", COMPONENT_BUTTON) if comp else COMPONENT_BUTTON,
        }
        if comp is not None and "id" in comp:
            data["id"] = comp["id"]
        return await self._run_interaction(
            INTERACTION_MESSAGE_COMPONENT,
            user,
            data,
            label=f"click {custom_id}",
            channel_id=msg.channel_id,
            locale=locale,
            source=msg,
            settle=settle,
            timeout=timeout,
            expect_response=expect_response,
            forged=forged,
        )

    async def select(
        self,
        user: FakeUser,
        message: MessageRef,
        custom_id: str,
        values: list[Any],
        *,
        strict: bool = True,
        forge: bool = False,
        locale: str | None = None,
        settle: bool = True,
        timeout: float | None = None,
        expect_response: bool = True,
    ) -> InteractionResult:
        """Choose ``values`` in the select menu ``custom_id`` on ``message``.

        For string selects the values are option values; for user/role/
        channel selects pass :class:`FakeUser`/:class:`FakeRole`/
        :class:`FakeChannel` (or ids) and ``resolved`` is filled in.
        ``strict`` and ``forge`` as in :meth:`click` (a forged menu offers
        exactly ``values``).
        """
        msg = self.message(message)
        strict = strict and not forge
        comp = self._check_component(user, msg, custom_id, strict, select=True)
        forged = None
        if forge and comp is None:
            options = [{"label": str(v)[:100] or "?", "value": str(v)} for v in values]
            forged = {
                "type": COMPONENT_STRING_SELECT,
                "custom_id": custom_id,
                "options": options or [{"label": "?", "value": "?"}],
                "min_values": 0,
                "max_values": max(1, len(values)),
            }
        ctype = comp.get("type", COMPONENT_STRING_SELECT) if comp else COMPONENT_STRING_SELECT
        if strict and comp is not None and ctype == COMPONENT_STRING_SELECT:
            allowed = [str(o.get("value")) for o in comp.get("options") or []]
            bad = [v for v in values if str(v) not in allowed]
            if bad:
                raise AssertionError(f"select {custom_id!r} has no option(s) {bad}; has {allowed}")
            lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
            if not lo <= len(values) <= hi:
                raise AssertionError(f"select {custom_id!r} takes {lo}..{hi} values, got {values}")
        resolved: dict[str, dict[str, Any]] = {}
        str_values = [self._resolve_value(v, ctype, resolved) for v in values]
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": ctype,
            "values": str_values,
        }
        if resolved:
            data["resolved"] = resolved
        if comp is not None and "id" in comp:
            data["id"] = comp["id"]
        return await self._run_interaction(
            INTERACTION_MESSAGE_COMPONENT,
            user,
            data,
            label=f"select {custom_id}={values}",
            channel_id=msg.channel_id,
            locale=locale,
            source=msg,
            settle=settle,
            timeout=timeout,
            expect_response=expect_response,
            forged=forged,
        )

    async def submit_modal(
        self,
        user: FakeUser,
        opened_by: InteractionResult,
        values: Mapping[str, Any],
        *,
        locale: str | None = None,
        settle: bool = True,
        timeout: float | None = None,
        expect_response: bool = True,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in ``opened_by``.

        ``values`` maps text-input custom_ids to strings (select custom_ids to
        lists); inputs not given keep their default ``value`` (or ``""``).
        """
        modal = opened_by.modal
        known: set[str] = set()

        def fill(comp: dict[str, Any]) -> dict[str, Any] | None:
            ctype = comp.get("type")
            if ctype == 1:
                kids = [k for k in (fill(c) for c in comp.get("components") or []) if k]
                return {"type": 1, "components": kids}
            if ctype == 18:
                inner = fill(comp.get("component") or {})
                return {"type": 18, "component": inner} if inner else None
            custom_id = comp.get("custom_id")
            if custom_id is None:
                return None
            known.add(custom_id)
            if ctype == COMPONENT_TEXT_INPUT:
                val = values.get(custom_id, comp.get("value") or "")
                return {"type": ctype, "custom_id": custom_id, "value": str(val)}
            vals = values.get(custom_id, [])
            return {"type": ctype, "custom_id": custom_id, "values": [str(v) for v in vals]}

        components = [c for c in (fill(c) for c in modal.get("components") or []) if c]
        unknown = set(values) - known
        if unknown:
            raise AssertionError(f"modal {modal.get('custom_id')!r} has no inputs {unknown}")
        data = {"custom_id": modal["custom_id"], "components": components}
        source = self.messages.get(opened_by.source_message_id or 0)
        return await self._run_interaction(
            INTERACTION_MODAL_SUBMIT,
            user,
            data,
            label=f"modal {modal['custom_id']}",
            channel_id=opened_by.channel_id,
            locale=locale,
            source=source,
            settle=settle,
            timeout=timeout,
            expect_response=expect_response,
        )

    async def post_message(
        self, user: FakeUser, content: str, *, channel_id: int | None = None
    ) -> SentMessage:
        """A user posts a plain message (MESSAGE_CREATE to the bot).

        Content is blanked in the event unless the bot has the MESSAGE_CONTENT
        intent, is mentioned, or it is a DM: Discord's rule.
        """
        await self.wait_connected()
        cid = channel_id or self.channel_id
        channel = self.channels[cid]
        msg = SentMessage(
            id=self.snowflake(),
            channel_id=cid,
            guild_id=channel.guild_id,
            author_id=user.id,
            source="user",
            content=content,
        )
        self.messages[msg.id] = msg
        channel.last_message_id = msg.id
        payload = self._message_payload(msg, event=True)
        session = self._active
        sees_content = (session is not None and bool(session.intents & INTENT_MESSAGE_CONTENT)) or (
            channel.guild_id is None or str(self.bot_user_id) in content
        )
        if not sees_content:
            payload = {**payload, "content": "", "embeds": [], "attachments": [], "components": []}
        intent = INTENT_GUILD_MESSAGES if channel.guild_id else INTENT_DIRECT_MESSAGES
        self._dispatch("MESSAGE_CREATE", payload, intent=intent)
        return msg

    def learn_commands(self, tree: discord.app_commands.CommandTree[Any]) -> None:
        """Register the tree's commands in the fake without an HTTP sync.

        Bots often sync only on demand; this gives :meth:`slash` the option
        types, choices and guild scoping it needs, via discord.py's own
        ``to_dict`` (i.e. exactly what a sync would upload).
        """
        scopes: dict[int | None, list[Any]] = {None: list(tree.get_commands())}
        for gid in self.guilds:
            cmds = tree.get_commands(guild=discord.Object(gid))
            if cmds:
                scopes[gid] = list(cmds)
        for scope, cmds in scopes.items():
            try:
                self._store_commands(scope, [c.to_dict(tree) for c in cmds])
            except _ApiError as err:  # Discord would reject this sync
                raise AssertionError(f"invalid commands: {err.message}") from err

    # ------------------------------------------------------------------
    # driver internals
    # ------------------------------------------------------------------
    @staticmethod
    def _split_command(
        command: str, group: str | None, subcommand: str | None
    ) -> tuple[str, str | None, str | None]:
        parts = command.split()
        if len(parts) == 1:
            return parts[0], group, subcommand
        if len(parts) == 2 and group is None and subcommand is None:
            return parts[0], None, parts[1]
        if len(parts) == 3 and group is None and subcommand is None:
            return parts[0], parts[1], parts[2]
        raise ValueError(f"ambiguous command path {command!r} with group/subcommand")

    def _guild_of(self, channel_id: int) -> int:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise AssertionError(f"unknown channel {channel_id}")
        if channel.guild_id is None:
            raise AssertionError("interactions in DMs are not supported by the fake")
        return channel.guild_id

    def _check_component(
        self, user: FakeUser, msg: SentMessage, custom_id: str, strict: bool, *, select: bool
    ) -> dict[str, Any] | None:
        comp = msg.component(custom_id)
        if not strict:
            return comp
        if msg.deleted:
            raise AssertionError(f"message {msg.id} was deleted; cannot interact with it")
        if msg.ephemeral and msg.interaction_user_id not in (None, user.id):
            raise AssertionError(
                f"{user.name} cannot see ephemeral message {msg.id} "
                f"(it belongs to user {msg.interaction_user_id})"
            )
        if comp is None:
            raise AssertionError(
                f"message {msg.id} has no component {custom_id!r}; has {msg.custom_ids()}"
            )
        is_select = comp.get("type") in SELECT_TYPES
        if select != is_select:
            kind = "select" if select else "button"
            raise AssertionError(f"component {custom_id!r} is not a {kind}: {comp}")
        if comp.get("disabled"):
            raise AssertionError(f"component {custom_id!r} on message {msg.id} is disabled")
        return comp

    def _find_schema(self, name: str, guild_id: int) -> tuple[dict[str, Any] | None, int | None]:
        for scope in (guild_id, None):
            for cmd in self.commands.get(scope, []):
                if cmd.get("name") == name and cmd.get("type", 1) == 1:
                    return cmd, scope
        return None, None

    def _command_data(
        self,
        name: str,
        group: str | None,
        subcommand: str | None,
        options: Mapping[str, Any],
        guild_id: int,
        *,
        focused: str | None,
        strict: bool = True,
    ) -> dict[str, Any]:
        schema, scope = self._find_schema(name, guild_id)
        specs: list[dict[str, Any]] | None = None
        if schema is not None:
            specs = list(schema.get("options") or [])
            for kind, wanted in ((OPT_SUB_COMMAND_GROUP, group), (OPT_SUB_COMMAND, subcommand)):
                if wanted is None:
                    continue
                found = next(
                    (o for o in specs if o.get("type") == kind and o.get("name") == wanted), None
                )
                if found is None:
                    names = [o.get("name") for o in specs if o.get("type") == kind]
                    raise AssertionError(
                        f"/{name} has no {'group' if kind == 2 else 'subcommand'}"
                        f" {wanted!r}; has {names}"
                    )
                specs = list(found.get("options") or [])
            if any(o.get("type") in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP) for o in specs):
                subs = [o.get("name") for o in specs]
                raise AssertionError(f"/{name} needs a subcommand/group, one of {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        opts = [
            self._option_payload(oname, value, specs, focused == oname, resolved, strict)
            for oname, value in options.items()
        ]
        if specs is not None and focused is None and strict:
            missing = [
                o["name"] for o in specs if o.get("required") and o.get("name") not in options
            ]
            if missing:
                raise AssertionError(f"/{name}: missing required option(s) {missing}")
        if subcommand is not None:
            opts = [{"type": OPT_SUB_COMMAND, "name": subcommand, "options": opts}]
        if group is not None:
            opts = [{"type": OPT_SUB_COMMAND_GROUP, "name": group, "options": opts}]
        cmd_id = schema.get("id") if schema else None
        data: dict[str, Any] = {
            "id": str(cmd_id or self._command_id(None, 1, name)),
            "name": name,
            "type": 1,
        }
        if opts:
            data["options"] = opts
        if resolved:
            data["resolved"] = resolved
        if scope is not None:
            data["guild_id"] = str(scope)
        return data

    def _option_payload(
        self,
        name: str,
        value: Any,
        specs: list[dict[str, Any]] | None,
        focused: bool,
        resolved: dict[str, dict[str, Any]],
        strict: bool = True,
    ) -> dict[str, Any]:
        spec: dict[str, Any] | None = None
        if specs is not None:
            spec = next((o for o in specs if o.get("name") == name), None)
            if spec is None and strict:
                raise AssertionError(
                    f"unknown option {name!r}; command has {[o.get('name') for o in specs]}"
                )
        otype = spec["type"] if spec else self._infer_option_type(value)
        payload: dict[str, Any] = {"name": name, "type": otype}
        if focused:
            payload["focused"] = True
            payload["value"] = value if isinstance(value, str) else str(value)
            return payload
        if not strict:  # a hostile client: the value as given, fake objects as their ids
            if isinstance(value, FakeUser | FakeChannel | FakeRole):
                value = self._resolve_value(value, otype, resolved, option=True)
            payload["value"] = value
            return payload
        if otype == OPT_STRING:
            value = str(value)
        elif otype == OPT_INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                value = int(value)
        elif otype == OPT_NUMBER:
            value = float(value)
        elif otype == OPT_BOOLEAN:
            value = bool(value)
        if spec is not None:
            self._check_option_value(spec, value)
        if otype in (OPT_USER, OPT_CHANNEL, OPT_ROLE, OPT_MENTIONABLE, OPT_ATTACHMENT):
            value = self._resolve_value(value, otype, resolved, option=True)
        payload["value"] = value
        return payload

    @staticmethod
    def _check_option_value(spec: dict[str, Any], value: Any) -> None:
        name = spec.get("name")
        choices = spec.get("choices")
        if choices and value not in [c.get("value") for c in choices]:
            raise AssertionError(f"option {name!r}={value!r} is not one of {choices}")
        if isinstance(value, str):
            lo, hi = spec.get("min_length"), spec.get("max_length")
            if (lo is not None and len(value) < lo) or (hi is not None and len(value) > hi):
                raise AssertionError(f"option {name!r}={value!r} length outside {lo}..{hi}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            lo, hi = spec.get("min_value"), spec.get("max_value")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise AssertionError(f"option {name!r}={value!r} outside {lo}..{hi}")

    @staticmethod
    def _infer_option_type(value: Any) -> int:
        if isinstance(value, FakeUser):
            return OPT_USER
        if isinstance(value, FakeChannel):
            return OPT_CHANNEL
        if isinstance(value, FakeRole):
            return OPT_ROLE
        if isinstance(value, bool):
            return OPT_BOOLEAN
        if isinstance(value, int):
            return OPT_INTEGER
        if isinstance(value, float):
            return OPT_NUMBER
        if isinstance(value, tuple) and len(value) >= 2 and isinstance(value[1], bytes):
            return OPT_ATTACHMENT
        return OPT_STRING

    def _resolve_value(
        self,
        value: Any,
        kind: int,
        resolved: dict[str, dict[str, Any]],
        *,
        option: bool = False,
    ) -> str:
        """Turn a fake object into its id string and add it to ``resolved``.

        ``kind`` is an option type when ``option`` else a component type.
        Member objects in ``resolved.members`` omit ``user`` (Discord puts it
        in ``resolved.users``; discord.py stitches them together).
        """
        if option:
            users_kind = kind in (OPT_USER, OPT_MENTIONABLE)
            roles_kind = kind in (OPT_ROLE, OPT_MENTIONABLE)
            channels_kind = kind == OPT_CHANNEL
            attach_kind = kind == OPT_ATTACHMENT
        else:
            users_kind = kind in (5, 7)
            roles_kind = kind in (6, 7)
            channels_kind = kind == 8
            attach_kind = False
            if kind == COMPONENT_STRING_SELECT:
                return str(value)
        if attach_kind:
            filename, blob = value[0], value[1]
            ctype = value[2] if len(value) > 2 else mimetypes.guess_type(filename)[0]
            att = self._store_attachment(self.channel_id, filename, blob, ctype, None)
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
            return str(att.id)
        if isinstance(value, FakeRole) or (roles_kind and self._role(value) is not None):
            role = value if isinstance(value, FakeRole) else self._role(value)
            assert role is not None
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        if isinstance(value, FakeChannel) or channels_kind:
            channel = value if isinstance(value, FakeChannel) else self.channels[int(value)]
            resolved.setdefault("channels", {})[str(channel.id)] = {
                "id": str(channel.id),
                "name": channel.name,
                "type": channel.type,
                "permissions": str(ALL_PERMISSIONS),
                "parent_id": None,
                "guild_id": str(channel.guild_id),
            }
            return str(channel.id)
        if isinstance(value, FakeUser) or users_kind:
            user = value if isinstance(value, FakeUser) else self.users[int(value)]
            resolved.setdefault("users", {})[str(user.id)] = user.user_payload()
            if any(user.id in g.member_ids for g in self.guilds.values()):
                member = user.member_payload(with_user=False, with_permissions=True)
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        return str(value)

    def _role(self, value: Any) -> FakeRole | None:
        try:
            rid = int(value)
        except (TypeError, ValueError):
            return None
        for guild in self.guilds.values():
            for role in guild.roles:
                if role.id == rid:
                    return role
        return None

    def _interaction_base(
        self, itype: int, user: FakeUser, channel_id: int, locale: str | None
    ) -> tuple[int, str, dict[str, Any]]:
        iid = self.snowflake()
        token = f"fake.{iid}.{secrets.token_hex(16)}"
        channel = self.channels[channel_id]
        guild = self.guilds[self._guild_of(channel_id)]
        if user.id not in guild.member_ids:
            raise AssertionError(f"{user.name} is not a member of guild {guild.name!r}")
        channel_payload = {**channel.payload(), "permissions": str(user.permissions)}
        d: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "guild_locale": guild.locale,
            "channel_id": str(channel.id),
            "channel": channel_payload,
            "member": user.member_payload(with_permissions=True),
            "app_permissions": str(self.bot_user.permissions & ~self.denied(channel)),
            "locale": locale or user.locale,  # the user's client language by default
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        return iid, token, d

    async def _run_interaction(
        self,
        itype: int,
        user: FakeUser,
        data: dict[str, Any],
        *,
        label: str,
        channel_id: int,
        locale: str | None,
        settle: bool,
        timeout: float | None,
        expect_response: bool,
        source: SentMessage | None = None,
        forged: dict[str, Any] | None = None,
    ) -> InteractionResult:
        await self.wait_connected(timeout)
        await self._quiesce()
        iid, token, d = self._interaction_base(itype, user, channel_id, locale)
        d["data"] = data
        if source is not None:
            d["message"] = self._message_payload(source)
            if forged is not None:  # a hostile client's copy of the message (see click)
                rows = [*d["message"]["components"][:4], {"type": 1, "components": [forged]}]
                d["message"] = {**d["message"], "components": rows}
        rec = InteractionResult(
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel_id=channel_id,
            guild_id=self._guild_of(channel_id),
            name=label,
            payload=d,
            source_message_id=source.id if source else None,
        )
        self.interactions[iid] = rec
        self.last_interaction = rec

        def mark_sent() -> None:
            rec.sent_at = time.perf_counter()

        rec.sent_at = time.perf_counter()
        self._dispatch("INTERACTION_CREATE", d, on_sent=mark_sent)
        if not expect_response:
            if settle:  # the bot may not have the event yet: only its silence counts
                await self.settle(timeout=timeout, ask=False)
            return rec
        await self.wait_for(
            lambda: rec.response_type is not None or rec.callback_error is not None,
            timeout=timeout,
            what=f"the bot to respond to {label}",
        )
        if rec.callback_error is not None:
            raise AssertionError(f"{label}: bot's response was rejected: {rec.callback_error}")
        if settle and rec.response_type == CALLBACK_DEFERRED_CHANNEL_MESSAGE:
            await self.wait_for(
                lambda: (rec.message is not None and not rec.message.loading) or rec.followups,
                timeout=timeout,
                what=f"the bot to complete its deferred response to {label}",
            )
        if settle:
            await self.settle(timeout=timeout)
        return rec
