"""A player's profile figures worked out again, slowly and plainly, from the
raw rows of ``game_results`` and ``hands`` — what the profile's queries
(``bot.storage.tables.archive``) must agree with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage import Repository, Tx

HAND_ENDINGS = {"knock", "undercut", "gin", "big_gin", "dead"}


@dataclass
class Recomputed:
    ratings: list[float]
    games: int
    wins: int
    hands: int
    hands_won: int
    gins: int
    knocks: int
    undercut: int
    knock_deadwood: int
    best_streak: int
    current_streak: int
    best_points: int | None
    h2h: tuple[int, int] | None


async def recompute(
    repo: Repository, guild: int, user: int, viewer: int | None = None
) -> Recomputed:
    async def rows(tx: Tx) -> tuple[list[Any], list[Any]]:
        db = tx._db
        results = await db.fetchall(
            "SELECT game_id, player0, player1, winner_seat, rated, rating_before0, "
            "rating_after0, rating_before1, rating_after1, finished_at FROM game_results "
            "WHERE guild_id = ?",
            (guild,),
        )
        hands = await db.fetchall(
            "SELECT game_id, ending, knocker_seat, winner_seat, points, deadwood0, deadwood1 "
            "FROM hands"
        )
        return list(results), list(hands)

    results, hands = await repo.read(rows)
    mine = sorted(
        (r for r in results if r[4] == 1 and user in (r[1], r[2])), key=lambda r: (r[9], r[0])
    )
    seats = {r[0]: (0 if r[1] == user else 1) for r in mine}
    won = [r[3] == seats[r[0]] for r in mine]
    ratings: list[float] = []
    for r in mine:
        seat = seats[r[0]]
        before, after = (r[5], r[6]) if seat == 0 else (r[7], r[8])
        if not ratings:
            ratings.append(before)
        ratings.append(after)
    best = run = 0
    for w in won:
        run = run + 1 if w else 0
        best = max(best, run)
    out = Recomputed(ratings, len(mine), sum(won), 0, 0, 0, 0, 0, 0, best, run, None, None)
    for game_id, ending, knocker, winner, points, d0, d1 in hands:
        if game_id not in seats or ending not in HAND_ENDINGS:
            continue
        seat = seats[game_id]
        out.hands += 1
        if winner == seat and ending != "dead":
            out.hands_won += 1
            out.best_points = max(out.best_points or 0, points)
            out.gins += ending in ("gin", "big_gin")
        if knocker == seat and ending in ("knock", "undercut"):
            out.knocks += 1
            out.undercut += ending == "undercut"
            out.knock_deadwood += d0 if seat == 0 else d1
    if viewer is not None and viewer != user:
        against = [w for r, w in zip(mine, won, strict=True) if viewer in (r[1], r[2])]
        out.h2h = (sum(against), len(against) - sum(against))
    return out
