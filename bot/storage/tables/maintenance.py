"""SQL for one table group: integrity and size checks (tests, benchmarks, diagnostics)."""

from __future__ import annotations

import sqlite3

from .base import TableSql, is_sqlite


class MaintenanceSql(TableSql):
    """Integrity and size checks (tests, benchmarks, diagnostics)."""

    async def integrity_check(self) -> str:
        if not is_sqlite(self._db):
            return "ok"  # PostgreSQL checks its own pages; nothing to ask here
        rows = await self._db.fetchall("PRAGMA integrity_check")
        return "\n".join(str(r[0]) for r in rows)

    async def table_sizes(self) -> dict[str, int]:
        """Bytes of pages used by each table and index (empty if this SQLite
        lacks the ``dbstat`` table) — for the size benchmark."""
        if not is_sqlite(self._db):
            return {}
        try:
            rows = await self._db.fetchall(
                "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"
            )
        except sqlite3.OperationalError:
            return {}
        return {str(name): int(size) for name, size in rows}
