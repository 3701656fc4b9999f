"""The typed statements of one open transaction, grouped by table.

Each table group's SQL lives in its own module under :mod:`bot.storage.tables`;
:class:`Tx` combines them, so a transaction function sees one object with
every statement and the repository stays small.
"""

from __future__ import annotations

from collections.abc import Callable

from .tables.achievements import AchievementsSql
from .tables.adaptive import AdaptiveSql
from .tables.archive import ArchiveSql
from .tables.base import Db
from .tables.challenges import ChallengesSql
from .tables.games import GamesSql
from .tables.groups import GroupsSql
from .tables.history import HistorySql
from .tables.maintenance import MaintenanceSql
from .tables.meta import MetaSql
from .tables.players import PlayersSql
from .tables.puzzles import PuzzlesSql
from .tables.seasons import SeasonsSql
from .tables.settings import SettingsSql
from .tables.stats import StatsSql
from .tables.timers import TimersSql


class Tx(
    MetaSql,
    SettingsSql,
    GamesSql,
    PlayersSql,
    HistorySql,
    StatsSql,
    ChallengesSql,
    GroupsSql,
    TimersSql,
    MaintenanceSql,
    ArchiveSql,
    AdaptiveSql,
    SeasonsSql,
    AchievementsSql,
    PuzzlesSql,
):
    """Typed statements on a connection inside one open transaction, each
    one ``await``.

    Only ever used inside :meth:`Repository.transaction` (or a function
    handed to :meth:`Repository.read` / :meth:`Repository.write`), which
    holds the connection for this transaction alone.
    """

    __slots__ = ("_after_commit", "_db")

    def __init__(self, db: Db) -> None:
        self._db = db
        self._after_commit: list[Callable[[], None]] = []

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the transaction has committed; never if it
        rolls back.  For in-memory caches."""
        self._after_commit.append(callback)

    def committed(self) -> list[Callable[[], None]]:
        """The callbacks registered with :meth:`after_commit`."""
        return self._after_commit
