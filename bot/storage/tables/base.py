"""What every table group's SQL shares: the connection of the open
transaction and the helpers that turn row dataclasses into statements."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
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


class Cursor(Protocol):
    """What the statements read back: ``sqlite3.Cursor`` or its PostgreSQL twin."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Db(Protocol):
    """A connection inside an open transaction: a ``sqlite3.Connection`` or a
    :class:`~bot.storage.postgres.PgDb` (same calls, ``?`` placeholders)."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Any, /) -> Cursor: ...

    @property
    def in_transaction(self) -> bool: ...


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
    return isinstance(db, sqlite3.Connection)


class TableSql:
    """Base of the table-group mixins: they all run on ``self._db`` inside a
    transaction opened by :class:`~bot.storage.repository.Repository`."""

    __slots__ = ()
    _db: Db
