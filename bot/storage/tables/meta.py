"""SQL for one table group: the key/value meta table (heartbeat and similar)."""

from __future__ import annotations

from .base import TableSql


class MetaSql(TableSql):
    """The key/value meta table (heartbeat and similar)."""

    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
