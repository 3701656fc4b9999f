"""The computer runner keeps a task only while a computer turn is scheduled
or running: a game whose turn has been played — or that is over — leaves
nothing in it, however many games it has played."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.ai import decide
from bot.service import AiLevel, AiRunner, GinService, MoveReport, snapshots
from tests.helpers.service import CHANNEL, GUILD, FakeClock, random_action


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GinService]:
    service = await GinService.open(tmp_path / "gin.db", clock=FakeClock(), seed=5)
    yield service
    await service.close()


async def settled(runner: AiRunner) -> None:
    while pending := runner.pending():
        await asyncio.gather(*pending)
    await asyncio.sleep(0)  # done-callbacks run on the next loop pass


async def test_a_played_turn_or_a_finished_game_leaves_no_task(svc: GinService) -> None:
    reports: list[MoveReport] = []

    async def on_move(report: MoveReport) -> None:
        reports.append(report)

    runner = AiRunner(svc.moves, decide, on_move, delay=0)
    assert runner.sizes() == {"tasks": 0}
    rng = random.Random(2)
    games = []
    for user in range(10, 16):
        snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, user, f"P{user}", AiLevel.EASY)
        while snap.game.turn != 1:  # the person moves until the computer is to play
            action = random_action(snap.game, 0, rng)
            snap = (await snapshots.act(svc, snap.id, user, action)).snapshot
        games.append(snap)

    for snap in games:
        runner.schedule(snap.id)
        runner.schedule(snap.id)  # idempotent: still one task per game
    assert runner.sizes() == {"tasks": len(games)}
    await settled(runner)
    assert {r.table.id for r in reports} == {s.id for s in games}  # each played its turn
    assert runner.sizes() == {"tasks": 0} and not runner.scheduled()

    # A game that is over: scheduled, looked at, dropped.
    over = games[0]
    await svc.moves.resign_current(GUILD, over.players[0])
    runner.schedule(over.id)
    await settled(runner)
    assert runner.sizes() == {"tasks": 0}


async def test_stopped_turns_are_dropped_too(svc: GinService) -> None:
    async def on_move(report: Any) -> None:
        pass

    runner = AiRunner(svc.moves, decide, on_move, delay=3600)  # thinks forever
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 10, "P10", AiLevel.EASY)
    runner.schedule(snap.id)
    assert runner.sizes() == {"tasks": 1}
    runner.stop()
    await asyncio.sleep(0)  # the cancellation is delivered
    await asyncio.sleep(0)  # and the done-callback runs
    assert runner.sizes() == {"tasks": 0}
