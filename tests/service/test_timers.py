"""Turn timers: half-time reminders, timeouts, and time the bot was down."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine import Action, ActionKind
from bot.service import AiLevel, GameStatus, GinService, TimerKind, snapshots
from bot.service.timers import parse_timeout_minutes
from tests.helpers.service import CHANNEL, GUILD, FakeClock, random_action, start_game


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def svc(db_target: str | Path, clock: FakeClock) -> AsyncIterator[GinService]:
    service = await GinService.open(db_target, clock=clock, seed=7)
    await service.settings.update_setting(GUILD, "turn_timeout", "10")
    yield service
    await service.close()


async def test_reminder_once_at_half_time_then_forfeit(svc: GinService, clock: FakeClock) -> None:
    t0 = clock.now
    snap = await start_game(svc, 1, 2)
    idle = snap.turn_user
    assert snap.turn_deadline == t0 + 600
    assert await svc.clocks.next_timer_at() == t0 + 300
    clock.advance(299)
    assert await svc.clocks.due_timers() == []
    clock.advance(1)
    (reminder,) = await svc.clocks.due_timers()
    assert (reminder.kind, reminder.game_id, reminder.user_id) == (
        TimerKind.REMINDER,
        snap.id,
        idle,
    )
    assert (reminder.deadline, reminder.channel_id, reminder.report) == (t0 + 600, CHANNEL, None)
    assert await svc.clocks.due_timers() == []  # each reminder is reported once
    assert await svc.clocks.next_timer_at() == t0 + 600
    assert (await snapshots.get_game(svc, snap.id)).version == snap.version  # a reminder is no move

    clock.advance(300)
    (forfeit,) = await svc.clocks.due_timers()
    assert forfeit.kind is TimerKind.FORFEIT and forfeit.user_id == idle
    res = forfeit.report
    assert res is not None and res.game_result is not None
    assert res.game_result.reason == "timeout" and res.actor_id == idle
    assert res.table.players[res.game_result.winner] != idle
    assert res.table.status is GameStatus.FINISHED and res.table.version == 2
    assert len(res.rating_changes) == 2  # a timeout is rated
    assert await svc.clocks.due_timers() == []
    assert await svc.clocks.next_timer_at() is None
    sheet = await svc.standings.score_sheet(snap.id)
    assert [r.end for r in sheet.rows] == ["timeout"]
    stats = await svc.standings.player_stats(GUILD, idle or 0)
    assert stats is not None and stats.losses == 1


async def test_moving_rearms_the_clock(svc: GinService, clock: FakeClock) -> None:
    snap = await start_game(svc, 1, 2)
    clock.advance(400)
    (reminder,) = await svc.clocks.due_timers()
    assert reminder.kind is TimerKind.REMINDER
    seat = snap.game.turn
    assert seat is not None
    res = await snapshots.act(svc, snap.id, snap.players[seat], Action(ActionKind.PASS))
    assert res.snapshot.turn_deadline == clock.now + 600
    assert (
        await svc.clocks.next_timer_at() == clock.now + 300
    )  # a fresh reminder for the next player
    clock.advance(599)
    (again,) = await svc.clocks.due_timers()
    assert again.kind is TimerKind.REMINDER and again.user_id == res.snapshot.turn_user
    clock.advance(1)
    (forfeit,) = await svc.clocks.due_timers()
    assert forfeit.kind is TimerKind.FORFEIT and forfeit.user_id == res.snapshot.turn_user


async def test_a_move_just_before_the_deadline_wins_the_race(
    svc: GinService, clock: FakeClock
) -> None:
    snap = await start_game(svc, 1, 2)
    clock.advance(599.9)
    seat = snap.game.turn
    assert seat is not None
    await snapshots.act(svc, snap.id, snap.players[seat], Action(ActionKind.PASS))
    clock.advance(0.2)
    assert [e.kind for e in await svc.clocks.due_timers()] == []


async def test_the_computer_has_no_clock(svc: GinService, clock: FakeClock) -> None:
    rng = random.Random(2)
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "Ana", AiLevel.EASY)
    while not snap.is_ai_turn:
        res = await snapshots.act(svc, snap.id, 1, random_action(snap.game, 0, rng))
        snap = res.snapshot
    assert snap.turn_deadline is None
    clock.advance(10 * 86400)
    assert await svc.clocks.due_timers() == []
    assert (await snapshots.get_game(svc, snap.id)).status is GameStatus.ACTIVE
    assert await svc.moves.pending_ai_turns() == [snap.id]


async def test_timeout_setting_applies_to_the_next_turn(svc: GinService, clock: FakeClock) -> None:
    snap = await start_game(svc, 1, 2)
    await svc.settings.update_setting(GUILD, "turn_timeout", "120")
    seat = snap.game.turn
    assert seat is not None
    res = await snapshots.act(svc, snap.id, snap.players[seat], Action(ActionKind.PASS))
    assert res.snapshot.turn_deadline == clock.now + 7200


async def test_downtime_does_not_count(db_target: str | Path, clock: FakeClock) -> None:
    path = db_target
    svc = await GinService.open(path, clock=clock, seed=8)
    await svc.settings.update_setting(GUILD, "turn_timeout", "10")
    t0 = clock.now
    snap = await start_game(svc, 1, 2)
    clock.advance(200)
    await svc.clocks.heartbeat()
    clock.advance(50)
    # The bot dies here (no clean close): the last sign of life was t0 + 200.
    await svc.repository.close()

    clock.advance(7200)  # two hours down
    svc = await GinService.open(path, clock=clock)
    try:
        assert svc.downtime_credit == pytest.approx(7250)
        restored = await snapshots.get_game(svc, snap.id)
        assert restored.turn_deadline == pytest.approx(t0 + 600 + 7250)
        assert await svc.clocks.next_timer_at() == pytest.approx(t0 + 300 + 7250)
        assert await svc.clocks.due_timers() == []  # 200 s had passed before the crash
        clock.advance(99)
        assert await svc.clocks.due_timers() == []
        clock.advance(1)
        assert [e.kind for e in await svc.clocks.due_timers()] == [TimerKind.REMINDER]
        await svc.close()  # a clean close records the time...
        clock.advance(1000)
        svc = await GinService.open(path, clock=clock)
        assert svc.downtime_credit == pytest.approx(1000)  # ...so exactly the gap is credited
        restored = await snapshots.get_game(svc, snap.id)
        assert restored.turn_deadline == pytest.approx(t0 + 600 + 7250 + 1000)
    finally:
        await svc.close()


async def test_a_timed_out_hollywood_games_sheet_gives_the_open_columns_to_the_winner(
    svc: GinService, clock: FakeClock
) -> None:
    await svc.settings.update_setting(GUILD, "scoring", "hollywood")
    snap = await start_game(svc, 1, 2)
    clock.advance(600)
    forfeits = [t for t in await svc.clocks.due_timers() if t.kind is TimerKind.FORFEIT]
    assert len(forfeits) == 1 and forfeits[0].report is not None
    winner = 1 - snap.seat_of(forfeits[0].user_id or 0)
    sheet = await svc.standings.score_sheet(snap.id)
    assert sheet.result is not None and sheet.result.winner == winner
    assert sheet.public is not None and sheet.public.hollywood is not None
    assert [c.winner for c in sheet.public.hollywood.columns] == [winner] * 3
    assert sheet.public.hollywood.totals == sheet.result.totals


def test_turn_timeout_parsing() -> None:
    assert parse_timeout_minutes("90") == 90
    assert parse_timeout_minutes("15 min") == 15
    assert parse_timeout_minutes(60) == 60
    for bad in ("0", "10081", "an hour", True):
        with pytest.raises(ValueError, match="1 to 10080"):
            parse_timeout_minutes(bad)
