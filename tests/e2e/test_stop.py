"""Stopping the real bot process: a signal stops it cleanly, a kill leaves nothing behind.

The bot runs as its own OS process (``tests.helpers.bot_process``, the same
``serve`` as ``gin-bot run``) against the fake Discord, with two render
worker processes.  SIGTERM (``docker stop``, ``systemctl stop``) arrives
while a move is on its way to the player: the bot stops taking
interactions, the move is answered, the bot exits 0, every process it
started is gone, and after a restart the game goes on.  ``kill -9`` gives the
bot no chance at all: its children must notice by themselves and go.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot.engine import ActionKind
from bot.service import GinService, snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeUser, InteractionResult

ROOT = Path(__file__).resolve().parents[2]
#: Starting a bot process (imports, migrations, spawning workers) on a busy CI core.
START_TIMEOUT = 60.0
#: What the brief promises: a clean stop within 10 s, orphans gone within 5 s.
STOP_LIMIT = 10.0
ORPHAN_LIMIT = 5.0


class HoldingFake(FakeDiscord):
    """The fake Discord, able to hold the bot's interaction answers at the
    door: the move is committed and its answer on the way when the signal
    comes."""

    hold: asyncio.Event | None = None
    held: asyncio.Event

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        if self.hold is not None and request.path.endswith("/callback"):
            self.held.set()
            await self.hold.wait()
        return await super()._middleware(request, handler)


@pytest.fixture
async def fake() -> AsyncIterator[HoldingFake]:
    # No 3-second answer deadline: the test itself holds an answer back.
    async with HoldingFake(default_timeout=20, interaction_deadline=None) as f:
        yield f


# --- processes ---------------------------------------------------------------------------


def process_tree() -> dict[int, list[int]]:
    """Every live process's children, from /proc (zombies count as gone)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended while we looked
        state, ppid = text[text.rindex(")") + 2 :].split()[:2]
        if state != "Z":
            children.setdefault(int(ppid), []).append(int(stat.parent.name))
    return children


def descendants(pid: int) -> set[int]:
    tree, found, todo = process_tree(), set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def still_running(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        if state[state.rindex(")") + 2] != "Z":
            alive.add(pid)
    return alive


async def gone_within(pids: set[int], limit: float) -> set[int]:
    """``pids`` still running after waiting up to ``limit`` seconds for them to end."""
    deadline = time.monotonic() + limit
    while (left := still_running(pids)) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return left


async def start_bot(fake: FakeDiscord, db: Path, *, workers: int) -> asyncio.subprocess.Process:
    """The bot in its own process on ``db``, connected to the fake; its
    stderr goes to ``bot-<pid>.log`` beside ``db`` (a file, not a pipe: a
    leaked child holding a pipe open would keep ``wait()`` from returning)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIN_", "DISCORD_", "DEV_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        GIN_DB_PATH=str(db),
        GIN_RENDER_WORKERS=str(workers),
        GIN_HEALTH_FILE=str(db.with_name("alive")),
        DISCORD_TOKEN="fake-token",
    )
    identified = fake.identify_count
    log = db.with_name(f"bot-{time.monotonic_ns()}.log")
    with log.open("wb") as stderr:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.helpers.bot_process",
            fake.api_base,
            fake.gateway_url,
            cwd=ROOT,
            env=env,
            stderr=stderr,
        )
    LOGS[proc.pid] = log

    def connected() -> bool:
        if proc.returncode is not None:
            raise AssertionError(f"the bot process exited with {proc.returncode}")
        return fake.identify_count > identified and fake.shard_connected(0, 1)

    await fake.wait_for(connected, timeout=START_TIMEOUT, what="the bot process")
    return proc


#: Each bot process's stderr file, by pid.
LOGS: dict[int, Path] = {}


async def ended(proc: asyncio.subprocess.Process, limit: float) -> tuple[int, str]:
    """The exit status (within ``limit`` seconds) and what the process wrote to stderr."""
    code = await asyncio.wait_for(proc.wait(), limit)
    return code, LOGS[proc.pid].read_text(errors="replace")


# --- a game by slash commands ----------------------------------------------------------------


class Table:
    """Two players' game in the fake's default channel."""

    def __init__(self, fake: FakeDiscord, svc: GinService) -> None:
        self.fake, self.svc = fake, svc
        self.a, self.b = fake.add_user("Ana"), fake.add_user("Bo")
        self.game_id = 0

    async def begin(self) -> None:
        res = await self.fake.slash(
            self.a, "gin", subcommand="challenge", options={"opponent": self.b}
        )
        assert res.message is not None, res.content
        accept = next(c for c in res.message.custom_ids() if c.startswith("gin:c:accept:"))
        await self.fake.click(self.b, res.message, accept)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            snap = await snapshots.active_game_for(self.svc, self.fake.guild_id, self.a.id)
            if snap is not None:
                self.game_id = snap.id
                return
            await asyncio.sleep(0.05)
        raise AssertionError("the game did not start")

    async def snap(self) -> GameSnapshot:
        return await snapshots.get_game(self.svc, self.game_id)

    def mover(self, snap: GameSnapshot) -> FakeUser:
        seat = snap.game.turn
        assert seat is not None
        return self.a if snap.players[seat] == self.a.id else self.b

    def next_move(self, snap: GameSnapshot) -> tuple[FakeUser, str, dict[str, str]]:
        """Who moves now, and the /gin subcommand and options of a legal move."""
        seat = snap.game.turn
        assert seat is not None
        legal = snap.game.legal(seat)
        if ActionKind.PASS.value in legal:
            return self.mover(snap), "pass", {}
        if ActionKind.DRAW_STOCK.value in legal:
            return self.mover(snap), "draw", {"source": "stock"}
        card = next(iter(snap.game.deadwood_after(seat))).code
        return self.mover(snap), "discard", {"card": card}

    async def move(self) -> InteractionResult:
        user, command, options = self.next_move(await self.snap())
        return await self.fake.slash(user, "gin", subcommand=command, options=options)


# --- the tests -------------------------------------------------------------------------------


async def test_sigterm_mid_move_answers_it_exits_0_leaves_no_process_and_the_game_resumes(
    fake: HoldingFake, tmp_path: Path
) -> None:
    db = tmp_path / "gin.db"
    proc = await start_bot(fake, db, workers=2)
    svc = await GinService.open(db)
    try:
        # Connected: the heartbeat a container's health check reads is there.
        deadline = time.monotonic() + 20
        while not (tmp_path / "alive").exists():
            assert time.monotonic() < deadline, "no heartbeat file"
            await asyncio.sleep(0.05)
        table = Table(fake, svc)
        await table.begin()
        for _ in range(3):
            res = await table.move()
            assert res.ephemeral, res.content
        children = descendants(proc.pid)
        # Two render workers and multiprocessing's resource tracker, at least.
        assert len(children) >= 3, children

        # A move whose answer is on its way when SIGTERM comes.
        before = await table.snap()
        fake.hold, fake.held = asyncio.Event(), asyncio.Event()
        user, command, options = table.next_move(before)
        answer = asyncio.create_task(fake.slash(user, "gin", subcommand=command, options=options))
        await asyncio.wait_for(fake.held.wait(), 20)
        proc.send_signal(signal.SIGTERM)
        # It stops taking interactions: its gateway connection closes first ...
        await fake.wait_for(lambda: not fake.shard_connected(0, 1), what="the gateway to close")
        fake.hold.set()
        # ... and the move it had received is still answered.
        res = await answer
        assert res.ephemeral, res.content
        assert (await table.snap()).version == before.version + 1

        code, err = await ended(proc, STOP_LIMIT)
        assert code == 0, err
        assert "Traceback" not in err and "Error" not in err, err
        assert not await gone_within(children, ORPHAN_LIMIT)

        # Restarted (and stopped with Ctrl-C's SIGINT this time): the game goes on.
        proc = await start_bot(fake, db, workers=0)
        res = await table.move()
        assert res.ephemeral, res.content
        assert (await table.snap()).version == before.version + 2
        proc.send_signal(signal.SIGINT)
        code, err = await ended(proc, STOP_LIMIT)
        assert code == 0, err
        assert "Traceback" not in err, err
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await svc.close()
    fake.assert_clean()


async def test_kill_9_leaves_no_process_behind(fake: HoldingFake, tmp_path: Path) -> None:
    proc = await start_bot(fake, tmp_path / "gin.db", workers=2)
    children = descendants(proc.pid)
    try:
        assert len(children) >= 3, children
    finally:
        proc.kill()
        await proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert not await gone_within(children, ORPHAN_LIMIT)
