"""Storage failures.  These are bugs or operational problems, never a
player's mistake, so they are not :class:`~bot.service.models.ServiceError`."""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database cannot be used as asked (newer schema, broken file...)."""


class RetryableError(StorageError):
    """The transaction lost a race with another writer and changed nothing:
    running it again (it re-reads everything) is the answer.  The repository
    does so by itself."""


class ConstraintError(StorageError):
    """PostgreSQL refused a row (a foreign key, a check); SQLite raises its
    own ``sqlite3.IntegrityError``.  A bug in our statements, never input."""


class DuplicateKeyError(ConstraintError, RetryableError):
    """An insert hit a primary key or unique constraint (PostgreSQL's
    ``unique_violation``; SQLite raises its own ``IntegrityError``).  With
    several connections this is a lost race (two accepts claiming one
    player): run again, the transaction's own checks now see the winner's
    row and refuse in the player's words."""


class SerializationError(RetryableError):
    """PostgreSQL aborted the transaction (serialization failure, deadlock)."""


class VersionConflictError(RetryableError):
    """A guarded ``UPDATE … WHERE version = ?`` matched no row: somebody else
    (another process on the same file) committed a change first."""


class NeedsTransactionError(StorageError):
    """A function run as lone statements (SQLite: one read, and for a write
    one guarded last statement, each sent outside any transaction) asked for
    more.  Raised before that statement is sent, so nothing changed: the
    repository runs the function again in an ordinary transaction."""


class DatabaseUnavailableError(StorageError):
    """The database could not be used right now and **nothing was changed**:
    the PostgreSQL server is down, restarting or unreachable (the pool
    reconnects by itself once it answers again), or the SQLite file is
    locked by another program, read-only or on a full disk.  Not a bug and
    not the player's doing: the player is told so (``KEY``, the key of the
    words in ``bot/locales/<language>/err.po``, worded in the player's
    language by the Discord layer), and trying again once the database is
    back is always safe (the one exception is :class:`CommitUnknownError`,
    which says so).  ``str(err)`` is the English (``MESSAGE``, a copy of
    ``en/err.po``'s: a test checks they agree)."""

    KEY = "err.storage.unavailable"
    MESSAGE = "The game's database is unreachable; nothing was changed — try again in a moment."

    def __init__(self, detail: str = "") -> None:
        super().__init__(self.MESSAGE)
        #: What the driver said (for the log, never for players).
        self.detail = detail


class BusyError(DatabaseUnavailableError):
    """The database is fine but the operation waited its whole budget for
    its turn (behind this process's other transactions, or behind an
    earlier operation on the same game): the bot has more work than its
    CPU.  Nothing was changed.  Refused rather than answered after Discord's
    3 seconds (which the player would see as "interaction failed"), and
    worded as what it is: not an outage of the database."""

    KEY = "err.storage.busy"
    MESSAGE = "The bot is very busy right now; nothing was changed — try again in a moment."


class CommitUnknownError(DatabaseUnavailableError):
    """The connection was lost while ``COMMIT`` was on its way: the change
    may or may not have been saved, and nobody can tell until the database
    answers again.  Never retried (that could apply a move twice); the
    player is told to look before trying again."""

    KEY = "err.storage.commit_unknown"
    MESSAGE = (
        "The game's database stopped answering while saving that; look at the "
        "game in a moment to see whether it counted before trying again."
    )


class ConnectionLostError(DatabaseUnavailableError, RetryableError):
    """The connection broke before ``COMMIT`` (the server restarted, the
    session was terminated): nothing was committed, so the repository runs
    the transaction again on a fresh connection, which the pool opens by
    itself — or refuses it, unavailable, if the server is still away."""
