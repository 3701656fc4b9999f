"""What ``gin-bot check`` reports about a database: its schema version and
how much it holds.  Read-only, one consistent snapshot, on both backends."""

from __future__ import annotations

from dataclasses import dataclass

from .migrations import LATEST_VERSION
from .repository import Repository
from .tables.base import Db, TableSql
from .tx import Tx


@dataclass(frozen=True, slots=True)
class DatabaseSummary:
    """A database at a glance."""

    #: ``"sqlite"`` or ``"postgresql"``.
    backend: str
    schema_version: int
    #: The version this bot migrates to (equal once the database was opened).
    latest_version: int
    games: int
    active_games: int
    #: People who sat at a table (the computer's seat not counted).
    players: int
    #: Servers with at least one game.
    servers: int
    tournaments: int


class _CountsSql(TableSql):
    """The counting statements (kept apart from :class:`Tx`: only tools use them)."""

    __slots__ = ("_db",)

    def __init__(self, db: Db) -> None:
        self._db = db

    async def counts(self) -> tuple[int, int, int, int, int]:
        games = int(await self._one("SELECT COUNT(*) FROM games"))
        active = int(await self._one("SELECT COUNT(*) FROM games WHERE status = 'active'"))
        players = int(
            await self._one(
                "SELECT COUNT(*) FROM (SELECT player0 AS who FROM games "
                "UNION SELECT player1 FROM games WHERE ai_level IS NULL) AS people"
            )
        )
        servers = int(await self._one("SELECT COUNT(DISTINCT guild_id) FROM games"))
        tournaments = int(await self._one("SELECT COUNT(*) FROM tournaments"))
        return games, active, players, servers, tournaments


async def summarize(repo: Repository) -> DatabaseSummary:
    """Count what ``repo`` holds (an opened, hence migrated, repository)."""
    version = await repo.user_version()

    async def count(tx: Tx) -> tuple[int, int, int, int, int]:
        return await _CountsSql(tx._db).counts()

    games, active, players, servers, tournaments = await repo.read(count)
    return DatabaseSummary(
        backend=repo.backend,
        schema_version=version,
        latest_version=LATEST_VERSION,
        games=games,
        active_games=active,
        players=players,
        servers=servers,
        tournaments=tournaments,
    )
