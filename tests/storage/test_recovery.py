"""A database that goes away and comes back.

PostgreSQL stopped mid-game and started again, and the bot's sessions
terminated with ``pg_terminate_backend``: moves during the outage are refused
in one clear line and change nothing, the next move after it succeeds on a
replacement connection — no restart — and the move log holds exactly the
moves the players were told about.  A SQLite file that is locked or
read-only gets the same answer; the timer loop and the computer wait and
resume; the Discord layer answers the line, and autocomplete an empty list.
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiosqlite
import asyncpg
import pytest

from bot.ai import decide
from bot.discord_ui.errors import player_message
from bot.i18n import Lang
from bot.service import AiLevel, AiRunner, GinService, StaleActionError, TimerLoop, snapshots
from bot.service.models import GameSnapshot
from bot.storage import CommitUnknownError, DatabaseUnavailableError, Repository
from cogs.gin import Gin
from tests.helpers.postgres import quiet_pgserver_exit
from tests.helpers.service import (
    CHANNEL,
    GUILD,
    FakeClock,
    check_consistent,
    random_action,
    start_game,
)

UNREACHABLE = "The game's database is unreachable; nothing was changed — try again in a moment."


# --- a PostgreSQL server of our own, to stop and start ----------------------------------


@dataclass
class OwnServer:
    """A PostgreSQL server (from the ``pgserver`` wheel) only these tests use."""

    server: Any
    admin_url: str

    def _pg_ctl(self, *args: str) -> None:
        import pgserver

        pgserver.pg_ctl(list(args), pgdata=self.server.pgdata, user=self.server.system_user)

    def stop(self, mode: str = "fast") -> None:
        self._pg_ctl("-w", "-m", mode, "stop")

    def start(self) -> None:
        socket_dir = self.admin_url.split("host=", 1)[1]
        self._pg_ctl(
            "-w", "-o", '-h ""', "-o", f"-k {socket_dir}", "-l", str(self.server.log), "start"
        )

    async def fresh(self) -> str:
        name = f"gin_{uuid.uuid4().hex[:12]}"
        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.admin_url.replace("/postgres?", f"/{name}?", 1)

    async def terminate_sessions(self, url: str) -> int:
        """``pg_terminate_backend`` every session of ``url``'s database but ours."""
        name = url.split("?", 1)[0].rsplit("/", 1)[1]
        conn = await asyncpg.connect(self.admin_url)
        try:
            rows = await conn.fetch(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                name,
            )
        finally:
            await conn.close()
        return len(rows)


@pytest.fixture(scope="module")
def own_pg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OwnServer]:
    os.environ.setdefault("XDG_RUNTIME_DIR", str(tmp_path_factory.mktemp("run")))
    import pgserver

    server = pgserver.get_server(tmp_path_factory.mktemp("pg-own"), cleanup_mode="stop")
    own = OwnServer(server, str(server.get_uri()))
    try:
        yield own
    finally:
        try:  # the server we started ourselves is not the one pgserver knows
            own.stop("fast")
        except Exception as exc:  # already stopped
            print(f"stopping the test server: {exc}", file=sys.stderr)
        server.cleanup()
        quiet_pgserver_exit()


@dataclass
class Ledger:
    """What the players of one game were told: committed versions, and the
    moves whose fate the bot could not know (the connection broke in COMMIT)."""

    reported: list[int]
    unknown: int = 0
    refused: int = 0


async def _moves(
    svc: GinService, snap: GameSnapshot, rng: random.Random, n: int, led: Ledger
) -> Any:
    """``n`` random moves that must all succeed; each version goes in the ledger."""
    for _ in range(n):
        seat = snap.game.turn
        assert seat is not None
        action = random_action(snap.game, seat, rng)
        result = await snapshots.act(
            svc, snap.id, snap.players[seat], action, expected_version=snap.version
        )
        snap = result.snapshot
        led.reported.append(snap.version)
        if snap.game.is_over:
            break
    return snap


async def _log_versions(url: str, game_id: int) -> list[int]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT version FROM moves WHERE game_id = $1 ORDER BY 1", game_id)
    finally:
        await conn.close()
    return [r[0] for r in rows]


@pytest.mark.parametrize("mode", ["fast", "immediate"])
async def test_postgresql_stopped_mid_game_then_started(own_pg: OwnServer, mode: str) -> None:
    url = await own_pg.fresh()
    svc = await GinService.open(url, seed=1)
    led = Ledger([])
    try:
        snap = await start_game(svc, 1, 2, target=500)
        rng = random.Random(1)
        snap = await _moves(svc, snap, rng, 6, led)
        await asyncio.to_thread(own_pg.stop, mode)

        # The outage: every move and every view is refused at once, in the
        # player's words, whatever the pool still thinks of its connections.
        seat = snap.game.turn
        assert seat is not None
        action = random_action(snap.game, seat, rng)
        for _ in range(4):
            started = time.monotonic()
            with pytest.raises(DatabaseUnavailableError) as refused:
                await snapshots.act(
                    svc, snap.id, snap.players[seat], action, expected_version=snap.version
                )
            assert time.monotonic() - started < 2.5
            assert str(refused.value) == UNREACHABLE
            assert player_message(Lang.EN, refused.value) == UNREACHABLE
        with pytest.raises(DatabaseUnavailableError):
            await svc.moves.turn_view(GUILD, snap.players[seat])

        await asyncio.to_thread(own_pg.start)
        # The very next move after the server is back goes through (the pool
        # connected a replacement by itself), and play goes on.
        result = await snapshots.act(
            svc, snap.id, snap.players[seat], action, expected_version=snap.version
        )
        led.reported.append(result.snapshot.version)
        snap = await _moves(svc, result.snapshot, rng, 10, led)
        assert (await svc.moves.turn_view(GUILD, snap.players[0])).table.version == snap.version
    finally:
        await svc.close()
    # Nothing lost, nothing doubled: the log is exactly the reported moves.
    assert await _log_versions(url, snap.id) == led.reported == list(range(2, snap.version + 1))


async def test_postgresql_sessions_terminated(own_pg: OwnServer) -> None:
    url = await own_pg.fresh()
    svc = await GinService.open(url, seed=2)
    games = [await start_game(svc, 10 + 2 * i, 11 + 2 * i, target=500) for i in range(6)]
    ledgers = {g.id: Ledger([]) for g in games}
    try:
        # Idle sessions killed: the next move and the next view just work.
        assert await own_pg.terminate_sessions(url) >= 1
        rng = random.Random(2)
        games[0] = await _moves(svc, games[0], rng, 1, ledgers[games[0].id])
        assert (await svc.moves.table_view(games[0].id)).version == games[0].version

        # Killed mid-transaction, again and again, while six games play flat out.
        stop = asyncio.Event()

        async def player(snap: Any, seed: int) -> None:
            rng = random.Random(seed)
            led = ledgers[snap.id]
            while not stop.is_set() and not snap.game.is_over:
                seat = snap.game.turn
                action = random_action(snap.game, seat, rng)
                try:
                    result = await snapshots.act(
                        svc, snap.id, snap.players[seat], action, expected_version=snap.version
                    )
                except CommitUnknownError:
                    led.unknown += 1
                except (DatabaseUnavailableError, StaleActionError):
                    led.refused += 1
                else:
                    snap = result.snapshot
                    led.reported.append(snap.version)
                    continue
                snap = await snapshots.get_game(svc, snap.id)  # see what really happened

        async def killer() -> int:
            killed = 0
            for _ in range(8):
                await asyncio.sleep(0.15)
                killed += await own_pg.terminate_sessions(url)
            stop.set()
            return killed

        *_, killed = await asyncio.gather(
            *(player(g, 100 + i) for i, g in enumerate(games)), killer()
        )
        assert killed >= 8
    finally:
        await svc.close()
    assert sum(len(led.reported) for led in ledgers.values()) > 50
    last_seen = {gid: max(led.reported, default=1) for gid, led in ledgers.items()}
    await check_consistent(url, last_seen)  # every game replays from its log
    for gid, led in ledgers.items():
        logged = await _log_versions(url, gid)
        assert set(led.reported) <= set(logged)  # nothing reported was lost
        assert len(logged) - len(led.reported) <= led.unknown  # nothing applied twice


# --- SQLite: a locked or read-only file --------------------------------------------------


async def test_sqlite_locked_or_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "gin.db"
    repo = await Repository.open(path, busy_timeout=0.2)
    svc = GinService(repo, time.time, seed=3)
    try:
        snap = await start_game(svc, 1, 2)
        rng = random.Random(3)
        seat = snap.game.turn
        assert seat is not None
        action = random_action(snap.game, seat, rng)

        # Another program holds the write lock: refused after busy_timeout.
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(DatabaseUnavailableError, match="unreachable; nothing was changed"):
            await snapshots.act(
                svc, snap.id, snap.players[seat], action, expected_version=snap.version
            )
        assert (await snapshots.get_game(svc, snap.id)).version == snap.version  # reads go on (WAL)
        other.execute("ROLLBACK")
        other.close()

        # The file can't be written (as on a read-only mount).
        await repo.pragma("query_only", 1)
        with pytest.raises(DatabaseUnavailableError, match="unreachable; nothing was changed"):
            await snapshots.act(
                svc, snap.id, snap.players[seat], action, expected_version=snap.version
            )
        await repo.pragma("query_only", 0)

        result = await snapshots.act(
            svc, snap.id, snap.players[seat], action, expected_version=snap.version
        )
        assert result.snapshot.version == snap.version + 1
        assert [m.version for m in await repo.read(lambda tx: tx.moves(snap.id))] == [2]
    finally:
        await svc.close()


async def test_timer_loop_and_computer_wait_for_the_database(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = await GinService.open(tmp_path / "gin.db", clock=clock, seed=4)
    repo = svc.repository
    tasks: list[asyncio.Task[Any]] = []
    try:
        people = await start_game(svc, 1, 2)
        ai = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 7, "Ana", AiLevel.EASY)
        rng = random.Random(4)
        while ai.game.turn != 1:  # the person moves until the computer is to play
            ai = (await snapshots.act(svc, ai.id, 7, random_action(ai.game, 0, rng))).snapshot
        notices: list[Any] = []
        moved = asyncio.Event()

        async def on_timer(notice: Any) -> None:
            notices.append(notice)

        async def on_expired(challenge: Any) -> None:
            pass

        async def on_move(report: Any) -> None:
            moved.set()

        await repo.pragma("query_only", 1)  # the database refuses every change
        loop = TimerLoop(svc, on_expired=on_expired, on_timer=on_timer, tick=0.05)
        tasks.append(asyncio.create_task(loop.run()))
        runner = AiRunner(svc.moves, decide, on_move, delay=0.01)
        runner.schedule(ai.id)
        await asyncio.sleep(0.5)
        assert not tasks[0].done() and runner.scheduled()
        assert not moved.is_set() and notices == []

        await repo.pragma("query_only", 0)  # back
        await asyncio.wait_for(moved.wait(), 10)  # the computer plays its turn
        # The timer loop resumed: a turn that runs out from now on is forfeited.
        game = await snapshots.get_game(svc, people.id)
        assert game.turn_deadline is not None
        clock.now = game.turn_deadline + 1
        loop.wake()
        for _ in range(200):
            if notices:
                break
            await asyncio.sleep(0.05)
        assert people.id in {n.game_id for n in notices}
    finally:
        for task in tasks:
            task.cancel()
        await svc.close()


# --- the Discord side ----------------------------------------------------------------------


async def test_discord_answers_the_line_and_autocomplete_nothing() -> None:
    assert (
        player_message(Lang.EN, DatabaseUnavailableError("ConnectionRefusedError")) == UNREACHABLE
    )
    assert "look at the game" in str(player_message(Lang.EN, CommitUnknownError("lost COMMIT")))

    class DownMoves:
        async def turn_view(self, guild_id: int, user_id: int, **_: Any) -> Any:
            raise DatabaseUnavailableError("ConnectionRefusedError")

    cog = Gin(SimpleNamespace(service=SimpleNamespace(moves=DownMoves())))  # type: ignore[arg-type]
    interaction = SimpleNamespace(guild_id=1, user=SimpleNamespace(id=2))
    assert await cog._card_choices(interaction, "7", knock=False) == []  # type: ignore[arg-type]


# --- aiosqlite through its public API only ------------------------------------------------


async def test_storage_uses_only_the_public_aiosqlite_api(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every attribute our code reads on an aiosqlite object, over a real
    workload (open, migrate, moves, reads, checkpoints, close): none private."""
    touched: set[tuple[str, str]] = set()
    for cls in (aiosqlite.Connection, aiosqlite.Cursor):
        original = cls.__getattribute__

        def spy(self: Any, name: str, original: Any = original) -> Any:
            if name.startswith("_") and not name.startswith("__"):
                caller = sys._getframe(1).f_globals.get("__name__", "")
                if not caller.startswith("aiosqlite"):
                    touched.add((caller, name))
            return original(self, name)

        monkeypatch.setattr(cls, "__getattribute__", spy)
    svc = await GinService.open(tmp_path / "gin.db", seed=5)
    try:
        snap = await start_game(svc, 1, 2)
        snap = await _moves(svc, snap, random.Random(5), 20, Ledger([]))
        await svc.moves.turn_view(GUILD, 1)
        await svc.repository.checkpoint("TRUNCATE")
        assert await svc.repository.integrity_check() == "ok"
        await asyncio.sleep(0.25)  # the background checkpointer runs too
    finally:
        await svc.close()
    assert touched == set()
