"""Partnership gin (2 v 2) through the service, on SQLite and PostgreSQL:
the lobby, two tables per hand, the team score, the end, ratings, forfeits,
the computer in an empty seat, restarts."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine import GameEnd, HandEnd, Ruleset
from bot.engine.partnership import team_hand
from bot.service import (
    AiLevel,
    AlreadyInGameError,
    ChallengeError,
    GinService,
    MoveRejectedError,
    snapshots,
)
from bot.service.models import GameStatus
from bot.service.snapshots import MoveResult
from tests.helpers.service import CHANNEL, GUILD, FakeClock, random_action, start_game

pytestmark = pytest.mark.asyncio

A1, A2, B1, B2 = 11, 12, 21, 22
BOT = 999


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def svc(db_target: str | Path, clock: FakeClock) -> AsyncIterator[GinService]:
    service = await GinService.open(db_target, clock=clock, seed=7)
    yield service
    await service.close()


async def _four(svc: GinService, target: int = 30) -> tuple[int, tuple[int, int]]:
    lobby = await svc.partnerships.open_partnership(
        GUILD,
        CHANNEL,
        (A1, "Ann"),
        partner=(A2, "Bo"),
        opponents=[(B1, "Cy"), (B2, "Di")],
        target=target,
    )
    assert lobby.status == "lobby" and not lobby.tables
    for uid, name in ((B1, "Cy"), (A2, "Bo")):
        lobby = await svc.partnerships.join_partnership(lobby.id, uid, name)
        assert not lobby.tables
    lobby = await svc.partnerships.join_partnership(lobby.id, B2, "Di")
    assert lobby.status == "active"
    ids = (lobby.tables[0].id, lobby.tables[1].id)
    return lobby.id, ids


async def _play_table(svc: GinService, game_id: int, rng: random.Random) -> MoveResult:
    """Random legal moves at one table until its hand ends; the last result."""
    while True:
        snap = await snapshots.get_game(svc, game_id)
        game = snap.game
        seat = game.turn
        assert seat is not None
        res = await snapshots.act(
            svc,
            game_id,
            snap.players[seat],
            random_action(game, seat, rng),
            expected_version=snap.version,
        )
        if res.outcome.hand is not None or res.outcome.game is not None:
            return res


async def test_lobby_to_the_end_of_a_team_game(svc: GinService) -> None:
    team_id, tables = await _four(svc)
    rng = random.Random(3)
    first = await snapshots.get_game(svc, tables[0])
    second = await snapshots.get_game(svc, tables[1])
    # Hand 1: A1–B1 and A2–B2, the B players deal, the team A player sits in seat 0.
    assert first.players == (A1, B1) and second.players == (A2, B2)
    assert first.game.dealer == 1 and first.game.table is not None
    assert first.game.table.teams == ("Ann & Bo", "Cy & Di")
    # A player's command finds their table; the other table's players are busy too.
    with pytest.raises(AlreadyInGameError):
        await start_game(svc, A1, 77)
    hands = 0
    scores = (0, 0)
    result = None
    while result is None:
        done = await _play_table(svc, tables[0], rng)
        assert done.team is not None and done.team.waiting_table == 2
        assert done.team.hand is None
        # The finished table refuses moves until the other table is done.
        with pytest.raises(MoveRejectedError, match="other table"):
            await snapshots.resign(svc, tables[0], done.snapshot.players[0])
        last = await _play_table(svc, tables[1], rng)
        progress = last.team
        assert progress is not None and progress.hand is not None
        hands += 1
        rec = progress.hand
        h1 = (await snapshots.get_game(svc, tables[0])).game.history[0]
        h2 = (await snapshots.get_game(svc, tables[1])).game.history[0]
        expected = team_hand((h1, h2), Ruleset().team_rules())
        assert rec.result == expected
        gained = [0, 0]
        if expected.winner is not None:
            gained[expected.winner] = expected.points
        assert progress.scores == (scores[0] + gained[0], scores[1] + gained[1])
        scores = progress.scores
        if progress.result is not None:
            result = progress
            assert not progress.new_tables
            break
        t1, t2 = progress.new_tables
        tables = (t1.id, t2.id)
        # Opponents rotate: even hands A1–B2 and A2–B1; the dealer alternates.
        if hands % 2 == 1:
            assert t1.players == (A1, B2) and t2.players == (A2, B1)
            assert t1.public.dealer == 0
        else:
            assert t1.players == (A1, B1) and t2.players == (A2, B2)
        assert t1.public.table is not None and t1.public.table.scores == scores
    winner = result.result
    assert winner is not None and winner.reason is GameEnd.TARGET
    assert scores[winner.winner] >= 30
    # Everyone rated against the average of the opponents; all players free again.
    changes = {c.user_id: c for c in result.rating_changes}
    assert set(changes) == {A1, A2, B1, B2}
    won = (A1, A2) if winner.winner == 0 else (B1, B2)
    for uid, change in changes.items():
        assert (change.after > change.before) == (uid in won)
    game = await start_game(svc, A1, B1)
    assert game.status is GameStatus.ACTIVE
    stats = await svc.standings.player_stats(GUILD, A2)
    assert stats is not None and stats.games == 1
    # The finished lobby refuses joins.
    with pytest.raises(ChallengeError, match="already been played"):
        await svc.partnerships.join_partnership(team_id, 55, "Eve")


async def test_resign_at_one_table_forfeits_the_team_game(svc: GinService) -> None:
    _team_id, tables = await _four(svc)
    res = await snapshots.resign(svc, tables[1], B2)
    progress = res.team
    assert progress is not None and progress.result is not None
    assert progress.result.winner == 0 and progress.result.reason is GameEnd.RESIGN
    other = await snapshots.get_game(svc, tables[0])
    assert other.status is GameStatus.FINISHED  # the other table was closed with it
    assert {c.user_id for c in progress.rating_changes} == {A1, A2, B1, B2}
    for uid in (A1, A2, B1, B2):
        assert await snapshots.active_game_for(svc, GUILD, uid) is None


async def test_lobby_errors_change_nothing(svc: GinService) -> None:
    with pytest.raises(ChallengeError, match="four different"):
        await svc.partnerships.open_partnership(GUILD, CHANNEL, (A1, "Ann"), partner=(A1, "Ann"))
    with pytest.raises(ChallengeError, match="one team only"):
        await svc.partnerships.open_partnership(
            GUILD, CHANNEL, (A1, "Ann"), level=AiLevel.EASY, ai_user_id=BOT
        )
    await start_game(svc, B1, 77)
    with pytest.raises(AlreadyInGameError, match="Cy is already in game"):
        await svc.partnerships.open_partnership(GUILD, CHANNEL, (A1, "Ann"), opponents=[(B1, "Cy")])
    lobby = await svc.partnerships.open_partnership(GUILD, CHANNEL, (A1, "Ann"))
    with pytest.raises(ChallengeError, match="already at this table"):
        await svc.partnerships.join_partnership(lobby.id, A1, "Ann")
    with pytest.raises(AlreadyInGameError):
        await svc.partnerships.join_partnership(lobby.id, B1, "Cy")
    lobby = await svc.partnerships.join_partnership(lobby.id, 31, "Eve", team=0)
    with pytest.raises(ChallengeError, match="team is full"):
        await svc.partnerships.join_partnership(lobby.id, 32, "Fay", team=0)
    left = await svc.partnerships.leave_partnership(lobby.id, 31)
    assert left.seats[1].user_id is None
    cancelled = await svc.partnerships.leave_partnership(lobby.id, A1)
    assert cancelled.status == "cancelled"
    with pytest.raises(ChallengeError, match="cancelled"):
        await svc.partnerships.join_partnership(lobby.id, 32, "Fay")


async def test_lobby_expires(svc: GinService, clock: FakeClock) -> None:
    lobby = await svc.partnerships.open_partnership(GUILD, CHANNEL, (A1, "Ann"))
    clock.advance(16 * 60)
    with pytest.raises(ChallengeError, match="expired"):
        await svc.partnerships.join_partnership(lobby.id, 31, "Eve")


async def test_computer_partner_plays_in_team_b_unrated(
    svc: GinService, db_target: str | Path, clock: FakeClock
) -> None:
    lobby = await svc.partnerships.open_partnership(
        GUILD,
        CHANNEL,
        (A1, "Ann"),
        opponents=[(B1, "Cy"), (B2, "Di")],
        level=AiLevel.EASY,
        ai_user_id=BOT,
        target=10,
    )
    # The computer partners Ann, so Ann's team is stored as B (the computer sits in seat 1).
    assert lobby.creator_team == 1 and lobby.seats[3].computer
    lobby = await svc.partnerships.join_partnership(lobby.id, B1, "Cy")
    lobby = await svc.partnerships.join_partnership(lobby.id, B2, "Di")
    assert lobby.tables
    ai_tables = [t for t in lobby.tables if t.ai_level is not None]
    assert len(ai_tables) == 1 and ai_tables[0].players[1] == BOT
    # Restart mid-hand: everything resumes from the database.
    await svc.close()
    svc2 = await GinService.open(db_target, clock=clock, seed=8)
    try:
        from bot.ai import decide

        rng = random.Random(5)
        tables = [t.id for t in lobby.tables]
        progress = None
        for _ in range(3000):
            for tid in tables:
                snap = await snapshots.get_game(svc2, tid)
                if snap.status is not GameStatus.ACTIVE:
                    continue
                if snap.ai_level is not None and snap.game.turn == 1:
                    res = await snapshots.play_ai_turn(svc2, tid, lambda v: decide(v, "easy"))
                else:
                    seat = snap.game.turn
                    assert seat is not None
                    res = await snapshots.act(
                        svc2,
                        tid,
                        snap.players[seat],
                        random_action(snap.game, seat, rng),
                        expected_version=snap.version,
                    )
                if res is not None and res.team is not None and res.team.hand is not None:
                    progress = res.team
                    if progress.result is None:
                        tables = [t.id for t in progress.new_tables]
            if progress is not None and progress.result is not None:
                break
        assert progress is not None and progress.result is not None
        assert progress.rating_changes == ()
        assert await svc2.standings.player_stats(GUILD, B1) is None
        ends = [t.end for t in progress.hand.tables] if progress.hand else []
        assert all(isinstance(e, HandEnd) for e in ends)
    finally:
        await svc2.close()
