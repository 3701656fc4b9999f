"""SQL for one table group: the adaptive computer's strength per player.

One row per (server, player) who has played the adaptive computer, holding
its saved state as JSON text (parsed by the service: the storage never
reads it), so the policy can keep more figures later without a migration.
The table comes from migration 7.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rows import columns, placeholders
from .base import TableSql, values


@dataclass(frozen=True, slots=True)
class AdaptiveRow:
    """A row of ``adaptive_players`` (field names = column names)."""

    guild_id: int
    user_id: int
    state: str  # JSON: bot.ai.adaptive_state.AdaptiveState
    updated_at: float


class AdaptiveSql(TableSql):
    """The adaptive computer's saved state per player."""

    async def adaptive_state(self, guild_id: int, user_id: int) -> AdaptiveRow | None:
        row = await self._db.fetchone(
            f"SELECT {columns(AdaptiveRow)} FROM adaptive_players "
            "WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return None if row is None else AdaptiveRow(*row)

    async def put_adaptive_state(self, row: AdaptiveRow) -> None:
        await self._db.execute(
            f"INSERT INTO adaptive_players ({columns(AdaptiveRow)}) "
            f"VALUES ({placeholders(AdaptiveRow)}) ON CONFLICT (guild_id, user_id) "
            "DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
            values(row),
        )
