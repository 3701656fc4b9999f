"""Finished games looked back on (``bot.storage.tables.archive``), on SQLite
and PostgreSQL: the lists, a player's rated results, the hand figures and
the best hand, all read from results and score sheets written by hand here,
and the per-player indexes of migration 6."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.storage import HandRow, Repository, ResultRow, Tx
from bot.storage.postgres import is_postgres_url
from tests.helpers.service import new_game_row


def result(
    game_id: int, guild: int, p0: int, p1: int, winner: int, at: float, **kw: Any
) -> ResultRow:
    rated = kw.pop("rated", 1)
    base = ResultRow(
        game_id=game_id,
        guild_id=guild,
        player0=p0,
        player1=p1,
        winner_seat=winner,
        reason="target",
        rated=rated,
        ai_level=None,
        hands_played=3,
        hand_points0=0,
        hand_points1=0,
        hands_won0=0,
        hands_won1=0,
        shutout0=0,
        shutout1=0,
        line_bonus0=0,
        line_bonus1=0,
        game_bonus0=0,
        game_bonus1=0,
        total0=100 if winner == 0 else 40,
        total1=100 if winner == 1 else 40,
        rating_before0=1200.0 if rated else None,
        rating_after0=(1216.0 if winner == 0 else 1184.0) if rated else None,
        rating_before1=1200.0 if rated else None,
        rating_after1=(1216.0 if winner == 1 else 1184.0) if rated else None,
        finished_at=at,
    )
    return replace(base, **kw)


def hand(
    game_id: int,
    number: int,
    ending: str,
    knocker: int | None,
    winner: int | None,
    points: int,
    dead: tuple[int, int],
) -> HandRow:
    return HandRow(game_id, number, ending, knocker, winner, points, 0, *dead, 0, 0, float(number))


async def fill(tx: Tx) -> dict[str, int]:
    """Guild 1: A (10 beats 11, rated), B (10 v the computer 12), C (11 beats
    12, rated); guild 2: D (10 v 11).  Game A's score sheet has a knock, an
    undercut, a gin and a resignation line."""
    ids = {}
    games = (("A", 1, 10, 11), ("B", 1, 10, 12), ("C", 1, 11, 12), ("D", 2, 10, 11))
    for key, guild, p0, p1 in games:
        ids[key] = await tx.insert_game(replace(new_game_row(guild, p0, p1), status="finished"))
    await tx.insert_result(result(ids["A"], 1, 10, 11, 0, 100.0))
    await tx.insert_result(result(ids["B"], 1, 10, 12, 1, 200.0, rated=0, ai_level="hard"))
    await tx.insert_result(result(ids["C"], 1, 11, 12, 0, 300.0))
    await tx.insert_result(result(ids["D"], 2, 10, 11, 1, 400.0))
    a = ids["A"]
    await tx.insert_hand(hand(a, 1, "knock", 0, 0, 20, (5, 25)))
    await tx.insert_hand(hand(a, 2, "undercut", 0, 1, 28, (8, 6)))
    await tx.insert_hand(hand(a, 3, "gin", 0, 0, 40, (0, 15)))
    await tx.insert_hand(hand(a, 4, "dead", None, None, 0, (30, 30)))
    await tx.insert_hand(hand(a, 5, "resign", None, 0, 0, (12, 14)))
    await tx.insert_hand(hand(ids["B"], 1, "gin", 0, 0, 99, (0, 40)))  # unrated: never counted
    await tx.insert_hand(hand(ids["C"], 1, "knock", 1, 1, 7, (20, 3)))
    return ids


async def test_lists_results_and_hand_figures(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:
        ids = await repo.write(fill)

        async def read(tx: Tx) -> None:
            assert await tx.count_finished_games(1) == 3
            assert await tx.count_finished_games(1, 10) == 2
            assert await tx.count_finished_games(2, 12) == 0
            everyone = await tx.finished_games(1, None, 10, 0)
            assert [g.game_id for g in everyone] == [ids["C"], ids["B"], ids["A"]]
            page2 = await tx.finished_games(1, None, 2, 2)
            assert [g.game_id for g in page2] == [ids["A"]]
            mine = await tx.finished_games(1, 10, 10, 0)
            assert [g.game_id for g in mine] == [ids["B"], ids["A"]]
            b = mine[0]
            assert (b.ai_level, b.rated, b.name0, b.channel_id) == ("hard", 0, "A", 5)

            rated = await tx.rated_results(1, 11)
            assert [r.game_id for r in rated] == [ids["A"], ids["C"]]
            assert rated[0].rating_after1 == 1184.0

            # Player 10 in game A: hands 1-4 played out (the resignation line is
            # no hand), won the knock and the gin; knocked twice short of gin
            # (deadwood 5 and 8), undercut once.  Game B is unrated.
            ten = await tx.hand_figures(1, 10)
            assert (ten.hands, ten.hands_won, ten.gins) == (4, 2, 1)
            assert (ten.knocks, ten.undercut, ten.knock_deadwood) == (2, 1, 13)
            eleven = await tx.hand_figures(1, 11)
            assert (eleven.hands, eleven.hands_won, eleven.gins, eleven.knocks) == (5, 1, 0, 0)
            nobody = await tx.hand_figures(1, 99)
            assert (nobody.hands, nobody.hands_won, nobody.knock_deadwood) == (0, 0, 0)

            best = await tx.best_hand(1, 10)
            assert best is not None and (best.game_id, best.hand_number) == (ids["A"], 3)
            assert (best.ending, best.points) == ("gin", 40)
            best11 = await tx.best_hand(1, 11)
            assert best11 is not None and (best11.ending, best11.points) == ("undercut", 28)
            best12 = await tx.best_hand(1, 12)  # the computer's game B is unrated
            assert best12 is not None and (best12.ending, best12.points) == ("knock", 7)
            assert await tx.best_hand(1, 99) is None

        await repo.read(read)
    finally:
        await repo.close()


async def test_the_player_indexes_exist(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:
        if is_postgres_url(db_target):
            sql = "SELECT indexname FROM pg_indexes WHERE tablename = 'game_results'"
        else:
            sql = (
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'game_results'"
            )

        async def names(tx: Tx) -> set[str]:
            return {str(r[0]) for r in await tx._db.fetchall(sql)}

        assert {"game_results_player0", "game_results_player1"} <= await repo.read(names)
    finally:
        await repo.close()
