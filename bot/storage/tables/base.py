"""What every table group's SQL shares: the connection of the open
transaction and the helpers that turn row dataclasses into statements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.shards import SHARD_SHIFT, ShardRange

from ..rows import ChallengeRow, GameRow, HandRow, StatsRow, columns

GAME_COLS = columns(GameRow)
CHALLENGE_COLS = columns(ChallengeRow)
STATS_COLS = columns(StatsRow)
HAND_COLS = columns(HandRow)
#: The user id of the seat to move, in SQL.
TURN_USER = "CASE turn_seat WHEN 0 THEN player0 ELSE player1 END"


def values(row: Any) -> tuple[Any, ...]:
    """A row dataclass's fields in declaration order (the order of ``columns``)."""
    return tuple(getattr(row, name) for name in row.__dataclass_fields__)


class Db(Protocol):
    """The connection of one open transaction, SQLite (aiosqlite) or
    PostgreSQL (asyncpg): each statement is one ``await``, written once with
    ``?`` placeholders.  Only :class:`~bot.storage.repository.Repository`
    hands one out, inside a transaction, so no other coroutine's statement
    can run on it meanwhile."""

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row the statement returns (a ``SELECT``, or ``… RETURNING``)."""
        ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        """The first row, or ``None``."""
        ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement that returns no rows; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement for each parameter row."""
        ...

    async def execute_last(self, sql: str, params: Sequence[Any] = ()) -> int:
        """:meth:`execute` for the transaction's last statement: no other may
        follow it.  Where it is also the only write (everything before it
        read), SQLite sends the ``COMMIT`` right behind it, saving a round
        trip while the transaction holds the database: a statement is
        atomic, so if it fails or changes no row, that ``COMMIT`` commits
        nothing.  Either way the transaction has committed, or changed
        nothing, by the time its block ends."""
        ...


def owned(shards: ShardRange | None, column: str = "guild_id") -> str:
    """`` AND <the guild is in these shards>``, or nothing for a process that
    owns every guild.  Built from ints only (never from input)."""
    if shards is None or shards.everything:
        return ""
    return (
        f" AND (({column} >> {SHARD_SHIFT:d}) % {shards.count:d}) "
        f"BETWEEN {shards.first:d} AND {shards.last:d}"
    )


def is_sqlite(db: Db) -> bool:
    return db.dialect == "sqlite"


class TableSql:
    """Base of the table-group mixins: they all run on ``self._db`` inside a
    transaction opened by :class:`~bot.storage.repository.Repository`."""

    __slots__ = ()
    _db: Db

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The value of a statement that always returns one row of one column
        (``COUNT(*)``, ``INSERT … RETURNING id``)."""
        row = await self._db.fetchone(sql, params)
        assert row is not None, sql
        return row[0]
