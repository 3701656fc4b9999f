"""Working a season's table out again from the stored results — when a
moderator turns seasons on or changes their length, the season in progress
counts every rated result of its window, those from before the change too.

It is done in two steps, so a busy server's database is held only briefly:
:func:`draft_season` reads the window's results and adds them up in any
transaction (a read: moves go on meanwhile), and :func:`store_season`, in
the settings change's own write transaction, catches up with the results
committed since and writes the table.  Results are only ever added, so the
catch-up is what finished after the draft's last result; one that finished
earlier but committed late (PostgreSQL runs transactions side by side)
could only be in the last :data:`CATCH_UP` seconds — if one is found out of
order the window is counted again inside the transaction, so the table
always equals a count of the results in order.

The counting is the all-time statistics' and the live season's: one row
per game with its hands already added up gives each player's
:class:`~bot.service.scoring.GameFigures`, counted by
:func:`~bot.service.scoring.counted_stats` with the season's ratings by
:func:`~bot.service.ratings.ratings_after` — the functions the live path
(:func:`bot.service.seasons.counted_game`) uses, so a rebuilt table is the
table the games wrote as they finished (tests/service/test_season_rebuild.py).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Final

from bot.storage import SeasonGameRow, StatsRow, Tx

from .ratings import INITIAL_RATING, ratings_after
from .scoring import GameFigures, counted_stats
from .season_calendar import Season

#: Results counted between two turns given to the event loop (~20 ms).
FOLD_SLICE: Final = 1_000

#: Seconds before the draft's last result in which a late commit is looked for.
CATCH_UP: Final = 60.0


@dataclass(slots=True)
class SeasonDraft:
    """A season's table as far as its results were read."""

    guild_id: int
    season: Season
    table: dict[int, StatsRow] = field(default_factory=dict)
    #: (finished_at, game_id) of the last result counted.
    last: tuple[float, int] | None = None
    #: The games counted in the last :data:`CATCH_UP` seconds before it.
    recent: set[int] = field(default_factory=set)


def figures(row: SeasonGameRow, seat: int) -> GameFigures:
    """The figures of the player on ``seat`` in a stored result (an
    undercut one seat scored, the other suffered)."""
    undercuts = (row.undercuts0, row.undercuts1)
    return GameFigures(
        points=(row.total0, row.total1)[seat],
        hands_won=(row.hands_won0, row.hands_won1)[seat],
        gins=(row.gins0, row.gins1)[seat],
        big_gins=(row.big_gins0, row.big_gins1)[seat],
        undercuts_scored=undercuts[seat],
        undercuts_suffered=undercuts[1 - seat],
        won=row.winner_seat == seat,
    )


def fold(draft: SeasonDraft, row: SeasonGameRow) -> None:
    """Count one more rated game, as the live season does, with the
    season's ratings."""
    players = (row.player0, row.player1)
    names = (row.name0, row.name1)
    previous = [draft.table.get(p) for p in players]
    before = [INITIAL_RATING if p is None else p.rating for p in previous]
    after = ratings_after(before, (0, 1), row.winner_seat)
    for seat, user_id in enumerate(players):
        draft.table[user_id] = counted_stats(
            previous[seat],
            figures(row, seat),
            guild_id=draft.guild_id,
            user_id=user_id,
            name=names[seat],
            rating=after[seat],
            now=row.finished_at,
        )
    key = (row.finished_at, row.game_id)
    if draft.last is None or key > draft.last:
        draft.last = key


def _trim(draft: SeasonDraft, rows: list[SeasonGameRow]) -> None:
    """Keep only the games of the last :data:`CATCH_UP` seconds in ``recent``."""
    if draft.last is None:
        return
    since = draft.last[0] - CATCH_UP
    draft.recent = {r.game_id for r in rows if r.finished_at >= since}


async def draft_season(tx: Tx, guild_id: int, season: Season) -> SeasonDraft:
    """Every rated result of the season's window so far, added up."""
    draft = SeasonDraft(guild_id, season)
    rows = await tx.season_games(guild_id, season.starts_at, season.ends_at)
    for i, row in enumerate(rows, 1):
        fold(draft, row)
        if i % FOLD_SLICE == 0:
            # A quarter of a busy server is ~100,000 results (~20 µs each):
            # let the other games' interactions in between slices.
            await asyncio.sleep(0)
    _trim(draft, rows)
    return draft


async def store_season(tx: Tx, draft: SeasonDraft) -> None:
    """Catch ``draft`` up with the results committed since it was read and
    write it as the season's table (in the caller's write transaction)."""
    season = draft.season
    if draft.last is None:
        draft = await draft_season(tx, draft.guild_id, season)
    else:
        since = max(season.starts_at, draft.last[0] - CATCH_UP)
        late = [
            r
            for r in await tx.season_games(draft.guild_id, since, season.ends_at)
            if r.game_id not in draft.recent
        ]
        if any((r.finished_at, r.game_id) < draft.last for r in late):
            draft = await draft_season(tx, draft.guild_id, season)  # out of order: all again
        else:
            for row in late:
                fold(draft, row)
    key = (season.length.value, season.starts_at)
    await tx.clear_season(draft.guild_id, *key)
    for standing in draft.table.values():
        await tx.put_season_stats(*key, standing)


async def rebuild_season(tx: Tx, guild_id: int, season: Season) -> None:
    """Both steps in one transaction (tools, tests)."""
    await store_season(tx, await draft_season(tx, guild_id, season))
