"""Server settings: the rules new games use and the turn timeout."""

from __future__ import annotations

from dataclasses import fields, replace

from bot.engine import Ruleset, RulesetError
from bot.storage import SettingsRow, Tx

from .codec import dump_ruleset
from .convert import (
    settings_from_row,
)
from .core import ServiceCore
from .models import (
    ServerSettings,
    SettingsError,
)
from .timers import parse_timeout_minutes

TIMEOUT_SETTING = "turn_timeout"
_RULESET_SETTINGS = tuple(f.name for f in fields(Ruleset))


class SettingsDesk(ServiceCore):
    """Read and change a server's settings."""

    async def get_settings(self, guild_id: int) -> ServerSettings:
        row = await self._repo.read(lambda tx: tx.get_settings(guild_id))
        return settings_from_row(guild_id, row)

    async def update_setting(self, guild_id: int, name: str, value: str) -> ServerSettings:
        """Change one setting: a :class:`Ruleset` field (for games that start
        from now on) or ``turn_timeout`` in minutes (for the next turn of
        every game on the server)."""
        key = name.strip().lower().replace("-", "_").replace(" ", "_")
        if key == "turn_timeout_minutes":
            key = TIMEOUT_SETTING
        if key != TIMEOUT_SETTING and key not in _RULESET_SETTINGS:
            valid = ", ".join(sorted((*_RULESET_SETTINGS, TIMEOUT_SETTING)))
            raise SettingsError(f"Unknown setting “{name}”. Settings: {valid}.")

        def txn(tx: Tx) -> ServerSettings:
            current = settings_from_row(guild_id, tx.get_settings(guild_id))
            if key == TIMEOUT_SETTING:
                try:
                    minutes = parse_timeout_minutes(value)
                except ValueError as err:
                    raise SettingsError(str(err)) from err
                new = replace(current, turn_timeout_minutes=minutes)
            else:
                try:
                    new = replace(current, ruleset=current.ruleset.with_setting(key, value))
                except RulesetError as err:
                    raise SettingsError(str(err)) from err
            tx.put_settings(
                SettingsRow(
                    guild_id, dump_ruleset(new.ruleset), new.turn_timeout_minutes, self.clock()
                )
            )
            return new

        return await self._repo.write(txn)
