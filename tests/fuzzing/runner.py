"""Runs a fuzz: the world, the bot process, the stream of steps, a check
after every step, ``kill -9`` and restarts spread over the run, and the
figures at the end (:class:`Report`)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.fakediscord import FakeDiscord

from .audit import Audit, Findings
from .catalog import Catalog
from .client import Client, World
from .garbage import Garbage, hypothesis_pool
from .ledger import Ledger
from .moves import Stepper
from .process import LOUD, BotProcess

TRACEBACK = "Traceback (most recent call last)"
RATE_LIMITED = "We are being rate limited"
#: After a restart, Discord may still count the writes of the process that was
#: killed (its pacer died with it): a 429 then is expected for one window.
AFTER_RESTART = 10.0
#: Problems of each kind quoted in the summary.
QUOTED = 5


@dataclass
class Report:
    """The figures of a run; :attr:`clean` when every count of trouble is zero."""

    seed: int
    interactions: int = 0
    steps: int = 0
    restarts: int = 0
    seconds: float = 0.0
    moves_checked: int = 0
    games: int = 0
    finished: int = 0
    steps_by_kind: dict[str, int] = field(default_factory=dict)
    answers: dict[str, int] = field(default_factory=dict)
    unexpected: list[str] = field(default_factory=list)
    tracebacks: int = 0
    loud_lines: list[str] = field(default_factory=list)
    #: 429s right after a restart (counted apart from ``loud_lines``, see AFTER_RESTART).
    restart_429: int = 0
    unexplained: list[str] = field(default_factory=list)
    hidden_public: list[str] = field(default_factory=list)
    pings: list[str] = field(default_factory=list)
    not_private: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (
            self.unexpected
            or self.tracebacks
            or self.loud_lines
            or self.unexplained
            or self.hidden_public
            or self.pings
            or self.not_private
        )

    def summary(self) -> str:
        lines = [
            f"seed {self.seed}: {self.interactions} interactions in {self.steps} steps, "
            f"{self.restarts} kill -9 restarts, {self.seconds:.0f} s",
            f"  {self.games} games ({self.finished} finished), {self.moves_checked} moves "
            "replayed and explained",
            "  steps: " + ", ".join(f"{k} {n}" for k, n in sorted(self.steps_by_kind.items())),
            "  answers: " + ", ".join(f"{k} {n}" for k, n in sorted(self.answers.items())),
            f"  unexpected errors {len(self.unexpected)}, tracebacks {self.tracebacks}, "
            f"log lines above INFO {len(self.loud_lines)} (+{self.restart_429} 429 retries "
            f"right after restarts), unexplained changes "
            f"{len(self.unexplained)}, hidden cards public {len(self.hidden_public)}, "
            f"bad pings {len(self.pings)}, public refusals {len(self.not_private)}",
        ]
        for name in ("unexpected", "loud_lines", "unexplained", "hidden_public", "pings"):
            for item in getattr(self, name)[:QUOTED]:
                lines.append(f"  {name}: {item}")
        for item in self.not_private[:QUOTED]:
            lines.append(f"  not_private: {item}")
        return "\n".join(lines)


class Fuzzer:
    """One seeded run against a fresh database in ``workdir``."""

    def __init__(
        self,
        workdir: Path,
        *,
        seed: int,
        interactions: int,
        restarts: int,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        self.workdir = workdir
        self.seed = seed
        self.target = interactions
        self.restarts = restarts
        self.progress = progress or (lambda line: None)
        self.rng = random.Random(seed)
        self.report = Report(seed=seed)
        self.restarted_at = -AFTER_RESTART

    async def run(self) -> Report:
        started = time.perf_counter()
        async with FakeDiscord(default_timeout=20) as fake:
            world = self._world(fake)
            self.bot = BotProcess(fake, self.workdir / "gin.db", self.workdir / "bot.log")
            names = [u.display_name for u in fake.users.values()]
            self.audit = Audit(fake, names)
            self.ledger = Ledger(self.workdir / "gin.db", fake.bot_user_id)
            self.client = Client(world, self.audit)
            self.catalog = Catalog(self.rng)
            roles = [r.id for g in fake.guilds.values() for r in g.roles]
            users = [u.id for u in fake.users.values()]
            garbage = Garbage(self.rng, users, roles, hypothesis_pool(self.seed))
            self.stepper = Stepper(self.client, self.ledger, self.catalog, garbage, self.rng)
            self.since = time.perf_counter()
            await self.bot.start()
            try:
                await self._setup(world)
                await self._loop()
            finally:
                await self.bot.stop()
                self.report.seconds = time.perf_counter() - started
                self._log()
        return self.report

    # --- the world -----------------------------------------------------------------------

    @staticmethod
    def _world(fake: FakeDiscord) -> World:
        owner = fake.add_user("owner", admin=True, global_name="Owner")
        players = [fake.add_user(n, global_name=n.capitalize()) for n in ("ana", "bo", "cy", "di")]
        players.append(fake.add_user("ed", global_name="Ed"))
        # The hostile display name: tries to ping everyone and the owner.
        players.append(fake.add_user("mallory", global_name=f"@everyone <@{owner.id}>"))
        strangers = [fake.add_user("stranger"), fake.add_user("lurker")]
        second = fake.add_channel("gin-2")
        return World(
            fake=fake,
            owner=owner,
            players=players,
            strangers=strangers,
            computer=fake.bot_user,
            channels=[fake.channel_id, second.id],
        )

    async def _setup(self, world: World) -> None:
        """Four live games: three between people, one against the computer."""
        p = world.players
        for a, b in ((p[0], p[1]), (p[2], p[3]), (p[5], p[4])):
            res = await self.client.slash(a, "gin challenge", {"opponent": b, "target": 50})
            if res is not None and res.message is not None:
                accept = [c for c in res.message.custom_ids() if c.startswith("gin:c:accept:")]
                if accept:
                    await self.client.click(b, res.message, accept[0], strict=True)
            await self._check()
        options = {"opponent": world.computer, "difficulty": "normal", "target": 50}
        await self.client.slash(world.owner, "gin challenge", options)
        await self._check()

    # --- the stream ----------------------------------------------------------------------

    async def _loop(self) -> None:
        every = self.target / (self.restarts + 1)
        done_restarts = 0
        next_note = 500
        while self.client.sent < self.target:
            if done_restarts < self.restarts and self.client.sent >= every * (done_restarts + 1):
                await self._restart()
                done_restarts += 1
            else:
                kind = await self.stepper.step()
                by_kind = self.report.steps_by_kind
                by_kind[kind] = by_kind.get(kind, 0) + 1
            self.report.steps += 1
            await self._check()
            if self.client.sent >= next_note:
                next_note += 500
                self.progress(self._progress())

    async def _restart(self) -> None:
        """``kill -9`` while the bot may be in the middle of a move, then start it
        again on the same database; the game goes on from its last commit."""
        turns = self.stepper.human_turns()
        if turns:
            gid, tracked = self.rng.choice(turns)
            await self.stepper.legal_move(gid, tracked, wait=False)
            await asyncio.sleep(self.rng.uniform(0, 0.05))
        await self.bot.kill9()
        await self.bot.start()
        self.restarted_at = time.perf_counter()
        self.report.restarts += 1
        self.progress(f"restart {self.report.restarts} after {self.client.sent} interactions")

    async def _check(self) -> None:
        """Everything since the last check: database, messages, answers, log."""
        fake = self.client.fake
        with contextlib.suppress(AssertionError):
            await fake.settle(quiet=0.02, timeout=0.5)
        scan_at = time.perf_counter()
        self.report.unexplained += self.ledger.check(self.client.window, time.time())
        findings = self.audit.messages(self.since, self.ledger)
        self.since = scan_at
        self.catalog.update(self.audit.written)
        findings.extend(self.client.findings)
        self.client.findings = Findings()
        self.client.window.clear()
        report = self.report
        report.unexpected += findings.unexpected
        report.hidden_public += findings.hidden_public
        report.pings += findings.pings
        report.not_private += findings.not_private
        self._log()
        report.interactions = self.client.sent
        report.answers = dict(self.client.answers)
        report.moves_checked = self.ledger.moves_checked
        report.games = len(self.ledger.games)
        report.finished = sum(t.status == "finished" for t in self.ledger.games.values())

    def _log(self) -> None:
        fresh = time.perf_counter() - self.restarted_at < AFTER_RESTART
        for line in self.bot.new_log():
            if TRACEBACK in line:
                self.report.tracebacks += 1
            if fresh and line.startswith("WARNING discord.http") and RATE_LIMITED in line:
                self.report.restart_429 += 1
            elif LOUD.match(line):
                self.report.loud_lines.append(line[:300])

    def _progress(self) -> str:
        r = self.report
        return (
            f"{r.interactions} interactions, {r.games} games ({r.finished} finished), "
            f"{r.moves_checked} moves; problems: unexpected {len(r.unexpected)}, "
            f"tracebacks {r.tracebacks}, loud {len(r.loud_lines)}, unexplained "
            f"{len(r.unexplained)}, hidden {len(r.hidden_public)}, pings {len(r.pings)}, "
            f"public refusals {len(r.not_private)}"
        )
