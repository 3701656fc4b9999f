"""Standings (``bot.service.scoring``): declared once, written in one place.

A player's standing is :class:`bot.storage.StatsRow`; the service's
:class:`PlayerStats` only adds the place.  :func:`record_standings` is the
one writer: a two-player game and a partnership game count through it the
same way (each on SQLite and PostgreSQL), and both paths of the service
call it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from bot.engine import GameEnd, GameResult, HandEnd, HandResult, SeatTally
from bot.service import GinService, PlayerStats, RatingChange, scoring, snapshots
from bot.service.ratings import elo_update
from bot.service.scoring import Participant, record_standings
from bot.storage import Repository, StatsRow, Tx
from tests.helpers.service import CHANNEL, GUILD, start_game

NOW = 1_000_000.0


def test_player_stats_is_the_stored_row_with_its_place() -> None:
    """Every counted field is declared once, on the storage row: the
    service's type inherits them and declares only the place."""
    assert issubclass(PlayerStats, StatsRow)
    assert [f.name for f in fields(PlayerStats)] == [f.name for f in fields(StatsRow)] + ["rank"]
    assert set(PlayerStats.__annotations__) == {"rank"}


def hand(number: int, end: HandEnd, knocker: int, winner: int) -> HandResult:
    return HandResult(number, end, knocker, winner, 25, False, 10)


def result(winner: int, totals: tuple[int, int], reason: GameEnd = GameEnd.TARGET) -> GameResult:
    def tally(total: int, won: int) -> SeatTally:
        return SeatTally(
            hand_points=total, shutout=False, hands_won=won, line_bonus=0, game_bonus=0
        )

    return GameResult(winner, reason, (tally(totals[0], 2), tally(totals[1], 1)))


#: Game 1, won by side 0: a gin, an undercut of side 0's knock, a big gin.
FIRST = (
    result(0, (150, 40)),
    [
        hand(1, HandEnd.GIN, 0, 0),
        hand(2, HandEnd.UNDERCUT, 0, 1),
        hand(3, HandEnd.BIG_GIN, 0, 0),
    ],
)
#: Game 2, won by side 1 with a knock.
SECOND = (result(1, (20, 130)), [hand(1, HandEnd.KNOCK, 1, 1)])


def two(a: int, b: int, history: Sequence[HandResult]) -> list[Participant]:
    return [Participant(a, f"P{a}", 0, history), Participant(b, f"P{b}", 1, history)]


#: The computer's seat (it has no standing).
COMPUTER = Participant(0, "AI", 1, [], True)


def vs_computer(person: int) -> list[Participant]:
    return [Participant(person, f"P{person}", 0, []), COMPUTER]


def four(ids: Sequence[int], history: Sequence[HandResult]) -> list[Participant]:
    """Partners 0 and 1 (team 0) against 2 and 3 (team 1), every table
    playing ``history`` with team 0 in seat 0."""
    return [Participant(u, f"P{u}", i // 2, history) for i, u in enumerate(ids)]


async def count(
    repo: Repository, game: tuple[GameResult, list[HandResult]], players: list[Participant]
) -> tuple[RatingChange, ...]:
    async def txn(tx: Tx) -> tuple[RatingChange, ...]:
        return await record_standings(
            tx, guild_id=GUILD, result=game[0], players=players, ai_level=None, now=NOW
        )

    return await repo.write(txn)


def standing(row: StatsRow | None) -> dict[str, Any]:
    """A row's counted figures, without whose row it is."""
    assert row is not None
    return {f.name: getattr(row, f.name) for f in fields(row) if f.name not in ("user_id", "name")}


async def test_two_player_and_partnership_games_count_the_same_way(
    db_target: str | Path,
) -> None:
    repo = await Repository.open(db_target)
    try:
        pair = (1, 2)
        team = (11, 12, 21, 22)
        first = await count(repo, FIRST, two(*pair, FIRST[1]))
        assert first == (RatingChange(1, 1200.0, 1216.0), RatingChange(2, 1200.0, 1184.0))
        teams = await count(repo, FIRST, four(team, FIRST[1]))
        assert [(c.user_id, c.before, c.after) for c in teams] == [
            (11, 1200.0, 1216.0),
            (12, 1200.0, 1216.0),
            (21, 1200.0, 1184.0),
            (22, 1200.0, 1184.0),
        ]
        await count(repo, SECOND, two(*pair, SECOND[1]))
        await count(repo, SECOND, four(team, SECOND[1]))

        async def read(tx: Tx) -> dict[int, StatsRow | None]:
            return {u: await tx.stats(GUILD, u) for u in pair + team}

        rows = await repo.read(read)
        winner, loser = elo_update(1184.0, 1216.0)  # game 2: side 1 wins
        assert standing(rows[1]) == {
            "guild_id": GUILD,
            "rating": loser,
            "games": 2,
            "wins": 1,
            "losses": 1,
            "hands_won": 2,
            "gins": 1,
            "big_gins": 1,
            "undercuts_scored": 0,
            "undercuts_suffered": 1,
            "total_points": 170,
            "best_game": 150,
            "current_streak": 0,
            "best_streak": 1,
            "updated_at": NOW,
        }
        assert standing(rows[2]) == {
            "guild_id": GUILD,
            "rating": winner,
            "games": 2,
            "wins": 1,
            "losses": 1,
            "hands_won": 2,
            "gins": 0,
            "big_gins": 0,
            "undercuts_scored": 1,
            "undercuts_suffered": 0,
            "total_points": 170,
            "best_game": 130,
            "current_streak": 1,
            "best_streak": 1,
            "updated_at": NOW,
        }
        # Each partner's row is exactly their side's row of the two-player game.
        for partner in (11, 12):
            assert standing(rows[partner]) == standing(rows[1])
        for partner in (21, 22):
            assert standing(rows[partner]) == standing(rows[2])
    finally:
        await repo.close()


async def test_a_moderator_end_and_the_computer_leave_the_rated_tables_alone(
    db_target: str | Path,
) -> None:
    repo = await Repository.open(db_target)
    try:
        ended = result(0, (150, 40), GameEnd.ENDED)
        resigned = result(1, (0, 100), GameEnd.RESIGN)

        async def txn(tx: Tx) -> list[tuple[RatingChange, ...]]:
            return [
                # A moderator's end: counted nowhere, rated or not.
                await record_standings(
                    tx, guild_id=GUILD, result=ended, players=two(1, 2, []), ai_level=None, now=NOW
                ),
                await record_standings(
                    tx,
                    guild_id=GUILD,
                    result=ended,
                    players=vs_computer(3),
                    ai_level="hard",
                    now=NOW,
                ),
                # One person against the computer: by level in ai_stats only.
                await record_standings(
                    tx,
                    guild_id=GUILD,
                    result=resigned,
                    players=vs_computer(3),
                    ai_level="hard",
                    now=NOW,
                ),
                # A partnership with a computer seat: counted nowhere.
                await record_standings(
                    tx,
                    guild_id=GUILD,
                    result=resigned,
                    players=[
                        Participant(4, "P4", 0, []),
                        Participant(5, "P5", 0, []),
                        Participant(6, "P6", 1, []),
                        COMPUTER,
                    ],
                    ai_level="easy",
                    now=NOW,
                ),
            ]

        assert await repo.write(txn) == [(), (), (), ()]

        async def read(tx: Tx) -> None:
            for user in (1, 2, 3, 4, 5, 6, 0):
                assert await tx.stats(GUILD, user) is None
            assert [(r.level, r.games, r.wins, r.losses) for r in await tx.ai_stats(GUILD, 3)] == [
                ("hard", 1, 0, 1)
            ]
            for user in (4, 5, 6):
                assert await tx.ai_stats(GUILD, user) == []

        await repo.read(read)
    finally:
        await repo.close()


async def test_both_paths_of_the_service_write_through_the_one_writer(
    svc: GinService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A two-player game and a partnership game, each ended by a resignation,
    reach :func:`record_standings`, and what it returns is what they report."""
    calls: list[tuple[list[Participant], tuple[RatingChange, ...]]] = []
    writer = scoring.record_standings

    async def spy(tx: Tx, **kwargs: Any) -> tuple[RatingChange, ...]:
        changes = await writer(tx, **kwargs)
        calls.append((list(kwargs["players"]), changes))
        return changes

    monkeypatch.setattr(scoring, "record_standings", spy)

    snap = await start_game(svc, 1, 2)
    done = await snapshots.resign(svc, snap.id, 2)
    assert len(calls) == 1
    players, changes = calls[0]
    assert [(p.user_id, p.side) for p in players] == [(1, 0), (2, 1)]
    assert done.rating_changes == changes and len(changes) == 2

    lobby = await svc.partnerships.open_partnership(
        GUILD, CHANNEL, (11, "Ann"), partner=(12, "Bo"), opponents=[(21, "Cy"), (22, "Di")]
    )
    for uid, name in ((21, "Cy"), (12, "Bo"), (22, "Di")):
        lobby = await svc.partnerships.join_partnership(lobby.id, uid, name)
    table = lobby.tables[0]
    res = await snapshots.resign(svc, table.id, table.players[1])
    assert len(calls) == 2
    players, changes = calls[1]
    assert sorted((p.user_id, p.side) for p in players) == [(11, 0), (12, 0), (21, 1), (22, 1)]
    assert res.team is not None and res.team.rating_changes == changes and len(changes) == 4
    after = {c.user_id: c.after for c in changes}
    for uid in (11, 12, 21, 22):
        stats = await svc.standings.player_stats(GUILD, uid)
        assert stats is not None and (stats.games, stats.rating) == (1, after[uid])
