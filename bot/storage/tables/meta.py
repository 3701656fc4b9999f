"""SQL for one table group: the key/value meta table (heartbeat and similar)."""

from __future__ import annotations

from .base import TableSql


class MetaSql(TableSql):
    """The key/value meta table (heartbeat and similar)."""

    async def get_meta(self, key: str) -> str | None:
        row = await self._db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
