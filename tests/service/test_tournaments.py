"""Server tournaments through the service, on SQLite and PostgreSQL: sign-up,
seeding by rating, matches started and advanced in the move's transaction,
waiting for busy players, no-shows by the turn timer, restarts."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import (
    ChallengeError,
    GinService,
    PermissionDeniedError,
    SettingsError,
    snapshots,
)
from bot.service.models import GameStatus
from tests.helpers.service import CHANNEL, GUILD, FakeClock, play_out, start_game

pytestmark = pytest.mark.asyncio

PLAYERS = {31: "Ann", 32: "Bo", 33: "Cy", 34: "Di"}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def svc(db_target: str | Path, clock: FakeClock) -> AsyncIterator[GinService]:
    service = await GinService.open(db_target, clock=clock, seed=3)
    yield service
    await service.close()


async def _open(svc: GinService, fmt: str = "single_elimination") -> int:
    t = await svc.tournaments.create_tournament(
        GUILD, CHANNEL, 31, can_manage=True, fmt=fmt, target=10, match_games=1
    )
    for uid, name in PLAYERS.items():
        t = await svc.tournaments.join_tournament(t.id, uid, name)
    assert [u for u, _ in t.entrants] == list(PLAYERS)
    return t.id


async def test_single_elimination_to_its_champion_across_a_restart(
    svc: GinService, db_target: str | Path, clock: FakeClock
) -> None:
    # Di has the best rating, so she is seed 1 and meets the lowest seed.
    rated = await start_game(svc, 34, 99)
    await play_out_winner(svc, rated.id, 34)
    tid = await _open(svc)
    assert await svc.tournaments.advance_tournaments() == []  # sign-up still open
    clock.advance(15 * 60)
    (progress,) = await svc.tournaments.advance_tournaments()
    bracket = progress.summary.bracket
    assert bracket is not None and bracket.entrants[0].user_id == 34
    assert len(progress.new_games) == 2
    first = {frozenset(g.players) for g in progress.new_games}
    assert frozenset({34, bracket.entrants[3].user_id}) in first
    # Sign-up is closed: nobody can join or leave now.
    with pytest.raises(ChallengeError, match="closed"):
        await svc.tournaments.join_tournament(tid, 40, "Eve")
    rng = random.Random(2)
    results = await play_out(svc, progress.new_games[0].id, rng)
    done = results[-1].tournament
    assert done is not None and not done.new_games  # the final waits for the other semi
    # Restart between the semi-finals: the tournament carries on from the database.
    await svc.close()
    svc2 = await GinService.open(db_target, clock=clock, seed=4)
    try:
        results = await play_out(svc2, progress.new_games[1].id, rng)
        semi = results[-1].tournament
        assert semi is not None and len(semi.new_games) == 1
        final_game = semi.new_games[0]
        winners = {
            (await snapshots.get_game(svc2, g.id)).players[
                (await snapshots.get_game(svc2, g.id)).game.result.winner  # type: ignore[union-attr]
            ]
            for g in progress.new_games
        }
        assert set(final_game.players) == winners
        results = await play_out(svc2, final_game.id, rng)
        end = results[-1].tournament
        assert end is not None and end.summary.status == "finished"
        champion = end.summary.bracket.champion  # type: ignore[union-attr]
        result = results[-1].snapshot.game.result
        assert result is not None and champion == final_game.players[result.winner]
        assert (await svc2.tournaments.current_tournament(GUILD)).status == "finished"  # type: ignore[union-attr]
    finally:
        await svc2.close()


async def play_out_winner(svc: GinService, game_id: int, winner: int) -> None:
    """Finish a rated game with ``winner`` winning (the other resigns)."""
    snap = await snapshots.get_game(svc, game_id)
    loser = snap.players[1] if snap.players[0] == winner else snap.players[0]
    await snapshots.resign(svc, game_id, loser)


async def test_busy_players_are_waited_for_and_no_shows_lose_by_timeout(
    svc: GinService, clock: FakeClock
) -> None:
    tid = await _open(svc)
    busy = await start_game(svc, 32, 99)  # Bo is in another game when sign-up closes
    (progress,) = [await svc.tournaments.start_tournament_now(tid, 31, can_manage=False)]
    assert len(progress.new_games) == 1 and 32 not in progress.new_games[0].players
    assert await svc.tournaments.advance_tournaments() == []  # still busy
    await snapshots.resign(svc, busy.id, 99)
    (later,) = await svc.tournaments.advance_tournaments()
    (bo_game,) = later.new_games
    assert 32 in bo_game.players
    # Nobody moves: the turn timer forfeits the no-show, the opponent advances.
    clock.advance(61 * 60)
    events = await svc.clocks.due_timers()
    forfeit = [e for e in events if e.report is not None and e.game_id == bo_game.id]
    assert forfeit and forfeit[0].report is not None
    assert forfeit[0].report.tournament is not None


async def test_permissions_and_bad_settings_change_nothing(svc: GinService) -> None:
    with pytest.raises(PermissionDeniedError):
        await svc.tournaments.create_tournament(GUILD, CHANNEL, 31, can_manage=False)
    with pytest.raises(SettingsError, match="Sign-up"):
        await svc.tournaments.create_tournament(
            GUILD, CHANNEL, 31, can_manage=True, signup_minutes=0
        )
    with pytest.raises(SettingsError):
        await svc.tournaments.create_tournament(GUILD, CHANNEL, 31, can_manage=True, fmt="swiss")
    assert await svc.tournaments.current_tournament(GUILD) is None
    t = await svc.tournaments.create_tournament(GUILD, CHANNEL, 31, can_manage=True)
    with pytest.raises(ChallengeError, match="already has a tournament"):
        await svc.tournaments.create_tournament(GUILD, CHANNEL, 32, can_manage=True)
    await svc.tournaments.join_tournament(t.id, 32, "Bo")
    with pytest.raises(ChallengeError, match="already signed up"):
        await svc.tournaments.join_tournament(t.id, 32, "Bo")
    with pytest.raises(ChallengeError, match="at least 2"):
        await svc.tournaments.start_tournament_now(t.id, 31, can_manage=True)
    with pytest.raises(PermissionDeniedError):
        await svc.tournaments.start_tournament_now(t.id, 32, can_manage=False)
    with pytest.raises(PermissionDeniedError):
        await svc.tournaments.cancel_tournament(t.id, 32, can_manage=False)
    left = await svc.tournaments.leave_tournament(t.id, 32)
    assert left.entrants == ()
    cancelled = await svc.tournaments.cancel_tournament(t.id, 31, can_manage=False)
    assert cancelled.status == "cancelled"


async def test_round_robin_plays_every_pair(svc: GinService, clock: FakeClock) -> None:
    tid = await _open(svc, "round_robin")
    progress = await svc.tournaments.start_tournament_now(tid, 31, can_manage=True)
    rng = random.Random(9)
    live = list(progress.new_games)
    played = set()
    summary = progress.summary
    while live:
        game = live.pop(0)
        played.add(frozenset(game.players))
        results = await play_out(svc, game.id, rng)
        step = results[-1].tournament
        assert step is not None
        summary = step.summary
        live += step.new_games
        snap = await snapshots.get_game(svc, game.id)
        assert snap.status is GameStatus.FINISHED
    assert len(played) == 6 and summary.status == "finished"
    assert summary.bracket is not None and summary.bracket.champion is not None
