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

The counting is the all-time statistics' (:func:`bot.service.scoring.updated_stats`:
the live path of :class:`~bot.service.seasons.SeasonDesk` uses it), over one
row per game with its hands already added up; the tests hold the two to the
same recomputation from the raw results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from bot.storage import SeasonGameRow, StatsRow, Tx

from .ratings import INITIAL_RATING, elo_update
from .season_calendar import Season

#: Seconds before the draft's last result in which a late commit is looked for.
CATCH_UP: Final = 60.0


@dataclass(slots=True)
class _Line:
    """One player's season so far (a mutable :class:`StatsRow`)."""

    name: str
    rating: float = INITIAL_RATING
    games: int = 0
    wins: int = 0
    hands_won: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_scored: int = 0
    undercuts_suffered: int = 0
    total_points: int = 0
    best_game: int = 0
    current_streak: int = 0
    best_streak: int = 0
    updated_at: float = 0.0


@dataclass(slots=True)
class SeasonDraft:
    """A season's table as far as its results were read."""

    guild_id: int
    season: Season
    table: dict[int, _Line] = field(default_factory=dict)
    #: (finished_at, game_id) of the last result counted.
    last: tuple[float, int] | None = None
    #: The games counted in the last :data:`CATCH_UP` seconds before it.
    recent: set[int] = field(default_factory=set)


def fold(draft: SeasonDraft, row: SeasonGameRow) -> None:
    """Count one more rated game, as ``scoring.updated_stats`` does, with
    the season's ratings."""
    players = (row.player0, row.player1)
    names = (row.name0, row.name1)
    lines = [draft.table.setdefault(p, _Line(n)) for p, n in zip(players, names, strict=True)]
    w = row.winner_seat
    lines[w].rating, lines[1 - w].rating = elo_update(lines[w].rating, lines[1 - w].rating)
    figures = (
        (row.total0, row.hands_won0, row.gins0, row.big_gins0, row.undercuts0, row.undercuts1),
        (row.total1, row.hands_won1, row.gins1, row.big_gins1, row.undercuts1, row.undercuts0),
    )
    for seat, line in enumerate(lines):
        points, hands, gins, big, scored, suffered = figures[seat]
        won = seat == w
        line.name = names[seat]
        line.best_game = max(line.best_game, points) if line.games else points
        line.games += 1
        line.wins += won
        line.hands_won += hands
        line.gins += gins
        line.big_gins += big
        line.undercuts_scored += scored
        line.undercuts_suffered += suffered
        line.total_points += points
        line.current_streak = line.current_streak + 1 if won else 0
        line.best_streak = max(line.best_streak, line.current_streak)
        line.updated_at = row.finished_at
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
    for row in rows:
        fold(draft, row)
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
    for user_id, line in draft.table.items():
        await tx.put_season_stats(*key, _row(draft.guild_id, user_id, line))


async def rebuild_season(tx: Tx, guild_id: int, season: Season) -> None:
    """Both steps in one transaction (tools, tests)."""
    await store_season(tx, await draft_season(tx, guild_id, season))


def _row(guild_id: int, user_id: int, line: _Line) -> StatsRow:
    return StatsRow(
        guild_id=guild_id,
        user_id=user_id,
        name=line.name,
        rating=line.rating,
        games=line.games,
        wins=line.wins,
        losses=line.games - line.wins,
        hands_won=line.hands_won,
        gins=line.gins,
        big_gins=line.big_gins,
        undercuts_scored=line.undercuts_scored,
        undercuts_suffered=line.undercuts_suffered,
        total_points=line.total_points,
        best_game=line.best_game,
        current_streak=line.current_streak,
        best_streak=line.best_streak,
        updated_at=line.updated_at,
    )
