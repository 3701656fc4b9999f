"""Storage failures.  These are bugs or operational problems, never a
player's mistake, so they are not :class:`~bot.service.models.ServiceError`."""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database cannot be used as asked (newer schema, broken file...)."""


class VersionConflictError(StorageError):
    """A guarded ``UPDATE … WHERE version = ?`` matched no row: somebody else
    (another process on the same file) committed a change first."""
