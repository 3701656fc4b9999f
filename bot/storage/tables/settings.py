"""SQL for one table group: per-server settings."""

from __future__ import annotations

from ..rows import SettingsRow, columns, placeholders
from .base import TableSql, values


class SettingsSql(TableSql):
    """Per-server settings."""

    async def get_settings(self, guild_id: int) -> SettingsRow | None:
        row = await self._db.fetchone(
            f"SELECT {columns(SettingsRow)} FROM server_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else SettingsRow(*row)

    async def put_settings(self, row: SettingsRow) -> None:
        await self._db.execute(
            f"INSERT INTO server_settings ({columns(SettingsRow)}) "
            f"VALUES ({placeholders(SettingsRow)}) ON CONFLICT (guild_id) DO UPDATE SET "
            "ruleset = excluded.ruleset, turn_timeout_minutes = excluded.turn_timeout_minutes, "
            "updated_at = excluded.updated_at, assist = excluded.assist, "
            "ping_mode = excluded.ping_mode, ping_idle_minutes = excluded.ping_idle_minutes, "
            "tables = excluded.tables, season = excluded.season, "
            "season_since = excluded.season_since, "
            "announce_channel_id = excluded.announce_channel_id, "
            "champion_role_id = excluded.champion_role_id, language = excluded.language",
            values(row),
        )

    async def turn_timeout_minutes(self, guild_id: int) -> int | None:
        row = await self._db.fetchone(
            "SELECT turn_timeout_minutes FROM server_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else int(row[0])

    async def assist_setting(self, guild_id: int) -> str | None:
        row = await self._db.fetchone(
            "SELECT assist FROM server_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else row[0]

    async def tables_setting(self, guild_id: int) -> str | None:
        """Where the server's new games are played (``thread`` / ``channel``)."""
        row = await self._db.fetchone(
            "SELECT tables FROM server_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else row[0]
