"""A season's table (or the all-time one) worked out again, slowly and
plainly, from the raw rows of ``game_results`` and ``hands`` — what the
season standings (``bot.service.seasons``) and the leaderboard must agree
with.  Its own Elo, from 1200 with K = 32, written out here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage import Repository, Tx

HAND_ENDINGS = {"knock", "undercut", "gin", "big_gin", "dead"}


@dataclass
class Line:
    rating: float = 1200.0
    games: int = 0
    wins: int = 0
    losses: int = 0
    hands_won: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_scored: int = 0
    undercuts_suffered: int = 0
    total_points: int = 0
    best_game: int = 0
    current_streak: int = 0
    best_streak: int = 0


def _elo(winner: float, loser: float) -> tuple[float, float]:
    delta = round(32 * (1 - 1 / (1 + 10 ** ((loser - winner) / 400))), 2)
    return round(winner + delta, 2), round(loser - delta, 2)


async def raw_rows(repo: Repository, guild: int) -> tuple[list[Any], list[Any]]:
    async def rows(tx: Tx) -> tuple[list[Any], list[Any]]:
        db = tx._db
        results = await db.fetchall(
            "SELECT game_id, player0, player1, winner_seat, rated, total0, total1, finished_at, "
            "rating_after0, rating_after1 FROM game_results WHERE guild_id = ?",
            (guild,),
        )
        hands = await db.fetchall("SELECT game_id, ending, knocker_seat, winner_seat FROM hands")
        return list(results), list(hands)

    return await repo.read(rows)


async def recompute_table(
    repo: Repository, guild: int, starts: float = float("-inf"), ends: float = float("inf")
) -> dict[int, Line]:
    """Every player's line over the rated results finished in ``[starts, ends)``."""
    results, hands = await raw_rows(repo, guild)
    by_game: dict[int, list[Any]] = {}
    for h in hands:
        if h[1] in HAND_ENDINGS:
            by_game.setdefault(h[0], []).append(h)
    table: dict[int, Line] = {}
    chosen = sorted(
        (r for r in results if r[4] == 1 and starts <= r[7] < ends), key=lambda r: (r[7], r[0])
    )
    for game_id, p0, p1, winner, _rated, t0, t1, _at, _r0, _r1 in chosen:
        players = (p0, p1)
        lines = [table.setdefault(p, Line()) for p in players]
        after = _elo(lines[winner].rating, lines[1 - winner].rating)
        lines[winner].rating, lines[1 - winner].rating = after
        for seat, line in enumerate(lines):
            won = seat == winner
            points = (t0, t1)[seat]
            line.best_game = max(line.best_game, points) if line.games else points
            line.games += 1
            line.wins += won
            line.losses += not won
            line.total_points += points
            line.current_streak = line.current_streak + 1 if won else 0
            line.best_streak = max(line.best_streak, line.current_streak)
            for _g, ending, knocker, hand_winner in by_game.get(game_id, []):
                line.hands_won += hand_winner == seat
                line.gins += ending == "gin" and hand_winner == seat
                line.big_gins += ending == "big_gin" and hand_winner == seat
                line.undercuts_scored += ending == "undercut" and hand_winner == seat
                line.undercuts_suffered += ending == "undercut" and knocker == seat
    return table


def line_of(row: Any) -> Line:
    """A leaderboard row (``PlayerStats``) as a :class:`Line`."""
    return Line(**{name: getattr(row, name) for name in Line.__dataclass_fields__})
