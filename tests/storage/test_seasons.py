"""Seasons (``bot.storage.tables.seasons``) and achievements
(``bot.storage.tables.achievements``) on SQLite and PostgreSQL: a season's
table and its order, the rated results and hands of a window, closing a
season once, the podium and the previous champion, the hall of fame; an
achievement stored once; a player's counted games and latest results."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.storage import Repository, SettingsRow, StatsRow, Tx
from tests.helpers.service import new_game_row
from tests.storage.test_archive import hand, result

WEEK = "weekly"
START = 1_000_000.0
END = START + 7 * 86400


def stats(user: int, rating: float, games: int, wins: int, guild: int = 1) -> StatsRow:
    return StatsRow(
        guild, user, f"P{user}", rating, games, wins, games - wins, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1.0
    )


async def test_a_season_table_reads_and_orders_like_the_all_time_one(
    db_target: str | Path,
) -> None:
    repo = await Repository.open(db_target)
    try:

        async def fill(tx: Tx) -> None:
            await tx.put_season_stats(WEEK, START, stats(10, 1216.0, 1, 1))
            await tx.put_season_stats(WEEK, START, stats(11, 1184.0, 1, 0))
            await tx.put_season_stats(WEEK, START, stats(12, 1230.0, 4, 3))
            # Updated in place, and other seasons and servers apart.
            await tx.put_season_stats(WEEK, START, stats(10, 1240.0, 3, 3))
            await tx.put_season_stats(WEEK, END, stats(10, 1300.0, 9, 9))
            await tx.put_season_stats(WEEK, START, stats(10, 1500.0, 9, 9, guild=2))

        await repo.write(fill)

        async def read(tx: Tx) -> None:
            assert await tx.count_season_players(1, WEEK, START, 0) == 3
            assert await tx.count_season_players(1, WEEK, START, 2) == 2
            top = await tx.season_leaderboard(1, WEEK, START, "rating", 0, 10, 0)
            assert [(r.user_id, r.rating) for r in top] == [
                (10, 1240.0),
                (12, 1230.0),
                (11, 1184.0),
            ]
            wins = await tx.season_leaderboard(1, WEEK, START, "games", 2, 1, 1)
            assert [r.user_id for r in wins] == [10]
            row = await tx.season_stats(1, WEEK, START, 10)
            assert row is not None and (row.games, row.wins) == (3, 3)
            assert await tx.season_stats(1, WEEK, START, 99) is None

        await repo.read(read)
        await repo.write(lambda tx: tx.clear_season(1, WEEK, START))
        assert await repo.read(lambda tx: tx.count_season_players(1, WEEK, START, 0)) == 0
        assert await repo.read(lambda tx: tx.count_season_players(1, WEEK, END, 0)) == 1
    finally:
        await repo.close()


async def test_a_window_holds_its_rated_results_with_their_hands_added_up(
    db_target: str | Path,
) -> None:
    repo = await Repository.open(db_target)
    try:

        async def fill(tx: Tx) -> dict[str, int]:
            ids = {}
            for key in "ABCDE":
                row = replace(new_game_row(1, 10, 11), status="finished")
                ids[key] = await tx.insert_game(row)
            await tx.insert_result(result(ids["A"], 1, 10, 11, 0, START - 1))  # the week before
            await tx.insert_result(result(ids["B"], 1, 10, 11, 1, START))  # its first moment
            await tx.insert_result(result(ids["C"], 1, 10, 11, 0, START + 5, rated=0))
            await tx.insert_result(result(ids["D"], 1, 10, 11, 0, END - 1, reason="resign"))
            await tx.insert_result(result(ids["E"], 1, 10, 11, 0, END))  # the week after
            b, d = ids["B"], ids["D"]
            await tx.insert_hand(hand(b, 1, "gin", 1, 1, 30, (12, 0)))
            await tx.insert_hand(hand(b, 2, "dead", None, None, 0, (30, 30)))
            await tx.insert_hand(hand(d, 1, "undercut", 0, 1, 27, (8, 6)))
            await tx.insert_hand(hand(d, 2, "resign", None, 0, 0, (12, 14)))  # no hand
            return ids

        ids = await repo.write(fill)
        games = await repo.read(lambda tx: tx.season_games(1, START, END))
        assert [g.game_id for g in games] == [ids["B"], ids["D"]]
        b, d = games
        assert (b.name0, b.winner_seat, b.total0, b.total1) == ("A", 1, 40, 100)
        # B: seat 1 won a gin (the dead hand is nobody's); D: seat 1 undercut
        # seat 0 (the resignation line is no hand).
        assert (b.hands_won0, b.hands_won1, b.gins0, b.gins1, b.big_gins1) == (0, 1, 0, 1, 0)
        assert (d.hands_won1, d.undercuts0, d.undercuts1, d.gins1) == (1, 0, 1, 0)
    finally:
        await repo.close()


async def test_a_season_closes_once_and_keeps_its_podium(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:
        await repo.write(
            lambda tx: tx.put_settings(SettingsRow(1, "{}", 60, 1.0, season=WEEK, season_since=5.0))
        )
        servers = await repo.read(lambda tx: tx.seasonal_servers(None))
        assert [(s.guild_id, s.season, s.season_since, last) for s, last in servers] == [
            (1, WEEK, 5.0, None)
        ]

        async def close(tx: Tx, start: float, champion: int) -> bool:
            if not await tx.close_season(1, WEEK, start, start + 7 * 86400, start + 9e5, 2):
                return False
            await tx.put_champion(1, WEEK, start, 1, stats(champion, 1250.0, 5, 4))
            await tx.put_champion(1, WEEK, start, 2, stats(champion + 1, 1190.0, 5, 1))
            return True

        assert await repo.write(lambda tx: close(tx, START, 10))
        assert not await repo.write(lambda tx: close(tx, START, 10))  # never twice
        assert await repo.write(lambda tx: close(tx, END, 20))
        # A season nobody qualified in: closed, no champion.
        assert await repo.write(
            lambda tx: tx.close_season(1, WEEK, END + 7 * 86400, END + 14 * 86400, 1.0, 1)
        )
        servers = await repo.read(lambda tx: tx.seasonal_servers(None))
        assert servers[0][1] == END + 14 * 86400

        async def read(tx: Tx) -> None:
            assert await tx.previous_champion(1, END + 7 * 86400) == 10
            assert await tx.previous_champion(1, END + 8 * 86400) == 20
            assert await tx.previous_champion(1, START) is None
            assert await tx.count_crowned_seasons(1) == 2
            rows = await tx.crowned_seasons(1, 1, 0)
            assert [(r.starts_at, r.place, r.user_id) for r in rows] == [(END, 1, 20), (END, 2, 21)]
            older = await tx.crowned_seasons(1, 5, 1)
            assert [(r.starts_at, r.user_id, r.rating) for r in older] == [
                (START, 10, 1250.0),
                (START, 11, 1190.0),
            ]
            closed = await tx.closed_seasons(1, 10)
            assert [r.starts_at for r in closed] == [END + 7 * 86400, END, START]

        await repo.read(read)
    finally:
        await repo.close()


async def test_an_achievement_is_stored_once(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:
        assert await repo.write(lambda tx: tx.award(1, 10, "first_win", 5.0, 7))
        assert not await repo.write(lambda tx: tx.award(1, 10, "first_win", 9.0, 8))
        assert await repo.write(lambda tx: tx.award(1, 10, "shutout", 6.0, None))
        assert await repo.write(lambda tx: tx.award(2, 10, "first_win", 6.0, None))
        earned = await repo.read(lambda tx: tx.earned(1, 10))
        assert [(e.achievement, e.earned_at, e.game_id) for e in earned] == [
            ("shutout", 6.0, None),
            ("first_win", 5.0, 7),
        ]
    finally:
        await repo.close()


async def test_a_players_counted_games_and_latest_results(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:

        async def fill(tx: Tx) -> None:
            plan = [
                (10, 11, 0, "target"),
                (11, 10, 0, "resign"),
                (10, 12, 0, "ended"),
                (12, 10, 1, "timeout"),
            ]
            for i, (p0, p1, winner, reason) in enumerate(plan):
                row = replace(new_game_row(1, p0, p1), status="finished")
                game = await tx.insert_game(row)
                await tx.insert_result(
                    result(game, 1, p0, p1, winner, 100.0 + i, reason=reason, rated=0)
                )

        await repo.write(fill)
        # Player 10: won, lost, (ended: not counted), won — the latest first.
        assert await repo.read(lambda tx: tx.counted_games(1, 10)) == 3
        assert await repo.read(lambda tx: tx.latest_wins(1, 10, 5)) == [True, False, True]
        assert await repo.read(lambda tx: tx.latest_wins(1, 10, 2)) == [True, False]
        assert await repo.read(lambda tx: tx.counted_games(1, 99)) == 0
    finally:
        await repo.close()
