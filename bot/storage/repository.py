"""The one place with SQL: an aiosqlite connection and a typed transaction API.

Why whole transactions run *inside* the connection's thread
-----------------------------------------------------------
aiosqlite gives every connection one worker thread and sends it one call per
``await``.  Awaiting statement by statement would cost a thread round trip per
statement and, worse, let other coroutines slip their statements into our
open transaction on the shared connection.  So :meth:`Repository.write` and
:meth:`Repository.read` queue a single plain function that runs the complete
transaction in that thread (``BEGIN IMMEDIATE`` … ``COMMIT``) through the
connection's internal ``_execute`` queue — the same queue its public methods
use.  A transaction is therefore atomic with respect to every other
coroutine, costs one round trip, and the sync :class:`Tx` methods it calls
are ordinary ``sqlite3`` code.

Durability
----------
WAL mode with ``synchronous=NORMAL``: a commit has been written to the WAL
file (the OS has it) before ``COMMIT`` returns, so killing the process at any
moment — even ``kill -9`` — loses nothing that was reported as committed and
never leaves a half-applied transaction.  Only a power cut or OS crash could
roll back the last few commits (never corrupt the file); pass
``synchronous="FULL"`` (or set ``GIN_DB_SYNC=FULL``) to fsync every commit
too.  ``busy_timeout`` makes a second process on the same file wait for the
write lock instead of failing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, Final, TypeVar, cast

import aiosqlite

from . import migrations
from .errors import StorageError, VersionConflict
from .rows import (
    AiStatsRow,
    ChallengeRow,
    GameRow,
    GameUpdate,
    HandRow,
    MoveRow,
    NewGame,
    ResultRow,
    SettingsRow,
    StatsRow,
    TimerRow,
    columns,
    placeholders,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

DEFAULT_DB_FILE: Final = "gin.db"

#: Leaderboard sort keys → the SQL expression they order by (descending).
#: Rows exist only for players with at least one rated game, so ``games > 0``.
LEADERBOARD_SORTS: Final[dict[str, str]] = {
    "rating": "rating",
    "games": "games",
    "wins": "wins",
    "losses": "losses",
    "win_rate": "CAST(wins AS REAL) / games",
    "hands_won": "hands_won",
    "gins": "gins",
    "big_gins": "big_gins",
    "undercuts_scored": "undercuts_scored",
    "undercuts_suffered": "undercuts_suffered",
    "total_points": "total_points",
    "best_game": "best_game",
    "current_streak": "current_streak",
    "best_streak": "best_streak",
}


def default_db_path() -> Path:
    """``$GIN_DB_PATH`` if set, else ``gin.db`` in the working directory."""
    env = os.environ.get("GIN_DB_PATH", "").strip()
    return Path(env) if env else Path.cwd() / DEFAULT_DB_FILE


_GAME_COLS = columns(GameRow)
_CHALLENGE_COLS = columns(ChallengeRow)
_STATS_COLS = columns(StatsRow)
_HAND_COLS = columns(HandRow)
_TURN_USER = "CASE turn_seat WHEN 0 THEN player0 ELSE player1 END"


class Tx:
    """Typed statements on a connection inside one open transaction.

    Only ever used from the connection's thread, by functions handed to
    :meth:`Repository.read` / :meth:`Repository.write`.
    """

    __slots__ = ("_after_commit", "_db")

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._after_commit: list[Callable[[], None]] = []

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` (in the connection thread) once the transaction has
        committed; never if it rolls back.  For in-memory caches."""
        self._after_commit.append(callback)

    # --- meta ---------------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # --- settings -------------------------------------------------------------------

    def get_settings(self, guild_id: int) -> SettingsRow | None:
        row = self._db.execute(
            f"SELECT {columns(SettingsRow)} FROM server_settings WHERE guild_id = ?", (guild_id,)
        ).fetchone()
        return None if row is None else SettingsRow(*row)

    def put_settings(self, row: SettingsRow) -> None:
        self._db.execute(
            f"INSERT INTO server_settings ({columns(SettingsRow)}) "
            f"VALUES ({placeholders(SettingsRow)}) ON CONFLICT (guild_id) DO UPDATE SET "
            "ruleset = excluded.ruleset, turn_timeout_minutes = excluded.turn_timeout_minutes, "
            "updated_at = excluded.updated_at",
            _values(row),
        )

    def turn_timeout_minutes(self, guild_id: int) -> int | None:
        row = self._db.execute(
            "SELECT turn_timeout_minutes FROM server_settings WHERE guild_id = ?", (guild_id,)
        ).fetchone()
        return None if row is None else int(row[0])

    # --- games ------------------------------------------------------------------------

    def game(self, game_id: int) -> GameRow | None:
        row = self._db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        return None if row is None else GameRow(*row)

    def game_for_move(self, game_id: int) -> tuple[GameRow, int | None] | None:
        """The game row and its server's turn timeout (``None``: default), in
        one statement — the first read of every move."""
        row = self._db.execute(
            f"SELECT {_GAME_COLS}, (SELECT s.turn_timeout_minutes FROM server_settings s "
            "WHERE s.guild_id = games.guild_id) FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        return GameRow(*row[:-1]), row[-1]

    def game_state(self, game_id: int) -> str | None:
        row = self._db.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else str(row[0])

    def insert_game(self, new: NewGame) -> int:
        cur = self._db.execute(
            f"INSERT INTO games ({columns(NewGame)}) VALUES ({placeholders(NewGame)})",
            _values(new),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def update_game(self, game_id: int, version: int, u: GameUpdate) -> None:
        """Write a move's result if the game is still at ``version``.

        The version check lives in the statement, so even another process
        sharing the file can never slip a move in between our read and write.
        """
        cur = self._db.execute(
            "UPDATE games SET state = ?, status = ?, turn_seat = ?, hand_number = ?, "
            "score0 = ?, score1 = ?, turn_deadline = ?, reminder_at = ?, reminder_sent = 0, "
            "next_timer_at = ?, last_seat = ?, last_kind = ?, last_card = ?, updated_at = ?, "
            "finished_at = ?, version = version + 1 "
            "WHERE id = ? AND version = ?",
            (*_values(u), game_id, version),
        )
        if cur.rowcount != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {version}")

    def set_board(self, game_id: int, channel_id: int, message_id: int, posted_at: float) -> bool:
        cur = self._db.execute(
            "UPDATE games SET channel_id = ?, board_message_id = ?, board_posted_at = ? "
            "WHERE id = ?",
            (channel_id, message_id, posted_at, game_id),
        )
        return cur.rowcount == 1

    def active_games(self, guild_id: int) -> list[GameRow]:
        rows = self._db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE guild_id = ? AND status = 'active' ORDER BY id",
            (guild_id,),
        ).fetchall()
        return [GameRow(*r) for r in rows]

    def all_active_game_ids(self) -> list[int]:
        rows = self._db.execute("SELECT id FROM games WHERE status = 'active' ORDER BY id")
        return [int(r[0]) for r in rows]

    def ai_turn_game_ids(self) -> list[int]:
        """Active games against the computer where the computer is to move."""
        rows = self._db.execute(
            "SELECT id FROM games WHERE status = 'active' AND ai_level IS NOT NULL "
            "AND turn_seat = 1 ORDER BY id"
        )
        return [int(r[0]) for r in rows]

    def last_game_id(self, guild_id: int, user_id: int) -> int | None:
        """The user's active game, else their most recently finished one."""
        row = self._db.execute(
            "SELECT id FROM games WHERE guild_id = ? AND (player0 = ? OR player1 = ?) "
            "ORDER BY status = 'active' DESC, COALESCE(finished_at, updated_at) DESC, id DESC "
            "LIMIT 1",
            (guild_id, user_id, user_id),
        ).fetchone()
        return None if row is None else int(row[0])

    # --- one active game per player -------------------------------------------------------

    def active_game_id(self, guild_id: int, user_id: int) -> int | None:
        row = self._db.execute(
            "SELECT game_id FROM active_players WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        ).fetchone()
        return None if row is None else int(row[0])

    def claim_players(self, guild_id: int, user_ids: Iterable[int], game_id: int) -> None:
        """Mark users as busy in ``game_id``; the primary key refuses a second
        active game even if a check above was somehow bypassed."""
        try:
            self._db.executemany(
                "INSERT INTO active_players (guild_id, user_id, game_id) VALUES (?, ?, ?)",
                [(guild_id, u, game_id) for u in user_ids],
            )
        except sqlite3.IntegrityError as exc:
            if exc.sqlite_errorname not in (
                "SQLITE_CONSTRAINT_PRIMARYKEY",
                "SQLITE_CONSTRAINT_UNIQUE",
            ):
                raise
            raise StorageError(f"a player of game {game_id} is already in a game") from exc

    def release_players(self, game_id: int) -> None:
        self._db.execute("DELETE FROM active_players WHERE game_id = ?", (game_id,))

    # --- moves, score sheet, results --------------------------------------------------------

    def moves(self, game_id: int) -> list[MoveRow]:
        rows = self._db.execute(
            f"SELECT {columns(MoveRow)} FROM moves WHERE game_id = ? ORDER BY version",
            (game_id,),
        ).fetchall()
        return [MoveRow(*r) for r in rows]

    def insert_hand(self, hand: HandRow) -> None:
        self._db.execute(
            f"INSERT INTO hands ({_HAND_COLS}) VALUES ({placeholders(HandRow)})", _values(hand)
        )

    def hands(self, game_id: int) -> list[HandRow]:
        rows = self._db.execute(
            f"SELECT {_HAND_COLS} FROM hands WHERE game_id = ? ORDER BY hand_number",
            (game_id,),
        ).fetchall()
        return [HandRow(*r) for r in rows]

    def insert_result(self, result: ResultRow) -> None:
        self._db.execute(
            f"INSERT INTO game_results ({columns(ResultRow)}) VALUES ({placeholders(ResultRow)})",
            _values(result),
        )

    def result(self, game_id: int) -> ResultRow | None:
        row = self._db.execute(
            f"SELECT {columns(ResultRow)} FROM game_results WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if row is None else ResultRow(*row)

    # --- stats ------------------------------------------------------------------------------

    def stats(self, guild_id: int, user_id: int) -> StatsRow | None:
        row = self._db.execute(
            f"SELECT {_STATS_COLS} FROM player_stats WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        ).fetchone()
        return None if row is None else StatsRow(*row)

    def put_stats(self, row: StatsRow) -> None:
        names = [n for n in _STATS_COLS.split(", ") if n not in ("guild_id", "user_id")]
        updates = ", ".join(f"{n} = excluded.{n}" for n in names)
        self._db.execute(
            f"INSERT INTO player_stats ({_STATS_COLS}) VALUES ({placeholders(StatsRow)}) "
            f"ON CONFLICT (guild_id, user_id) DO UPDATE SET {updates}",
            _values(row),
        )

    def rating_rank(self, guild_id: int, rating: float) -> int:
        row = self._db.execute(
            "SELECT COUNT(*) FROM player_stats WHERE guild_id = ? AND rating > ?",
            (guild_id, rating),
        ).fetchone()
        return int(row[0]) + 1

    def count_players(self, guild_id: int, min_games: int) -> int:
        row = self._db.execute(
            "SELECT COUNT(*) FROM player_stats WHERE guild_id = ? AND games >= ?",
            (guild_id, min_games),
        ).fetchone()
        return int(row[0])

    def leaderboard(
        self, guild_id: int, sort: str, min_games: int, limit: int, offset: int
    ) -> list[StatsRow]:
        expr = LEADERBOARD_SORTS.get(sort)
        if expr is None:  # the service validates first; this keeps SQL injection impossible
            raise StorageError(f"unknown leaderboard sort {sort!r}")
        rows = self._db.execute(
            f"SELECT {_STATS_COLS} FROM player_stats WHERE guild_id = ? AND games >= ? "
            f"ORDER BY {expr} DESC, rating DESC, games DESC, user_id "
            "LIMIT ? OFFSET ?",
            (guild_id, min_games, limit, offset),
        ).fetchall()
        return [StatsRow(*r) for r in rows]

    def bump_ai_stats(self, guild_id: int, user_id: int, level: str, won: bool) -> None:
        self._db.execute(
            "INSERT INTO ai_stats (guild_id, user_id, level, games, wins, losses) "
            "VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, user_id, level) DO UPDATE SET "
            "games = games + 1, wins = wins + excluded.wins, losses = losses + excluded.losses",
            (guild_id, user_id, level, int(won), int(not won)),
        )

    def ai_stats(self, guild_id: int, user_id: int) -> list[AiStatsRow]:
        rows = self._db.execute(
            f"SELECT {columns(AiStatsRow)} FROM ai_stats WHERE guild_id = ? AND user_id = ? "
            "ORDER BY level",
            (guild_id, user_id),
        ).fetchall()
        return [AiStatsRow(*r) for r in rows]

    # --- challenges -------------------------------------------------------------------------

    def insert_challenge(self, row: ChallengeRow) -> int:
        names = [n for n in _CHALLENGE_COLS.split(", ") if n != "id"]
        cur = self._db.execute(
            f"INSERT INTO challenges ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
            _values(row)[1:],
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def challenge(self, challenge_id: int) -> ChallengeRow | None:
        row = self._db.execute(
            f"SELECT {_CHALLENGE_COLS} FROM challenges WHERE id = ?", (challenge_id,)
        ).fetchone()
        return None if row is None else ChallengeRow(*row)

    def open_challenge_between(
        self, guild_id: int, challenger_id: int, opponent_id: int, now: float
    ) -> ChallengeRow | None:
        row = self._db.execute(
            f"SELECT {_CHALLENGE_COLS} FROM challenges WHERE status = 'open' AND guild_id = ? "
            "AND challenger_id = ? AND opponent_id = ? AND expires_at > ? ORDER BY id LIMIT 1",
            (guild_id, challenger_id, opponent_id, now),
        ).fetchone()
        return None if row is None else ChallengeRow(*row)

    def close_challenge(
        self, challenge_id: int, status: str, game_id: int | None = None
    ) -> ChallengeRow:
        """Move an open challenge to ``status``; only an open one can move."""
        row = self._db.execute(
            f"UPDATE challenges SET status = ?, game_id = COALESCE(?, game_id) "
            f"WHERE id = ? AND status = 'open' RETURNING {_CHALLENGE_COLS}",
            (status, game_id, challenge_id),
        ).fetchone()
        if row is None:
            raise StorageError(f"challenge {challenge_id} is not open")
        return ChallengeRow(*row)

    def set_challenge_message(self, challenge_id: int, message_id: int) -> bool:
        cur = self._db.execute(
            "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
        )
        return cur.rowcount == 1

    def expire_challenges(self, now: float) -> list[ChallengeRow]:
        rows = self._db.execute(
            f"UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= ? "
            f"RETURNING {_CHALLENGE_COLS}",
            (now,),
        ).fetchall()
        return sorted((ChallengeRow(*r) for r in rows), key=lambda c: c.id)

    def next_challenge_expiry(self) -> float | None:
        row = self._db.execute(
            "SELECT MIN(expires_at) FROM challenges WHERE status = 'open'"
        ).fetchone()
        return None if row is None or row[0] is None else float(row[0])

    # --- timers -----------------------------------------------------------------------------

    def due_deadlines(self, now: float) -> list[TimerRow]:
        """Active games whose turn deadline has passed."""
        rows = self._db.execute(
            f"SELECT id, version, channel_id, {_TURN_USER}, turn_deadline FROM games "
            "WHERE status = 'active' AND next_timer_at <= ? AND turn_deadline <= ? ORDER BY id",
            (now, now),
        ).fetchall()
        return [TimerRow(*r) for r in rows]

    def take_due_reminders(self, now: float) -> list[TimerRow]:
        """Mark due reminders as sent and return them: each is returned once,
        by exactly one caller, even across processes."""
        rows = self._db.execute(
            "UPDATE games SET reminder_sent = 1, next_timer_at = turn_deadline "
            "WHERE status = 'active' AND next_timer_at <= ? AND reminder_sent = 0 "
            "AND reminder_at <= ? AND turn_deadline > ? "
            f"RETURNING id, version, channel_id, {_TURN_USER}, turn_deadline",
            (now, now, now),
        ).fetchall()
        return sorted((TimerRow(*r) for r in rows), key=lambda t: t.game_id)

    def next_timer_at(self) -> float | None:
        row = self._db.execute(
            "SELECT MIN(next_timer_at) FROM games "
            "WHERE status = 'active' AND next_timer_at IS NOT NULL"
        ).fetchone()
        return None if row is None or row[0] is None else float(row[0])

    def shift_timers(self, seconds: float) -> int:
        """Move every running turn clock forward (downtime credit)."""
        cur = self._db.execute(
            "UPDATE games SET turn_deadline = turn_deadline + ?, reminder_at = reminder_at + ?, "
            "next_timer_at = next_timer_at + ? "
            "WHERE status = 'active' AND turn_deadline IS NOT NULL",
            (seconds, seconds, seconds),
        )
        return cur.rowcount

    # --- maintenance ------------------------------------------------------------------------

    def integrity_check(self) -> str:
        rows = self._db.execute("PRAGMA integrity_check").fetchall()
        return "\n".join(str(r[0]) for r in rows)

    def table_sizes(self) -> dict[str, int]:
        """Bytes of pages used by each table and index (empty if this SQLite
        lacks the ``dbstat`` table) — for the size benchmark."""
        try:
            rows = self._db.execute(
                "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"
            ).fetchall()
        except sqlite3.OperationalError:
            return {}
        return {str(name): int(size) for name, size in rows}

    def foreign_key_violations(self) -> int:
        return len(self._db.execute("PRAGMA foreign_key_check").fetchall())


def _values(row: Any) -> tuple[Any, ...]:
    return tuple(getattr(row, name) for name in row.__dataclass_fields__)


class Repository:
    """One database file; one aiosqlite connection for every read and write,
    transactions as functions (plus a second one that only checkpoints).

    WAL checkpoints (copying the log back into the main file, with an fsync)
    take tens of milliseconds.  Left to SQLite's automatic checkpoint they
    would run inside whichever commit crosses the threshold and stall every
    move queued behind it, so a second connection — its own thread — runs a
    non-blocking ``PASSIVE`` checkpoint every ``checkpoint_interval`` seconds
    instead.  Small and frequent is best: measured at 1,000 moves/s, a 0.1 s
    interval kept p99 near 3 ms where 1 s gave ~15 ms and 5 s ~80 ms (each
    checkpoint's I/O burst grows with the interval); an idle check costs
    microseconds.  The writer keeps a far higher automatic threshold only as
    a safety net should that task ever stop.
    """

    #: Pages (4 KiB) of WAL after which a commit checkpoints by itself.
    SAFETY_AUTOCHECKPOINT = 16384

    def __init__(self, conn: aiosqlite.Connection, raw: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self._raw = raw
        self.path = path
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpoint_task: asyncio.Task[None] | None = None
        self._closed = False

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        synchronous: str | None = None,
        checkpoint_interval: float | None = 0.1,
    ) -> Repository:
        """Open (creating if needed) and migrate the database at ``path``
        (default: :func:`default_db_path`).  ``checkpoint_interval=None``
        leaves checkpoints to SQLite (inside commits)."""
        db_path = Path(path) if path is not None else default_db_path()
        sync = (synchronous or os.environ.get("GIN_DB_SYNC") or "NORMAL").upper()
        if sync not in ("NORMAL", "FULL", "EXTRA"):
            raise StorageError(f"synchronous must be NORMAL, FULL or EXTRA, not {sync!r}")
        if str(db_path) == ":memory:":
            raise StorageError("the game database must be a file (WAL needs one)")
        db_path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: autocommit mode, we issue BEGIN/COMMIT ourselves.
        conn = await aiosqlite.connect(str(db_path), isolation_level=None)
        try:
            if not hasattr(conn, "_execute"):  # pragma: no cover - guards an aiosqlite upgrade
                raise StorageError("this aiosqlite has no _execute queue; pin aiosqlite<0.23")
            repo = cls(conn, conn._conn, db_path)
            await repo._call(repo._setup, sync, checkpoint_interval is not None)
            if checkpoint_interval is not None:
                await repo._start_checkpointer(checkpoint_interval)
        except BaseException:
            await conn.close()
            raise
        return repo

    def _setup(self, sync: str, own_checkpoints: bool) -> None:
        db = self._raw
        db.execute("PRAGMA busy_timeout = 10000")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StorageError(f"could not switch {self.path} to WAL mode (got {mode!r})")
        db.execute(f"PRAGMA synchronous = {sync}")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA temp_store = MEMORY")
        db.execute("PRAGMA cache_size = -32768")  # 32 MiB: every active game stays cached
        if own_checkpoints:
            db.execute(f"PRAGMA wal_autocheckpoint = {self.SAFETY_AUTOCHECKPOINT:d}")
        migrations.migrate(db)

    async def _start_checkpointer(self, interval: float) -> None:
        ck = await aiosqlite.connect(str(self.path), isolation_level=None)
        try:
            await ck.execute("PRAGMA busy_timeout = 10000")
        except BaseException:
            await ck.close()
            raise
        self._checkpointer = ck
        self._checkpoint_task = asyncio.create_task(
            self._checkpoint_loop(ck, interval), name=f"wal-checkpoint:{self.path.name}"
        )

    @staticmethod
    async def _checkpoint_loop(ck: aiosqlite.Connection, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await ck.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error as exc:  # pragma: no cover - retried next round
                log.warning("WAL checkpoint failed: %s", exc)

    async def close(self) -> None:
        """Stop the checkpointer and close (SQLite checkpoints on the last close)."""
        if self._closed:
            return
        self._closed = True
        task, self._checkpoint_task = self._checkpoint_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._checkpointer is not None:
            await self._checkpointer.close()
            self._checkpointer = None
        await self._conn.close()

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        # See the module docstring: one queued call per transaction.
        execute: Callable[..., Awaitable[Any]] = self._conn._execute
        return cast(T, await execute(fn, *args))

    # --- transactions -------------------------------------------------------------------

    async def write(self, fn: Callable[[Tx], T]) -> T:
        """Run ``fn`` in one ``BEGIN IMMEDIATE`` transaction in the connection's
        thread: committed if it returns, rolled back if it raises (the
        exception then reaches the caller unchanged)."""
        return await self._call(self._run, fn, "BEGIN IMMEDIATE")

    async def read(self, fn: Callable[[Tx], T]) -> T:
        """Run ``fn`` in one read transaction: a consistent snapshot even while
        another process writes."""
        return await self._call(self._run, fn, "BEGIN")

    def _run(self, fn: Callable[[Tx], T], begin: str) -> T:
        db = self._raw
        db.execute(begin)
        tx = Tx(db)
        try:
            result = fn(tx)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:  # pragma: no cover - keep the first error
                    log.exception("rollback failed")
            raise
        for callback in tx._after_commit:
            try:
                callback()
            except Exception:  # pragma: no cover - a cache hook must not undo a commit
                log.exception("after-commit hook failed")
        return result

    # --- conveniences -------------------------------------------------------------------

    async def user_version(self) -> int:
        return await self._call(migrations.user_version, self._raw)

    async def pragma(self, name: str) -> Any:
        """Read one pragma (for tests and diagnostics); ``name`` is ours, not user input."""
        if not name.replace("_", "").isalnum():
            raise StorageError(f"bad pragma name {name!r}")
        return await self._call(lambda: self._raw.execute(f"PRAGMA {name}").fetchone()[0])

    async def integrity_check(self) -> str:
        return await self.read(lambda tx: tx.integrity_check())

    async def checkpoint(self, mode: str = "PASSIVE") -> tuple[int, int, int]:
        """Copy the WAL back into the main file (``TRUNCATE`` also empties it)."""
        if mode not in ("PASSIVE", "FULL", "RESTART", "TRUNCATE"):
            raise StorageError(f"bad checkpoint mode {mode!r}")

        def run() -> tuple[int, int, int]:
            row = self._raw.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
            return (int(row[0]), int(row[1]), int(row[2]))

        return await self._call(run)
