"""Nothing lost, nothing doubled: restarts, racing duplicates, and kill -9."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

from bot.engine import Action, ActionKind, game_from_dict, game_to_dict
from bot.service import AiLevel, GinService, MoveRejectedError, StaleActionError, snapshots
from bot.service.snapshots import MoveResult
from bot.storage.postgres import is_postgres_url
from tests.helpers.service import (
    CHANNEL,
    GUILD,
    FakeClock,
    check_consistent,
    play_out,
    random_action,
    start_game,
)

ROOT = Path(__file__).resolve().parents[2]


async def _play(svc: GinService, game_id: int, moves: int, rng: random.Random) -> Any:
    """Up to ``moves`` random moves, stopping early rather than ending the game."""
    snap = await snapshots.get_game(svc, game_id)
    for _ in range(moves):
        seat = snap.game.turn
        assert seat is not None
        action = random_action(snap.game, seat, rng)
        probe = game_from_dict(game_to_dict(snap.game))
        if probe.apply(seat, action).game is not None:
            break  # keep the game going
        snap = (await snapshots.act(svc, game_id, snap.players[seat], action)).snapshot
    return snap


async def test_a_new_service_resumes_every_game_exactly(db_target: str | Path) -> None:
    clock = FakeClock()
    path = db_target
    svc = await GinService.open(path, clock=clock, seed=2)
    rng = random.Random(21)
    ids = []
    for i in range(6):
        snap = await start_game(svc, 10 + 2 * i, 11 + 2 * i, target=100)
        clock.advance(7)
        await _play(svc, snap.id, rng.randrange(5, 120), rng)
        ids.append(snap.id)
    ai = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 99, "Ana", AiLevel.HARD)
    await _play(svc, ai.id, 1, rng)
    ids.append(ai.id)
    clock.advance(2000)
    reminders = await svc.clocks.due_timers()  # some games have had their reminder
    assert reminders

    async def picture(s: GinService) -> dict[int, Any]:
        out = {}
        for gid in ids:
            snap = await snapshots.get_game(s, gid)
            sheet = await s.standings.score_sheet(gid)
            out[gid] = (
                snap.version,
                game_to_dict(snap.game),
                snap.turn_deadline,
                snap.players,
                snap.status,
                snap.ai_level,
                sheet,
            )
        return out

    before = await picture(svc)
    timer = await svc.clocks.next_timer_at()
    listing = await svc.moves.list_active(GUILD)
    assert all(b[1]["hand_number"] >= 1 and b[1]["phase"] != "game_over" for b in before.values())
    await svc.close()

    svc = await GinService.open(path, clock=clock)  # no time passed: no credit
    try:
        assert svc.downtime_credit == 0
        assert await picture(svc) == before
        assert await svc.clocks.next_timer_at() == timer
        assert await svc.moves.list_active(GUILD) == listing
        assert await svc.clocks.due_timers() == []  # reminders already sent stay sent
        # Play on in the database and in a copy restored from the old state:
        # same draws, same results (the stock order survived).
        for gid in ids[:-1]:
            twin = game_from_dict(before[gid][1])
            snap = await snapshots.get_game(svc, gid)
            for _ in range(40):
                if snap.game.is_over:
                    break
                seat = snap.game.turn
                assert seat is not None
                action = random_action(snap.game, seat, rng)
                twin.apply(seat, action)
                snap = (await snapshots.act(svc, gid, snap.players[seat], action)).snapshot
                assert game_to_dict(snap.game) == game_to_dict(twin)
    finally:
        await svc.close()


async def test_100_identical_moves_apply_once(db_target: str | Path) -> None:
    svc = await GinService.open(db_target, seed=3)
    try:
        snap = await start_game(svc, 1, 2)
        gid, seat = snap.id, snap.game.turn
        assert seat is not None
        uid = snap.players[seat]

        # With the version the buttons carried: one applies, 99 are stale.
        results = await asyncio.gather(
            *(
                snapshots.act(svc, gid, uid, Action(ActionKind.PASS), expected_version=snap.version)
                for _ in range(100)
            ),
            return_exceptions=True,
        )
        applied = [r for r in results if isinstance(r, MoveResult)]
        stale = [r for r in results if isinstance(r, StaleActionError)]
        assert len(applied) == 1 and len(stale) == 99
        assert {str(e) for e in stale} == {"That's from an earlier turn — nothing changed."}
        snap = await snapshots.get_game(svc, gid)
        assert snap.version == 2

        # Without a version: the engine refuses the repeats for what they are.
        other = snap.players[1 - seat]
        await snapshots.act(svc, gid, other, Action(ActionKind.PASS))
        snap = (await snapshots.act(svc, gid, uid, Action(ActionKind.DRAW_STOCK))).snapshot
        card = snap.game.view(seat).hand[0]
        results = await asyncio.gather(
            *(snapshots.act(svc, gid, uid, Action(ActionKind.DISCARD, card)) for _ in range(100)),
            return_exceptions=True,
        )
        applied = [r for r in results if isinstance(r, MoveResult)]
        rejected = [r for r in results if isinstance(r, MoveRejectedError)]
        assert len(applied) == 1 and len(rejected) == 99
        name = snap.game.names[1 - seat]
        assert {str(e) for e in rejected} == {f"It's {name}'s turn."}
        assert (await snapshots.get_game(svc, gid)).version == 5
        moves = await svc.repository.read(lambda tx: tx.moves(gid))
        assert [m.version for m in moves] == [2, 3, 4, 5]
    finally:
        await svc.close()


async def test_two_services_on_one_file_never_both_apply(db_target: str | Path) -> None:
    """Two connections with their own caches stand in for two processes."""
    path = db_target
    one = await GinService.open(path, seed=4)
    two = await GinService.open(path, seed=5)
    try:
        snap = await start_game(one, 1, 2, target=500)
        rng = random.Random(4)
        # Alternate the service that makes each move: every one of them
        # must notice the other's commits (its cached copy is stale).
        for i in range(30):
            s = (one, two)[i % 2]
            snap = await snapshots.get_game(s, snap.id) if i else snap
            seat = snap.game.turn
            assert seat is not None
            action = random_action(snap.game, seat, rng)
            snap = (await snapshots.act(s, snap.id, snap.players[seat], action)).snapshot
            assert snap.version == 2 + i
        seat = snap.game.turn
        assert seat is not None
        action = random_action(snap.game, seat, rng)
        calls = [
            snapshots.act(s, snap.id, snap.players[seat], action, expected_version=snap.version)
            for s in (one, two)
            for _ in range(50)
        ]
        results = await asyncio.gather(*calls, return_exceptions=True)
        assert sum(isinstance(r, MoveResult) for r in results) == 1
        odd = [r for r in results if not isinstance(r, MoveResult | StaleActionError)]
        assert not odd, odd[:3]
        assert (await snapshots.get_game(one, snap.id)).version == (
            await snapshots.get_game(two, snap.id)
        ).version
    finally:
        await one.close()
        await two.close()


async def test_two_processes_never_both_apply(db_target: str | Path) -> None:
    path = db_target
    svc = await GinService.open(path, seed=9)
    snap = await start_game(svc, 1, 2)
    await svc.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = ["-m", "tests.helpers.service", "race-child", str(path), str(snap.id), "1"]
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            *args,
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        for _ in range(2)
    ]
    try:
        for p in procs:
            assert p.stdout is not None
            assert (await asyncio.wait_for(p.stdout.readline(), 20)).strip() == b"ready"
        for p in procs:
            assert p.stdin is not None
            p.stdin.write(b"go\n")
            await p.stdin.drain()
        outs = [(await asyncio.wait_for(p.communicate(), 30))[0].decode() for p in procs]
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()
    counts = [line.split() for out in outs for line in out.splitlines() if line]
    assert all(c[4:6] == ["other", "0"] for c in counts), outs
    assert sum(int(c[1]) for c in counts) == 1, outs
    assert sum(int(c[3]) for c in counts) == 99, outs
    svc = await GinService.open(path)
    try:
        assert (await snapshots.get_game(svc, snap.id)).version == 2
        assert len(await svc.repository.read(lambda tx: tx.moves(snap.id))) == 1
    finally:
        await svc.close()


# --- kill -9 -----------------------------------------------------------------------------------


async def test_kill_9_mid_burst_loses_nothing(db_target: str | Path) -> None:
    path = db_target
    svc = await GinService.open(path, seed=6)
    ids = [(await start_game(svc, 10 + 2 * i, 11 + 2 * i, target=40)).id for i in range(8)]
    await svc.close()

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.helpers.service",
        "crash-child",
        str(path),
        "7",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None
    last_seen: dict[int, int] = {}
    lines = 0
    deadline = time.monotonic() + 20
    try:
        first = await asyncio.wait_for(proc.stdout.readline(), 15)
        assert first.decode().startswith("ready 8"), first
        while lines < 600 and time.monotonic() < deadline:
            line = (await asyncio.wait_for(proc.stdout.readline(), 10)).decode().split()
            if len(line) == 2 and line[0].isdigit():
                last_seen[int(line[0])] = int(line[1])
                lines += 1
            elif line[:2] == ["all", "over"] or not line:
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
    # Lines still in the pipe were printed after their commits too: unread
    # (a busy machine reads slower than the child writes), they would look lost.
    for rest in (await proc.stdout.read()).decode().splitlines():
        line = rest.split()
        if len(line) == 2 and line[0].isdigit():
            last_seen[int(line[0])] = int(line[1])
    assert proc.returncode == -signal.SIGKILL
    assert lines >= 100, "the child made too few moves before the kill"
    if not is_postgres_url(path):
        assert Path(str(path) + "-wal").exists()  # killed with work in the log

    status = await check_consistent(path, last_seen)
    assert set(status) == set(ids)

    # Every game resumes and plays to its end.
    svc = await GinService.open(path)
    try:
        rng = random.Random(8)
        for gid in ids:
            snap = await snapshots.get_game(svc, gid)
            assert snap.version >= last_seen.get(gid, 1)
            if not snap.game.is_over:
                results = await play_out(svc, gid, rng)
                assert results[-1].game_result is not None
        board = await svc.standings.leaderboard(GUILD, page_size=100)
        assert sum(r.games for r in board.rows) == 2 * len(ids)
        assert await svc.repository.integrity_check() == "ok"
    finally:
        await svc.close()
