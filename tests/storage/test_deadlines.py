"""Every operation is answered within its budget, whatever holds the database.

Discord drops an answer after 3 seconds.  A transaction that cannot start
within the repository's budget is refused (nothing changed) instead of
queueing behind another waiter; the budget counts from when the operation
began, through retries and the caller's own locks; SQLite reads have a
connection of their own, so they go on while writes wait for another
program's lock; a PostgreSQL server that stops answering has its
connections closed at the deadline.  The time bounds asserted are a second
above the budget: correctness bounds on the refusal deadline, not
benchmarks (before the deadlines, the second of two waiting writes took
twice the budget, the third three times).
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
import sqlite3
import time
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.service import GinService
from bot.storage import BusyError, DatabaseUnavailableError, Repository
from tests.helpers.service import GUILD, random_action, start_game

#: Seconds above the budget that an answer may take, on a busy machine.
SLACK = 1.0


async def _timed(call: Awaitable[Any]) -> tuple[float, Any]:
    """Seconds ``call`` took, and its result or the exception it raised."""
    start = time.monotonic()
    try:
        outcome: Any = await call
    except Exception as exc:  # the outcome under test
        outcome = exc
    return time.monotonic() - start, outcome


@contextmanager
def write_locked(path: Path) -> Iterator[None]:
    """Another program's ``BEGIN EXCLUSIVE`` on ``path`` (a WAL file: readers
    may still read) for the block."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        yield
        other.execute("ROLLBACK")
    finally:
        other.close()


async def test_reads_go_on_while_writes_wait_for_a_locked_file(tmp_path: Path) -> None:
    path = tmp_path / "gin.db"
    repo = await Repository.open(path, busy_timeout=1.0)
    try:
        await repo.write(lambda tx: tx.set_meta("k", "before"))
        with write_locked(path):
            writes = [
                asyncio.ensure_future(_timed(repo.write(lambda tx: tx.set_meta("k", "x"))))
                for _ in range(3)
            ]
            await asyncio.sleep(0.05)  # the first write is waiting for the file
            # The reads don't queue behind them: each is served while they wait.
            for _ in range(5):
                assert await repo.read(lambda tx: tx.get_meta("k")) == "before"
                assert not any(w.done() for w in writes)
            outcomes = await asyncio.gather(*writes)
        for took, outcome in outcomes:  # each refused within its own budget
            assert isinstance(outcome, DatabaseUnavailableError), outcome
            assert took <= repo.budget + SLACK, took
        assert await repo.read(lambda tx: tx.get_meta("k")) == "before"  # nothing changed
        await repo.write(lambda tx: tx.set_meta("k", "after"))  # the file is free again
        assert await repo.read(lambda tx: tx.get_meta("k")) == "after"
    finally:
        await repo.close()


async def test_a_move_queued_behind_a_waiting_move_of_its_game_is_refused_in_time(
    tmp_path: Path,
) -> None:
    """The game's own lock counts against the budget: the second move does not
    wait out the first one's budget and then its own."""
    path = tmp_path / "gin.db"
    svc = GinService(await Repository.open(path, busy_timeout=1.0), seed=5)
    try:
        snap = await start_game(svc, 1, 2)
        seat = snap.game.turn
        assert seat is not None
        action = random_action(snap.game, seat, random.Random(5))
        user = snap.players[seat]
        with write_locked(path):
            outcomes = await asyncio.gather(
                *(_timed(svc.moves.play(GUILD, user, action, game_id=snap.id)) for _ in range(3)),
                _timed(svc.moves.turn_view(GUILD, user)),
            )
        for took, outcome in outcomes[:3]:
            assert isinstance(outcome, DatabaseUnavailableError), outcome
            assert took <= svc.repository.budget + SLACK, took
        took, turn = outcomes[3]
        assert turn.view.hand, turn  # the hand is read while the moves wait
        report = await svc.moves.play(GUILD, user, action, game_id=snap.id)
        assert report.table.version == snap.version + 1  # the refused ones changed nothing
    finally:
        await svc.close()


async def test_waiting_behind_our_own_work_is_busy_not_an_outage(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A write that waits its whole budget behind this process's own
    transactions, which go through one after another meanwhile (more work
    than CPU), is refused as busy — nothing changed, worded as busy, no
    outage declared — and the operator hears of it once, not once per
    refusal."""
    repo = await Repository.open(tmp_path / "gin.db", busy_timeout=0.3)
    try:
        await repo.write(lambda tx: tx.set_meta("k", "before"))
        caplog.set_level(logging.WARNING, logger="bot.storage.repository")

        async def slow_write(i: int) -> None:
            async with repo.transaction() as tx:
                await tx.set_meta("k", f"slow {i}")
                await asyncio.sleep(0.1)  # holds the connection, then commits

        repo.budget = 5.0  # the slow writes may wait: each goes through in turn
        slow = [asyncio.ensure_future(slow_write(i)) for i in range(6)]
        await asyncio.sleep(0.01)  # they hold the queue first (their deadlines set)
        repo.budget = 0.3
        outcomes = await asyncio.gather(
            *(_timed(repo.write(lambda tx: tx.set_meta("k", "x"))) for _ in range(2))
        )
        await asyncio.gather(*slow)
        for took, outcome in outcomes:
            assert isinstance(outcome, BusyError), outcome
            assert str(outcome) == BusyError.MESSAGE and "busy" in str(outcome)
            assert took <= repo.budget + SLACK, took
        assert (
            await repo.read(lambda tx: tx.get_meta("k")) == "slow 5"
        )  # the refused changed nothing
        said = [r.getMessage() for r in caplog.records]
        assert not any("unavailable" in line for line in said), said
        busy = [line for line in said if "refused" in line]
        assert len(busy) == 1 and busy[0].startswith("1 operation(s) refused"), said  # once
    finally:
        await repo.close()


async def test_waiting_behind_a_transaction_that_never_ends_is_an_outage(tmp_path: Path) -> None:
    """Queued behind a transaction that doesn't finish (nothing committed
    since the write began: the database isn't answering it), the refusal is
    an outage, worded as one — not "busy"."""
    repo = await Repository.open(tmp_path / "gin.db", busy_timeout=0.2)
    try:
        release = asyncio.Event()

        async def stuck() -> None:
            async with repo.transaction() as tx:
                await tx.set_meta("k", "stuck")
                await release.wait()

        holder = asyncio.ensure_future(stuck())
        await asyncio.sleep(0.05)
        took, outcome = await _timed(repo.write(lambda tx: tx.set_meta("k", "x")))
        release.set()
        await holder
        assert isinstance(outcome, DatabaseUnavailableError), outcome
        assert not isinstance(outcome, BusyError) and "unreachable" in str(outcome)
        assert took <= repo.budget + SLACK, took
    finally:
        await repo.close()


async def test_the_deadline_is_the_operations_not_its_child_tasks(tmp_path: Path) -> None:
    repo = await Repository.open(tmp_path / "gin.db", busy_timeout=0.2)
    try:
        with repo.deadline() as outer:
            with repo.deadline() as inner:
                assert inner == outer  # nested: one operation, one deadline

            async def child() -> float:
                await asyncio.sleep(0.01)
                with repo.deadline() as own:
                    return own

            # A task started inside the operation (it copies the context)
            # gets a budget of its own, not what is left of ours.
            assert await asyncio.ensure_future(child()) > outer
        lock = asyncio.Lock()
        await lock.acquire()  # held by an operation that never ends
        with pytest.raises(DatabaseUnavailableError):
            async with repo.holding(lock):
                raise AssertionError("the lock was never free")
        assert lock.locked()
        lock.release()
        async with repo.holding(lock):  # free: taken, and released after
            assert lock.locked()
        assert not lock.locked()
    finally:
        await repo.close()


# --- PostgreSQL: a server that stops answering -------------------------------------------


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


@contextmanager
def frozen(pids: list[int]) -> Iterator[None]:
    """The processes stopped (SIGSTOP) for the block: connections stay open
    and nothing answers, as with a hung server or a network dropping packets."""
    stopped = []
    try:
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
            stopped.append(pid)
        yield
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)


async def test_a_postgresql_server_that_stops_answering(pg_url: str) -> None:
    repo = await Repository.open(pg_url, pg_connections=2, busy_timeout=1.0)
    svc = GinService(repo, seed=6)
    try:
        snap = await start_game(svc, 1, 2)
        seat = snap.game.turn
        assert seat is not None
        action = random_action(snap.game, seat, random.Random(6))
        user = snap.players[seat]
        probe = await asyncpg.connect(pg_url)
        try:
            backends = [
                r[0]
                for r in await probe.fetch(
                    "SELECT pid FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ]
            postmaster = _parent(await probe.fetchval("SELECT pg_backend_pid()"))
        finally:
            await probe.close()
        assert len(backends) == 2 and all(_parent(b) == postmaster for b in backends)
        # The server's own processes and our sessions: new connections hang too.
        with frozen([postmaster, *backends]):
            outcomes = await asyncio.gather(
                *(_timed(svc.moves.play(GUILD, user, action, game_id=snap.id)) for _ in range(2)),
                _timed(svc.moves.play(GUILD, snap.players[1 - seat], action)),
                *(_timed(svc.moves.turn_view(GUILD, u)) for u in snap.players),
            )
        for took, outcome in outcomes:
            assert isinstance(outcome, DatabaseUnavailableError), outcome
            assert took <= repo.budget + SLACK, took
        # The server answers again: the pool connects afresh, the move goes through.
        for _ in range(20):
            try:
                report = await svc.moves.play(GUILD, user, action, game_id=snap.id)
                break
            except DatabaseUnavailableError:
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("the server never answered again")
        assert report.table.version == snap.version + 1  # the refused moves changed nothing
    finally:
        await svc.close()
