"""What every table group's SQL shares: the connection of the open
transaction and the helpers that turn row dataclasses into statements."""

from __future__ import annotations

import sqlite3
from typing import Any

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


class TableSql:
    """Base of the table-group mixins: they all run on ``self._db`` inside a
    transaction opened by :class:`~bot.storage.repository.Repository`."""

    __slots__ = ()
    _db: sqlite3.Connection
