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
