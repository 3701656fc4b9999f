"""Seasons: a server's leaderboard over a week, a month or a quarter, its
champions and the hall of fame.

**What a season's table is.**  The rated results (human against human)
that finished inside the season's window (:mod:`.season_calendar`), counted
exactly as the all-time table counts them (:func:`~.scoring.updated_stats`)
— except that every season starts everyone at 1200.  Why a reset and not a
pull toward 1200: a season's table then depends on that season's games
alone, so it can always be recomputed from them, every season is an open
race a newcomer can win, and the all-time rating (unchanged) still says who
is strongest over time.  Computer games are in no season table.

**Why a table of its own.**  ``/gin leaderboard`` reads a season on every
request and must answer in milliseconds with a hundred thousand results
stored; Elo ratings are a chain, game after game, that SQL cannot sum.  So
``season_standings`` holds the current season's rows, written by this desk
as a move observer in the final move's own transaction (they can never
disagree with the result), and rebuilt from ``game_results`` and ``hands``
when a moderator changes the season setting (:mod:`.season_rebuild`).

**Ending a season.**  :meth:`SeasonDesk.close_due` (run by
:class:`~.season_loop.SeasonLoop`) closes each season that has ended: one
write transaction inserts its ``season_closings`` row — a second process,
or the same one after a restart, finds it there and does nothing — with the
podium (the top three by rating among players with at least
:data:`PODIUM_MIN_GAMES` games) in the hall of fame and the season
achievements.  The Discord layer posts and moves the role from what it
returns, so a season ending while the bot was down is closed, and
announced, once when it comes back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import partial
from typing import Final

from bot.engine import GameResult, HandResult
from bot.storage import (
    LEADERBOARD_SORTS,
    PodiumRow,
    SettingsRow,
    StatsRow,
    Tx,
)

from . import scoring
from .achievement_rules import Award
from .achievements import grant_season
from .convert import settings_from_row, stats_from_row
from .core import ServiceContext
from .models import LeaderboardPage, ServerSettings, ServiceError, UnknownSortError
from .ratings import INITIAL_RATING, ratings_after
from .season_calendar import Season, SeasonLength, ended_since, season_at, season_of_key
from .views import MoveResult

#: Rated games a player needs in a season to take a place on its podium.
PODIUM_MIN_GAMES: Final = 3
PODIUM_PLACES: Final = 3
#: A season is closed this long after it ends: long enough for a move whose
#: clock was read just before the boundary (PostgreSQL runs transactions
#: side by side) to have committed its result.
CLOSE_GRACE: Final = 5.0
#: Seasons closed at once after a long downtime (the latest; older ones are
#: left unclosed, never announced late).
MOST_CLOSED_AT_ONCE: Final = 12
#: What the leaderboard's season option takes besides a season's key.
ALL_TIME: Final = "all"
CURRENT: Final = "current"
HALL_PAGE: Final = 5


class NoSuchSeasonError(ServiceError):
    """A season option that names no season of this server."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A place on a season's podium."""

    place: int
    user_id: int
    name: str
    rating: float
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    """A page of a season's table, or of the all-time one (``season`` None)."""

    season: Season | None
    current: bool  # the season in progress
    page: LeaderboardPage
    seasons_on: bool = False  # the server plays seasons


@dataclass(frozen=True, slots=True)
class SeasonList:
    """The seasons a leaderboard can show: the one in progress (None: seasons
    off) and the latest closed ones, the latest first."""

    current: Season | None
    past: tuple[Season, ...]


@dataclass(frozen=True, slots=True)
class CrownedSeason:
    season: Season
    players: int
    podium: tuple[Placed, ...]


@dataclass(frozen=True, slots=True)
class HallOfFame:
    guild_id: int
    page: int
    pages: int
    seasons: tuple[CrownedSeason, ...]


@dataclass(frozen=True, slots=True)
class SeasonEnd:
    """A season just closed: what the Discord side posts and does."""

    guild_id: int
    season: Season
    players: int  # with a rated game in it
    podium: tuple[Placed, ...]  # empty: nobody played enough games
    #: The winner of the season before (who holds the champion role).
    previous_champion_id: int | None
    announce_channel_id: int | None
    champion_role_id: int | None
    awards: tuple[Award, ...] = ()

    @property
    def champion_id(self) -> int | None:
        return self.podium[0].user_id if self.podium else None


def counted_game(
    previous: tuple[StatsRow | None, StatsRow | None],
    *,
    guild_id: int,
    players: tuple[int, int],
    names: tuple[str, str],
    result: GameResult,
    history: list[HandResult],
    now: float,
) -> tuple[StatsRow, StatsRow]:
    """Both players' season rows after one more rated game: the all-time
    counting (:func:`~.scoring.updated_stats`) and rating rule
    (:func:`~.ratings.ratings_after`), with season ratings from 1200."""
    before = [INITIAL_RATING if p is None else p.rating for p in previous]
    after = ratings_after(before, (0, 1), result.winner)
    rows = [
        scoring.updated_stats(
            previous[seat],
            guild_id=guild_id,
            user_id=players[seat],
            name=names[seat],
            seat=seat,
            result=result,
            history=history,
            rating=after[seat],
            now=now,
        )
        for seat in (0, 1)
    ]
    return rows[0], rows[1]


def _placed(row: PodiumRow) -> Placed:
    assert row.place is not None and row.user_id is not None and row.name is not None
    assert row.rating is not None and row.games is not None and row.wins is not None
    return Placed(row.place, row.user_id, row.name, row.rating, row.games, row.wins)


def _season(row: PodiumRow) -> Season:
    return Season(row.starts_at, row.ends_at, SeasonLength(row.season))


class SeasonDesk:
    """Season tables, their ends and the hall of fame (see the module doc)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    # --- the move observer ---------------------------------------------------------

    async def after_move(self, tx: Tx, now: float, result: MoveResult) -> MoveResult:
        """A rated game ended: count it in the server's current season."""
        snap = result.snapshot
        final = result.game_result
        if final is None or not result.rating_changes or snap.links.team_game_id is not None:
            return result
        settings = await tx.get_settings(snap.guild_id)
        if settings is None or settings.season == SeasonLength.OFF.value:
            return result
        season = season_at(SeasonLength(settings.season), now)
        key = (season.length.value, season.starts_at)
        previous = (
            await tx.season_stats(snap.guild_id, *key, snap.players[0]),
            await tx.season_stats(snap.guild_id, *key, snap.players[1]),
        )
        for row in counted_game(
            previous,
            guild_id=snap.guild_id,
            players=snap.players,
            names=snap.game.names,
            result=final,
            history=snap.game.history,
            now=now,
        ):
            await tx.put_season_stats(*key, row)
        return result

    # --- reading ---------------------------------------------------------------------

    async def leaderboard(
        self,
        guild_id: int,
        *,
        season: str | None = None,
        sort: str = "rating",
        page: int = 1,
        min_games: int = 0,
        page_size: int = 10,
    ) -> SeasonBoard:
        """A page of a season's table: ``season`` is a season's key,
        ``"current"`` or ``"all"`` (the all-time table); by default the
        season in progress when the server has seasons, else all-time."""
        if sort not in LEADERBOARD_SORTS:
            raise UnknownSortError(
                "err.leaderboard.unknown_sort", sort=sort, sorts=", ".join(LEADERBOARD_SORTS)
            )
        size = min(max(page_size, 1), 100)
        least = max(min_games, 0)
        now = self._ctx.clock()

        async def txn(tx: Tx) -> SeasonBoard:
            settings = settings_from_row(guild_id, await tx.get_settings(guild_id))
            chosen = _chosen(settings, season, now)
            if chosen is None:
                total = await tx.count_players(guild_id, least)
            else:
                key = (chosen.length.value, chosen.starts_at)
                total = await tx.count_season_players(guild_id, *key, least)
            pages = max(1, math.ceil(total / size))
            number = min(max(page, 1), pages)
            offset = (number - 1) * size
            if chosen is None:
                rows = await tx.leaderboard(guild_id, sort, least, size, offset)
            else:
                rows = await tx.season_leaderboard(guild_id, *key, sort, least, size, offset)
            board = LeaderboardPage(
                guild_id=guild_id,
                sort=sort,
                page=number,
                pages=pages,
                min_games=least,
                rows=tuple(stats_from_row(r, offset + i + 1) for i, r in enumerate(rows)),
            )
            current = chosen is not None and chosen == _current(settings, now)
            on = settings.season is not SeasonLength.OFF
            return SeasonBoard(chosen, current, board, on)

        return await self._ctx.repo.read(txn)

    async def seasons(self, guild_id: int, most: int = 23) -> SeasonList:
        """The season in progress and the latest closed ones (for the option)."""
        now = self._ctx.clock()

        async def txn(tx: Tx) -> SeasonList:
            settings = settings_from_row(guild_id, await tx.get_settings(guild_id))
            past = tuple(_season(r) for r in await tx.closed_seasons(guild_id, most))
            return SeasonList(_current(settings, now), past)

        return await self._ctx.repo.read(txn)

    async def hall_of_fame(
        self, guild_id: int, page: int = 1, page_size: int = HALL_PAGE
    ) -> HallOfFame:
        """The closed seasons that crowned a champion, the latest first, with their podiums."""
        size = min(max(page_size, 1), 25)

        async def txn(tx: Tx) -> HallOfFame:
            total = await tx.count_crowned_seasons(guild_id)
            pages = max(1, math.ceil(total / size))
            number = min(max(page, 1), pages)
            rows = await tx.crowned_seasons(guild_id, size, (number - 1) * size)
            crowned: list[CrownedSeason] = []
            for row in rows:
                season = _season(row)
                if not crowned or crowned[-1].season != season:
                    crowned.append(CrownedSeason(season, row.players, ()))
                last = crowned[-1]
                crowned[-1] = replace(last, podium=(*last.podium, _placed(row)))
            return HallOfFame(guild_id, number, pages, tuple(crowned))

        return await self._ctx.repo.read(txn)

    # --- ending seasons --------------------------------------------------------------

    async def close_due(self) -> list[SeasonEnd]:
        """Close every season (of this process's servers) that has ended and
        is not closed yet; what each close did, to be posted."""
        ctx = self._ctx
        now = ctx.clock()
        servers = await ctx.repo.read(lambda tx: tx.seasonal_servers(ctx.shards))
        ends: list[SeasonEnd] = []
        for settings, last_end in servers:
            length = SeasonLength(settings.season)
            since = max(settings.season_since or now, last_end or 0.0)
            for season in ended_since(length, since, now - CLOSE_GRACE, MOST_CLOSED_AT_ONCE):
                end = await ctx.repo.write(partial(self._close, settings, season))
                if end is not None:
                    ends.append(end)
        return ends

    async def next_end_at(self) -> float | None:
        """When the next season of this process's servers can be closed."""
        ctx = self._ctx
        now = ctx.clock()
        servers = await ctx.repo.read(lambda tx: tx.seasonal_servers(ctx.shards))
        lengths = {SeasonLength(s.season) for s, _ in servers}
        if not lengths:
            return None
        return min(season_at(x, now - CLOSE_GRACE).ends_at for x in lengths) + CLOSE_GRACE

    async def _close(self, settings: SettingsRow, season: Season, tx: Tx) -> SeasonEnd | None:
        guild_id = settings.guild_id
        key = (season.length.value, season.starts_at)
        now = self._ctx.clock()
        players = await tx.count_season_players(guild_id, *key, 1)
        if not await tx.close_season(guild_id, *key, season.ends_at, now, players):
            return None  # closed already (a restart, or another process)
        rows = await tx.season_leaderboard(
            guild_id, *key, "rating", PODIUM_MIN_GAMES, PODIUM_PLACES, 0
        )
        podium = []
        awards: list[Award] = []
        for place, row in enumerate(rows, start=1):
            await tx.put_champion(guild_id, *key, place, row)
            podium.append(Placed(place, row.user_id, row.name, row.rating, row.games, row.wins))
            awards += await grant_season(tx, guild_id, row.user_id, place, now)
        return SeasonEnd(
            guild_id=guild_id,
            season=season,
            players=players,
            podium=tuple(podium),
            previous_champion_id=await tx.previous_champion(guild_id, season.ends_at),
            announce_channel_id=settings.announce_channel_id,
            champion_role_id=settings.champion_role_id,
            awards=tuple(awards),
        )


def _current(settings: ServerSettings, now: float) -> Season | None:
    if settings.season is SeasonLength.OFF:
        return None
    return season_at(settings.season, now)


def _chosen(settings: ServerSettings, asked: str | None, now: float) -> Season | None:
    """The season ``asked`` names (``None``: the all-time table)."""
    text = (asked or "").strip().lower()
    if not text:
        return _current(settings, now)
    if text in (ALL_TIME, "all-time", "all time", "alltime"):
        return None
    if text == CURRENT:
        current = _current(settings, now)
        if current is None:
            raise NoSuchSeasonError("err.season.off")
        return current
    season = season_of_key(text)
    if season is None or season.starts_at > now:
        raise NoSuchSeasonError("err.season.none", season=(asked or "")[:40])
    return season
