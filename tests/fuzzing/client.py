"""The fuzzer's hands: every interaction goes through :class:`Client`, which
sends it through the fake as a (possibly modified) Discord client would,
writes it in the step's window for the ledger, counts it, and has the audit
judge the answer."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import FakeDiscord, FakeUser, SentMessage
from tests.fakediscord.models import InteractionResult

from .audit import Audit, Findings
from .ledger import Sent

#: How long a deferred answer may take to arrive (a slow render).
DEFERRED_WAIT = 10.0


@dataclass
class World:
    """The server the fuzz plays in."""

    fake: FakeDiscord
    owner: FakeUser  # Manage Server: /ginadmin settings, end, tournament
    players: list[FakeUser]
    strangers: list[FakeUser]
    computer: FakeUser
    channels: list[int]

    @property
    def people(self) -> list[FakeUser]:
        return [self.owner, *self.players, *self.strangers]

    def user(self, user_id: int) -> FakeUser:
        return self.fake.users[user_id]


@dataclass
class Client:
    """Sends interactions and keeps the books of the current step."""

    world: World
    audit: Audit
    window: list[Sent] = field(default_factory=list)
    findings: Findings = field(default_factory=Findings)
    sent: int = 0
    #: Interactions sent without waiting for the answer (the one a kill -9 cuts).
    unwaited: int = 0
    #: Answers by kind ("private message", "update", "autocomplete"…), for the report.
    answers: dict[str, int] = field(default_factory=dict)

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    def _note(self, user: FakeUser, kind: str, name: str, options: Mapping[str, Any]) -> None:
        self.window.append(Sent(user.id, kind, name, dict(options), user is self.world.owner))

    async def _send(
        self, name: str, call: Callable[[], Awaitable[InteractionResult]]
    ) -> InteractionResult | None:
        """Run one driver call; None if the fake refused to send it (the fuzzer
        asked for something its strict mode rejects) or the bot never answered
        (counted as unexpected)."""
        before = len(self.fake.interactions)
        try:
            res = await call()
        except AssertionError as exc:
            if len(self.fake.interactions) == before:
                return None  # not sent: the fake's own check (a stale control, say)
            self.sent += 1
            self.findings.unexpected.append(f"{name}: no answer: {str(exc).splitlines()[0]}")
            return None
        self.sent += 1
        if res.response_type == 5:  # deferred: wait for the real answer
            message = res.message
            with contextlib.suppress(AssertionError):
                await self.fake.wait_for(
                    lambda: message is None or not message.loading or bool(res.followups),
                    timeout=DEFERRED_WAIT,
                    what=f"the deferred answer to {name}",
                )
        self.findings.extend(self.audit.answer(res, name))
        kind = res.response_name or "none"
        if res.message is not None and res.response_type in (4, 5):
            kind = "private message" if res.message.ephemeral else "public message"
        self.answers[kind] = self.answers.get(kind, 0) + 1
        return res

    async def slash(
        self,
        user: FakeUser,
        path: str,
        options: Mapping[str, Any] | None = None,
        *,
        strict: bool = True,
        channel_id: int | None = None,
        wait: bool = True,
    ) -> InteractionResult | None:
        opts = dict(options or {})
        self._note(user, "slash", path, opts)
        if not wait:
            self.unwaited += 1
        return await self._send(
            path,
            lambda: self.fake.slash(
                user,
                path,
                options=opts,
                strict=strict,
                channel_id=channel_id or self.world.channels[0],
                settle=False,
                expect_response=wait,
            ),
        )

    async def click(
        self,
        user: FakeUser,
        message: SentMessage,
        custom_id: str,
        *,
        forge: bool = False,
        strict: bool = False,
        wait: bool = True,
    ) -> InteractionResult | None:
        self._note(user, "component", custom_id, {})
        if not wait:
            self.unwaited += 1
        return await self._send(
            custom_id,
            lambda: self.fake.click(
                user,
                message,
                custom_id,
                strict=strict,
                forge=forge,
                settle=False,
                expect_response=wait,
            ),
        )

    async def select(
        self,
        user: FakeUser,
        message: SentMessage,
        custom_id: str,
        values: list[Any],
        *,
        forge: bool = False,
        strict: bool = False,
        wait: bool = True,
    ) -> InteractionResult | None:
        self._note(user, "component", custom_id, {"values": values})
        if not wait:
            self.unwaited += 1
        return await self._send(
            custom_id,
            lambda: self.fake.select(
                user,
                message,
                custom_id,
                values,
                strict=strict,
                forge=forge,
                settle=False,
                expect_response=wait,
            ),
        )

    async def autocomplete(
        self, user: FakeUser, path: str, focused: str, options: Mapping[str, Any]
    ) -> None:
        self._note(user, "autocomplete", path, dict(options))
        await self._send(
            path + " (autocomplete)",
            lambda: self.fake.autocomplete_interaction(
                user, path, focused=focused, options=options, channel_id=self.world.channels[0]
            ),
        )

    async def together(self, *calls: Awaitable[object]) -> None:
        """Send several interactions at once (a double click)."""
        await asyncio.gather(*calls)
